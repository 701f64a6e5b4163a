"""A game being played on the server: its state, seats, and what each viewer may see.

Everything a viewer receives is built here from `observation(seat)` (a spectator's from
`observation(None)`): the observation itself, the log as text (the game's `describe_event` of
that observation's log), the text view (`render`), and for a seat its own legal actions. The
outcome is added once the game is over. Nothing else about the state is ever sent.

A person may resign their seat. With two sides in play (two seats, or two teams, not counting
those the rules have put out) that ends the game, the other side winning
(`engine.record.resignation_outcome`), though the rules would play on: the game is then over by
`LiveGame.outcome`, not by its state. With more sides it would decide nothing between the
others, nor in a team whose members each play on their own (Battle's alliance) while a
teammate is still in play (`engine.record.resignation_ends_game`): the heuristic AI plays the
seat on then and the rules end the game. A seat already out has nothing left to resign.

The organiser of the server may close a game not over (`LiveGame.close`), and the server
closes one left idle (`serve --close-idle`): it is over then, with no outcome (nobody won),
and its record, offered as a finished game's is, says it is unfinished and who closed it
(`meta.closed`).

A viewer's log only grows, so a frame carries the lines from `log_from` on (the connection has
the rest): describing and sending the whole log with every action would cost time in
proportion to the game's length, for every viewer, at every action. A game may show only the
recent part of a viewer's log (Viktory II: since the viewer's previous turn) and say where it
begins in the whole log with the observation's `log_start`: the table's frames then take the
viewer's whole log from `State.visible_log` (the events that viewer may see, of which the
observation's are the end), so that a page opened in the middle of a game, or connecting again
after a dropped connection or a restart, gets every line a page there from the start holds.
"""

from __future__ import annotations

import functools
import hashlib
import json
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from ..agents import parse_spec
from ..engine import Game, Outcome, Record, State, WarroomError, config_to_json, to_json
from ..engine.data import displayable, plain, shown
from ..engine.embed import embed_files
from ..engine.record import (
    HANDOVER,
    Resignation,
    handed_to_ai,
    record_config,
    record_outcome,
    replay_to_end,
    resignation_ends_game,
    sides,
)
from .store import GameRow, GameStore, SeatRow

SPECTATOR = None


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Rejected(Exception):
    """An intent that changes nothing; its message goes back as a one-line error frame."""


class AlreadyPlayed(Rejected):
    """A stale intent that is the seat's last move sent again (a client's retry after a
    dropped connection or a restart): it changes nothing, and is answered as the move was, by
    the state with it played, not by an error that would ask for another move."""


@dataclass
class Applied:
    player: int
    action: Any
    version: int


