"""Every registered game as an OpenSpiel Python game, so OpenSpiel's algorithms run on it.

    import pyspiel
    import warroom.envs.openspiel  # registers warroom_kow, warroom_champions, ...
    game = pyspiel.load_game("warroom_kow(victories_to_win=1,seed=7)")

A game's short name is `warroom_` and its name with `_` for `-`; its parameters are the rule
options and `seed`, which seeds the deals of successive `new_initial_state()` calls (at most
2**31-1: OpenSpiel's integer parameters are C++ ints, and it refuses a larger one itself). An
option with a plain default (a number, flag or text) is that value; any other (a list, an
option unset by default) is text, as `warroom play --set` reads it, with a list's items
separated by `;` (a game string splits parameters at ','; in a dict, ',' does too):
`warroom_kow(red_faces=0;0;2;2;2;3)`, `warroom_viktory(attackers=2i1c;1a@frigate)`. OpenSpiel
reads a game string's `3` or `true` as a number or flag, which a text parameter refuses: such
text goes in double quotes, `warroom_viktory(attacker_towns="3")`. The game keeps its
parameters in that form, so `load_game(str(game))` is the same game (but for text holding
',', '=', '(' or ')', which no game string holds).

- Dynamics: sequential. A simultaneous decision is asked of its movers one at a time, and
  neither the observation nor the information state of one shows which choice another has
  made (that it has chosen may show: who is still to choose is public).
- Chance: **sampled stochastic**. The engine draws every random outcome (shuffles, dice) from
  the state's own seeded generator inside `apply`, so chance is not exposed as chance nodes:
  `clone()` copies the generator (a clone's future is the original's), and
  `resample_from_infostate(player, sampler)` returns the engine's determinisation for that
  player, with its hidden cards and future chance resampled (it carries no action history;
  its information state keeps that player's own actions).
- Information state string: the player's observation as canonical JSON, including its log of
  every event it has seen (its perfect-recall view: the whole log where the observation
  shows only its end, as Viktory II's does), its own actions so far (`own_actions`: a log
  need not tell two choices apart), and for the player to move its legal actions
  (`legal_actions`: see WarroomObserver); observation string: the observation without the
  log. Observation tensor: the game's encoding (`Game.encoding`), the current view, not a
  history; information state tensor: the encoding and the player's legal action mask (no
  history either).
- Length: a game still going after `max_game_length()` decisions (100,000) ends there, a draw
  (returns all 0): OpenSpiel's truncation, as its own games with a length limit end.
- Utility: win 1 (each of several winners too), loss -1, draw 0; a team's win is shared. A
  game's type is zero-sum when its config has two players, general-sum with more (a
  registered game's type says general-sum if the game may have more).
- Deals: each new initial state takes the next seed of the game's `seed` sequence when it is
  first used (not when it is made), so which deal a state gets follows the order states are
  first used in. A clone of a state is the same game, dealt or not.
- Serialization (`pyspiel.serialize_game_and_state`) is not supported: the engine's
  generator lives in the state, and OpenSpiel's Python games cannot save it (its
  `random_sim_test` runs with `serialize=False`).
- An action that is not legal now raises IllegalAction, naming the legal ones
  (`apply_action_with_legality_check` too).
- Action strings: an action's key text (`choose 0 red, 0 white, 1 blue`), the same for every
  player and state, which `string_to_action` parses back; not its label, which reads the
  state and could name another player's secret.
- OpenSpiel's Python ISMCTS bot resamples worlds with an unseeded sampler of its own:
  `seed_resampling(bot)` makes a bot with a seeded `random_state` repeat.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np

from . import needs_rl

try:
    import pyspiel
except ModuleNotFoundError as exc:  # the `rl` extra is not installed
    raise needs_rl(exc, __name__)  # noqa: B904 (chained by needs_rl)

from ..engine import Game, IllegalAction
from ..engine.config import list_options, option_text
from ..games import REGISTRY
from .table import load, not_legal, rewards

# Decisions: a bound OpenSpiel asks for, and a state keeps it (a draw there, as OpenSpiel's
# own games with a length limit end). No game played by its rules with a varied policy comes
# near it, but Champions' Roshambo is thrown again after every draw: two seats that always
# throw alike would never end.
MAX_GAME_LENGTH = 100_000

# A list option's items in its OpenSpiel text: a game string splits its parameters at ','.
ITEM_SEPARATOR = ";"


def short_name(game: Game) -> str:
    return "warroom_" + game.name.replace("-", "_")


def _parameters(game: Game) -> dict[str, Any]:
    """Every option, as OpenSpiel can pass it: a plain value as itself, any other (a list, an
    unset option) as text (`_text_options`)."""
    text = _text_options(game)
    params = {name: _text(default) if name in text else default
              for name, default in _defaults(game).items()}
    params["seed"] = 0
    return _stored(game, params)


def _stored(game: Game, params: dict[str, Any]) -> dict[str, Any]:
    """`params` in the form the game keeps and `str(game)` prints, which a game string reads
    back as the same parameters: a list's items joined by ITEM_SEPARATOR however they came,
    and text the game string would read as another type in double quotes (`_spiel_text`)."""
    lists = list_options(game.Config)
    stored = {}
    for name, value in params.items():
        if isinstance(value, str):
            value = _unquoted(value)
            if name in lists:
                value = value.replace(",", ITEM_SEPARATOR)
            value = _spiel_text(value)
        stored[name] = value
    return stored


def _spiel_text(text: str) -> str:
    """`text` as a game string reads it back as text. OpenSpiel's parser (its
    game_parameters.cc) reads `true`/`false`/`True`/`False` as a flag, anything made of digits,
    signs and points as a number (or refuses it), and a value ending in ')' as a nested game;
    it keeps quotes, so such text goes in double quotes, which `_unquoted` takes off. Text
    holding ',' '=' '(' or ')' elsewhere has no such form: the parser splits there."""
    other = (text in ("true", "false", "True", "False") or text.endswith(")")
             or (text != "" and not text.strip("+-.0123456789")))
    return f'"{text}"' if other else text


def _unquoted(text: str) -> str:
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def _defaults(game: Game) -> dict[str, Any]:
    fields = dataclasses.fields(game.Config)
    return {f.name: f.default if f.default_factory is dataclasses.MISSING
            else f.default_factory() for f in fields}


def _text_options(game: Game) -> set[str]:
    """The options OpenSpiel carries as text: its parameters are plain values alone."""
    return {name for name, default in _defaults(game).items()
            if not isinstance(default, bool | int | float | str)}


def _text(value: Any) -> str:
    """An option's value as `--set` writes it, a list's items joined by ITEM_SEPARATOR (a game
    string, `str(game)` too, splits parameters at ',')."""
    if isinstance(value, tuple):
        return ITEM_SEPARATOR.join(map(option_text, value))
    return option_text(value)


def _options(game: Game, params: dict[str, Any]) -> dict[str, Any]:
    """The rule options for warroom's config from the game's parameters (`_stored`, `seed`
    apart). A text option given its default text is left to the Config; another is read as
    `--set` reads its text (`Game.config`), unquoted, a list's items separated by ','."""
    spec = game_type(game).parameter_specification
    text, lists = _text_options(game), list_options(game.Config)
    options: dict[str, Any] = {}
    for name, value in {**spec, **params}.items():
        if name == "seed" or (name in text and value == spec[name]):
            continue
        if isinstance(value, str):
            value = _unquoted(value)
        options[name] = (value.replace(ITEM_SEPARATOR, ",") if name in lists else value)
    return options


