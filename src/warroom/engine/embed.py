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
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .data import MAX_DATA_BYTES, read_text
from .errors import DataError

if TYPE_CHECKING:
    from .core import Game

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


def check_files(game: Game, values: dict[str, Any], files: dict[str, EmbeddedFile],
                beside: Path | None = None) -> list[str]:
    """One line per embedded file: is the file the option names on disk (from here, else
    from the folder `beside`: the record's own, for a path it names relative to where it was
    saved) still the one embedded? 'same', 'changed' or 'missing'."""
    lines = []
    for option, file in files.items():
        value = values.get(option)
        status, where = file_status(game, option, value, file, beside)
        what = {"same": "the file on disk is the one embedded",
                "changed": "the file on disk has changed since; the embedded copy is used",
                "missing": "no such file on disk now; the embedded copy is used"}[status]
        lines.append(f"{option}: {file_named(value)}{where} {status} (sha256 "
                     f"{file.sha256[:12]}): {what}")
    return lines


def file_status(game: Game, option: str, value: Any, file: EmbeddedFile,
                beside: Path | None = None) -> tuple[str, str]:
    """Is the file `value` names on disk now (see check_files for `beside`) the `file` kept:
    'same', 'changed' or 'missing'; and where it was found, when not from here."""
    now, where = _on_disk(game, option, value, beside)
    return ("missing" if now is None else "same" if now == file.sha256 else "changed"), where


def file_named(value: Any) -> str:
    """A data option's value as a message names its file: an option left empty names the
    game's default file ("deck:  same" said nothing)."""
    return value if value not in (None, "", []) else "(the default)"


def _on_disk(game: Game, option: str, value: Any,
             beside: Path | None) -> tuple[str | None, str]:
    """The digest of the file `value` names now (None: there is none), and where it was found
    when not from here."""
    try:
        path = game.data_file(option, value)
        return (None if path is None else digest(read_text(path))), ""
    except DataError:
        pass
    if beside is None or not isinstance(value, str) or not value or Path(value).is_absolute():
        return None, ""
    near = beside / value
    try:
        return (digest(read_text(near)), f" (next to the record: {near})") \
            if near.is_file() else (None, "")
    except DataError:
        return None, ""


_DIR: Path | None = None


def _materialise(file: EmbeddedFile, value: Any, suffix: str) -> Path:
    global _DIR
    if _DIR is None:
        _DIR = Path(tempfile.mkdtemp(prefix="warroom-embedded-"))
        atexit.register(shutil.rmtree, _DIR, True)
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