class LiveGame:
    """One game in memory, written through to the store before anything is acknowledged."""

    def __init__(self, row: GameRow, game: Game, config: Any, state: State,
                 upload_names: dict[str, str] | None = None):
        self.row = row
        self.id = row.id
        self.game = game
        self.config = config
        self.state = state
        self.seats = row.seats
        self.actions: list[tuple[int, dict[str, Any]]] = list(row.actions)
        self.upload_names = upload_names or {}
        # Person seats whose page has connected since the game began (the lobby's "open" is
        # a game with one that has not), and those of them the store holds: a restart keeps
        # them, so that a game everyone joined is not listed as open again.
        self.seen: set[int] = set(row.joined)
        self.joins_stored: set[int] = set(row.joined)
        self.connections: Counter[int] = Counter()  # open connections of each person seat
        self.resigned: Resignation | None = None  # the resignation that ended the game
        self.closed = row.closed  # the organiser closed it: over, with no outcome
        self.ended: Outcome | None = None  # ... and its outcome
        # seats handed to the AI, and why: their person "resigned", or was "away"
        self.handed: list[tuple[Resignation, str]] = []
        # Invite seats whose invited player's page claimed them: the invite link's token hash,
        # by seat. That link no longer opens the seat (its page got a token of its own) and
        # watches instead, told the seat was taken.
        self.invites: dict[int, str] = {}
        for seat, digest in row.claims:
            self._take(seat, digest)
        # Invite seats claimed whose own token no page is known to have received: the welcome
        # that carried it may have been lost with the connection, and the page, whose address
        # still holds the invite link, comes back with it. The link opens the seat again, with
        # a new token in place of that one, until a page is known to hold it
        # (`app.Server.received`), which the store keeps. (A seat that moved had a page that
        # held it.) The seat is not joined until then.
        moved = {seat for seat, _ in row.actions}
        self.pending: set[int] = {seat for seat in row.unreceived if seat not in moved}
        self.seen.difference_update(self.pending)
        # Invite seats the first page to open will claim. A seat joined before claims existed
        # keeps its invite link as its token; one whose claim the store could not take is
        # claimed by its next page.
        self.unclaimed: set[int] = {
            i for i, s in enumerate(self.seats) if s.kind == "person" and s.label == "invite"
            and i not in self.invites and i not in row.joined}
        # Since when (time.monotonic) each person seat has had no page connected: since the
        # game was made, or the server started, for a seat never seen since.
        now = time.monotonic()
        self.away_since: dict[int, float] = {
            i: now for i, s in enumerate(self.seats) if s.kind == "person"}
        # When a move was made or a page came or went (time.monotonic); None: nothing since
        # the server started (a game rebuilt from the store).
        self.active_at: float | None = None
        # The same in seconds since the epoch, which a restart keeps (`GameStore.add_activity`)
        # so that a game left for days is closed however often the server restarted
        # (`app.Server.close_idle`); and the time the store holds (None: none yet)
        self.last_active: float = row.created
        self.active_stored: float | None = None
        # (version, seat, page's log) -> (frame text, page's log then), for this version only
        self._frames: dict[tuple[int, int | None, LogHeld], tuple[str, LogHeld]] = {}
        self._lines: dict[int | None, LogLines] = {}  # each viewer's log, described so far
        # What each seat (None: a spectator) sees after `_views_at` changes: its observation
        # and legal actions, taken once a change and seat for both its mark and its frames.
        self._views: dict[int | None, SeatView] = {}
        self._views_at = -1
        # Each viewer's version (see `view_version`), made now so that a page opening later
        # does not learn how much happened before it came.
        self._moves: Counter[int] = Counter(seat for seat, _ in self.actions)
        # Where versions start: 0 for a new game; for one rebuilt at a restart, the time in ms,
        # above any version given before (each went up at most once a change, from 0 or from
        # an earlier restart's time) and telling nothing of the game (its count of changes
        # would tell each seat how many moves it did not see).
        self._start = time.time_ns() // 1_000_000 if (
            row.actions or row.resignations or row.handovers) else 0
        self._clocks: dict[ViewerKey, ViewClock] = {
            key: self._clock(key) for key in {*map(self._viewer, range(len(self.seats))), None}}
        # The version of each seat's view when it last moved (a person's move, since the game
        # was made or rebuilt): an intent from a view before it is stale (`resolve`).
        self._moved_at: dict[int, int] = {}
        # ... and that move as its intent named it: (version, index or None, the action), so
        # that the same intent sent again is known for the move played (`AlreadyPlayed`)
        self._last_intent: dict[int, tuple[int, int | None, Any]] = {}

    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def changes(self) -> int:
        """Everything that happened to the game: actions, resignations and hand-overs."""
        return len(self.actions) + len(self.handed) + (self.resigned is not None)

    @property
    def num_players(self) -> int:
        return self.state.num_players

    # --- versions as each viewer sees them ----------------------------------------------
    def view_version(self, seat: int | None) -> int:
        """The version the frames of `seat` (None: a spectator) carry, and its intents name:
        it moves on when, and only when, what the viewer sees changes. The game's own count
        of actions would tell a viewer how many moves it could not see (a unit moving on a
        hidden map, a card placed face down). The seats of one device (hotseat) share one:
        the device receives all their frames, and orders them by it."""
        key = self._viewer(seat)
        clock = self._clocks.get(key) or self._clocks.setdefault(key, self._clock(key))
        if clock.checked != self.changes:
            mark = self._mark(key)
            if mark != clock.mark:
                clock.number += 1
            clock.mark, clock.checked = mark, self.changes
        return clock.number

    def _clock(self, key: ViewerKey) -> ViewClock:
        return ViewClock(self._start, self._mark(key), self.changes)

    def _view(self, seat: int | None) -> SeatView:
        """What `seat` (None: a spectator) sees now: its observation and legal actions, taken
        once a change (for its mark, its frames and its intents alike) and only its own."""
        if self._views_at != self.changes:
            self._views, self._views_at = {}, self.changes
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = seat_view(self.state, seat, self.outcome())
        return view

    def _viewer(self, seat: int | None) -> ViewerKey:
        row = None if seat is None else self.seats[seat]
        return HOTSEAT if row is not None and row.kind == "person" and row.label == "hotseat" \
            else seat

    def _mark(self, key: ViewerKey, trial: State | None = None) -> str:
        """All the viewer `key` is shown: its observation, its legal actions, who is out and
        the outcome, and how often it moved (a move it could not see the effect of is still
        its own). `trial`: a copy of the state an action was tried on (`seen_by_others`),
        whose mark is taken in place of the state's."""
        seats = [i for i in range(len(self.seats)) if self._viewer(i) == HOTSEAT] \
            if key == HOTSEAT else [key]
        state = self.state if trial is None else trial
        outcome = self.outcome() if trial is None else \
            trial.outcome() if trial.is_terminal() else None
        views = []
        for seat in seats:
            view = self._view(seat) if trial is None else seat_view(trial, seat, outcome)
            observed = view.observed
            # A log only grows (or, shown in part, moves on): its length, where it begins and
            # its last event say whether it changed, at a fraction of the cost of writing it
            # all (a 200-event log was most of a frame's cost).
            log = observed.get("log") or []
            views.append([{k: v for k, v in observed.items() if k != "log"},
                          len(log), log[-1] if log else None, view.legal_json,
                          None if seat is None else self._moves[seat]])
        return json.dumps([seats, views, sorted(state.players_out()),
                           outcome.to_json() if outcome is not None else None],
                          default=str, sort_keys=True)

    @functools.cached_property
    def hides_moves(self) -> bool:
        """Whether how many actions a seat makes out of the others' sight is hidden
        (`Game.hides_move_count`): the server then paces its AI seats in beats."""
        return self.game.hides_move_count(self.config)

    def seen_by_others(self, seat: int, action: Any) -> bool:
        """Whether `seat` playing `action` (legal now) would change what a page other than
        its own is shown: a person's seat's (a hotseat device's) or a spectator's, by their
        marks (`view_version`), tried on a copy of the state. AI seats' views are nobody's
        page. For an AI seat on a hidden map, before its action is played (`app.Server`)."""
        trial = self.state.clone()
        trial.apply_trusted(seat, action)  # (`resolve` found it among the legal actions)
        own = self._viewer(seat)
        pages = {self._viewer(i) for i, row in enumerate(self.seats) if row.kind == "person"}
        return any(self._mark(key, trial) != self._mark(key)
                   for key in (pages | {SPECTATOR}) - {own})

    def seat_of(self, token: str) -> int | None:
        """The person's seat `token` opens (None: it opens none, if any the AI plays now)."""
        seat = self.token_seat(token)
        return seat if seat is not None and self.seats[seat].kind == "person" else None

    def knows(self, token: str) -> bool:
        """Whether `token` is any seat's: a person's, or one whose person resigned it to the
        AI (that link then watches as a spectator: the seat's view is the AI's now)."""
        return self.token_seat(token) is not None or self.invite_taken(token) is not None

    def token_seat(self, token: str) -> int | None:
        """The seat whose token `token` is, whoever plays it now: its person, or the AI its
        person resigned it to or was away from. (An invite link a page claimed is no seat's
        token: `invite_taken`.)"""
        digest = token_hash(token)
        return next((i for i, seat in enumerate(self.seats)
                     if seat.token_hash and secrets.compare_digest(seat.token_hash, digest)),
                    None)

    def invite_taken(self, token: str) -> int | None:
        """The seat whose invite link `token` is, once its invited player claimed it."""
        digest = token_hash(token)
        for seat, invite in self.invites.items():
            if secrets.compare_digest(invite, digest):
                return seat
        return None

    def claimable(self, seat: int) -> bool:
        """An invite seat no page has claimed yet: the first to open it does."""
        return seat in self.unclaimed and self.seats[seat].kind == "person"

    def claim(self, store: GameStore, seat: int) -> str:
        """The invited player's page opened `seat` by its invite link: it gets a token of its
        own (returned), stored before anything changes, and once a page holds it the invite
        link no longer opens the seat (whoever created the game holds that link). Until then
        (`pending`) the link opens it again with a new token, the one before dead: given the
        same one, whoever opened the link first (the game's creator: a script that says
        nothing after its welcome) would hold the invited player's seat beside them."""
        token = new_token()
        if seat in self.pending:
            store.renew_claim(self.id, seat, self.seats[seat].token_hash, token_hash(token))
            self.seats[seat] = SeatRow("person", token_hash=token_hash(token),
                                       label=self.seats[seat].label)
        else:
            store.add_claim(self.id, seat, token_hash(token))
            self._take(seat, token_hash(token))
            self.unclaimed.discard(seat)
            self.joins_stored.add(seat)
        self.pending.add(seat)
        return token

    def reclaimable(self, token: str) -> int | None:
        """The person's seat whose invite link `token` is, claimed by a page not known to have
        received the seat's own token (`pending`): the link may open it again."""
        seat = self.invite_taken(token)
        if seat is None or seat not in self.pending or self.seats[seat].kind != "person":
            return None
        return seat

    def _take(self, seat: int, digest: str) -> None:
        """An invite seat claimed by a page whose token hashes to `digest`: the invite link's
        hash is kept (that link watches now)."""
        self.invites[seat] = self.seats[seat].token_hash
        self.seats[seat] = SeatRow("person", token_hash=digest, label=self.seats[seat].label)

    def away_for(self, seat: int) -> float | None:
        """Seconds a person seat has had no page connected; None while one is, or for an AI."""
        if self.seats[seat].kind != "person" or seat not in self.away_since:
            return None
        return time.monotonic() - self.away_since[seat]

    def away(self) -> dict[str, float]:
        """Each person seat with no page connected, and for how many seconds (JSON keys)."""
        out = {}
        for seat in range(len(self.seats)):
            gone = self.away_for(seat)
            if gone is not None:
                out[str(seat)] = round(gone, 1)
        return out

    def over(self) -> bool:
        """Ended by the rules or by a resignation, or closed by the organiser."""
        return self.closed or self.ended is not None or self.state.is_terminal()

    def close(self, idle: float | None = None) -> None:
        """The organiser closed the game, or the server did after `idle` seconds with no move
        and no page at it (stored already: `GameStore.add_close`): nothing more is played in
        it, and nobody won."""
        self.closed = self.row.closed = self.row.finished = True
        self.row.closed_idle = idle
        self._frames.clear()

    def outcome(self) -> Outcome | None:
        if self.closed:  # stopped short by the organiser: no winner, no draw
            return None
        if self.ended is not None:
            return self.ended
        return self.state.outcome() if self.state.is_terminal() else None

    def resign_ends_game(self, seat: int | None) -> bool:
        """Whether `seat` resigning now ends the game (else the AI plays it on; a spectator
        has nothing to resign): `engine.record.resignation_ends_game`. Sides the rules have
        put out do not count: a free-for-all of three whose third player is out ends when one
        of the last two resigns, an alliance when the member left in play does."""
        return seat is not None and self._ends(seat, self.state.players_out())

    def resign_ended_game_at(self, seat: int, at: int) -> bool:
        """Whether `seat` resigning after the first `at` actions ended the game, by the seats
        out then. Players are only ever put out, never back, so the state now answers unless
        someone is out now who may not have been then (that state is replayed)."""
        if at == len(self.actions) or not self.state.players_out():
            return self.resign_ends_game(seat)
        record = self.played_record()
        record.actions, record.resigned = record.actions[:at], None
        return self._ends(seat, replay_to_end(self.game, record).players_out())

    @functools.cached_property
    def teams(self) -> list[list[int]]:
        """Who wins or loses together (the teams, else each seat alone): public, as the
        options are, and fixed by them (the lobby asks for it every few seconds)."""
        return [list(group) for group in sides(self.game, self.config, self.num_players)]

    def _ends(self, seat: int, out: frozenset[int]) -> bool:
        # A teammate whose person resigned has given up too (the AI plays it only so that the
        # others play on): the team's last person resigning ends the game.
        resigned = {r.seat for r, why in self.handed if why == "resigned"}
        return resignation_ends_game(self.game, self.config, self.num_players, seat, out,
                                     resigned)

    def connect(self, seat: int) -> bool:
        """A seat's page is connected (a seat may be open in several tabs); True if it is the
        seat's first: the seat was not connected before."""
        self.seen.add(seat)
        self.connections[seat] += 1
        self.away_since.pop(seat, None)
        self.touch()
        return self.connections[seat] == 1

    def disconnect(self, seat: int) -> bool:
        """A seat's page went away; True if it was the seat's last."""
        self.connections[seat] -= 1
        last = self.connections[seat] <= 0
        if last:
            del self.connections[seat]
            self.away_since[seat] = time.monotonic()
            if seat in self.pending:  # its invite link opens it again: not joined
                self.seen.discard(seat)
        self.touch()
        return last

    def presence_frame(self) -> str:
        """Which seats have a page connected now (the lobby's flag), for the pages at the
        table: sent when a seat's first page comes or its last goes."""
        return json.dumps({"type": "presence", "connected": sorted(self.connections)})

    def touch(self) -> None:
        self.active_at = time.monotonic()
        self.last_active = time.time()

    def in_play(self, window: float) -> bool:
        """Unfinished, and a person's page is connected or something happened in the last
        `window` seconds: what a server's cap on games counts (an abandoned game does not)."""
        if self.over():
            return False
        return bool(self.connections) or (
            self.active_at is not None and time.monotonic() - self.active_at < window)

    def status(self) -> str:
        if self.closed:
            return "closed"
        if self.over():
            return "finished"
        handed = {change.seat for change, _ in self.handed}  # the AI's to play now
        waiting = any(s.kind == "person" and i not in self.seen and i not in handed
                      for i, s in enumerate(self.seats))
        # An AI seat's moves (it may move at once) are no sign that anyone came; a person's
        # are, in a game stored before its joins were.
        moved = any(self.seats[seat].kind == "person" and seat not in handed
                    for seat, _ in self.actions)
        return "open" if waiting and not moved else "running"

    def summary(self) -> dict[str, Any]:
        """What the lobby lists: never a token."""
        out = {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "status": self.status(),
            "created": self.row.created,
            "seats": [self._seat_summary(i, s) for i, s in enumerate(self.seats)],
        }
        if self.over():  # the actions the replay pages by; in play they would tell of moves
            out["version"] = self.version  # a seat may not see (on a hidden map)
        if any(len(side) > 1 for side in self.teams):  # the lobby says who plays with whom
            out["sides"] = self.teams
            if self.game.scores_by_team(self.config):  # a result names a team's score once
                out["scores_by_team"] = True
        outcome = self.outcome()
        if outcome is not None:
            out["outcome"] = outcome.to_json()
        elif not self.closed:  # whom the table waits for, as every spectator's view says it
            out["to_move"] = list(self.state.to_move())
        if self.closed:
            out.update(closed_by(self.row))
        return out

    def ai_seats_to_move(self) -> list[int]:
        if self.over():
            return []
        return [p for p in self.state.to_move() if self.seats[p].kind == "ai"]

    def ai_moves_in_a_row(self, most: int) -> int:
        """How many of the last actions AI seats made since a person's, counted up to `most`."""
        count = 0
        for seat, _ in reversed(self.actions):
            if count >= most or self.seats[seat].kind != "ai":
                break
            count += 1
        return count

    # --- intents ------------------------------------------------------------------------
    def resolve(self, seat: int | None, version: int | None, index: int | None,
                action: dict[str, Any] | None) -> Any:
        """The action an intent names, or Rejected saying why (the state is untouched).

        An intent names its action by `index` into the legal actions at `version`, or as
        `action` (its JSON form), or both: then the two must agree, and a stale index
        (another seat moved, as in a simultaneous decision) falls back to the action if it is
        still legal. An intent from before the seat's own last move is stale whatever it
        names: a second click, or a client's retry, must not play the move again. So every
        page's intent carries its version (`app.Act` requires it); `version` None is an AI
        seat's own move, decided on the state it is checked against."""
        if seat is None:
            raise Rejected("spectators cannot act; open a seat's link to play")
        if self.over():
            raise Rejected("the game is over")
        if version is not None and version != (now := self.view_version(seat)):  # (no AI's)
            if version > now:
                # (a number a client sent is cut, as any value it sent: it may be 4 KB long)
                raise Rejected(f"no version {shown(version)} yet: your table is at {now}")
            # A view from before a restart (its numbers begin past every earlier one) or from
            # before the seat's own last move: the seat moved since the page saw it.
            if action is None or version < self._start or version <= self._moved_at.get(
                    seat, -1):
                if self._sent_again(seat, version, index, action):
                    raise AlreadyPlayed("your move was already played")
                # (in a player's words: the versions are the protocol's, not the table's)
                raise Rejected("another move was played before yours arrived (another "
                               "player's, or one from another tab): yours was not played; "
                               "choose again")
            index = None  # another seat moved meanwhile: the action itself may still be legal
        if seat not in self.state.to_move():
            raise Rejected(f"it is not seat {seat}'s decision now")
        legal = self._view(seat).legal
        if index is not None:
            if version is None:
                raise Rejected("an action by index needs the version it was chosen at")
            if not 0 <= index < len(legal):
                raise Rejected(f"no action number {shown(index)}: there are {len(legal)}")
            if action is not None and self._decode(seat, action) != legal[index]:
                raise Rejected(f"action number {index} is {_label(legal[index])}, not the "
                               f"action sent ({_label(self._decode(seat, action))})")
            return legal[index]
        assert action is not None
        chosen = self._decode(seat, action)
        if chosen not in legal:
            raise Rejected(f"{_label(chosen)} is not a legal action for seat {seat} now")
        return chosen

    def _sent_again(self, seat: int, version: int, index: int | None,
                    action: dict[str, Any] | None) -> bool:
        """Whether a stale intent is the seat's last move sent again: the same action (or
        index) at the version it was played at. A restart keeps no versions: an intent from
        before it is the seat's last stored action sent again when it names that action and
        the seat has no decision now (there is nothing to choose again)."""
        last = self._last_intent.get(seat)
        if version >= self._start:
            if last is None or version != last[0]:
                return False
            _, named, played = last
            return index == named if action is None else self._decode(seat, action) == played
        if last is not None or action is None or seat in self.state.to_move():
            return False  # (a move since the restart is its last)
        mine = next((a for s, a in reversed(self.actions) if s == seat), None)
        return mine is not None and self._decode(seat, action) == self._decode(seat, mine)

    def _decode(self, seat: int, action: dict[str, Any]) -> Any:
        try:
            return self.game.codec.decode(action)
        except Exception as exc:  # a RecordError, or a game's own check of a field
            raise Rejected(str(exc)) from None

    def apply(self, store: GameStore, seat: int, action: Any,
              named: tuple[int, int | None] | None = None) -> Applied:
        """Store the action, then apply it. `resolve` has checked that it is legal now, so the
        state accepts it; a failed store write raises before anything changed (WriteFailed,
        or Conflict: another server over the same store stored an action at this index).
        `named`: the version and index a person's intent named it by."""
        as_json = to_json(action)
        store.add_action(self.id, self.version, seat, as_json)
        if self.seats[seat].kind == "person":  # the view it moved from (brought up to date)
            self._moved_at[seat] = self.view_version(seat)
            if named is not None:
                self._last_intent[seat] = (*named, action)
        self.state.apply(seat, action)
        self.actions.append((seat, as_json))
        self._moves[seat] += 1
        self._frames.clear()
        self.touch()
        return Applied(seat, action, self.version)

    def resign(self, store: GameStore, seat: int | None, held: int | None = None
               ) -> Outcome | None:
        """A person gives up `seat`, stored before anything changes (a failed write raises
        first, WriteFailed or Conflict): the outcome when that ended the game, None when the
        AI plays the seat on. Rejected, changing nothing, for a spectator, an AI's seat or a
        game over. `held`: the seat a spectator's page held before the AI took it over."""
        if seat is None:
            why = self.why_handed(held) if held is not None else None
            # the page of a seat resigned to the AI is a spectator's now, but its person
            # knows only that they resigned
            if why == "resigned":
                raise Rejected(f"seat {held} has resigned already; the {HANDOVER} AI plays "
                               "it on")
            if why == "away":
                raise Rejected(f"seat {held} was handed to the {HANDOVER} AI while nobody had "
                               "it open; there is nothing left to resign")
            raise Rejected("spectators cannot resign; only a person playing a seat can")
        if self.seats[seat].kind != "person":
            raise Rejected(f"seat {seat} is played by an AI ({self.seats[seat].spec}); only a "
                           "person can resign a seat")
        if self.over():
            raise Rejected("the game is over; there is nothing left to resign")
        if seat in self.state.players_out():
            raise Rejected(f"seat {seat} is already out of the game; there is nothing left to "
                           "resign")
        store.add_resignation(self.id, seat, self.version)
        self.touch()
        return self.gave_up(seat, self.version, self.resign_ends_game(seat))

    def gave_up(self, seat: int, at: int, ends_game: bool) -> Outcome | None:
        """Apply a stored resignation of `seat` after `at` actions (a new one, or one replayed
        at a restart): end the game when `ends_game` (`resign_ends_game` after those actions),
        else hand the seat to the AI. A resignation that cannot have ended the game
        (actions stored after it) is a RecordError, as in a record."""
        self._frames.clear()
        if not ends_game:
            self.to_ai(seat, at, "resigned")
            return None
        record = self.played_record()
        record.resigned = Resignation(seat, at)
        self.ended = record_outcome(self.game, record, self.state)
        self.resigned = record.resigned
        return self.ended

    def to_ai(self, seat: int, at: int, why: str) -> None:
        """The heuristic AI plays `seat` from `at` actions on, its person having `why`
        ("resigned", or been "away"); the seat's pages watch as spectators from then on."""
        self._frames.clear()
        person = self.seats[seat]
        words = "resigned" if why == "resigned" else "was away"
        self.seats[seat] = SeatRow("ai", HANDOVER, token_hash=person.token_hash,
                                   label=f"{HANDOVER} since seat {seat} {words}")
        self.handed.append((Resignation(seat, at), why))
        # in the order a restart replays them (the store keeps no order between a resignation
        # and a hand-over after as many actions), so that the record is the same after one
        self.handed.sort(key=lambda h: change_order(h[0].at, h[1]))
        self.connections.pop(seat, None)
        self.away_since.pop(seat, None)

    def _seat_summary(self, seat: int, row: SeatRow) -> dict[str, Any]:
        out = {"seat": seat, "kind": row.kind, "label": row.label or _seat_label(row),
               "connected": seat in self.connections}
        if row.kind == "person":  # its page has come: its invite link is spent
            out["joined"] = seat in self.seen
        why = self.why_handed(seat)
        if why is not None:  # the AI plays a person's seat: the page names its win so
            out["handed"] = why
        return out

    def why_handed(self, seat: int) -> str | None:
        """Why the AI plays `seat` ("resigned", "away"); None if it was never handed over."""
        return next((why for r, why in self.handed if r.seat == seat), None)

    def hand(self, store: GameStore, by: int | None, seat: int, after: float) -> None:
        """Seat `by`'s player lets the AI play `seat`, whose person has had no page connected
        for `after` seconds at least while the game waits for it: stored before anything
        changes (a failed write raises first, WriteFailed or Conflict). Rejected, changing
        nothing, otherwise."""
        if by is None:
            raise Rejected("spectators cannot hand a seat to the AI; only a player can")
        if not 0 <= seat < self.num_players:
            raise Rejected(f"no seat {shown(seat)}: the seats are 0 to "
                           f"{self.num_players - 1}")
        if seat == by:
            raise Rejected(f"seat {seat} is yours; resign it instead")
        if self.over():
            raise Rejected("the game is over")
        if self.seats[seat].kind != "person":
            raise Rejected(f"seat {seat} is played by an AI already")
        gone = self.away_for(seat)
        if gone is None:
            raise Rejected(f"seat {seat} has a page connected")
        if seat not in self.state.to_move():
            raise Rejected(f"the game is not waiting for seat {seat}")
        if gone < after:
            raise Rejected(f"seat {seat} has been away {away_text(gone)}; it can be handed to "
                           f"the AI after {away_text(after)}")
        store.add_handover(self.id, seat, self.version)
        self.touch()
        self.to_ai(seat, self.version, "away")

    # --- what viewers see ---------------------------------------------------------------
    def frame(self, seat: int | None, held: LogHeld = (0, 0)) -> tuple[str, LogHeld]:
        """The state frame for a seat (or a spectator) whose page holds the log lines `held`
        ((index of its first line in the viewer's whole log, how many)), as JSON text, and
        the lines the page then holds."""
        key = (self.version, seat, held)
        cached = self._frames.get(key)
        if cached is None:
            data = view_frame(self.game, self.state, seat, self.view_version(seat), self.id, held,
                              self._lines.setdefault(seat, LogLines()), self.ended,
                              whole_log=True, view=self._view(seat))
            # Both change in play, as players are put out (the welcome is not sent again).
            data["out"] = sorted(self.state.players_out())
            data["resign_ends_game"] = self.resign_ends_game(seat)
            base = held[0] if data["log_from"] else data["observation"].get("log_start", 0)
            cached = (json.dumps(data, separators=(",", ":")),
                      (base, data["log_from"] + len(data["log"])))
            self._frames[key] = cached
        return cached

    def record(self) -> Record:
        """The full record (only offered once the game is over: it holds every secret), with
        the data files it was played with, so that it replays anywhere."""
        meta = _record_meta(self.row, self.seats, self.handed,
                            sorted(self.upload_names.values()))
        return stored_record(self.row, self.actions, meta, self.resigned)

    def played_record(self) -> Record:
        """The actions as a record over the config in play (its data files the server's
        copies of them): what the server replays, with no copy of the files in it."""
        return Record(self.game.name, self.game.version, config_to_json(self.config),
                      self.row.seed, list(self.actions), resigned=self.resigned)