def game_type(game: Game, players: int | None = None) -> pyspiel.GameType:
    """The game's type; with `players` (a config's), its utility is that config's: zero-sum
    for two players, general-sum for more (teams share a win)."""
    many = (game.max_players if players is None else players) > 2
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"warroom {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if many
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class _Engine:
    """Holds the engine state, dealt on first use by `deal`; OpenSpiel clones a Python state
    by deep-copying its fields, and this makes that copy the engine's own `clone()`. A state
    not dealt yet is dealt before it is copied: the clone is the same game."""

    __slots__ = ("state", "deal")

    def __init__(self, state: Any, deal: Callable[[], Any]):
        self.state = state
        self.deal = deal

    def get(self) -> Any:
        if self.state is None:
            self.state = self.deal()
        return self.state

    def __deepcopy__(self, memo: dict) -> _Engine:
        return _Engine(self.get().clone(), self.deal)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (by the state's `serialize()`) as its dealt state alone: with `deal` it would
        # carry a copy of the game, and an undealt state would deal that copy's sequence again.
        return _Engine, (self.get(), _dealt)


def _dealt() -> Any:
    raise AssertionError("an engine restored from a pickle is dealt already")


class WarroomSpielGame(pyspiel.Game):
    """Base of the registered games; `warroom_game` is set per registered subclass."""

    warroom_game: Game

    def __init__(self, params: dict[str, Any] | None = None):
        # kept as a game string reads them back: `load_game(str(game))` is this game again
        params = _stored(self.warroom_game, dict(params or {}))
        options = _options(self.warroom_game, params)
        self.game, self.config, self.encoding = load(self.warroom_game, options)
        self.players = self.game.num_players(self.config)
        gtype = game_type(self.warroom_game, self.players)
        seed = int(params.get("seed", 0))
        if seed < 0:  # Python's Random takes -k for k: another seed's deals, unannounced
            raise ValueError(f"seed must be 0 or more, got {seed} (it would deal as seed "
                             f"{-seed}); for deals of no fixed seed, pass a random one")
        self.deals = random.Random(seed)
        self.max_length = MAX_GAME_LENGTH  # read when the game is made: a test may lower it
        self._strings: list[str] | None = None  # action_strings(), made when first asked
        self._numbers: dict[str, int] | None = None
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None if gtype.utility == pyspiel.GameType.Utility.GENERAL_SUM else 0.0,
            max_game_length=self.max_length,
        )
        super().__init__(gtype, info, params)

    def new_initial_state(self) -> WarroomSpielState:
        return WarroomSpielState(self)

    def action_strings(self) -> list[str]:
        """Each action's text for `action_to_string`: its key's (`Encoding.describe_key`),
        the same for every player and every state, so that it parses back and tells no player
        more than the index itself. A label reads the state (the card in a table slot, the card
        a Champions place puts down) and could name what another player may not see. Texts
        two keys would share get the action's index, so each names one action."""
        if self._strings is None:
            enc = self.encoding
            texts = [enc.describe_key(key) for key in enc.keys]
            counts: dict[str, int] = {}
            for text in texts:
                counts[text] = counts.get(text, 0) + 1
            self._strings = [t if counts[t] == 1 else f"{t} (action {i})"
                             for i, t in enumerate(texts)]
            self._numbers = {t: i for i, t in enumerate(self._strings)}
        return self._strings

    def action_numbers(self) -> dict[str, int]:
        """`action_strings` inverted: text -> action."""
        if self._numbers is None:
            self.action_strings()
        assert self._numbers is not None
        return self._numbers

    def deal(self) -> Any:
        """A new engine state, its seed the next of this game's `seed` sequence."""
        return self.game.new_state(self.config, self.deals.getrandbits(63))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None
                         ) -> WarroomObserver | PublicObserver | None:
        """A seat's view (public and its own private information: the encoding and its
        observation), or the public view alone (a spectator's observation, as a string); None
        for what no seat sees (every player's private information, or private without
        public), as OpenSpiel's `make_observation` expects of a type a game does not offer."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not kind.public_info:
            return None
        if kind.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return WarroomObserver(self, kind.perfect_recall)
        if kind.private_info == pyspiel.PrivateInfoType.NONE:
            return PublicObserver(kind.perfect_recall)
        return None

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a sampled-stochastic game with its generator's state, which a Python
        # game cannot give: this one is its name and parameters, and where its deals stand.
        # The parameters go as a dict: the game string's parser splits a text value at ','.
        return _load_game, (self.get_type().short_name, self.get_parameters(),
                            self.deals.getstate())


def _load_game(name: str, params: dict[str, Any], deals: Any) -> WarroomSpielGame:
    game = pyspiel.load_game(name, params)
    game.deals.setstate(deals)
    return game


class WarroomSpielState(pyspiel.State):
    # OpenSpiel clones a Python state by making a new initial state and deep-copying the
    # fields into it: the engine state is dealt on first use, so a clone deals nothing.
    def __init__(self, game: WarroomSpielGame, state: Any = None,
                 taken: list[list[int]] | None = None, limit: int | None = None):
        super().__init__(game)
        self._engine = _Engine(state, game.deal)
        # Each seat's own actions in order, part of its information state: the engine's log
        # need not tell two choices apart (Viktory II's "done stop" of the last unit to move
        # and "done move" lead to one state), and perfect recall asks that a player know
        # what it chose.
        self._taken = taken or [[] for _ in range(game.players)]
        # The decisions this state's history may reach: a resampled world starts with none,
        # and the bound counts those its original had made too.
        self._limit = game.max_length if limit is None else limit

    @property
    def _wg(self) -> WarroomSpielGame:
        return self.get_game()

    @property
    def engine(self) -> Any:
        """The warroom engine state (the whole truth: for tests and tools, not for agents)."""
        return self._engine.get()

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.engine.to_move()[0]

    def _cut_off(self) -> bool:
        """Whether the game has reached its length bound (`max_game_length`) unfinished."""
        return self.move_number() >= self._limit

    def _movers(self) -> Any:
        """The engine's players to move; none once the game is over or cut off."""
        return () if self._cut_off() else self.engine.to_move()

    def _legal(self) -> dict[int, Any]:
        movers = self._movers()
        return self._wg.encoding.legal(self.engine, movers[0]) if movers else {}

    def _legal_actions(self, player: int) -> list[int]:
        movers = self._movers()
        if not movers or movers[0] != player:
            return []
        return sorted(self._legal())

    def _apply_action(self, action: int) -> None:
        movers = self._movers()
        if not movers:
            cut = f" (cut off at {self._wg.max_length} decisions)" if self._cut_off() else ""
            raise IllegalAction(f"action {action}: the game is over{cut}; no more actions")
        legal = self._legal()
        if action not in legal:
            raise not_legal(f"action {action}", f"player {movers[0]}", legal)
        self.engine.apply(movers[0], legal[action])
        self._taken[movers[0]].append(action)

    def apply_action_with_legality_check(self, action: int) -> None:
        """`apply_action`, which checks the action itself: one not legal now is an
        IllegalAction naming the legal ones, and changes nothing. OpenSpiel's own check words
        its error with `SerializeGameAndState`, which a sampled-stochastic Python game cannot
        do, so it said only "GetRNGState unimplemented"."""
        self.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        # The key's text, not the action's label: see WarroomSpielGame.action_strings.
        texts = self._wg.action_strings()
        if not 0 <= action < len(texts):  # a bare IndexError said nothing of what was wrong
            raise ValueError(f"action {action} is no action of this game (0 to "
                             f"{len(texts) - 1})")
        return texts[action]

    def string_to_action(self, *args: Any) -> int:
        """`string_to_action([player,] text)`: the action whose `action_to_string` is `text`,
        for any player and any action of the game, legal now or not (OpenSpiel's own looks
        among the legal actions of the player to move only)."""
        if len(args) not in (1, 2) or not isinstance(args[-1], str):
            raise TypeError(f"string_to_action takes ([player,] text), got {args!r}")
        action = self._wg.action_numbers().get(args[-1])
        if action is None:
            raise pyspiel.SpielError(f"Couldn't find an action matching {args[-1]!r}: an "
                                     f"action's text is its key's, as action_to_string gives")
        return action

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # Without it OpenSpiel's base class answered "Tried to call pure virtual function".
        raise pyspiel.SpielError("chance_outcomes: not a chance node: warroom games have no "
                                 "chance nodes (sampled stochastic: the engine draws chance "
                                 "inside apply_action)")

    def is_terminal(self) -> bool:
        # At the length bound the game ends unfinished: returns all 0, a draw (OpenSpiel's own
        # games with a length limit end so), as PettingZoo's `max_cycles` truncates.
        return self._cut_off() or self.engine.is_terminal()

    def returns(self) -> list[float]:
        outcome = self.engine.outcome()
        if outcome is None:
            return [0.0] * self._wg.players
        return rewards(self._wg.game, self._wg.config, outcome, self._wg.players,
                       self.engine.players_out())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> WarroomSpielState:
        """A state `player_id` cannot tell from this one: the engine's determinisation, its
        generator seeded from OpenSpiel's sampler."""
        players = self._wg.players
        # else a bare IndexError, or past the last seat a world resampled for no player
        if not 0 <= player_id < players:
            raise ValueError(f"player {player_id} is no player of this game (0 to "
                             f"{players - 1})")
        seed = int(float(probability_sampler()) * 2**53)
        twin = self.engine.determinize(player_id, random.Random(seed))
        # what player_id chose it knows (its information state); the others' choices it
        # may not, so theirs start anew
        taken = [list(t) if p == player_id else [] for p, t in enumerate(self._taken)]
        return WarroomSpielState(self._wg, twin, taken, self._limit - self.move_number())

    def __str__(self) -> str:
        return self._wg.game.render(self.engine.observation(None), None)

    def __deepcopy__(self, memo: dict) -> WarroomSpielState:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # As the game's: pyspiel would serialize the state with the game's generator. The
        # state's own `serialize()` holds its action history and move number (a new state
        # has neither) and the engine state whole, its own generator included, so its future
        # is the same.
        return _load_state, (self._wg, self.serialize())


