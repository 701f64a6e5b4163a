"""Records carry the data files their config names (decks, scenarios): replay and resume use
the record's copy, whatever became of the file on disk; `replay --check-files` says what."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from warroom.agents import RandomAgent
from warroom.cli import main
from warroom.engine import Record, RecordError, play_game, replay_to_end
from warroom.engine.data import MAX_DATA_BYTES
from warroom.engine.embed import MAX_EMBEDDED_BYTES, digest
from warroom.games import get_game

WORD_IRON_DATA = Path(get_game("word-iron").data_file("deck0", "sample")).parent
VIKTORY = get_game("viktory")

# Games with data files, the options that name one, and a shipped file to copy for each.
CASES = {
    "word-iron": {"deck0": WORD_IRON_DATA / "raiders.yaml"},
    "viktory": {"scenario": VIKTORY.data_file("scenario", "forest-town"),
                "deck": VIKTORY.data_file("deck", "")},
}
EXTRA = {"viktory": {"mode": "cards"}}


def _play(game_name: str, values: dict, seed: int = 5) -> Record:
    game = get_game(game_name)
    config = game.config(values)
    agents = [RandomAgent(game, seed + p) for p in range(game.num_players(config))]
    return play_game(game, config, seed, agents).record


def _copies(tmp_path: Path, game_name: str) -> dict[str, str]:
    values = {}
    for option, source in CASES[game_name].items():
        target = tmp_path / f"my-{option}{source.suffix}"
        shutil.copy(source, target)
        values[option] = str(target)
    return values


def _spoil(path: Path) -> None:
    """Change the file so that it is still valid but plays differently, or not at all."""
    path.write_text(path.read_text().replace("name:", "name: Spoilt", 1) + "\nbogus: 1\n")


@pytest.mark.parametrize("game_name", sorted(CASES))
def test_a_record_replays_from_its_own_copy_when_the_file_changes_or_goes(tmp_path, game_name):
    values = {**EXTRA.get(game_name, {}), **_copies(tmp_path, game_name)}
    record = _play(game_name, values)
    game = get_game(game_name)
    for option, path in values.items():
        if option in CASES[game_name]:
            assert record.files[option].sha256 == digest(Path(path).read_text())
    saved = tmp_path / "game.json"
    record.save(saved)
    expected = replay_to_end(game, Record.load(saved)).observation(None)
    first, *rest = CASES[game_name]
    _spoil(Path(values[first]))  # no longer a valid file at all
    for option in rest:
        Path(values[option]).unlink()
    again = Record.load(saved)
    assert again.config == record.config  # the record still says what was asked for
    assert replay_to_end(game, again).observation(None) == expected


def test_a_record_made_elsewhere_replays_from_any_folder(tmp_path, monkeypatch):
    """A relative deck path names another file (or none) from another folder."""
    here = tmp_path / "a"
    here.mkdir()
    shutil.copy(WORD_IRON_DATA / "raiders.yaml", here / "deck.yaml")
    monkeypatch.chdir(here)
    record = _play("word-iron", {"deck0": "deck.yaml"})
    record.save("game.json")
    there = tmp_path / "b"
    there.mkdir()
    shutil.copy(WORD_IRON_DATA / "sample.yaml", there / "deck.yaml")  # same name, other deck
    shutil.copy(here / "game.json", there / "game.json")
    monkeypatch.chdir(there)
    assert replay_to_end(get_game("word-iron"), Record.load("game.json")).is_terminal()
    assert main(["replay", "game.json", "--check-files"]) == 0


def test_check_files_says_same_changed_or_missing_in_one_line_each(tmp_path, capsys):
    values = _copies(tmp_path, "viktory")
    record = _play("viktory", {**values, "mode": "cards"})
    record.save(tmp_path / "g.json")
    assert main(["replay", str(tmp_path / "g.json"), "--check-files"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:3] for line in lines[:2]] == [
        ["scenario:", values["scenario"], "same"], ["deck:", values["deck"], "same"]]
    _spoil(Path(values["scenario"]))
    Path(values["deck"]).unlink()
    assert main(["replay", str(tmp_path / "g.json"), "--check-files"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["scenario:", values["scenario"], "changed"]
    assert lines[1].split()[:3] == ["deck:", values["deck"], "missing"]
    assert "Result:" in out  # and it still replays


def test_an_old_record_without_copies_reads_the_file_on_disk(tmp_path, capsys):
    deck = _copies(tmp_path, "word-iron")["deck0"]
    record = _play("word-iron", {"deck0": deck})
    data = record.to_json()
    del data["files"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    game = get_game("word-iron")
    assert replay_to_end(game, Record.load(old)).is_terminal()
    assert main(["replay", str(old), "--check-files"]) == 0
    assert "carries no data files" in capsys.readouterr().out
    Path(deck).unlink()
    with pytest.raises(RecordError, match="(?i)no such file"):
        replay_to_end(game, Record.load(old))


def test_resume_uses_the_saved_copy_and_an_old_save_gains_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(WORD_IRON_DATA / "raiders.yaml", "mine.yaml")
    game = get_game("word-iron")
    record = _play("word-iron", {"deck0": "mine.yaml"})
    half = Record(record.game, record.version, record.config, record.seed,
                  record.actions[:6], {"players": ["random", "random"]}, files=record.files)
    half.save("new.json")
    old = half.to_json()
    del old["files"]
    Path("old.json").write_text(json.dumps(old))
    assert main(["play", "word-iron", "--resume", "old.json", "--players", "random,random"]) == 0
    assert Record.load("old.json").files == record.files  # the resume embedded the deck
    _spoil(Path("mine.yaml"))
    assert main(["play", "word-iron", "--resume", "new.json", "--players", "random,random"]) == 0
    resumed = Record.load("new.json")
    assert resumed.files == record.files and resumed.config == record.config
    assert replay_to_end(game, resumed).is_terminal()


def test_battle_deck_lists_are_kept_as_cards_so_need_no_copy(tmp_path):
    deck = tmp_path / "deck.txt"
    shutil.copy(Path(get_game("battle").data_options["deck0"].shipped["sample"]), deck)
    record = _play("battle", {"deck_mode": "constructed", "deck0": str(deck)})
    assert record.files == {} and isinstance(record.config["deck0"], list)
    deck.unlink()
    assert replay_to_end(get_game("battle"), record).is_terminal()


def _bad(data: dict, tmp_path: Path) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as info:
        replay_to_end(get_game("word-iron"), Record.load(path))
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    return message


def test_bad_copies_are_one_line_errors_naming_the_field(tmp_path):
    data = _play("word-iron", {}).to_json()
    altered = json.loads(json.dumps(data))
    altered["files"]["deck0"]["text"] += "\n# edited"
    assert "files.deck0" in _bad(altered, tmp_path) and "sha256" in _bad(altered, tmp_path)
    wrong = json.loads(json.dumps(data))
    wrong["files"]["deck0"]["sha256"] = "xyz"
    assert "files.deck0.sha256" in _bad(wrong, tmp_path)
    unknown = json.loads(json.dumps(data))
    unknown["files"]["rounds"] = unknown["files"]["deck0"]
    assert "files.rounds" in _bad(unknown, tmp_path)
    typed = json.loads(json.dumps(data))
    typed["files"]["deck0"] = "sample"
    assert "files.deck0" in _bad(typed, tmp_path)
    big = json.loads(json.dumps(data))
    text = "#" * (MAX_EMBEDDED_BYTES // 8)
    big["files"] = {f"deck{i}": {"sha256": digest(text), "text": text} for i in range(9)}
    assert "more than" in _bad(big, tmp_path)


def test_a_broken_embedded_copy_is_named_by_its_field_not_a_temporary_path(tmp_path):
    """A record whose embedded deck was edited (its hash made to match) said
    'config: /tmp/warroom-embedded-.../deck.yaml: ...', a path the user never saw."""
    record = _play("word-iron", _copies(tmp_path, "word-iron"))
    saved = tmp_path / "game.json"
    record.save(saved)
    data = json.loads(saved.read_text())
    text = data["files"]["deck0"]["text"].replace("name:", "nom:", 1)  # no name: invalid
    data["files"]["deck0"] = {"sha256": digest(text), "text": text}
    saved.write_text(json.dumps(data))
    with pytest.raises(RecordError) as caught:
        replay_to_end(get_game("word-iron"), Record.load(saved))
    message = str(caught.value)
    assert "config: files.deck0" in message, message
    assert "warroom-embedded" not in message and len(message.splitlines()) == 1


def test_a_truncated_record_says_where_the_json_stops(tmp_path):
    path = tmp_path / "cut.json"
    path.write_text('{"game": "kow", "config": {"pool_red": "fo')
    with pytest.raises(RecordError) as caught:
        Record.load(path)
    assert str(caught.value).endswith("not valid JSON (line 1, column 40: Unterminated string)")


def test_a_copy_refused_says_why_without_a_piece_of_the_copy(tmp_path):
    """An altered copy's error ended with a truncated dict of the copy ("..., got {'sha256':
    '94a6e..."), and one over the 1 MiB a file may hold ended with the file's first
    characters: the reason alone now, on one line."""
    data = _play("word-iron", {}).to_json()
    altered = json.loads(json.dumps(data))
    altered["files"]["deck0"]["text"] += "\n# edited"
    message = _bad(altered, tmp_path)
    assert message.endswith("files.deck0: the text does not match its sha256 (the record was "
                            "altered)")
    long = json.loads(json.dumps(data))
    text = "#" * (MAX_DATA_BYTES + 1)
    long["files"]["deck0"] = {"sha256": digest(text), "text": text}
    message = _bad(long, tmp_path)
    assert message.endswith(f"files.deck0.text: String should have at most {MAX_DATA_BYTES} "
                            "characters")


def test_check_files_names_a_default_file_in_words(tmp_path, capsys):
    """Audit (stop 43): a Viktory II record in cards mode with the sample deck (the option
    left empty) listed it as "deck:  same (sha256 ...)", naming nothing."""
    record = _play("viktory", {"mode": "cards"})
    record.save(tmp_path / "g.json")
    assert main(["replay", str(tmp_path / "g.json"), "--check-files"]) == 0
    deck = [line for line in capsys.readouterr().out.splitlines() if line.startswith("deck:")]
    assert len(deck) == 1 and deck[0].startswith("deck: (the default) same (the record's copy: "
                                                 "sha256 "), deck


def test_check_files_reads_a_relative_path_from_the_records_folder_too(tmp_path, capsys,
                                                                       monkeypatch):
    """Audit (stop 43): a game saved in one folder with `--set deck0=mine.yaml` and checked
    from its parent said "deck0: mine.yaml missing", the deck being right beside the record:
    a relative path was read from the current folder alone."""
    sub = tmp_path / "games"
    sub.mkdir()
    shutil.copy(WORD_IRON_DATA / "raiders.yaml", sub / "mine.yaml")
    monkeypatch.chdir(sub)
    _play("word-iron", {"deck0": "mine.yaml"}).save(sub / "g.json")
    monkeypatch.chdir(tmp_path)
    assert main(["replay", str(Path("games") / "g.json"), "--check-files"]) == 0
    deck = [line for line in capsys.readouterr().out.splitlines() if line.startswith("deck0:")]
    assert deck[0].startswith(f"deck0: mine.yaml (next to the record: {Path('games')}"
                              f"/mine.yaml) same (the record's copy: sha256 "), deck
