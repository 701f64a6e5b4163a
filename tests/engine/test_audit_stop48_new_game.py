"""What a developer adding a game meets, on tiny games built here (registered only inside a
test): a player to move with no legal action, a game without a heuristic or a text view, a
broken game package, a game from another installed package (the `warroom.games` entry
points), and a game whose outcome does not replay. Each test's docstring names the defect;
each failed before the change it pins."""

from __future__ import annotations

import io
import itertools
import json
import random
import sys
from dataclasses import dataclass
from importlib.metadata import EntryPoint
from typing import Any

import pytest
from rich.console import Console

import warroom.games
from game_cases import game_configs
from toy_pile import toy_pile_source
from warroom.agents import make_agent, make_agents
from warroom.agents.human import HumanAgent
from warroom.engine import ConfigError, Game, Outcome, Record, RecordError, State, play_game
from warroom.engine.errors import RulesError, WarroomError
from warroom.engine.record import replay_to_end
from warroom.games import REGISTRY, _Registry, get_game


@dataclass(frozen=True)
class Take:
    count: int

    @property
    def label(self) -> str:
        return f"take {self.count}"


@dataclass(frozen=True)
class Config:
    stones: int = 5
    hollow_at: int = -1  # the turn at which the player to move is offered nothing (a bug)


DRIFT = itertools.count()  # what a game that does not replay reads, besides its seeded RNG


class Pile(State):
    """Take 1 or 2 stones in turn; who takes the last one wins."""

    drift = False  # the outcome reads DRIFT: its replay ends otherwise

    def __init__(self, config: Config, seed: int):
        super().__init__(2, random.Random(seed))
        self.config, self.stones, self.turn = config, config.stones, 0

    def to_move(self) -> tuple[int, ...]:
        return (self.turn % 2,) if self.stones else ()

    def _legal_actions(self, player: int) -> list[Any]:
        if self.turn == self.config.hollow_at:
            return []
        return [Take(n) for n in (1, 2) if n <= self.stones]

    def _apply(self, player: int, action: Any) -> None:
        self.stones -= action.count
        self.turn += 1
        self.event("took", player=player, count=action.count)

    def is_terminal(self) -> bool:
        return not self.stones

    def outcome(self) -> Outcome | None:
        if self.stones:
            return None
        winner = (self.turn - 1) % 2
        extra = next(DRIFT) if self.drift else 0
        return Outcome((winner,), tuple(float(p == winner) + extra for p in (0, 1)), "last")

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn, "log": self.visible_log(player)}

    def clone(self) -> Pile:
        new = type(self).__new__(type(self))
        self._copy_base(new)
        new.config, new.stones, new.turn = self.config, self.stones, self.turn
        return new

    def determinize(self, player: int, rng: random.Random) -> Pile:
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        return new


class Drifting(Pile):
    drift = True


class PileGame(Game):
    """No heuristic, no render: the least a game can be."""

    name = "pile"
    title = "Pile"
    Config = Config
    actions = (Take,)
    state_class: type[Pile] = Pile

    def new_state(self, config: Config, seed: int) -> Pile:
        return self.state_class(config, seed)


class SensiblePile(PileGame):
    """With a heuristic that, like most, takes the best of the legal actions."""

    def heuristic(self, state: State, player: int, rng: random.Random) -> Any:
        return max(state.legal_actions(player), key=lambda a: a.count)


class DriftingPile(PileGame):
    state_class = Drifting


HOLLOW = Config(hollow_at=2)


# --- 1: a player to move with no legal action -------------------------------------------------

@pytest.mark.parametrize("players", ["random,random", "heuristic,heuristic"])
def test_a_player_to_move_with_no_legal_action_is_the_games_error_whatever_plays(players):
    """Audit (stop 48): a game whose `_legal_actions` returned [] for a player to move ended
    in the agent's error: `ValueError: empty range for randrange()` (random), `max() arg is
    an empty sequence` (the game's heuristic), and `simulate` reported it so. The runner says
    what is wrong, and whose fault: the game's (RulesError, not IllegalAction)."""
    game = SensiblePile()
    agents = make_agents(players.split(","), game, 1)
    with pytest.raises(RulesError) as caught:
        play_game(game, HOLLOW, 1, agents)
    assert str(caught.value).startswith(
        "pile: player 0 is to move but has no legal action (after 2 actions)")
    assert isinstance(caught.value, WarroomError)  # the command line's one line


