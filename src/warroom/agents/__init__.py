"""Agents by name. A SPEC is `name` or `name:key=value:key=value` (e.g. `mcts:iters=500`).

The built-in players are named by a word (`random`, `heuristic`, `human`, `mcts`: `AGENTS`). A
player of one's own is named by a Python reference, `MODULE.ATTR`, with the usual parameters
after it: `myagent.FirstChoice`, `course.players.Greedy:depth=2` (a built-in player's name has
no dot, so the two never meet). ATTR is a class, or a function, that is called as the built-in
players' are, `ATTR(game, seed, **params)` (the parameters as text), and returns an object with
an `act(view)` method (and, by the `Agent` protocol, a `name`). MODULE is imported from
Python's path as usual and, when it is not found there, from the current folder (looked in
last, so that a file there never hides an installed module): a student runs `warroom` in the
folder of `myagent.py`. Worker processes, started in that folder, find it the same way.

A reference is checked for its form only when a SPEC is parsed (`parse_spec`): a record or a
run naming a player of one's own replays, is listed and reported without importing anything.
It is imported, and found to be callable with the SPEC's parameters, where players are about
to play: `parse_specs` (the `--players` of every command), `refuse_humans` (every batch,
before its first game) and `make_agent`. Every mistake there (no such module, an import that
raises, no such attribute, not callable, parameters it does not take, a constructor that
fails) is a one-line ConfigError naming the SPEC. Such a player's parameters are its own to
check (`PARAM_CHECKS` holds the built-in players only), and so is its randomness: a player
that draws from its `seed` alone plays the same games for the same seed.

The engine reads `act` of an agent, and its `trusted` attribute: only an agent that says
`trusted = True` has its actions applied unchecked (never a player of one's own, whatever
it says: `_checked`); any other's are checked against the rules, and an illegal one is an
IllegalAction naming it. A player's `name` is for people:
records, runs and tables name a player by its SPEC.

Installed packages need no registration: their modules are on Python's path, so
`course.players.Greedy` names a player there as it does one in the current folder.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import os
import sys
import threading
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ..engine import ConfigError, Game, WarroomError, derive_seed
from .base import Agent, HeuristicAgent, RandomAgent
from .mcts import DEFAULT_ITERS, DEFAULT_TIME, MctsAgent, MctsParams

AgentFactory = Callable[..., Agent]


def _human(game: Any, seed: int, **params: Any) -> Agent:
    from .human import HumanAgent

    return HumanAgent(game, seed, **params)


AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "human": _human,
    "mcts": MctsAgent,
}


# Players a batch (simulate, sweep, tune, evaluate...) can seat: every one but a person.
AI_PLAYERS = tuple(name for name in AGENTS if name != "human")


# What each player's SPEC parameters are checked by (None: the player takes none). Checked
# when a SPEC is parsed, so a mistake is one line before any game is played or stored, not
# a TypeError from a constructor (or a worker) once a run exists.
PARAM_CHECKS: dict[str, Callable[[dict[str, str]], object] | None] = {
    "random": None,
    "heuristic": None,
    "human": None,  # HumanAgent's own arguments (stdin, console) are for code, not SPECs
    "mcts": MctsParams.parse,
}

# How an unknown name is told what a player of one's own is called.
OWN_PLAYER = "a player of your own is named MODULE.CLASS, e.g. myagent.FirstChoice"


def is_own_player(name: str) -> bool:
    """Whether a parsed SPEC's name is a player of one's own (`MODULE.ATTR`), not a built-in."""
    return name not in AGENTS and "." in name


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """A player SPEC (`name` or `name:key=value:...`, e.g. "mcts:iters=500") as (name,
    {key: value text}), its parameters checked; a mistake is a one-line ConfigError. Spaces
    around the name, a key or a value are left out (" mcts : iters = 5" is mcts:iters=5).
    A player of one's own (`myagent.FirstChoice`) is checked for its form only: nothing is
    imported (`player_factory` does that), and its parameters are its constructor's."""
    name, *parts = spec.strip().split(":")
    name = name.strip()  # spaces around the name, a key or a value are not part of it
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = (word.strip() for word in part.partition("="))
        if not sep or not key:
            if not params and not sep and name not in AGENTS:
                _check_module_name(spec, name, key)  # `myagent.py:Greedy`
            if not params and name not in AGENTS and key.isidentifier() and \
                    all(word.isidentifier() for word in name.split(".")):
                # `myagent:FirstChoice`, `course.players:Greedy` (an entry point's form)
                raise ConfigError(f"player spec {spec!r}: a player of your own is named "
                                  f"MODULE.CLASS, with a dot: {name}.{key}; a colon starts "
                                  "its parameters (key=value)")
            raise ConfigError(f"player spec {spec!r}: {part!r} must look like key=value")
        if key in params:
            raise ConfigError(f"player spec {spec!r}: parameter {key!r} is given twice")
        params[key] = value
    if is_own_player(name):
        _check_reference(spec, name)
        return name, params
    if name not in AGENTS:
        raise ConfigError(f"unknown player {name!r}; players are: {', '.join(AGENTS)}; "
                          f"{OWN_PLAYER}")
    if name in PARAM_CHECKS:  # a player added to AGENTS alone is left to its constructor
        _check_params(spec, name, params)
    return name, params


