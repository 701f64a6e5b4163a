"""Audit (stop 64): a card file saved in another encoding than UTF-8 was "not a text file"."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from warroom.cli import cli
from warroom.engine import DataError
from warroom.engine.data import read_text

UTF16 = ("looks like UTF-16 text (a byte-order mark or NUL bytes), not UTF-8: save it as "
         "UTF-8")


def _deck(tmp_path: Path) -> str:
    """The word-iron sample deck, as `cards copy` writes it, one soldier named "Héro"."""
    path = tmp_path / "sample.yaml"
    result = CliRunner().invoke(cli, ["cards", "copy", "sample", str(path), "--game",
                                      "word-iron"])
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert "name: Spearmen" in text
    return text.replace("name: Spearmen", "name: Héro", 1)


def _png() -> bytes:
    """A real picture: a 1x1 PNG (NUL bytes in its header)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


def _zip() -> bytes:
    """A small archive: NUL bytes in every other place, as UTF-16 text without its mark."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr(zipfile.ZipInfo("a\\b", (2024, 1, 1, 0, 0, 0)), b"")
    return out.getvalue()


def _refused(path: Path) -> str:
    """What `warroom cards validate FILE` refuses the file with (and --json the same)."""
    result = CliRunner().invoke(cli, ["cards", "validate", str(path), "--game", "word-iron"])
    assert result.exit_code != 0 and isinstance(result.exception, DataError), result.output
    message = str(result.exception)
    shown = CliRunner().invoke(cli, ["cards", "validate", str(path), "--json"])
    assert shown.exit_code != 0 and f'"message": "{message}"' in shown.stdout, shown.stdout
    return message


def test_a_latin1_card_file_is_named_not_utf8_with_the_byte(tmp_path):
    """Audit (stop 64): a card file saved as Latin-1 ("Héro") was refused with "latin1.yaml:
    not a text file", as if it were a picture; it names the encoding, the byte at fault and
    its offset in the file (after a UTF-8 byte-order mark too), as a record does."""
    raw = _deck(tmp_path).encode("latin-1")
    at = raw.index(b"\xe9")
    path = tmp_path / "latin1.yaml"
    path.write_bytes(raw)
    expected = f"{path}: not UTF-8 text (byte 0xE9 at offset {at}): save it as UTF-8"
    assert _refused(path) == expected
    with pytest.raises(DataError) as caught:
        read_text(path)
    assert str(caught.value) == expected
    path.write_bytes(b"\xef\xbb\xbf" + raw)
    with pytest.raises(DataError, match=rf"^{path}: not UTF-8 text \(byte 0xE9 at offset "
                                        rf"{at + 3}\): save it as UTF-8$"):
        read_text(path)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_card_file_is_named_utf16(tmp_path, encoding):
    """Audit (stop 64): a card file saved as UTF-16 (with its byte-order mark, or without:
    NUL bytes) was "not a text file"; it is said to look like UTF-16, to save as UTF-8."""
    path = tmp_path / "utf16.yaml"
    path.write_bytes(_deck(tmp_path).encode(encoding))
    assert _refused(path) == f"{path}: {UTF16}"
    with pytest.raises(DataError) as caught:
        read_text(path)
    assert str(caught.value) == f"{path}: {UTF16}"


@pytest.mark.parametrize("raw", [_png(), _zip(), b"\xff\xfe\x00"])
def test_a_binary_file_is_still_not_a_text_file(tmp_path, raw):
    """Audit (stop 64): a picture, an archive, or a file that starts like UTF-16 but does not
    read as it, is still "not a text file", not told to be saved as UTF-8."""
    path = tmp_path / "picture.yaml"
    path.write_bytes(raw)
    assert _refused(path) == f"{path}: not a text file"