def stamp_rules(row: GameRow, game: Game, config: Any, upload_names: dict[str, str]) -> None:
    """Give `row` the rules it is played under now, when it has none (a new game, or one an
    older warroom stored): the game's rules version, its whole `config` as a record writes it
    (an uploaded file by its name, not our copy) and a copy of each data file it names."""
    if row.version is not None:
        return
    played = config_to_json(config)
    for key, value in played.items():
        if isinstance(value, str) and value in upload_names:
            played[key] = upload_names[value]
        elif isinstance(value, list) and len(value) == 1 and value[0] in upload_names:
            played[key] = [upload_names[value[0]]]
    row.version, row.config, row.files = game.version, played, embed_files(game, config)


def stored_record(row: GameRow, actions: list[tuple[int, dict[str, Any]]],
                  meta: dict[str, Any], resigned: Resignation | None) -> Record:
    """The record of a stored game, under the rules version, config and data files it was
    made with (`stamp_rules`)."""
    assert row.version is not None and row.config is not None
    if row.closed:  # unfinished: the organiser (or the server, idle) closed it after these
        meta = {**meta, "closed": {"at": len(actions), **closed_by(row)}}
    return Record(row.game, row.version, dict(row.config), row.seed, list(actions), meta,
                  files=dict(row.files), resigned=resigned)