def _check_params(spec: str, name: str, params: dict[str, str]) -> None:
    check = PARAM_CHECKS[name]
    if check is None:
        if params:
            raise ConfigError(f"player spec {spec!r}: unknown parameter "
                              f"{next(iter(params))!r}; {name} takes no parameters")
        return
    try:
        check(params)
    except ConfigError as exc:
        # The agent's message starts with its name ("mcts: ..."), which the SPEC shows.
        raise ConfigError(f"player spec {spec!r}: {str(exc).removeprefix(name + ': ')}"
                          ) from None


def _check_reference(spec: str, name: str) -> None:
    """`MODULE.ATTR`, each part a Python name: its form, nothing imported."""
    module, _, attr = name.rpartition(".")
    _check_module_name(spec, *((name, "") if name.endswith(".py") else (module, attr)))
    if not all(part.isidentifier() for part in name.split(".")):
        raise ConfigError(f"player spec {spec!r}: {name!r} is not a player: {OWN_PLAYER} "
                          "(Python names joined by dots, the module's file MODULE.py)")


def _check_module_name(spec: str, module: str, attr: str) -> None:
    """A module named by its file (`myagent.py`, `sub/myagent.py`; `attr` the class after
    it, "" if none): a ConfigError saying how it is named, since the hint of another mistake
    would keep the .py (`myagent.py.Greedy`, which fails again)."""
    folder, slash, file = module.replace("\\", "/").rpartition("/")
    if not (slash or file.endswith(".py")):
        return
    player = f"{file.removesuffix('.py')}.{attr if attr.isidentifier() else 'CLASS'}"
    if slash:
        where = "the current folder" if folder == "." else folder or "/"
        raise ConfigError(f"player spec {spec!r}: a player of your own is named MODULE.CLASS, "
                          f"not by a path: run warroom in {where} and name it {player}")
    raise ConfigError(f"player spec {spec!r}: name the module without .py: {player}")


# ---- players of one's own: imported where they are about to play ----

# The factories of the references found so far in this process (each imported once).
_FOUND: dict[str, AgentFactory] = {}
# sys.path is shared by every thread: the current folder is added to it for one import at once.
_PATH_LOCK = threading.Lock()


def player_factory(name: str, spec: str | None = None) -> AgentFactory:
    """What makes the player `name` (a parsed SPEC's name): a built-in player's class, or the
    class or function a player of one's own names (`myagent.FirstChoice`), its module
    imported from Python's path or, if not there, from the current folder. A module that is
    not found or whose import raises, an attribute it lacks or one that cannot be called is
    a one-line ConfigError about `spec` (default: `name`)."""
    if name in AGENTS:
        return AGENTS[name]
    found = _FOUND.get(name)
    if found is not None:
        return found
    spec = name if spec is None else spec
    _check_reference(spec, name)
    module_name, _, attr = name.rpartition(".")
    module = _import(spec, module_name)
    where = f" ({module.__file__})" if getattr(module, "__file__", None) else ""
    if not hasattr(module, attr):
        # A file of the current folder passed over is why the attribute is missing: said
        # first, as a near name of the installed module's would only mislead.
        near = difflib.get_close_matches(attr, [n for n in vars(module) if n[:1] != "_"], 1)
        hint = _hidden(module_name, module) or (f"; did you mean {module_name}.{near[0]}?"
                                                if near else "")
        raise ConfigError(f"player spec {spec!r}: module {module_name}{where} has no "
                          f"{attr!r}{hint}")
    factory = getattr(module, attr)
    if isinstance(factory, ModuleType):
        raise ConfigError(f"player spec {spec!r}: {name} is a module: name the player class "
                          f"in it, {name}.CLASS")
    if not callable(factory):
        raise ConfigError(f"player spec {spec!r}: {name} is {_a(type(factory).__name__)}, "
                          "not a class or function that makes a player")
    _FOUND[name] = factory
    return factory


