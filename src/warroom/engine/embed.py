"""Data files carried inside records and results runs.

A record (or a run) keeps, for every rule option whose value names a data file (a deck, a
scenario: `Game.data_options`), the file's text and its SHA-256. Replaying or resuming then
reads that copy, never the file on disk: a file changed, moved or named relative to another
folder does not change what was played. The copy is written to a private directory, named by
its hash and keeping the file's own name (a game that tells two decks apart by their files
still does), and the option's value is pointed at it for the Config the game is built with;
the record's own config keeps the value as it was given.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .data import MAX_DATA_BYTES, displayable, read_text
from .errors import DataError

if TYPE_CHECKING:
    from .core import Game

try:
    import fcntl
except ImportError:  # no flock here: a killed process's folder stays until the system clears it
    fcntl = None  # type: ignore[assignment]

# What one record or run may carry in all: a few data files of at most 1 MiB each.
MAX_EMBEDDED_BYTES = 8 * MAX_DATA_BYTES


@dataclass(frozen=True)
class EmbeddedFile:
    sha256: str
    text: str

    @classmethod
    def of(cls, text: str) -> EmbeddedFile:
        return cls(digest(text), text)

    def to_json(self) -> dict[str, str]:
        return {"sha256": self.sha256, "text": self.text}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def embed_files(game: Game, config: Any) -> dict[str, EmbeddedFile]:
    """The data files the options of `config` name, by option, read now. A file that cannot
    be read is a DataError naming it."""
    files = {}
    for option in game.data_options:
        path = game.data_file(option, getattr(config, option))
        if path is not None:
            files[option] = EmbeddedFile.of(read_text(path))
    total = sum(len(f.text) for f in files.values())
    if total > MAX_EMBEDDED_BYTES:
        raise DataError(f"the data files of these options hold {total >> 10} KiB; a record "
                        f"carries at most {MAX_EMBEDDED_BYTES >> 20} MiB of them")
    return files


def with_embedded(game: Game, values: dict[str, Any],
                  files: dict[str, EmbeddedFile]) -> dict[str, Any]:
    """`values` (a config as JSON) with each option in `files` pointing at its embedded copy.
    An option of `files` that names no data file is a DataError (the caller says where)."""
    out = dict(values)
    for option, file in files.items():
        spec = game.data_options.get(option)
        if spec is None:
            raise DataError(f"{game.name} has no option {option!r} that names a data file",
                            where=f"files.{option}")
        out[option] = str(_materialise(file, values.get(option), spec.suffix))
    return out


def name_copies(message: str, values: dict[str, Any], files: dict[str, EmbeddedFile],
                label: str = "files.{option}") -> str:
    """`message` (an error about a config from `with_embedded`) with the temporary path of each
    embedded copy replaced by where it is kept: `label`, given the option and the copy's file
    name (a record's field `files.OPTION` by default). A temporary path says nothing."""
    for option in files:
        path = values.get(option)
        if path:
            message = message.replace(str(path), label.format(option=option,
                                                              name=Path(str(path)).name))
    return message


# What each status of a data file says in `warroom replay --check-files` (`file_checks`).
_SAYS = {"same": "the file on disk is the one embedded",
         "changed": "the file on disk has changed since; the embedded copy is used",
         "missing": "no such file on disk now; the embedded copy is used"}


def file_checks(game: Game, values: dict[str, Any], files: dict[str, EmbeddedFile],
                beside: Path | None = None, config: Any = None) -> list[dict[str, Any]]:
    """One object per data option of a record (`values`, its config as JSON; `files`, the
    copies it carries; `config`, the Config it plays, for the options it carries no copy
    of), for `warroom replay --check-files`:

    - `option`; `path`: the file the option names, as the record names it (None: the game's
      default file, or a value that holds the data itself);
    - `status`: for each embedded copy, is the file on disk (from here, else from the folder
      `beside`: the record's own, for a path it names relative to where it was saved) still
      that one: 'same', 'changed' or 'missing'; 'in_config': the option's value holds the data
      itself (Battle's deck list: its cards), so no file is read; 'not_carried': the record
      carries no copy (it was made before records carried them) and its replay reads the file
      on disk;
    - `sha256`: the embedded copy's (None without one);
    - `found`: the file on disk compared or read (None: there is none, or the value names no
      file); `next_to_record`: it was found in the record's folder, not where the path names
      it from here.

    Embedded copies come first, in the record's order. Options that name nothing are left
    out."""
    checks = []
    for option, file in files.items():
        value = values.get(option)
        now, found, near = _on_disk(game, option, value, beside)
        status = "missing" if now is None else "same" if now == file.sha256 else "changed"
        checks.append({"option": option, "path": _named(value), "status": status,
                       "sha256": file.sha256, "found": found, "next_to_record": near})
    for option in game.data_options if config is not None else ():
        if option in files:
            continue
        value = getattr(config, option, None)
        try:
            path = game.data_file(option, value)
        except DataError:  # not there: the replay, which reads it, said so before this
            continue
        if path is not None:
            checks.append({"option": option, "path": _named(values.get(option)),
                           "status": "not_carried", "sha256": None, "found": str(path),
                           "next_to_record": False})
        elif value not in (None, "", [], ()):
            checks.append({"option": option, "path": None, "status": "in_config",
                           "sha256": None, "found": None, "next_to_record": False})
    return checks


def check_line(check: dict[str, Any]) -> str:
    """A `file_checks` object as `warroom replay --check-files` says it to a person."""
    option, status = check["option"], check["status"]
    if status == "in_config":
        return (f"{option}: held in the record's config (the data itself, e.g. a deck's "
                "cards, not a file's name): its replay reads no file, so none is checked")
    named = file_named(check["path"])
    if status == "not_carried":
        return (f"{option}: {named}: the record carries no data files (it was made before "
                "records carried them): its replay reads this one on disk")
    where = f" (next to the record: {check['found']})" if check["next_to_record"] else ""
    return (f"{option}: {named}{where} {status} (the record's copy: sha256 "
            f"{check['sha256'][:12]}): "
            f"{_SAYS[status]}")


def check_files(game: Game, values: dict[str, Any], files: dict[str, EmbeddedFile],
                beside: Path | None = None, config: Any = None) -> list[str]:
    """One line per data option (see `file_checks`): is the file on disk still the one
    embedded? 'same', 'changed' or 'missing'; or no file is read, or none is carried."""
    return [check_line(check) for check in file_checks(game, values, files, beside, config)]


def file_status(game: Game, option: str, value: Any, file: EmbeddedFile,
                beside: Path | None = None) -> tuple[str, str]:
    """Is the file `value` names on disk now (see file_checks for `beside`) the `file` kept:
    'same', 'changed' or 'missing'; and where it was found, when not from here."""
    now, found, near = _on_disk(game, option, value, beside)
    status = "missing" if now is None else "same" if now == file.sha256 else "changed"
    return status, f" (next to the record: {found})" if near else ""


def edited_warning(option: str, value: Any, status: str, kind: str, then: str) -> str:
    """The warning that a resumed `kind` ("game", "run", "sweep") plays on with its copy of
    the data file `value` of `option` while the file on disk has `status` 'changed' or
    'missing' (a designer who edited a deck must hear the edit is not in it); `then`: what
    a new one does with the file ("measures", "plays")."""
    what = "is missing now" if status == "missing" else f"changed since the {kind} began"
    return displayable(f"warroom: warning: {option}: {file_named(value)} {what}; the {kind} "
                       f"goes on with its own copy (a new {kind} {then} the file as it is now)")


def file_named(value: Any) -> str:
    """A data option's value as a message names its file: an option left empty names the
    game's default file ("deck:  same" said nothing)."""
    return value if value not in (None, "", []) else "(the default)"


def _named(value: Any) -> str | None:
    """The path a data option's value names as the record gives it; None for the default."""
    return value if isinstance(value, str) and value else None


def _on_disk(game: Game, option: str, value: Any,
             beside: Path | None) -> tuple[str | None, str | None, bool]:
    """The digest of the file `value` names now (None: there is none), the path it was read
    from, and whether that is in `beside` (a relative path next to the record), not here."""
    try:
        path = game.data_file(option, value)
        return (None, None, False) if path is None else (digest(read_text(path)), str(path),
                                                         False)
    except DataError:
        pass
    if beside is None or not isinstance(value, str) or not value or Path(value).is_absolute():
        return None, None, False
    near = beside / value
    try:
        return (digest(read_text(near)), str(near), True) if near.is_file() \
            else (None, None, False)
    except DataError:
        return None, None, False


_DIR: Path | None = None
_DIR_LOCK = threading.Lock()
_PREFIX = "warroom-embedded-"
# Held locked for as long as the process (and any it forks) lives: a folder whose mark can be
# locked belongs to a process that is gone (killed: atexit never ran) and is cleared.
_IN_USE = ".in-use"
# A folder with no mark (made before marks were, or one being made) is cleared once it is this
# old: a process whose folder is being made puts its mark in well under this.
_UNMARKED_AGE = 24 * 3600.0


def _own_folder() -> Path:
    """This process's folder of copies; the ones that killed processes left are cleared first."""
    _clear_left()
    folder = Path(tempfile.mkdtemp(prefix=_PREFIX))
    atexit.register(shutil.rmtree, folder, True)
    if fcntl is not None:
        # Locked under another name, then named: a folder's mark is never seen unlocked
        # while its process lives.
        # The descriptor is never closed: the lock ends with the process.
        marking = folder / f"{_IN_USE}.new"
        fcntl.flock(os.open(marking, os.O_WRONLY | os.O_CREAT, 0o600),
                    fcntl.LOCK_EX | fcntl.LOCK_NB)
        marking.replace(folder / _IN_USE)
    return folder


def _clear_left() -> None:
    if fcntl is None:
        return
    try:
        folders = [p for p in Path(tempfile.gettempdir()).glob(f"{_PREFIX}*")
                   if p.is_dir() and not p.is_symlink() and p.stat().st_uid == os.getuid()]
    except OSError:
        return
    for folder in folders:
        try:
            fd = os.open(folder / _IN_USE, os.O_WRONLY)
        except FileNotFoundError:
            try:
                if time.time() - folder.stat().st_mtime > _UNMARKED_AGE:
                    shutil.rmtree(folder, ignore_errors=True)
            except OSError:
                pass
            continue
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue  # its process lives
        finally:
            os.close(fd)
        shutil.rmtree(folder, ignore_errors=True)


def _materialise(file: EmbeddedFile, value: Any, suffix: str) -> Path:
    global _DIR
    with _DIR_LOCK:  # (a server's threads rebuild games at once: one folder a process)
        if _DIR is None:
            _DIR = _own_folder()
    # Two options naming one file name one copy; an option left out (its default) and another
    # left out share theirs too.
    name = Path(str(value or "default")).name
    name = "".join(c for c in name if c.isalnum() or c in "._- ")[:80] or "default"
    if not Path(name).suffix:
        name += suffix
    path = _DIR / file.sha256 / name
    if not path.is_file():
        path.parent.mkdir(exist_ok=True)
        tmp = path.with_name(f".{name}.tmp")
        tmp.write_bytes(file.text.encode("utf-8"))
        tmp.replace(path)
    return path