def closed_by(row: GameRow) -> dict[str, Any]:
    """Who closed the closed game of `row`, as its record's `meta.closed` and the lobby say
    it: `by` "organiser", or "idle" with `idle_days`, the days with no move and no page at
    it after which the server closed it (`serve --close-idle`)."""
    if row.closed_idle is None:
        return {"by": "organiser"}
    return {"by": "idle", "idle_days": round(row.closed_idle / 86400, 2)}


def _record_meta(row: GameRow, seats: list[SeatRow], handed: list[tuple[Resignation, str]],
                 uploaded: list[str]) -> dict[str, Any]:
    """A record's `meta`: who played each seat, as a command-line save says it (a person is
    "human" until `handed_to_ai` says the AI took the seat over, an AI by its spec)."""
    taken = {r.seat for r, _ in handed}
    players = ["human" if seat.kind == "person" or i in taken else seat.spec
               for i, seat in enumerate(seats)]
    meta: dict[str, Any] = {"server_game": row.id, "players": players}
    if uploaded:
        meta["uploaded_files"] = uploaded
    if handed:  # who played those seats from then on (the actions say the rest)
        meta["handed_to_ai"] = [handed_to_ai(r, HANDOVER, why) for r, why in handed]
    return meta


class ListedGame:
    """A finished game listed from the summary the store keeps of it (`GameRow.summary`),
    without replaying it: a start rebuilt every stored game, finished ones included (24 s of
    refused connections for 98 games) and held them all in memory for good. It is rebuilt
    when asked for (its table, its record, its replay: `Server.held`), and kept only a while."""

    def __init__(self, row: GameRow, game: Game):
        assert row.summary is not None
        self.id, self.game, self.created = row.id, game, row.created
        self.closed = row.closed
        self.closed_by = closed_by(row) if row.closed else None  # who closed it
        self._summary = {**row.summary, "id": row.id, "game": game.name, "title": game.title,
                         "status": "closed" if row.closed else "finished",
                         "created": row.created, **(closed_by(row) if row.closed else {})}

    def summary(self) -> dict[str, Any]:
        return json.loads(json.dumps(self._summary))  # the caller's own copy