def _hidden(module_name: str, module: ModuleType) -> str:
    """What to add when a file of the current folder was passed over for an installed module
    of its name (a student's `random.py`): nothing otherwise."""
    top = module_name.split(".")[0]
    try:
        here = os.getcwd()
    except OSError:
        return ""
    mine = [p for p in (top + ".py", top) if os.path.exists(os.path.join(here, p))]
    file = getattr(module, "__file__", None) or ""
    if not mine or os.path.abspath(file).startswith(os.path.join(here, "")):
        return ""
    return (f"; the current folder's {mine[0]} is not read: an installed module of that name "
            "comes first (rename your file)")


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _import(spec: str, module: str) -> ModuleType:
    """`module`, from Python's path, else from the current folder (last on the path, for
    this import only: it never hides an installed module, nor stays to hide one later)."""
    try:
        return _import_found(spec, module)
    except _NotFound:
        pass
    try:
        folder: str | None = os.getcwd()
    except OSError:  # the current folder was deleted: there is nothing to look in
        folder = None
    missing = module.split(".")[0]
    if folder is not None:
        with _PATH_LOCK:
            sys.path.append(folder)
            importlib.invalidate_caches()  # a file made since the folder was last read
            try:
                return _import_found(spec, module)
            except _NotFound as exc:
                missing = exc.name
            finally:
                _remove_last(sys.path, folder)
    if "." in missing:  # its package is there, without this module
        raise ConfigError(f"player spec {spec!r}: no module named {missing!r}")
    where = f"the current folder ({folder})" if folder else "the current folder (deleted)"
    run_in = (f"the folder of {missing}.py" if missing == module
              else f"the folder that holds the package {missing}")
    raise ConfigError(f"player spec {spec!r}: no module named {missing!r} on Python's path "
                      f"or in {where}: run warroom in {run_in}")


class _NotFound(Exception):
    def __init__(self, name: str):
        self.name = name


def _import_found(spec: str, module: str) -> ModuleType:
    """`module` imported; `_NotFound` when it (or a package on its path) does not exist, a
    ConfigError naming `spec` when importing it fails."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and (module == exc.name or module.startswith(exc.name + ".")):
            raise _NotFound(exc.name) from None
        raise ConfigError(_failed(spec, f"importing {module}", exc)) from None
    except (Exception, SystemExit) as exc:  # the module's own error (a SyntaxError, a bug)
        raise ConfigError(_failed(spec, f"importing {module}", exc)) from None


def _remove_last(path: list[str], folder: str) -> None:
    for i in range(len(path) - 1, -1, -1):
        if path[i] == folder:
            del path[i]
            return


# warroom's own files: where a player's code that raised is not (`_failed`)
_WARROOM = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "")


def _failed(spec: str, what: str, exc: BaseException, seat: int | None = None) -> str:
    """One line for a player's code that raised: what failed (in `seat`, if given), the
    exception's own first line and where it was raised (a SyntaxError's text says where
    already), no traceback. Where: the player's own line, the last one outside warroom (a
    bad argument to `view.determinize` fails inside warroom, at a line the player never
    wrote), else the last."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    said = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    at = ""
    if not isinstance(exc, SyntaxError):
        frames = [f for f in traceback.extract_tb(exc.__traceback__)
                  if not f.filename.startswith("<") and f.filename != __file__ and
                  os.path.dirname(f.filename) != os.path.dirname(importlib.__file__)]
        own = [f for f in frames if not os.path.abspath(f.filename).startswith(_WARROOM)]
        if frames:
            where = (own or frames)[-1]
            at = f" (at {where.filename}:{where.lineno})"
    in_seat = "" if seat is None else f" (seat {seat})"
    return f"player spec {spec!r}{in_seat}: {what} failed: {said}{at}"