def _load_state(game: WarroomSpielGame, data: str) -> WarroomSpielState:
    return game.deserialize_state(data)


class WarroomObserver:
    """OpenSpiel's observer protocol: `tensor` (the game's encoding) with named views in
    `dict`, and `string_from` (the observation as JSON, with its log for perfect recall).

    With perfect recall this is the information state, and OpenSpiel requires the legal
    actions to be a function of it (its ISMCTS keys a node's children by the information
    state string and looks the sampled world's legal actions up there). The observation
    alone does not fix them: with hidden units (Viktory II's dark map) the sites a player's
    capital may take depend on which hexes of its starting area an opponent it cannot see
    holds, so two worlds it cannot tell apart by what it sees offer it different actions.
    What the player to move knows for certain at its decision is what it may do, so its
    information state adds its legal actions: a `legal_actions` entry in the string (sorted
    indices), and in the tensor, after the encoding, a `legal_actions` piece (its mask).
    The tensor needs it as much as the string: the encoding writes only what the
    observation shows (the encodings' rule 4, checked against `determinize`), so it is equal
    wherever the observation is, and carries the mask no more than the observation does.
    A seat not to move has no legal actions: its string has no such entry (so the string
    also tells the seat to move from one that is not), its mask is all 0, and asking costs
    it nothing more than before. The observation (no perfect recall) stays the encoding and
    the observation alone, as OpenSpiel asks nothing of it."""

    def __init__(self, game: WarroomSpielGame, perfect_recall: bool):
        self.encoding = game.encoding
        self.perfect_recall = perfect_recall
        size = self.encoding.size
        actions = self.encoding.num_actions if perfect_recall else 0
        self.tensor = np.zeros(size + actions, np.float32)
        self._mask = self.tensor[size:]
        self.dict = {p.name: self.tensor[self.encoding.offsets[p.name]:
                                         self.encoding.offsets[p.name] + p.size].reshape(p.shape)
                     for p in self.encoding.pieces}
        if perfect_recall:
            self.dict[LEGAL_ACTIONS] = self._mask

    def set_from(self, state: WarroomSpielState, player: int) -> None:
        engine = state.engine
        if not self.perfect_recall:
            self.tensor[:] = self.encoding.encode(engine, player)
            return
        self.tensor[:self.encoding.size] = self.encoding.encode(engine, player)
        self._mask[:] = 0
        legal = _mover_legal(state, player)
        if legal:
            self._mask[legal] = 1

    def string_from(self, state: WarroomSpielState, player: int) -> str:
        if not self.perfect_recall:
            return _json(state.engine.observation(player), False)
        observation = {**_recalled(state.engine, player), OWN_ACTIONS: state._taken[player]}
        legal = _mover_legal(state, player)
        if legal:
            observation[LEGAL_ACTIONS] = legal
        return _json(observation, True)