def kept_summary(live: LiveGame) -> dict[str, Any]:
    """What the store keeps of a finished game for the lobby: its summary, as no page is
    connected (the lobby lists it so after a restart)."""
    out = live.summary()
    for seat in out["seats"]:
        seat["connected"] = False
        if "joined" in seat:  # as a restart reads it: the joins stored
            seat["joined"] = seat["seat"] in live.joins_stored
    return out


# Who says why an outdated game is not played: the server (its pages, its API), or a warroom
# command reading its store while no server need be running (`warroom export --records`),
# and where each sends a game in play under its old rules.
Speaker = Literal["server", "warroom"]
FINISHED_ELSEWHERE: dict[Speaker, str] = {
    "server": "on a server of the release that made it",
    "warroom": "with the warroom release that made it"}


class OutdatedGame:
    """A stored game made under another rules version of its game than this server plays.
    It is not replayed: under these rules it would go otherwise, or not at all (a finished
    game's last action refused, "the game is over"). It stays listed, and nothing is played in
    it. Its record is offered as it was stored, under its own version (a warroom of that
    version replays it), once the store knows the game is over (`GameRow.finished`): the
    record holds every secret, and a game in play can go on, on the release that made it."""

    def __init__(self, row: GameRow, game: Game):
        assert row.version is not None
        self.row, self.id, self.game = row, row.id, game
        version = row.version if len(row.version) <= 20 else row.version[:17] + "..."
        self.rules = f"{game.name} rules version {displayable(version)}"  # those it was made under
        self.why = self.made()

    def made(self, speaker: Speaker = "server") -> str:
        """The rules the game was made under and those `speaker` plays ("this server", or
        "this warroom" for a command reading the store with no server running)."""
        return f"made with {self.rules}; this {speaker} plays version {self.game.version}"

    def refusal(self, speaker: Speaker = "server") -> str:
        """Why the game cannot be played nor replayed here, in one line, in the words of
        `speaker`: the server's pages and API, or `warroom export --records`."""
        where = (f"its record (/api/games/{self.id}/record) replays with a warroom of that "
                 "rules version") if self.row.finished else \
            f"finish it {FINISHED_ELSEWHERE[speaker]}"
        return (f"game {self.id} was {self.made(speaker)}: it cannot go on, nor be replayed, "
                f"on this release; {where}")

    def withheld(self) -> str:
        """Why the record of a game not known to be over is not offered, in one line."""
        return (f"game {self.id} was {self.why}, and may not be over: its record holds every "
                "secret (hands, seed, hidden choices); finish it, or take its record, on a "
                "server of the release that made it")

    def summary(self) -> dict[str, Any]:
        """What the lobby lists: never a token, and of a game in play nothing it would not
        list (no count of actions, no outcome). `status` is `outdated`, `note` says why, and
        `record` whether its record is offered."""
        seats = [{"seat": i, "kind": s.kind, "label": s.label or _seat_label(s),
                  "connected": False} for i, s in enumerate(self.row.seats)]
        return {"id": self.id, "game": self.game.name, "title": self.game.title,
                "status": "outdated", "created": self.row.created, "seats": seats,
                "rules_version": self.row.version, "note": self.why,
                "record": self.row.finished}

    def record(self) -> Record:
        """The game as stored: its actions under its own rules version, config and files,
        then its resignations and hand-overs (the last, a resignation after every action of a
        game of two sides not closed, as the one that ended it)."""
        changes = seat_changes(self.row)
        resigned = None
        # a closed game was not ended by a resignation: an alliance's member may have resigned
        # to the AI just before the organiser closed it
        if (changes and changes[-1][2] == "resigned" and not self.row.closed
                and changes[-1][1] == len(self.row.actions) and self._two_sides()):
            seat, at, _ = changes.pop()
            resigned = Resignation(seat, at)
        handed = [(Resignation(seat, at), why) for seat, at, why in changes]
        assert self.row.config is not None
        # an uploaded file by its name, as the config keeps it (a list option: its one item)
        named = [self.row.config.get(key) for key, value in self.row.options.items()
                 if isinstance(value, dict) and "upload" in value]
        uploaded = sorted(str(v[0] if isinstance(v, list) and v else v) for v in named)
        meta = _record_meta(self.row, self.row.seats, handed, uploaded)
        return stored_record(self.row, self.row.actions, meta, resigned)

    def _two_sides(self) -> bool:
        """Whether the game has two sides (two seats, or two teams) by its stored config, as
        these rules read it (else by its seats): then a resignation ended it. Unreplayed, the
        seats the rules put out are not known (a free-for-all of three that a resignation
        ended, its third seat out, reads as one the AI played on)."""
        players = len(self.row.seats)
        try:
            config = record_config(self.game, stored_record(self.row, [], {}, None))
            return len(sides(self.game, config, players)) == 2
        except WarroomError:
            return players == 2