class PlayerError(WarroomError):
    """A player failed in a game: its act(view) raised, or it chose an illegal action."""


def player_failed(spec: str, seat: int, exc: BaseException, illegal: bool) -> str:
    """One line naming the player `spec` in `seat` that failed in a game (as
    `engine.runner.agent_failure` tells it): `exc` is what its act(view) raised, said where
    in its own code (`_failed`), or, `illegal`, the IllegalAction refusing its action."""
    if illegal:
        return f"player spec {spec!r} (seat {seat}) played an illegal action: {exc}"
    return _failed(spec, "act(view)", exc, seat)


def _check_call(spec: str, name: str, params: dict[str, str]) -> None:
    """A player of one's own can be called with a game, a seed and the SPEC's parameters
    (what its signature says; a constructor that fails is told by `make_agent`)."""
    factory = player_factory(name, spec)
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # some callables written in C say nothing
        return
    try:
        signature.bind(None, 0, **params)
    except TypeError as exc:
        raise ConfigError(f"player spec {spec!r}: cannot call {_call(name, params)}: {exc} "
                          "(a player of your own is made with the game, a seed and the "
                          "SPEC's parameters, as text)") from None


def _call(name: str, params: dict[str, str]) -> str:
    return f"{name}({', '.join(['game', 'seed', *(f'{k}={v!r}' for k, v in params.items())])})"


def check_players(specs: list[str] | tuple[str, ...]) -> None:
    """Every SPEC parsed, and each player of one's own imported and found callable with its
    parameters: a mistake is a one-line ConfigError before any game is played."""
    for spec in specs:
        name, params = parse_spec(spec)
        if is_own_player(name):
            _check_call(spec, name, params)


def spec_text(name: str, params: dict[str, str]) -> str:
    """A parsed SPEC written out again: "mcts:iters=5" for " mcts : iters= 5"."""
    return ":".join([name, *(f"{key}={value}" for key, value in params.items())])


def parse_specs(text: str, expected: int | None = None) -> list[str]:
    """The comma-separated SPECs of `text`, each checked and written without the spaces
    around its parts (as runs, records and tables then name it). They are players about to
    play: a player of one's own is imported, and found callable with its parameters
    (`check_players`)."""
    specs = [s.strip() for s in text.split(",")]
    if not all(specs):
        raise ConfigError(f"--players {text!r} has an empty SPEC: give one SPEC per seat, "
                          "e.g. human,heuristic")
    specs = [spec_text(*parse_spec(spec)) for spec in specs]
    if expected is not None and len(specs) != expected:
        raise ConfigError(f"--players needs {expected} players, got {len(specs)}: {text!r}")
    check_players(specs)
    return specs


def refuse_humans(specs: list[str] | tuple[str, ...], command: str,
                  where: str = "--players") -> None:
    """A batch plays its games unattended (in workers, often thousands), as an environment
    plays its opponents: a `human` SPEC would stop it at a prompt, with a run already stored.
    Refused before anything is played; `where` names the option that gave the SPECs. A
    player of one's own is imported and checked then too (`check_players`), so that a
    mistake in it is one line before a run is stored, not an error from every worker."""
    for spec in specs:
        if parse_spec(spec)[0] == "human":
            what = " in a batch" if where == "--players" else ""
            raise ConfigError(f"{where}: {spec.strip()!r} cannot play{what} ({command} "
                              f"plays AI players only: {', '.join(AI_PLAYERS)})")
    check_players(specs)


# A bare `mcts` SPEC's budget, as words give it (it stops at whichever comes first)
BARE_MCTS_BUDGET = f"{DEFAULT_ITERS} iterations or {DEFAULT_TIME:g} s a move"