def test_a_search_that_plays_ahead_into_no_legal_action_says_it_is_the_games_error():
    """Audit (stop 48): mcts plays ahead of the real game, so it met the empty list first and
    failed with its own error (`max() arg is an empty sequence`, an IndexError of its
    rollout): it says what the runner says, a RulesError naming the game."""
    game = SensiblePile()
    agents = make_agents(["mcts:iters=30", "mcts:iters=30"], game, 1)
    with pytest.raises(RulesError, match=r"^pile: player \d is to move but has no legal action"):
        play_game(game, HOLLOW, 1, agents)


def test_a_person_to_move_with_no_legal_action_is_not_asked_forever():
    """Audit (stop 48): a person seated where the game offered nothing was asked again and
    again ("No action 1: choose 1 to 0") until the input ended. The runner refuses the game
    before the person is asked (the checked path reads the legal actions anyway)."""
    game = PileGame()
    out = io.StringIO()
    person = HumanAgent(game, 1, stdin=io.StringIO("1\n" * 20),
                        console=Console(file=out, width=80))
    try:
        with pytest.raises(RulesError, match="player 0 is to move but has no legal action"):
            play_game(game, HOLLOW, 1, [person, make_agent("random", game, 2)])
    except KeyboardInterrupt:  # the person's input ended (HumanAgent's END_OF_INPUT)
        pytest.fail("the person was asked until the input ended")
    assert "No action" not in out.getvalue()


def test_an_agents_own_failure_is_still_its_own():
    """Audit (stop 48): the runner blames the game only when the player to move has no legal
    action; an agent's own error with legal actions on offer is passed on as it is."""

    class Broken:
        trusted = True

        def act(self, view: Any) -> Any:
            raise ZeroDivisionError("the agent's bug")

    with pytest.raises(ZeroDivisionError, match="the agent's bug"):
        play_game(PileGame(), Config(), 1, [Broken(), Broken()])


# --- 2: a game without a heuristic or a text view ---------------------------------------------

def test_a_heuristic_player_for_a_game_without_one_is_refused_up_front():
    """Audit (stop 48): `warroom play mini --players random,heuristic` (and `evaluate`, whose
    default players include the heuristic) ended in a bare `NotImplementedError` with no
    message once the heuristic was asked. `make_agent` refuses it, saying what to use."""
    with pytest.raises(ConfigError) as caught:
        make_agent("heuristic", PileGame(), 1)
    assert str(caught.value) == ("player spec 'heuristic': pile has no heuristic player: use "
                                 "random or mcts")
    make_agent("heuristic", SensiblePile(), 1)  # a game with one has it
    with pytest.raises(NotImplementedError, match="^pile has no heuristic player"):
        PileGame().heuristic(PileGame().new_state(Config(), 1), 0, random.Random(1))
    # mcts plays without it, by random rollouts
    result = play_game(PileGame(), Config(), 3, make_agents(["mcts:iters=20", "random"],
                                                            PileGame(), 3))
    assert result.outcome.winners


def test_a_game_without_a_text_view_shows_its_observation_plainly():
    """Audit (stop 48): a game without `render` could not be played at the terminal or
    replayed (`Game.render` raised a bare NotImplementedError). The default shows the
    observation's entries as `key: value`, its log left out (the log lines tell it)."""
    game = PileGame()
    state = game.new_state(Config(), 1)
    state.apply(0, Take(2))
    assert game.render(state.observation(1), 1) == "stones: 3\nturn: 1"
    assert game.render(state.observation(None), None) == "stones: 3\nturn: 1"
    assert game.render(None, None)  # a game that shows a spectator nothing


# --- 3 and 4: the registry: a broken package, games from other packages ------------------------

@pytest.fixture
def entries(monkeypatch, tmp_path):
    """REGISTRY as new (nothing imported yet, nothing said), with a folder of extra game
    packages (`tmp_path / "games"`) on `warroom.games.__path__`, `tmp_path` on sys.path, and
    no entry points of the group `warroom.games` but those the test adds to this list."""
    for attr, value in vars(_Registry()).items():
        monkeypatch.setattr(REGISTRY, attr, value)
    extra = tmp_path / "games"
    extra.mkdir()
    monkeypatch.setattr(warroom.games, "__path__", [*warroom.games.__path__, str(extra)])
    entries: list[EntryPoint] = []

    def fake_entry_points(*, group: str) -> list[EntryPoint]:
        return [e for e in entries if e.group == group]

    monkeypatch.setattr(warroom.games, "entry_points", fake_entry_points)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield entries
    for name in [m for m in sys.modules if m.startswith(("warroom.games.s48", "s48_"))]:
        del sys.modules[name]


def broken_package(tmp_path: Any, name: str = "s48broken") -> None:
    package = tmp_path / "games" / name
    package.mkdir()
    (package / "__init__.py").write_text("import s48_no_such_module\n")