def seat_changes(row: GameRow) -> list[tuple[int, int, str]]:
    """A stored game's resignations and hand-overs, (seat, actions before it, "resigned" or
    "away"), in the order a restart replays them (`change_order`)."""
    return sorted([(seat, at, "resigned") for seat, at in row.resignations]
                  + [(seat, at, "away") for seat, at in row.handovers],
                  key=lambda c: change_order(c[1], c[2]))


def change_order(at: int, why: str) -> tuple[int, bool]:
    """The order of a game's seats handed to the AI, as a restart replays them and the record
    lists them (a stable sort, of each kind in the order stored): by the actions played before
    each, then a hand-over (`why` "away") before a resignation after as many (the store keeps
    no order between the two; a hand-over never ends a game, so it is always valid first: a
    seat handed over, then the other resigning to it). Resignations after as many actions keep
    the order they were made in: of an alliance's two sides, one member may resign to the AI
    and then an opponent whose teammate is out end the game; by seat, a restart replayed the
    end first and refused the other ("the game was over already")."""
    return at, why != "away"


LogHeld = tuple[int, int]  # a page's log lines: (index of the first in the whole log, how many)
HOTSEAT = "hotseat"  # the viewer that is a device's hotseat seats together
ViewerKey = int | str | None  # a seat, HOTSEAT, or None: a spectator