def clock_bound(spec: str) -> str | None:
    """None when a player SPEC's moves are fixed by its seed on any machine; else the SPEC of
    a search stopped by the clock, as words name it: `mcts:time=1` as given (without spaces
    around its parts, as `parse_specs` writes it), and a bare `mcts`
    with its default (DEFAULT_ITERS iterations or DEFAULT_TIME seconds a move) spelled out. A
    record of such a player's game cannot be played again as it was: its moves depend on the
    machine's speed. A player of one's own is taken at its word: None (nothing is imported;
    one that reads the clock, or draws from anything but its seed, is its author's to say)."""
    name, params = parse_spec(spec)
    spec = spec_text(name, params)
    if name != "mcts" or MctsParams.parse(params).time is None:
        return None
    if "time" in params:
        return spec
    return f"{spec}: {BARE_MCTS_BUDGET}, by default"


def make_agent(spec: str, game: Any, seed: int) -> Agent:
    """The agent a player SPEC names ("random", "heuristic", "mcts:iters=500", "human", or a
    player of one's own, "myagent.FirstChoice"), for `game`, with its own seed: its choices
    are the same for the same seed. An unknown player or parameter is a ConfigError, and so
    is a "heuristic" player for a game without a heuristic (one that does not override
    `Game.heuristic`), and a player of one's own that cannot be imported or made, or that
    makes no agent (nothing with an `act` method). `make_agents` makes one per seat."""
    name, params = parse_spec(spec)
    if is_own_player(name):
        return _make_own(spec, name, params, game, seed)
    if name == "heuristic" and isinstance(game, Game) and \
            type(game).heuristic is Game.heuristic:
        raise ConfigError(f"player spec {spec!r}: {game.name} has no heuristic player: use "
                          "random or mcts")
    try:
        return AGENTS[name](game, seed, **params)
    except TypeError as exc:
        raise ConfigError(f"player spec {spec!r}: {exc}") from None


def _make_own(spec: str, name: str, params: dict[str, str], game: Any, seed: int) -> Agent:
    """The agent a player of one's own makes, its actions always checked (`_checked`)."""
    factory = player_factory(name, spec)
    try:
        agent = factory(game, seed, **params)
    except TypeError as exc:
        _check_call(spec, name, params)  # said as a call that does not fit, if it is one
        raise ConfigError(_failed(spec, _call(name, params), exc)) from None
    except Exception as exc:  # its constructor's own error: a parameter it refuses, a bug
        raise ConfigError(_failed(spec, _call(name, params), exc)) from None
    if not callable(getattr(agent, "act", None)):
        raise ConfigError(f"player spec {spec!r}: {_call(name, params)} made "
                          f"{_a(type(agent).__name__)}, which has no act(view) method: a "
                          "player chooses its action with act(view)")
    return _checked(agent)


def _checked(agent: Any) -> Any:
    """`agent` with `trusted` False: every action a player of one's own returns is checked
    against the rules, whatever it says (one that subclasses RandomAgent inherits `trusted =
    True`, and its illegal action would be applied unchecked, blamed on the game). Said on the
    agent itself, so the runner's loop calls its own `act`; an agent that refuses the
    attribute (`__slots__`, a property) is wrapped instead. One that says nothing is left
    as it is: the runner checks it already."""
    if not getattr(agent, "trusted", False):
        return agent
    try:
        agent.trusted = False
    except Exception:  # whatever its __setattr__ raises: it is wrapped below
        pass
    return _Checked(agent) if getattr(agent, "trusted", False) else agent


class _Checked:
    """A player of one's own that would not stop saying `trusted`: its `act` (and any other
    attribute) as its own, `trusted` False."""

    trusted = False

    def __init__(self, agent: Any):
        self.agent = agent
        self.act = agent.act  # the bound method: the loop calls it without a detour

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.agent, attr)


def make_agents(specs: list[str], game: Any, seed: int) -> list[Agent]:
    """One agent per seat, each with its own seed derived from the game's."""
    return [make_agent(spec, game, derive_seed(seed, "agent", i)) for i, spec in enumerate(specs)]


__all__ = ["AGENTS", "AI_PLAYERS", "BARE_MCTS_BUDGET", "Agent", "HeuristicAgent", "MctsAgent",
           "PlayerError", "RandomAgent", "check_players", "clock_bound", "is_own_player",
           "make_agent", "make_agents", "parse_spec", "parse_specs", "player_factory",
           "player_failed", "refuse_humans"]
