"""Tournaments for any game: single elimination with best-of-N matches.

Entrants are player SPECs; with teams, consecutive entrants form a team that wins or loses
together. Each round the units still in the event are put in a random order and grouped into
matches of `match_size` seats (one seat per player: two, three or four-player matches, or two
teams of two in a four-player game). A unit left over without a full match plays a smaller
match if the game allows one, else it advances with a bye; byes go to the units that have had
the fewest so far (drawn among them), so nobody gets a second bye while another has had none.
A match is won by the first unit to win a majority of `best_of` games; if nobody has when the
games run out, by most game wins, then by the larger total score over the match, then by lot.

Seats: the units take turns in the seats, each game moving every unit one place on, for as
many whole turns as the match has games; the games left over after the last whole turn (game 3
of a best-of-3 between two) are seated by lot, each with a different one of those places (a
unit sits first in at most one of them), so nobody plays a seat an extra time by the
rotation's order alone.

A game's own tiebreaks come through its outcome: a game that ends at its turn limit (an
option such as Battle's `turn_limit`) names its winners by its own rules.

A player of one's own that fails in a game (its `act` raises, or it chooses an illegal action)
forfeits that game, as a crashed engine does in a computer-chess event: every other unit of the
match wins it (together, if several), nobody scores, and the game's reason names the player and
its error. Stopping the whole event there lost every match already played.

Individual entrants (no `--teams`) in a game set up for teams are refused: teammates share
each win, and as the seats rotate the same two entrants stay partners, so a match between
them would be decided by score or lot alone.

How many units play each round depends only on the number of entrants, the match size and
which smaller matches the game can hold, so the whole bracket is worked out before anything
is played (`_bracket`, used by `check` and by the run): one that cannot finish is refused.

Everything is seeded from the tournament seed: the draw of each round, each game's seed, each
agent's seed and any lot, so a tournament reproduces exactly, whatever the number of worker
processes that play a round's matches side by side, unless a player searches by the clock
(a bare mcts, or mcts:time=S: `agents.clock_bound`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agents, parse_spec, parse_specs, player_failed
from ..engine import ConfigError, Game, derive_seed, make_rng, play_game, typed_options
from ..engine.config import option_names
from ..engine.runner import agent_failure
from ..games import get_game
from .batch import failing_game, ordered_map, worker_pool

FORMATS = ("single-elimination",)
# Players (seats) in a game of a match: two, three or four, as the command's help and the
# README say. A game for more players is measured by simulate and evaluate.
MAX_MATCH_SIZE = 4
# Games in a match, at most: a match is decided by a majority of a few games; more than a
# thousand per match is a strength table, which evaluate plays.
MAX_BEST_OF = 999


@dataclass(frozen=True)
class TournamentSpec:
    game: str
    config: dict[str, Any]  # rule options, as given with --set
    players: tuple[str, ...]  # entrant SPECs, in order
    best_of: int = 1
    match_size: int = 2  # seats (players) per game
    team_size: int = 1  # consecutive entrants per team
    seed: int = 0
    format: str = "single-elimination"


@dataclass
class GameResult:
    seed: int
    seating: list[int]  # the unit in each seat
    winners: list[int]  # units
    reason: str
    scores: dict[int, float]  # unit -> total of its seats' scores


@dataclass
class Match:
    units: list[int]
    games: list[GameResult] = field(default_factory=list)
    wins: dict[int, int] = field(default_factory=dict)
    # games each unit won together with another (a tie at the top): after the wins, the first
    # tiebreak (before it, a shared win counted for nobody, and a lot could send on a unit
    # that had won no game over one that had shared every win)
    shared: dict[int, int] = field(default_factory=dict)
    scores: dict[int, float] = field(default_factory=dict)
    winner: int = -1
    decided_by: str = ""


@dataclass
class Round:
    number: int
    matches: list[Match]
    byes: list[int]


@dataclass
class Tournament:
    spec: TournamentSpec
    units: list[str]  # unit names
    members: list[list[int]]  # entrant indices of each unit
    rounds: list[Round]
    champion: int
    options: dict[str, Any]  # spec.config as the game's config types it (3, not "3")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.spec.game,
            "format": self.spec.format,
            "best_of": self.spec.best_of,
            "match_size": self.spec.match_size,
            "team_size": self.spec.team_size,
            "seed": self.spec.seed,
            "config": dict(self.options),
            "entrants": list(self.spec.players),
            "units": list(self.units),
            "rounds": [{"number": r.number, "byes": list(r.byes),
                        "matches": [_match_json(m) for m in r.matches]} for r in self.rounds],
            "champion": self.champion,
            "champion_name": self.units[self.champion],
        }


def _match_json(m: Match) -> dict[str, Any]:
    """A match with its per-unit tallies as lists in the order of `units`."""
    return {
        "units": list(m.units),
        "wins": [m.wins[u] for u in m.units],
        "shared": [m.shared.get(u, 0) for u in m.units],
        "scores": [m.scores[u] for u in m.units],
        "winner": m.winner,
        "decided_by": m.decided_by,
        "games": [{"seed": g.seed, "seating": list(g.seating), "winners": list(g.winners),
                   "reason": g.reason, "scores": [g.scores[u] for u in m.units]}
                  for g in m.games],
    }


class _Event:
    """What does not change during a tournament: the game, its config per match size, and
    how a team's members are seated."""

    def __init__(self, spec: TournamentSpec):
        if spec.format not in FORMATS:
            raise ConfigError(f"unknown tournament format {spec.format!r}; "
                              f"formats are: {', '.join(FORMATS)}")
        if spec.best_of < 1 or spec.best_of % 2 == 0 or spec.best_of > MAX_BEST_OF:
            raise ConfigError(f"--best-of must be an odd number of games (1, 3, 5... "
                              f"{MAX_BEST_OF}), got {spec.best_of}")
        if not 2 <= spec.match_size <= MAX_MATCH_SIZE:
            raise ConfigError(f"--match-size must be from 2 to {MAX_MATCH_SIZE} players, got "
                              f"{spec.match_size}")
        t = spec.team_size
        if 2 * t > MAX_MATCH_SIZE:
            raise ConfigError(f"teams of {t} cannot meet: two of them are {2 * t} players, and "
                              f"a match holds at most {MAX_MATCH_SIZE}")
        if t < 1 or spec.match_size % t:
            raise ConfigError(f"--match-size {spec.match_size} must be a multiple of the "
                              f"team size {t}")
        if spec.match_size // t < 2:
            raise ConfigError(f"--match-size {spec.match_size} holds one team of {t}; a match "
                              f"needs two: --match-size {2 * t}")
        if len(spec.players) % spec.team_size:
            raise ConfigError(f"{len(spec.players)} entrants cannot form teams of "
                              f"{spec.team_size}")
        if len(spec.players) // spec.team_size < 2:
            raise ConfigError("a tournament needs at least two entrants (or teams)")
        parse_specs(",".join(spec.players))
        self.spec = spec
        self.game: Game = get_game(spec.game)
        self.has_players_option = "players" in option_names(self.game.Config)
        self._configs: dict[int, tuple[Any, list[tuple[int, ...]]]] = {}
        self.setup(spec.match_size // spec.team_size)  # the regular match must be possible

    def setup(self, units: int) -> tuple[Any, list[tuple[int, ...]]]:
        """Config and seats of each unit for a match of `units` units; ConfigError if the
        game cannot hold such a match."""
        if units in self._configs:
            return self._configs[units]
        seats = units * self.spec.team_size
        values = dict(self.spec.config)
        if self.has_players_option:
            if "players" in values:
                # the game's own check of the value first: "option 'players' must be an
                # integer, got 'abc'", as every command says it (int() here was a traceback)
                asked = self.game.config(values)
                given = self.game.num_players(asked)
                if given != self.spec.match_size:
                    if self.spec.team_size == 1:  # "add --teams 2" says what was meant
                        self._refuse_teams(asked)
                    # (--match-size may not have been typed: two sides is its default)
                    fix = (f"give --match-size {given}, or leave players out"
                           if 2 <= given <= MAX_MATCH_SIZE else
                           f"matches are of 2 to {MAX_MATCH_SIZE} players; leave players out")
                    raise ConfigError(f"--set players={values['players']} disagrees with the "
                                      f"match size, {self.spec.match_size} players a game "
                                      f"(--match-size, two sides unless given): {fix}")
            values["players"] = seats
        try:
            config = self.game.config(values)
        except ConfigError:
            if self.spec.team_size == 1:
                self._refuse_individuals(values, seats)
            raise
        if self.game.num_players(config) != seats:
            # with teams, the seats come of --teams as much as of --match-size
            teams = (f" (--teams {self.spec.team_size}: {units} teams of "
                     f"{self.spec.team_size})" if self.spec.team_size > 1 else "")
            raise ConfigError(f"{self.game.name} is played by {self.game.num_players(config)} "
                              f"players, not {seats}{teams}: adjust --match-size"
                              + (" or --teams" if teams else ""))
        if self.spec.team_size == 1:
            # Individual entrants in a game set up for teams are refused rather than scored
            # by shared wins: teammates win together, and the seats' rotation keeps the same
            # two entrants partners all match long (Battle's seats 0+2 and 1+3 move on
            # together), so a match would be decided between partners by score or lot, which
            # no organiser means. Entered as teams (--teams K), a team wins or loses together.
            self._refuse_teams(config)
            groups = [(s,) for s in range(seats)]
        else:
            groups = self.game.team_seats(config)
            if not groups or len(groups) != units or any(
                    len(g) != self.spec.team_size for g in groups):
                raise ConfigError(f"{self.game.name} with these options has no {units} teams "
                                  f"of {self.spec.team_size} (see 'warroom options "
                                  f"{self.game.name}' for its team options)")
        self._configs[units] = (config, groups)
        return config, groups

    def _refuse_teams(self, config: Any) -> None:
        """Individual entrants in a game set up for teams are refused rather than scored by
        shared wins: teammates win together, and the seats' rotation keeps the same two
        entrants partners all match long (Battle's seats 0+2 and 1+3 move on together), so a
        match would be decided between partners by score or lot, which no organiser means.
        Entered as teams (--teams K), a team wins or loses together."""
        teams = self.game.team_seats(config)
        if teams and any(len(g) > 1 for g in teams):
            size = max(len(g) for g in teams)
            raise ConfigError(f"{self.game.name} with these options is played in teams of "
                              f"{size}: add --teams {size} (consecutive entrants form a "
                              "team), or --set the game's team option off")

    def _refuse_individuals(self, values: dict[str, Any], seats: int) -> None:
        """A match's seats the game's team option refuses (Battle's alliance with 2 players):
        if it takes twice or three times as many, as teams, say to enter teams (the game's own
        refusal named neither --teams nor --match-size)."""
        for size in (2, 3):
            try:
                config = self.game.config({**values, "players": seats * size})
            except ConfigError:
                continue
            self._refuse_teams(config)

    def can_hold(self, units: int) -> bool:
        try:
            self.setup(units)
        except ConfigError:
            return False
        return True


def check(spec: TournamentSpec) -> None:
    """Raise ConfigError if the tournament cannot be held (before anything is played)."""
    _bracket(_Event(spec))


# A round's shape: its full matches and the units of its smaller match (0: none); the other
# units left over get byes.
Shape = tuple[int, int]


def _shape(units: int, per_match: int, can_hold: Callable[[int], bool]) -> Shape:
    """How a round of `units` units is played: full matches of `per_match`; the remainder
    plays a smaller match if the game can hold one, else gets byes."""
    rest = units % per_match
    return units // per_match, rest if rest >= 2 and can_hold(rest) else 0


def _after(units: int, shape: Shape, per_match: int) -> int:
    """Units left after a round of that shape: a winner of each match, and the byes."""
    full, smaller = shape
    return full + (smaller > 0) + units - full * per_match - smaller


def _rounds(units: int, per_match: int,
            can_hold: Callable[[int], bool]) -> tuple[list[Shape], int]:
    """The shapes of the rounds from `units` units on, up to the first round that would have
    no match; and the units left then (1 when the bracket finishes)."""
    shapes: list[Shape] = []
    while units > 1:
        shape = _shape(units, per_match, can_hold)
        if shape == (0, 0):
            break
        shapes.append(shape)
        units = _after(units, shape, per_match)
    return shapes, units


def _bracket(event: _Event) -> list[Shape]:
    """The shape of every round, worked out before anything is played (how many units are left
    each round depends only on their number, the match size and what the game can hold); a
    ConfigError if a round would have no match, saying what to change. The run plays these
    shapes."""
    spec = event.spec
    per_match = spec.match_size // spec.team_size
    shapes, left = _rounds(len(spec.players) // spec.team_size, per_match, event.can_hold)
    if left > 1:
        raise ConfigError(_no_match(event, per_match, len(shapes) + 1, left))
    return shapes


def _no_match(event: _Event, per_match: int, number: int, left: int) -> str:
    """The line refusing a bracket that cannot finish: which round sticks and the nearest
    numbers of entrants that finish."""
    spec, k = event.spec, event.spec.team_size
    units = len(spec.players) // k
    who = "teams" if k > 1 else "players"

    def finishes(n: int) -> bool:
        return _rounds(n, per_match, event.can_hold)[1] == 1

    fits = [n for n in range(2, units) if finishes(n)][-1:]
    above = units + 1
    while not finishes(above):  # per_match ** r units always finish
        above += 1
    counts = " or ".join(str(n * k) for n in [*fits, above])
    return (f"{len(spec.players)} entrants cannot finish a bracket of {spec.match_size}-player "
            f"matches: round {number} would start with {left} {who}, and {event.game.name} with "
            f"these options cannot hold a match of {left}; enter {counts} entrants, or change "
            "--match-size")


def check_workers(spec: TournamentSpec, workers: int) -> None:
    if workers > 1 and any(parse_spec(p)[0] == "human" for p in spec.players):
        raise ConfigError("--workers: a tournament with human players is played in one process")


def run_tournament(spec: TournamentSpec,
                   on_match: Callable[[int, Match], None] | None = None,
                   on_round: Callable[[Round], None] | None = None,
                   workers: int = 1,
                   on_game: Callable[[int], None] | None = None,
                   console: Any = None, hotseat: Any = None) -> Tournament:
    """Play a whole tournament; `on_match(round number, match)` is called for each match in
    draw order, `on_round(round)` as each round ends and `on_game(round number)` for each game
    played (with workers, the games of a match as it comes back). With `workers` > 1 the
    matches of a round are played side by side in worker processes; the result is the same.
    `console` (a rich Console) is where a person entrant's table and prompts go (standard
    output if None): standard error when standard output is for a JSON result alone.
    `hotseat` (an `agents.human.Hotseat` on that console) seats the people who share one
    terminal: nobody sees another's hand or secret choice (`_People`)."""
    event = _Event(spec)
    shapes = _bracket(event)  # refused before anything is played if it cannot finish
    check_workers(spec, workers)
    k = spec.team_size
    members = [list(range(i, i + k)) for i in range(0, len(spec.players), k)]
    names = unit_names(spec.players, k)
    alive = list(range(len(members)))
    per_match = spec.match_size // k
    rounds: list[Round] = []
    byes_had = {u: 0 for u in alive}  # byes each unit has had so far
    with worker_pool(workers) if workers > 1 else contextlib.nullcontext() as pool:
        while len(alive) > 1:
            number = len(rounds) + 1
            order = list(alive)
            make_rng(spec.seed, "draw", number).shuffle(order)
            tables, byes = _tables(order, per_match, shapes[number - 1], byes_had)
            for u in byes:
                byes_had[u] += 1
            jobs = [(spec, members, units, number, i) for i, units in enumerate(tables)]
            matches = []
            for match in _play_matches(event, jobs, pool, on_game, console, hotseat):
                matches.append(match)
                if on_match is not None:
                    on_match(number, match)
            rounds.append(Round(number, matches, byes))
            if on_round is not None:
                on_round(rounds[-1])
            winners = {m.winner for m in matches}
            alive = [u for u in alive if u in winners or u in byes]
    regular, _ = event.setup(per_match)
    return Tournament(spec, names, members, rounds, alive[0],
                      typed_options(regular, spec.config))


MatchJob = tuple[TournamentSpec, list[list[int]], list[int], int, int]


def _play_matches(event: _Event, jobs: list[MatchJob], pool: Any,
                  on_game: Callable[[int], None] | None = None,
                  console: Any = None, hotseat: Any = None) -> Iterator[Match]:
    """The matches of a round in draw order: here, or in `pool` (each a function of its own
    job alone, so where it is played changes nothing). `on_game(round number)` is called
    after each game here; for a match from `pool`, for each of its games as it comes back."""
    if pool is None:
        for _, members, units, number, index in jobs:
            yield _play_match(event, members, units, number, index, on_game, console,
                              hotseat)
    else:
        for match, (_, _, _, number, _) in zip(ordered_map(pool, _play_match_job, jobs), jobs):
            if on_game is not None:
                for _ in match.games:
                    on_game(number)
            yield match


def _play_match_job(job: MatchJob) -> Match:
    spec, members, units, number, index = job
    return _play_match(_Event(spec), members, units, number, index)


def unit_names(players: tuple[str, ...], team_size: int) -> list[str]:
    """"3:heuristic" for entrant 3; "team 1:heuristic + 2:random" for a team."""
    out = []
    for i in range(0, len(players), team_size):
        names = [f"{j + 1}:{players[j]}" for j in range(i, i + team_size)]
        out.append(names[0] if team_size == 1 else "team " + " + ".join(names))
    return out


def _byes_last(order: list[int], count: int, byes_had: dict[int, int]) -> list[int]:
    """`order` (the round's draw) with the `count` units that get a bye moved to its end: those
    that have had the fewest byes so far, the later in the draw among equals (so with nobody
    having had one, the draw's last units, as drawn). No unit gets a second bye while another
    still in the event has had none: one given afresh each round could go to the same unit
    twice, which reached a final having played nobody."""
    if not count:
        return order
    ranked = sorted(range(len(order)), key=lambda i: (byes_had[order[i]], -i))
    chosen = sorted(ranked[:count])
    return ([u for i, u in enumerate(order) if i not in chosen]
            + [order[i] for i in chosen])


def _tables(order: list[int], per_match: int, shape: Shape,
            byes_had: dict[int, int]) -> tuple[list[list[int]], list[int]]:
    """The round of `shape` (from `_bracket`): full matches in draw order; the remainder plays
    a smaller match if the shape has one, otherwise as many units get byes, those with the
    fewest so far (`_byes_last`)."""
    full_matches, smaller = shape
    full = full_matches * per_match
    rest = len(order) - full
    if rest and not smaller:
        order = _byes_last(order, rest, byes_had)
    tables = [order[i:i + per_match] for i in range(0, full, per_match)]
    byes: list[int] = []
    if smaller:
        tables.append(order[full:])
    else:
        byes = order[full:]
    return tables, byes


def _play_match(event: _Event, members: list[list[int]], units: list[int], number: int,
                index: int, on_game: Callable[[int], None] | None = None,
                console: Any = None, hotseat: Any = None) -> Match:
    spec = event.spec
    config, groups = event.setup(len(units))
    match = Match(units=list(units), wins={u: 0 for u in units}, shared={u: 0 for u in units},
                  scores={u: 0.0 for u in units})
    needed = spec.best_of // 2 + 1
    shifts = _shifts(spec.best_of, len(units), make_rng(spec.seed, "seats", number, index))
    for g in range(spec.best_of):
        shift = shifts[g]  # the units change places each game
        seated = units[shift:] + units[:shift]
        seat_unit = [0] * event.game.num_players(config)
        specs = [""] * len(seat_unit)
        for unit, seats in zip(seated, groups):
            for entrant, seat in zip(members[unit], seats):
                seat_unit[seat] = unit
                specs[seat] = spec.players[entrant]
        seed = derive_seed(spec.seed, "round", number, "match", index, "game", g)
        agents = make_agents(specs, event.game, seed)
        seats = _People(agents, console, hotseat)  # humans play in this process
        scores = {u: 0.0 for u in units}
        # a failing game is one line naming it, its seed the tournament's (`--seed`)
        with failing_game(f"{spec.game} tournament (seed {spec.seed}) round {number} match "
                          f"{index + 1} game {g + 1}", specs):
            final = None
            try:
                final = play_game(event.game, config, seed, agents, keep_record=False,
                                  on_action=seats.after if seats.hotseat else None)
                outcome = final.outcome
            except Exception as exc:
                failure = agent_failure(exc)
                if failure is None:  # the game's own error: the event cannot go on
                    raise
                seat, illegal = failure
                winners = sorted(u for u in units if u != seat_unit[seat])
                reason = f"forfeit: {player_failed(specs[seat], seat, exc, illegal)}"
            else:
                winners = sorted({seat_unit[s] for s in outcome.winners})
                reason = outcome.reason
                for seat, score in enumerate(outcome.scores):
                    scores[seat_unit[seat]] += float(score)
        seats.game_over(g + 1, specs, winners, seat_unit, reason,
                        None if final is None else final.state)
        match.games.append(GameResult(seed, seat_unit, winners, reason, scores))
        if len(winners) == 1:  # won by one unit; a draw is a win for none: the match goes
            match.wins[winners[0]] += 1  # on, scores count
        for u in winners if len(winners) > 1 else ():  # a tie at the top: a shared win
            match.shared[u] += 1
        for u in units:
            match.scores[u] += scores[u]
        if on_game is not None:
            on_game(number)
        if max(match.wins.values()) >= needed:
            break
    match.winner, match.decided_by = _decide(match, needed,
                                             make_rng(spec.seed, "lot", number, index))
    return match


class _People:
    """The person entrants of one game: their table and prompts on `console`, and, where
    several share one terminal, its `hotseat` (as `warroom play` seats them): a seat's view
    goes once its decision is made and the AI players' turns follow, and at the game's end,
    so that the next person never finds another's hand on the screen."""

    def __init__(self, agents: list[Any], console: Any, hotseat: Any):
        from ..agents.human import HumanAgent

        self.seats = {seat for seat, agent in enumerate(agents) if isinstance(agent, HumanAgent)}
        self.agents = agents
        self.hotseat = hotseat if self.seats else None
        for seat in self.seats:
            if console is not None:
                agents[seat].console = console
            agents[seat].hotseat = self.hotseat

    def after(self, state: Any, player: int, action: Any, record: Any) -> None:
        """After each action of a hotseat's game (an AI-only game is given no callback)."""
        if player in self.seats and not state.is_terminal() \
                and state.to_move()[0] not in self.seats:
            self.hotseat.leave(player, "The AI players are playing... (Ctrl-C stops the "
                                       "tournament)")

    def game_over(self, number: int, specs: list[str], winners: list[int],
                  seat_unit: list[int], reason: str, state: Any) -> None:
        """How the game ended, told to the people who played it: one person sees the game's
        last events as its every turn's (the match line alone left how it ended unsaid); in
        a hotseat the last seated person's view goes first, and the table reads the line."""
        if not self.seats:
            return
        if self.hotseat is not None:
            if self.hotseat.seated is not None:
                self.hotseat.clear()
        elif state is not None:
            for seat in self.seats:
                self.agents[seat].show_new_events(state.observation(seat))
        who = ", ".join(f"player {s} ({specs[s]})" for s in range(len(specs))
                        if seat_unit[s] in winners) or "nobody (a draw)"
        self.agents[min(self.seats)].console.print(
            f"Game {number} of the match: won by {who} - {reason}", markup=False,
            highlight=False)


def _shifts(games: int, units: int, rng: Any) -> list[int]:
    """How far the units are rotated in each game of a match: 0, 1, ... in whole turns, so
    every unit sits in every place equally often; the games after the last whole turn take
    different rotations drawn by lot (with `rng`), so that no unit gets a place again by its
    position in the draw alone (in a best-of-3 between two, game 3 seated the unit that had
    sat first in game 1 first again)."""
    whole = games // units * units
    return [g % units for g in range(whole)] + rng.sample(range(units), games - whole)


def _decide(match: Match, needed: int, rng: Any) -> tuple[int, str]:
    most = max(match.wins.values())
    leaders = [u for u in match.units if match.wins[u] == most]
    if len(leaders) == 1:
        return leaders[0], "wins" if most >= needed else "most wins"
    most = max(match.shared.get(u, 0) for u in leaders)
    leaders = [u for u in leaders if match.shared.get(u, 0) == most]
    if len(leaders) == 1:
        return leaders[0], "shared wins"
    best = max(match.scores[u] for u in leaders)
    leaders = [u for u in leaders if match.scores[u] == best]
    if len(leaders) == 1:
        return leaders[0], "score"
    return rng.choice(leaders), "lot"


def describe_match(tournament_units: list[str], match: Match) -> str:
    """One line: the units, the winner, the game score and how it was decided."""
    who = " vs ".join(tournament_units[u] for u in match.units)
    tally = "-".join(str(match.wins[u]) for u in match.units)
    how = "" if match.decided_by == "wins" else f", decided by {match.decided_by}"
    reasons = "; ".join(sorted({g.reason for g in match.games}))
    return f"{who} -> {tournament_units[match.winner]} ({tally}{how}) [{reasons}]"
