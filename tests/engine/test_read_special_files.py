"""The shared reader of data files refuses a file that is not a regular one at once."""

from __future__ import annotations

import os
import threading

import pytest

from warroom.engine import DataError
from warroom.engine.data import read_text


def test_a_named_pipe_is_refused_at_once_by_every_reader(tmp_path):
    """Review (stop 44): the fix for a record that is a named pipe (replay waited for a writer
    for ever) was in `Record.load` alone; `read_text`, which card files, decks, maps and
    embedded files are read with, still waited. The check is in the shared reader now."""
    pipe = tmp_path / "deck.yaml"
    os.mkfifo(pipe)
    result: list[BaseException] = []

    def read() -> None:
        try:
            read_text(pipe)
        except BaseException as exc:  # noqa: BLE001 (handed to the test's thread)
            result.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # unblock the waiting open, then fail
        with open(pipe, "w"):
            pass
        reader.join(5)
        pytest.fail("read_text waited on a named pipe")
    [error] = result
    assert isinstance(error, DataError)
    assert str(error) == f"{pipe}: a named pipe, not a regular file, so not a file warroom reads"


def test_a_folder_is_said_to_be_a_folder(tmp_path):
    """The reader's folder branch never ran: `os.fdopen` refused a folder first, so `replay
    some-folder` said "cannot read (Is a directory)" where every other file that is no regular
    one is named for what it is. The file's kind is asked before it is opened as a file."""
    folder = tmp_path / "saves"
    folder.mkdir()
    with pytest.raises(DataError) as error:
        read_text(folder)
    assert str(error.value) == (f"{folder}: a folder, not a regular file, so not a file "
                                "warroom reads")