def told(caplog) -> list[str]:
    """What the registry said of the games it left out (its logger's warnings)."""
    return [r.getMessage() for r in caplog.records if r.name == "warroom.games"]


def test_a_game_package_that_does_not_import_leaves_the_others_working(entries, tmp_path,
                                                                        caplog):
    """Audit (stop 48): one game package that failed to import made listing the registry
    (`warroom games`) and the error for an unknown game name end in its ModuleNotFoundError
    traceback. It is left out, said once (a warning of the "warroom.games" logger, on
    standard error unless logging is set up)."""
    broken_package(tmp_path)
    assert "kow" in list(REGISTRY) and "s48broken" not in REGISTRY
    list(REGISTRY)
    said = told(caplog)
    assert said == ["warroom: game package 's48broken' could not be imported: "
                    "ModuleNotFoundError: No module named 's48_no_such_module'"]
    with pytest.raises(ConfigError, match="^unknown game 'kowx'; games are: battle, "):
        get_game("kowx")
    assert get_game("kow").name == "kow"


def test_asking_for_a_game_whose_package_does_not_import_says_why(entries, tmp_path, caplog):
    """Audit (stop 48): `get_game` of a game whose package failed to import ended in its
    traceback. It is a ConfigError naming the import error, found without importing the
    other games' packages (and without the listing's line on standard error)."""
    broken_package(tmp_path)
    with pytest.raises(ConfigError) as caught:
        get_game("s48broken")
    assert str(caught.value) == (
        "game 's48broken' is not available: game package 's48broken' could not be imported: "
        "ModuleNotFoundError: No module named 's48_no_such_module'")
    assert told(caplog) == []
    assert not REGISTRY._complete


def test_every_game_package_and_entry_point_imports():
    """Audit (stop 48): a game package that does not import is left out of the registry, so
    the conformance suite would not see it; this fails instead, saying why."""
    list(REGISTRY)
    assert REGISTRY.problems() == []


def game_module(tmp_path: Any, module: str, name: str) -> EntryPoint:
    (tmp_path / f"{module}.py").write_text(toy_pile_source(name))
    return EntryPoint(name=name, value=module, group="warroom.games")


def test_a_game_of_another_package_is_registered_by_its_entry_point(entries, tmp_path):
    """Audit (stop 48): a game living in another package could not be registered: only the
    packages under warroom/games were. An entry point of the group `warroom.games` naming a
    module with `GAME` registers it as such a package would be, found by its name without
    importing the built-in games, listed after them, and its CONFORMANCE_CONFIGS are the
    conformance suite's cases."""
    entries.append(game_module(tmp_path, "s48_pile", "s48pile"))
    game = get_game("s48pile")
    assert game.title == "A pile of stones" and not REGISTRY._complete
    assert list(REGISTRY)[-1] == "s48pile" and "kow" in REGISTRY
    assert ("s48pile", {"stones": 3}) in game_configs()
    result = play_game(game, game.config({}), 1, make_agents(["random", "mcts:iters=10"],
                                                             game, 1))
    assert result.outcome.winners


def test_a_game_entry_point_that_takes_a_built_in_games_name_is_refused(entries, tmp_path,
                                                                         caplog):
    """Audit (stop 48): an entry point cannot replace a built-in game: one called as a
    built-in game is, or whose game is, is refused with a line that says so, and the name
    stays the built-in game's."""
    entries.append(game_module(tmp_path, "s48_kow", "kow"))
    entries.append(EntryPoint(name="s48other", value="s48_kow", group="warroom.games"))
    assert get_game("kow").title == "Kings of War Battle Deck"
    with pytest.raises(ConfigError) as caught:
        get_game("s48other")
    assert str(caught.value) == ("game 's48other' is not available: game entry point "
                                 "'s48other' (s48_kow) is refused: a built-in game is called "
                                 "'kow'")
    assert REGISTRY["kow"].title == "Kings of War Battle Deck"
    said = told(caplog)
    assert said == ["warroom: game entry point 'kow' (s48_kow) is refused: a built-in game is "
                    "called 'kow'",
                    "warroom: game entry point 's48other' (s48_kow) is refused: a built-in "
                    "game is called 'kow'"]


def test_a_game_entry_point_that_does_not_import_says_why(entries, tmp_path):
    """Audit (stop 48): an entry point whose module does not import is left out like a
    broken package, and asking for it says why."""
    entries.append(EntryPoint(name="s48gone", value="s48_gone", group="warroom.games"))
    with pytest.raises(ConfigError, match="^game 's48gone' is not available: game entry point "
                       r"'s48gone' \(s48_gone\) could not be imported: ModuleNotFoundError"):
        get_game("s48gone")
    assert "kow" in list(REGISTRY)