# The information state's entry (string) and piece (tensor) for the mover's legal actions.
LEGAL_ACTIONS = "legal_actions"
# The information state string's entry for the player's own actions (indices, in order).
OWN_ACTIONS = "own_actions"


def _mover_legal(state: WarroomSpielState, player: int) -> list[int]:
    """`player`'s legal actions (sorted indices) if it is to move; else [], asking nothing."""
    movers = state._movers()
    if not movers or movers[0] != player:
        return []
    return sorted(state._legal())


class PublicObserver:
    """What every seat sees: the spectator's observation as JSON (with the public log for
    perfect recall); no tensor, as the encodings are written for a seat."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: WarroomSpielState, player: int) -> None:
        pass

    def string_from(self, state: WarroomSpielState, player: int) -> str:
        if not self.perfect_recall:
            return _json(state.engine.observation(None), False)
        return _json(_recalled(state.engine, None), True)


def _recalled(engine: Any, player: int | None) -> dict[str, Any]:
    """`player`'s observation with every event it has seen in its log: an observation may
    show only the log's end (Viktory II's, since the viewer's previous turn: `log_start`),
    which is no perfect recall."""
    observation = engine.observation(player)
    whole = engine.whole_log(player, observation)
    return observation if whole is None else {**observation, "log": whole, "log_start": 0}


def _json(observation: dict[str, Any], perfect_recall: bool) -> str:
    if not perfect_recall:
        observation = {k: v for k, v in observation.items() if k != "log"}
    return json.dumps(observation, sort_keys=True, separators=(",", ":"))


def seed_resampling(bot: Any) -> Any:
    """Make OpenSpiel's Python ISMCTS bot (`open_spiel.python.algorithms.ismcts.ISMCTSBot`)
    repeat: it samples each world with a new `pyspiel.UniformProbabilitySampler(0., 1.)`,
    which seeds itself from the clock (its nanoseconds), whatever the bot's `random_state`.
    This gives the bot a resampler (its `set_resampler` hook) that draws from that
    `random_state` instead, so a bot and evaluator made with seeded random states play the
    same moves from the same positions. Returns the bot."""
    bot.set_resampler(
        lambda state, player: state.resample_from_infostate(player, bot.random_number))
    return bot


def register() -> list[str]:
    """Register every warroom game with OpenSpiel (once); returns their short names."""
    names = []
    known = set(pyspiel.registered_names())
    for game in REGISTRY.values():
        name = short_name(game)
        names.append(name)
        if name in known:
            continue
        cls = type(f"Warroom_{game.name.replace('-', '_')}", (WarroomSpielGame,),
                   {"warroom_game": game})
        pyspiel.register_game(game_type(game), cls)
    return names


GAMES = register()