@dataclass
class ViewClock:
    """A viewer's version (`LiveGame.view_version`). It starts at 0 when the game is made, at
    the time in ms when a restart rebuilds it, and goes up at most once a change: numbers
    given before a restart are below it, so a page's old number is never taken for a view it
    did not see."""

    number: int
    mark: str  # all the viewer was shown at `number`
    checked: int  # the game's changes when `mark` was taken


@dataclass
class SeatView:
    """What one seat (None: a spectator) sees of a state: its observation as the state gives
    it, and its legal actions (none for a spectator, or once the game is over)."""

    observed: dict[str, Any]
    legal: list[Any]

    @functools.cached_property
    def legal_json(self) -> list[dict[str, Any]]:
        return [to_json(a) for a in self.legal]


def seat_view(state: State, seat: int | None, outcome: Outcome | None) -> SeatView:
    """`seat`'s view of `state`, the game's outcome being `outcome` (None: in play)."""
    return SeatView(state.observation(seat) or {},
                    state.legal_actions(seat) if seat is not None and outcome is None else [])


@dataclass
class LogLines:
    """A viewer's log lines as described so far: those of its frames' log (the viewer's
    whole log, or where that is not to be had its observation's), which begins at `start` in
    the viewer's whole log."""

    start: int = 0
    lines: list[str] = field(default_factory=list)

    def update(self, game: Game, start: int, events: list[dict[str, Any]]) -> None:
        if start != self.start or len(self.lines) > len(events):  # not the log they came from
            self.start = start
            self.lines = []
        self.lines.extend(_describe(game, e) for e in events[len(self.lines):])


