"""The `warroom` command through its real entry point."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from warroom import install_hint
from warroom.cli import main
from warroom.games import REGISTRY

WARROOM = [str(Path(sys.executable).parent / "warroom")]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(WARROOM + list(args), input=stdin, capture_output=True, text=True,
                          timeout=120)


def one_line_error(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_games_lists_name_and_title():
    proc = run("games")
    assert proc.returncode == 0
    # stop 63: the rules version follows as a third column (name and title stay the first two)
    assert "kow\tKings of War Battle Deck\trules version 1" in proc.stdout.splitlines()


def test_every_command_has_help():
    for cmd in ("games", "play", "replay", "simulate", "bench", "options"):
        proc = run(cmd, "--help")
        assert proc.returncode == 0 and "Usage" in proc.stdout, cmd


def test_options_says_what_each_option_means():
    """`warroom options` listed names, defaults and bounds, and nothing of what an option
    does (only the lobby showed the Config's descriptions): each option is now followed by
    its description, once for options that share one, and `--brief` keeps the bare list."""
    proc = run("options", "viktory")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    at = lines.index(next(line for line in lines if line.startswith("attacker_supply=")))
    assert lines[at + 1].startswith("defender_supply=none")  # shared: said once, after both
    described = []
    for line in lines[at + 2:]:
        if not line.startswith("    "):
            break
        described.append(line.strip())
    assert " ".join(described) == ("Combat supply (that side's dice hit on 1-4, not 1-3); none "
                                   "keeps the scenario's value.")
    assert all(len(line) <= 100 for line in lines)
    brief = run("options", "viktory", "--brief").stdout.splitlines()
    assert brief == [line for line in lines if not line.startswith(" ")]
    assert len(brief) == 24 and all("=" in line and "  # " in line for line in brief)


def test_play_ai_only_prints_the_log_and_result():
    proc = run("play", "kow", "--players", "heuristic,random", "--seed", "4")
    assert proc.returncode == 0, proc.stderr
    assert "Reveal" in proc.stdout and "Result:" in proc.stdout


def test_play_json_prints_one_object(capsys):
    assert main(["play", "kow", "--players", "random,random", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"winners", "scores", "reason", "seed"} and data["seed"] == 5


def test_same_seed_same_game(capsys):
    main(["play", "kow", "--players", "random,heuristic", "--seed", "9", "--json"])
    main(["play", "kow", "--players", "random,heuristic", "--seed", "9", "--json"])
    a, b = capsys.readouterr().out.strip().splitlines()
    assert a == b


def test_save_writes_the_record_and_replay_shows_a_players_view(tmp_path, capsys):
    save = tmp_path / "game.json"
    assert main(["play", "kow", "--players", "random,random", "--seed", "2", "--save",
                 str(save), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    record = json.loads(save.read_text())
    assert record["game"] == "kow" and record["seed"] == 2 and record["actions"]
    assert main(["replay", str(save), "--as", "1"]) == 0
    out = capsys.readouterr().out
    assert "(you chose" in out and "Result:" in out
    assert "Victories: " + ", ".join(str(int(x)) for x in result["scores"]) in out


def test_resume_continues_a_saved_game_from_the_exact_position(tmp_path, capsys):
    from warroom.engine import Record, replay, replay_to_end
    from warroom.games import get_game

    full = tmp_path / "full.json"
    main(["play", "kow", "--players", "random,random", "--seed", "8", "--save", str(full),
          "--json"])
    capsys.readouterr()
    record = json.loads(full.read_text())
    part = tmp_path / "part.json"
    record["actions"] = record["actions"][:20]
    part.write_text(json.dumps(record))
    at_save = replay_to_end(get_game("kow"), Record.load(part)).observation(0)
    assert main(["play", "kow", "--resume", str(part), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    resumed = json.loads(part.read_text())
    assert resumed["actions"][:20] == record["actions"]  # the saved moves are kept as they were
    assert len(resumed["actions"]) == result["decisions"] > 20
    game = get_game("kow")
    replayed = Record.from_json(resumed)
    states = [s.observation(0) for s, _, _ in replay(game, replayed)]
    assert states[20] == at_save
    assert replay_to_end(game, replayed).outcome().to_json()["winners"] == result["winners"]


def resigned_save(tmp_path: Path, capsys, play: list[str], at: int) -> tuple[Path, dict]:
    """A random game (`play`: the game and its options) saved, then cut to its first `at`
    actions and ended there by seat 1 resigning: the file and its record."""
    full = tmp_path / "full.json"
    main(["play", *play, "--players", "random,random", "--save", str(full), "--json"])
    capsys.readouterr()
    record = json.loads(full.read_text())
    record["actions"] = record["actions"][:at]
    record["resigned"] = {"seat": 1, "at": at}
    part = tmp_path / "resigned.json"
    part.write_text(json.dumps(record))
    return part, record


def test_replay_of_a_resigned_game_shows_the_resignation_and_resume_refuses_it(tmp_path,
                                                                              capsys):
    """A record that ends with a resignation is a finished game: `replay` says who resigned
    and shows any seat; `play --resume` does not play on after it."""
    part, record = resigned_save(tmp_path, capsys, ["kow", "--seed", "8"], 10)
    assert main(["replay", str(part), "--as", "1"]) == 0
    out = capsys.readouterr().out
    # the result is said as `play` says it ("Result: winners 0 - ..." was replay's own
    # wording), with no scores: a resignation's are 1 for the winning side, not kow's
    # Victories, and "scores: 1, 0" under the table's "score 0" rows read as the game's
    assert out.splitlines()[-1] == "Result: player 0 (random) - seat 1 resigned"
    assert main(["play", "kow", "--resume", str(part)]) != 0
    err = capsys.readouterr().err.strip()
    assert err.endswith("the saved game is over (seat 1 resigned); see it with: warroom "
                        f"replay {part}"), err
    assert json.loads(part.read_text()) == record  # left as it was


def test_replay_of_a_resigned_viktory_ii_game_shows_its_whole_log(tmp_path, capsys):
    """Audit (stop 43): a Viktory II observation mid-game shows the log since the viewer's
    previous turn, and `replay` of a game a resignation ended printed that part alone (5 of
    the 26 lines its seat had seen), where a game its rules ended shows the whole log."""
    from warroom.engine import replay_to_end
    from warroom.engine.record import Record

    part, _ = resigned_save(tmp_path, capsys,
                            ["viktory-ii", "--seed", "3", "--set", "turn_limit=5"], 60)
    game = REGISTRY["viktory-ii"]
    state = replay_to_end(game, Record.load(part))
    assert state.observation(0)["log_start"] > 0  # mid-game: the observation shows a part
    seen = [line for line in map(game.describe_event, state.visible_log(0)) if line]
    assert main(["replay", str(part), "--as", "0"]) == 0
    out = capsys.readouterr().out
    assert len(seen) > len(state.observation(0)["log"]) and seen[0] in out and seen[-1] in out


def test_defect_resume_of_a_game_finished_by_its_rules_is_refused(tmp_path, capsys):
    """Audit (stop 42): `play --resume` of a save whose game had ended by its rules printed
    "saving to", the whole log and the result, as though it had been played, and exited 0;
    only a resigned game was refused. It is refused alike, the save left as it was."""
    done = tmp_path / "done.json"
    main(["play", "kow", "--players", "random,random", "--seed", "8", "--save", str(done),
          "--json"])
    capsys.readouterr()
    before = done.read_bytes()
    assert main(["play", "kow", "--resume", str(done)]) != 0
    err = capsys.readouterr().err.strip()
    path = re.escape(str(done))
    assert re.fullmatch(rf"warroom: error: {path}: the saved game is over \(first to \d "
                        rf"Victories\); see it with: warroom replay {path}", err), err
    assert done.read_bytes() == before


def test_defect_a_person_put_out_of_a_game_of_three_is_told_the_ai_plays_on():
    """Audit (stop 42): when the one person at a three-player table was put out, the AI
    players' turns streamed by (1,650 lines in Viktory II) with nothing to say that the game
    no longer waited on them. What put them out is shown, then one notice, once."""
    proc = run("play", "battle", "--players", "human,heuristic,heuristic", "--seed", "1",
               stdin="1\n" * 3000)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    notice = "You are out of the game: the AI players play on to the end (Ctrl-C to stop)."
    assert lines.count(notice) == 1
    at = lines.index(notice)
    assert lines[at - 1].strip() == "Player 0 has lost and leaves the game"
    assert "Result:" in lines[-1]
    assert not any(line.startswith(">") for line in lines[at:])  # nothing more asked


def test_human_plays_in_the_terminal_with_numbers_labels_help_and_errors(tmp_path):
    save = tmp_path / "h.json"
    answers = "?\nnonsense\n99\n²\n" + "9" * 5000 + "\n" + "1\n" * 400
    proc = run("play", "kow", "--players", "human,random", "--seed", "1", "--save", str(save),
               stdin=answers)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    assert "rules summary" in out
    summary = REGISTRY["kow"].summary
    # Its words, each line broken between words to the 80 columns of the (piped) console:
    # written up to 96 columns, its lines broke mid-word at 80.
    start = out.index(summary.splitlines()[0])
    shown = out[start:start + len(summary) + 400].split("\n> ")[0].splitlines()
    assert " ".join(summary.split()) in " ".join(" ".join(shown).split())
    assert max(len(line) for line in shown) <= 80 < max(map(len, summary.splitlines()))
    assert "'nonsense' is not a legal action here" in out
    assert "No action 99" in out
    # Digits int() refuses are answered like any other text, not with a traceback.
    assert "'²' is not a legal action here" in out
    assert f"'{'9' * 37}...' is not a legal action here" in out
    assert "Game over: Victories" in out  # the events after the person's last move are shown
    assert "Result:" in out
    assert json.loads(save.read_text())["actions"]


def test_the_rules_summary_says_which_options_differ_from_the_defaults_it_describes():
    """The summary is written for the default rules; a game set up otherwise says so under it
    (a person who set three red dice was told the pool holds 4)."""
    changed = run("play", "kow", "--players", "human,random", "--seed", "1", "--set",
                  "pool_red=1", "--set", "victories_to_win=5", stdin="?\nq\n")
    plain = run("play", "kow", "--players", "human,random", "--seed", "1", stdin="?\nq\n")
    assert changed.returncode == plain.returncode == 130
    assert ("This game is played with pool_red=1, victories_to_win=5 (the summary gives the "
            "defaults).") in " ".join(changed.stdout.split())
    assert "rules summary" in plain.stdout and "This game is played with" not in plain.stdout


@pytest.mark.parametrize("players", ["human,random", "human,human"])
def test_play_json_with_a_person_prints_the_object_alone_on_stdout(players):
    """The result was printed after the last prompt, on its line (`> {"winners": ...}`), among
    the table on stdout: `| tail -1` could not parse it. The table and prompts now go to
    stderr."""
    proc = run("play", "kow", "--players", players, "--seed", "3", "--json", stdin="1\n" * 900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    (line,) = proc.stdout.splitlines()
    result = json.loads(line)
    assert result["seed"] == 3 and result["game"] == "kow" and result["winners"]
    assert "you are player 0" in proc.stderr and "\n> " in proc.stderr


def test_human_quitting_keeps_the_saved_game(tmp_path):
    save = tmp_path / "q.json"
    proc = run("play", "kow", "--players", "human,random", "--seed", "1", "--save", str(save),
               stdin="1\n1\nq\n")
    assert proc.returncode == 130
    assert "--resume" in proc.stderr
    record = json.loads(save.read_text())
    assert len(record["actions"]) >= 2


def test_simulate_json_is_the_same_whatever_the_workers():
    a = run("simulate", "kow", "--games", "40", "--players", "heuristic,random", "--seed", "3",
            "--json")
    b = run("simulate", "kow", "--games", "40", "--players", "heuristic,random", "--seed", "3",
            "--workers", "2", "--json")
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    da, db = json.loads(a.stdout), json.loads(b.stdout)
    assert db.pop("run") == da.pop("run") + 1  # two runs in one database
    assert da == db
    assert set(da) >= {"games", "players", "wins", "draws", "win_rate", "ci95", "mean_length"}
    assert da["games"] == 40 and sum(da["wins"]) + da["draws"] == 40
    lo, hi = da["ci95"][0]
    assert lo <= da["win_rate"][0] <= hi


def test_simulate_takes_the_number_of_seats_from_players(tmp_path):
    proc = run("simulate", "battle", "--games", "6", "--players", "heuristic,random,random",
               "--db", str(tmp_path / "b.sqlite"), "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert len(data["wins"]) == 3 and data["games"] == 6


def test_bench_json(capsys):
    assert main(["bench", "kow", "--seconds", "0.05", "--runs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kow"]["games_per_s"] > 0 and data["kow"]["decisions_per_s"] > 0


def test_bench_measures_the_checked_path_and_openspiel_in_the_same_run(capsys):
    assert main(["bench", "kow", "--seconds", "0.05", "--runs", "1", "--checked", "--peers",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kow"]["checked_decisions_per_s"] > 0
    for peer in ("goofspiel", "leduc_poker", "gin_rummy"):
        assert data[f"openspiel:{peer}"]["decisions_per_s"] > 0


def test_bench_peers_without_openspiel_says_how_to_install_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if it were not installed
    assert main(["bench", "kow", "--seconds", "0.05", "--runs", "1", "--peers"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"warroom: error: --peers needs OpenSpiel: {install_hint('bench')}"


@pytest.mark.parametrize("option, value, says", [
    # each of these was accepted and timed for ever
    ("--runs", "99999999999999999999", "99999999999999999999 is not in the range 1<=x<=100."),
    ("--seconds", "1e300", "1e+300 is not in the range 0.01<=x<=600."),
    ("--seconds", "inf", "inf is not in the range 0.01<=x<=600."),
    ("--seconds", "nan", "'nan' is not a number."),  # nan passes click's FloatRange
])
def test_bench_numbers_past_their_bounds_are_one_line(capsys, option, value, says):
    assert main(["bench", "kow", option, value]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"warroom: error: Invalid value for '{option}': {says} "
                            "(see 'warroom bench --help')\n")


@pytest.mark.parametrize("args, option", [
    (["play", "kow", "--seed", "abc"], "--seed"),
    (["simulate", "kow", "--games", "x"], "--games"),
    (["bench", "kow", "--runs", "1.5"], "--runs"),
    (["tournament", "kow", "--players", "random,random", "--best-of", "two"], "--best-of"),
    (["viktory", "compare-games", "--workers", "many"], "--workers"),
])
def test_a_word_for_a_number_is_refused_as_not_a_whole_number(capsys, args, option):
    """click's wording for its ranged integers read "'abc' is not a valid integer range", as
    if a range were asked for."""
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"Invalid value for '{option}': " in err and "is not a valid integer. (see" in err


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "nosuchgame", "--players", "random,random"], "unknown game 'nosuchgame'"),
        (["play", "kow", "--players", "random,random", "--set", "pool_red=many"],
         "option 'pool_red' must be an integer"),
        (["play", "kow", "--players", "random,random", "--set", "nosuch=1"],
         "unknown option 'nosuch'"),
        (["play", "kow", "--players", "random,random", "--set", "novalue"], "key=value"),
        (["play", "kow", "--players", "random,wizard"], "unknown player 'wizard'"),
        (["play", "kow", "--players", "random"], "needs 2 players"),
        (["simulate", "kow", "--players", "random,random", "--frobnicate"], "No such option"),
        (["simulate", "kow", "--players", "random,random", "--games", "0"], "--games"),
    ],
)
def test_bad_input_is_a_one_line_error(args, message):
    line = one_line_error(run(*args))
    assert message in line


@pytest.mark.parametrize("group", [[], ["cards"], ["viktory"]])
def test_a_group_without_a_command_shows_its_whole_help(group):
    """`warroom`, `warroom cards`: the help was folded into one 'warroom: error:' line. It
    shows as --help shows it, on stderr with exit status 2 (click's own, since no command
    ran); a real usage error stays one line."""
    proc = run(*group)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == run(*group, "--help").stdout
    assert proc.stderr.startswith(f"Usage: {' '.join(['warroom', *group])} [OPTIONS] COMMAND")
    assert "\nCommands:\n" in proc.stderr and "warroom: error" not in proc.stderr
    path = " ".join(["warroom", *group])
    assert one_line_error(run(*group, "nope")) == \
        f"warroom: error: No such command 'nope'. (see '{path} --help')"


def test_corrupt_record_is_a_one_line_error_and_is_not_overwritten(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "kow", "seed": 1, "config": {}, "actions": [')
    line = one_line_error(run("replay", str(bad)))
    assert "bad.json" in line and "not valid JSON" in line
    line = one_line_error(run("play", "kow", "--resume", str(bad)))
    assert "not valid JSON" in line
    assert bad.read_text().endswith("[")  # the file is left as it was


def test_defect_a_record_with_a_repeated_key_is_a_one_line_error_and_is_left_alone(tmp_path):
    """{"seed": 1, ..., "seed": 2} replayed with the last seed: json keeps the last value of a
    repeated key without a word."""
    bad = tmp_path / "twice.json"
    text = ('{"game": "kow", "version": "1", "config": {}, "seed": 1, "actions": [], '
            '"seed": 2}')
    bad.write_text(text)
    line = one_line_error(run("replay", str(bad)))
    assert line == f"warroom: error: {bad}: duplicate key 'seed' in the top-level object"
    line = one_line_error(run("play", "kow", "--players", "random,random", "--resume", str(bad)))
    assert "duplicate key 'seed'" in line
    assert bad.read_text() == text  # the file is left as it was


def test_record_with_an_illegal_action_is_a_one_line_error(tmp_path):
    bad = tmp_path / "illegal.json"
    bad.write_text(json.dumps({"game": "kow", "version": "1", "config": {}, "seed": 1,
                               "actions": [{"player": 0, "action": {"type": "Stop"}}]}))
    line = one_line_error(run("replay", str(bad)))
    assert "actions[0]" in line and "not a legal action" in line


def test_a_long_log_line_breaks_between_items_to_the_terminals_width():
    """A terminal broke a long log line anywhere and went on at the margin."""
    import io
    from types import SimpleNamespace

    from rich.console import Console

    from warroom.agents.human import HumanAgent

    line = ("Both reveal: player 0 KS: -, KD: 3S 2C, QH: 9H 7S, JH: 10H 9S 9C, AH: 10S 5S 2H; "
            "player 1 KC: 7D 2D, QD: 8C 4C, JS: 8D 6H 3H, AD: -, AC: 7C 5H 5C")
    game = SimpleNamespace(describe_event=lambda e: line)
    for width in (80, 200):
        out = io.StringIO()
        agent = HumanAgent(game, 0, console=Console(file=out, width=width))
        agent.show_new_events({"log": [{"event": "reveal"}]})
        printed = out.getvalue().splitlines()
        if width == 80:
            assert printed == [  # the first item alone is too long: between its own parts
                "  Both reveal: player 0 KS: -, KD: 3S 2C, QH: 9H 7S, JH: 10H 9S 9C,",
                "      AH: 10S 5S 2H;",
                "      player 1 KC: 7D 2D, QD: 8C 4C, JS: 8D 6H 3H, AD: -, AC: 7C 5H 5C"]
        else:
            assert printed == [f"  {line}"]  # room for it: one line


def test_enter_plays_the_only_choice_and_is_refused_among_several():
    """A forced choice still shows the table (the player reads it first), and Enter plays
    it; with two choices Enter is asked again."""
    import io
    from types import SimpleNamespace

    from rich.console import Console

    from warroom.agents.human import HumanAgent

    game = SimpleNamespace(title="Test", summary="", render=lambda obs, p: "the table",
                           describe_event=lambda e: "")
    action, other = SimpleNamespace(label="pass"), SimpleNamespace(label="fight")

    def view(*actions):
        return SimpleNamespace(player=0, observation={"log": []}, legal_actions=list(actions))

    out = io.StringIO()
    agent = HumanAgent(game, 0, stdin=io.StringIO("\n"), console=Console(file=out, width=100))
    assert agent.act(view(action)) is action
    assert "the table" in out.getvalue() and "the only choice: Enter plays it" in out.getvalue()
    out = io.StringIO()
    agent = HumanAgent(game, 0, stdin=io.StringIO("\n2\n"), console=Console(file=out, width=100))
    assert agent.act(view(action, other)) is other
    assert "Please choose an action." in out.getvalue()


def test_a_card_label_is_typed_with_letters_for_suits_and_the_first_prompt_says_how():
    """Battle's and kow's labels carry ♠♥♦♣, which a keyboard does not: "add AS" was not a
    legal action and "add A" matched four. And the first prompt was a bare "> "."""
    import io
    from types import SimpleNamespace

    from rich.console import Console

    from warroom.agents.human import HELP, HumanAgent

    game = SimpleNamespace(title="Test", summary="", render=lambda obs, p: "the table",
                           describe_event=lambda e: "")
    labels = ["add A♠", "add A♥", "8♣ blocks group 1", "Q♥ blocks group 1"]
    actions = [SimpleNamespace(label=label) for label in labels]
    out = io.StringIO()
    agent = HumanAgent(game, 0, stdin=io.StringIO("add AS\nadd ah\n8C\nqh\n"),
                       console=Console(file=out, width=100))
    view = SimpleNamespace(player=0, observation={"log": []}, legal_actions=actions)
    assert [agent.act(view) for _ in range(4)] == actions
    assert out.getvalue().count(HELP) == 1  # said once, at the first prompt
    for word in ("Q", "QUIT", "Exit"):
        quitter = HumanAgent(game, 0, stdin=io.StringIO(word + "\n"),
                             console=Console(file=io.StringIO()))
        with pytest.raises(KeyboardInterrupt):
            quitter.act(view)


def test_replay_fits_its_log_to_a_terminal_and_keeps_lines_whole_in_a_pipe(tmp_path):
    """At 80 columns replay's log lines (up to 177 characters in champions) broke mid-word;
    play fitted the same lines."""
    from terminal_helpers import run_in_terminal

    save = tmp_path / "c.json"
    assert run("play", "champions", "--players", "heuristic,heuristic", "--seed", "3",
               "--save", str(save)).returncode == 0
    piped = run("replay", str(save), "--as", "0").stdout.splitlines()
    assert max(map(len, piped)) > 80  # the case arises
    status, text = run_in_terminal([*WARROOM, "replay", str(save), "--as", "0"],
                                   {"COLUMNS": "80"})
    assert status == 0
    shown = text.splitlines()
    assert max(map(len, shown)) <= 80
    assert " ".join(" ".join(shown).split()) == " ".join(" ".join(piped).split())


def test_many_short_choices_are_listed_in_columns_numbered_down_each():
    """kow's 29 dice choices took 29 lines under the table: at 80x24 the table scrolled off
    before the prompt. A few choices stay one a line."""
    import io
    import re
    from types import SimpleNamespace

    from rich.console import Console

    from warroom.agents.human import HumanAgent

    game = SimpleNamespace(title="Test", summary="", render=lambda obs, p: "")
    labels = [f"dice: {i} red, {i % 3} white" for i in range(29)]
    out = io.StringIO()
    HumanAgent(game, 0, console=Console(file=out, width=80)).show_actions(
        [SimpleNamespace(label=label) for label in labels])
    lines = out.getvalue().splitlines()
    assert len(lines) == 15 and max(map(len, lines)) <= 79
    found = re.findall(r"(\d+)\. (dice: \d+ red, \d white)", out.getvalue())
    assert sorted((int(n), label) for n, label in found) == list(enumerate(labels, 1))
    assert lines[0].startswith("   1. dice: 0 red") and "16. dice: 15 red" in lines[0]
    out = io.StringIO()  # a choice too long for a column: a line of its own, after them
    done = "done (fill the 40 free places with the strongest cards left)"
    HumanAgent(game, 0, console=Console(file=out, width=80)).show_actions(
        [SimpleNamespace(label=f"add {i}S") for i in range(52)] + [SimpleNamespace(label=done)])
    lines = out.getvalue().splitlines()
    assert len(lines) == 14 and lines[-1] == f"  53. {done}" and "40. add 39S" in lines[0]
    out = io.StringIO()
    HumanAgent(game, 0, console=Console(file=out, width=80)).show_actions(
        [SimpleNamespace(label="pass"), SimpleNamespace(label="fight")])
    assert out.getvalue().splitlines() == ["   1. pass", "   2. fight"]


def test_choices_go_in_columns_when_the_table_leaves_them_too_few_rows():
    """Word & Iron's 20-line table and its 8 choices under it passed a screen of 24 lines:
    the table's top scrolled off before the prompt. The choices go in columns when one a line
    would pass the screen's height under the table; under a short table they stay one a
    line."""
    import io
    from types import SimpleNamespace

    from rich.console import Console

    from warroom.agents.human import HumanAgent

    choices = [SimpleNamespace(label=f"recruit {n} spearmen") for n in range(1, 9)]

    def screen(table_lines: int) -> list[str]:
        game = SimpleNamespace(title="Test", summary="",
                               render=lambda obs, p: "\n".join(["row"] * table_lines))
        view = SimpleNamespace(player=0, observation={"log": []}, legal_actions=choices)
        out = io.StringIO()
        person = HumanAgent(game, 0, stdin=io.StringIO("1\n"),
                            console=Console(file=out, width=80, height=24, color_system=None))
        person.hinted = True
        assert person.act(view) is choices[0]
        return out.getvalue().splitlines()

    tall = screen(18)  # 20 lines with its frame: 3 rows of choices and the prompt fit
    menu = tall[tall.index(next(x for x in tall if x.startswith("╰"))) + 1:-1]
    assert len(tall) == 24 and len(menu) == 3
    assert all(f"{n}. recruit {n} spearmen" in " ".join(menu) for n in range(1, 9))
    short = screen(6)
    assert short[-9:-1] == [f"   {n}. recruit {n} spearmen" for n in range(1, 9)]


def test_a_person_is_not_shown_a_seed_it_did_not_choose_until_the_end(tmp_path):
    """The banner printed the drawn seed to a person playing against AI seats: with the
    game's options it gives the deck's order and each AI's secret choice before they show.
    It is printed at the end now (the game can still be played again), and as before when
    the person chose it, or when only AI players play."""
    save = tmp_path / "g.json"
    proc = run("play", "kow", "--players", "human,heuristic", "--save", str(save),
               "--set", "victories_to_win=1", stdin="1\n" * 400)
    assert proc.returncode == 0, proc.stderr
    seed = json.loads(save.read_text())["seed"]
    banner = proc.stderr.splitlines()[0]
    assert banner == f"Kings of War Battle Deck: human vs heuristic, saving to {save}"
    assert str(seed) not in proc.stderr + proc.stdout.split("Result:")[0]
    assert proc.stdout.rstrip().endswith(f"; seed {seed}")
    chosen = run("play", "kow", "--players", "human,heuristic", "--seed", "7", stdin="q\n")
    assert chosen.stderr.splitlines()[0].endswith("human vs heuristic, seed 7")
    ai = run("play", "kow", "--players", "heuristic,random")
    assert ", seed " in ai.stderr.splitlines()[0]


def test_drawn_seeds_are_63_bits():
    """Seeds were drawn below 2**31: trying each against what a seat sees could find the
    one that deals every card to come."""
    from warroom.cli.common import fresh_seed

    seeds = [fresh_seed() for _ in range(50)]
    assert max(seeds) >= 2**40 and all(0 <= s < 2**63 for s in seeds)


@pytest.mark.parametrize("args", [
    ["play", "kow", "--players", "human,random", "--save", ""],
    ["play", "kow", "--players", "random,random", "--resume", ""],
    ["replay", ""],
    ["simulate", "kow", "--games", "2", "--db", ""],
    ["sweep", "kow", "--vary", "max_dice=2,3", "--games", "2", "--out", " "],
])
def test_an_empty_file_name_is_refused(args):
    """`--save ''` (a script's unset variable) was taken as no --save: the person's moves went
    unsaved while they thought them saved; `--resume ''` started a new game, `replay ''` read
    the folder, and `--db ''` and `--out ''` fell back to their defaults."""
    proc = run(*args, stdin="1\n" * 10)
    assert proc.returncode == 2
    line = one_line_error(proc)
    assert "the file name is empty" in line, line


@pytest.mark.parametrize("game, name", [
    ("battle", "castle points left"), ("champions", "strength on the table"),
    ("kow", "Victories"), ("viktory", "units left"), ("viktory-ii", "capitals held"),
    ("word-iron", "army ranks standing")])
def test_the_result_names_what_its_scores_count(capsys, game, name):
    """The result line said "scores [3.0, 0.0]": units left, Victories or castle points,
    a reader could not tell which."""
    options = ["--set", "turn_limit=2", "--set", "radius=3"] if game == "viktory-ii" else []
    assert main(["play", game, "--players", "random,random", "--seed", "2", *options]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert re.search(rf"; {name}: \d+(\.\d+)?, \d+(\.\d+)?$", last), last