# --- 5: a recorded outcome that the replay does not give ----------------------------------------

def finished(game: PileGame, seed: int = 1) -> dict[str, Any]:
    """A record of a finished game, as `play --save` writes it at the end (with its outcome)."""
    result = play_game(game, Config(), seed, make_agents(["random", "random"], game, seed))
    data = result.record.to_json()
    data["outcome"] = result.outcome.to_json()
    return json.loads(json.dumps(data))


def test_a_replay_that_ends_otherwise_than_the_game_did_is_refused():
    """Audit (stop 48): a game whose rules are not deterministic went unnoticed: records
    stored no outcome, so a replay had nothing to compare with. A record that says how the
    game ended is checked against its replay."""
    data = finished(DriftingPile())
    with pytest.raises(RecordError) as caught:
        replay_to_end(DriftingPile(), Record.from_json(data, where="game.json"))
    message = str(caught.value)
    assert message.startswith("game.json: outcome: the replay ends otherwise than the game "
                              "did: the game ended: player ")
    assert message.endswith("(if the record was not edited, the game's rules are not "
                            "deterministic, or changed without a version bump)")


def test_a_recorded_outcome_round_trips_and_old_records_still_replay():
    """Audit (stop 48): the outcome a record keeps is written back as read, a replay that
    ends the same way passes, and a record without one (older, or unfinished) replays as
    before; a record whose outcome is not an outcome is refused saying where."""
    game = PileGame()
    data = finished(game)
    record = Record.from_json(data)
    assert record.outcome == data["outcome"] and record.to_json() == data
    assert replay_to_end(game, record).is_terminal()
    del data["outcome"]
    assert replay_to_end(game, Record.from_json(data)).is_terminal()
    data["outcome"] = {"winners": "0", "scores": [1, 0], "reason": "last"}
    with pytest.raises(RecordError, match=r"^record: outcome\.winners: "):
        Record.from_json(data)


def test_a_record_cut_short_is_not_checked_against_its_old_outcome():
    """Audit (stop 48): a finished save whose actions were cut, to take the game back, keeps
    the outcome of the game it was: its replay is not over, and is not refused for it."""
    data = finished(DriftingPile())
    data["actions"] = data["actions"][:1]
    assert not replay_to_end(DriftingPile(), Record.from_json(data)).is_terminal()


def game_package(tmp_path: Any, package: str, name: str) -> None:
    (tmp_path / "games" / package).mkdir()
    (tmp_path / "games" / package / "__init__.py").write_text(toy_pile_source(name))


def test_two_game_packages_of_one_name_are_not_one_silently(entries, tmp_path, caplog):
    """Review (stop 60): a second game package whose game took a name already taken replaced
    the first in the listing without a word (and `warroom play NAME` played whichever came
    last). The first, in the order of the packages' names, keeps the name; the other is left
    out, said once, and asking for it by its package's name says why."""
    game_package(tmp_path, "s48pile_a", "s48pile")
    game_package(tmp_path, "s48pile_b", "s48pile")
    assert list(REGISTRY).count("s48pile") == 1
    assert type(REGISTRY["s48pile"]).__module__ == "warroom.games.s48pile_a"
    assert told(caplog) == ["warroom: game package 's48pile_b' is refused: another package's "
                            "game is called 's48pile'"]
    with pytest.raises(ConfigError, match="^game 's48pile-b' is not available: game package "
                       "'s48pile_b' is refused: another package's game is called 's48pile'$"):
        get_game("s48pile-b")


@pytest.mark.parametrize("name", ["S48 Pile", "s48 pile", " s48pile", "s48_pile", ""])
def test_a_game_whose_name_a_command_line_cannot_type_is_refused(entries, tmp_path, caplog,
                                                                   name):
    """Review (stop 60): a game called "S48 Pile" (or with a space, or '_', which the
    registry reads as '-') was listed by `warroom games` and then could not be played by the
    name listed. It is left out, with a line that says why, from a package and from an
    entry point alike."""
    game_package(tmp_path, "s48odd", name)
    entries.append(game_module(tmp_path, "s48_odd", name))
    assert name not in list(REGISTRY) and "kow" in REGISTRY
    said = told(caplog)
    assert len(said) == 2 and all(f"its name {name!r} is not lower-case letters, digits and "
                                  "'-'" in line for line in said)
    assert said[0].startswith("warroom: game package 's48odd' is refused: ")