def view_frame(game: Game, state: State, seat: int | None, version: int, game_id: str,
               held: LogHeld = (0, 0), described: LogLines | None = None,
               ended: Outcome | None = None, whole_log: bool = False,
               view: SeatView | None = None) -> dict[str, Any]:
    """Everything one viewer may see of `state`, derived from its observation alone, and the
    outcome once the game is over: by its rules, or `ended` (a resignation ended it, where the
    rules still had a seat to move: the frame's observation then has nobody `to_move`).

    `described` holds the viewer's log lines described so far (extended here). The page holds
    the lines `held`; the frame carries the lines that follow them (from `log_from` in the
    page's list), or, where the two do not join up, every line of the observation's log with
    `log_from` 0. An empty line stands for an event the game does not describe, so that line
    numbers match the observation's events.

    With `whole_log` (the table's frames), a game whose observation shows only the recent
    part of the viewer's log (`log_start` past 0) has its lines taken from the viewer's whole
    log instead, the events `State.visible_log(seat)` says that viewer may see (what its
    observations showed, turn after turn, and what the observation shows whole once the game
    is over): a page that opens, or connects again, in the middle of a game gets every line
    as a page there from the start holds them, and the frame's observation says so
    (`log_start` 0). The replay keeps each position's observation's own log.

    `view` is the seat's view of `state` when it has been taken already (`seat_view`)."""
    outcome = ended if ended is not None else state.outcome() if state.is_terminal() else None
    if view is None:
        view = seat_view(state, seat, outcome)
    full = view.observed
    if ended is not None and full.get("to_move"):  # a resignation stopped the rules mid-turn
        full = {**full, "to_move": []}
    events = full.get("log", [])
    obs = {k: v for k, v in full.items() if k != "log"}
    window = described if described is not None else LogLines()
    start = full.get("log_start", 0) or 0
    if start and whole_log:
        whole = state.whole_log(seat, full)
        if whole is not None:  # the viewer's whole log, of which the observation's is the end
            start, events, obs["log_start"] = 0, whole, 0
    window.update(game, start, events)
    base, count = held
    if base <= start <= base + count <= start + len(window.lines):
        log_from, lines = count, window.lines[base + count - start:]
    else:
        log_from, lines = 0, window.lines
    frame: dict[str, Any] = {
        "type": "state",
        "id": game_id,
        "version": version,
        "seat": seat,
        "observation": obs,
        "log_from": log_from,
        "log": lines,
        "text": _render(game, full, seat),
        "legal": [{"i": i, "label": str(getattr(a, "label", a)), "action": as_json}
                  for i, (a, as_json) in enumerate(zip(view.legal, view.legal_json))],
        "terminal": outcome is not None,
        # The seat's question now, from its own observation: "" for a spectator, a seat with
        # no decision and a game over.
        "prompt": _prompt(game, full, seat) if outcome is None else "",
    }
    if outcome is not None:
        frame["outcome"] = outcome.to_json()
        frame["score_name"] = game.score_name_of(outcome)  # what the scores count
        if ended is None:  # (a resignation, outside the rules, the page says: kit.endLines)
            # how the rules ended it
            frame["end_lines"] = closing_lines(window.lines, events[-1] if events else None)
    return frame


def closing_lines(lines: list[str], last: dict[str, Any] | None = None) -> list[str]:
    """How the rules ended a game, as a viewer's log says it: its last two lines, the game's
    end event (every game's last: "Battle over (army destroyed): player 1 wins; an agreed
    card goes to player 1") and the one that brought the end about ("Player 0 bears the
    cost: 1 spearmen card, its last soldier: its own card destroys its army; the battle
    ends", "Player 1 has lost and leaves the game"). The page's result shows them: the
    outcome's reason alone ("army destroyed") beside scores that did not decide the game
    left a winner unexplained. Taken from that viewer's own lines, they tell nothing its log
    does not. A game a round limit ended (its end event, `last`, names the limit:
    `round_limit`) was ended by no move: its end line alone, the last move would read as the
    cause."""
    said = [line for line in lines if line]
    return said[-1:] if last is not None and last.get("round_limit") else said[-2:]


def _describe(game: Game, event: dict[str, Any]) -> str:
    try:
        return game.describe_event(event)
    except Exception:  # a game's text view must not break the table
        return ""


def _prompt(game: Game, obs: Any, seat: int | None) -> str:
    """The seat's prompt (`Game.prompt`, "" where it has no decision), plain; "" for a
    spectator."""
    return "" if seat is None else plain(game.prompt(obs, seat))


def _render(game: Game, obs: Any, seat: int | None) -> str:
    """The text view as the page shows it: plain text, without a terminal's colours (Viktory
    II's map), which a page would print as `[97;44m`."""
    try:
        return plain(game.render(obs, seat))
    except Exception:
        return ""


def away_text(seconds: float) -> str:
    """How long a seat has been away, shortly: "40 s", "3 min", "2 h"."""
    if seconds < 60:
        return f"{int(seconds)} s"
    if seconds < 3600:
        return f"{int(seconds // 60)} min"
    return f"{int(seconds // 3600)} h"


def _seat_label(seat: SeatRow) -> str:
    """A seat as the lobby and the table name it: "person", "heuristic", "mcts, 0.3 s a move"
    (its stored spec, `mcts:time=0.3`, is the agent's, not a person's words)."""
    if seat.kind != "ai":
        return "person"
    try:
        name, params = parse_spec(seat.spec)
    except WarroomError:  # a spec no player reads (a handed seat's label is its own)
        return seat.spec
    return f"{name}, {params['time']} s a move" if "time" in params else seat.spec


def _label(action: Any) -> str:
    """An action as a person reads it: its label, else its JSON form's type."""
    return getattr(action, "label", None) or str(to_json(action).get("type"))


def record_text(live: LiveGame | OutdatedGame) -> str | None:
    """The record of `live` that `GET /api/games/{id}/record` sends and `warroom export
    --records` writes (its JSON, all ASCII), or None while it is withheld (the route's 409): a
    game not over, or one of another rules version not known to be over (the record holds
    every secret)."""
    if isinstance(live, OutdatedGame) and not live.row.finished:
        return None
    if isinstance(live, LiveGame) and not live.over():
        return None
    return json.dumps(live.record().to_json(), indent=1)
