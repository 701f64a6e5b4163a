"""What the PettingZoo and Gymnasium adapters share (and OpenSpiel's, `load` and `rewards`):
one game in play, seen through its encoding (engine.encoding), with no game-specific code.

A `Table` holds the live state, maps action indices to the game's actions through the
encoding's keys, keeps each seat's observation vector up to date (an `Observer` per seat)
and builds the action mask, and turns an outcome into rewards: 1 for a win, -1 for a loss, 0
for a draw, shared by a team (`Game.team_seats`).

It plays the engine's fast path, as simulation does: actions taken by index are applied
unchecked (`State.apply_trusted`: the index names one of the legal actions), and the event log
is off until someone reads it (`State.stop_log`: rendering or an agent's observation rebuilds
it). The legal actions of a decision are asked once, and named by index once.
"""

from __future__ import annotations

import functools
import io
import math
from typing import Any

import numpy as np

from .. import native
from ..engine import ConfigError, Game, IllegalAction, Outcome, State
from ..engine.data import TEXT_WIDTH
from ..engine.encoding import Encoding
from ..games import get_game


def load(game: str | Game, options: dict[str, Any] | None = None) -> tuple[Game, Any, Encoding]:
    """The game, its config from `options` (rule options, as for `warroom play --set`) and
    its encoding; a clear ConfigError for an unknown game or option, or a game without one.
    A compiled build that is there but not used (stale) is said once a process on stderr,
    as the long-running commands say it: a training loop would run interpreted, slower,
    with nothing else to tell."""
    native.warn_if_stale()
    g = get_game(game) if isinstance(game, str) else game
    config = g.config(options or {})
    try:
        encoding = g.encoding(config)
    except NotImplementedError as exc:
        raise ConfigError(str(exc)) from None
    return g, config, encoding


def rewards(game: Game, config: Any, outcome: Outcome, players: int,
            out: frozenset[int] = frozenset()) -> list[float]:
    """Win 1, loss -1, draw 0 per seat; a seat whose team won shares the win. A seat the
    rules put `out` before a draw (Battle's free-for-all, Viktory II's turn limit among the
    seats still in) lost: -1, not the 0 of the seats that drew (a learner was told being put
    out cost nothing)."""
    if not outcome.winners:
        gone = set(out)  # a seat out whose teammate drew shares the team's draw
        for team in game.team_seats(config) or ():
            if not set(team) <= gone:
                gone -= set(team)
        return [-1.0 if p in gone else 0.0 for p in range(players)]
    won = set(outcome.winners)
    for team in game.team_seats(config) or ():
        if won & set(team):
            won |= set(team)
    return [1.0 if p in won else -1.0 for p in range(players)]


class Table:
    """One game of a registered rule set, played by action indices."""

    def __init__(self, game: str | Game, options: dict[str, Any] | None = None):
        self.game, self.config, self.encoding = load(game, options)
        self.players = self.game.num_players(self.config)
        self.state: State | None = None
        self.seed: int | None = None
        self._mover: int | None = None  # the seat to decide now, None once the game is over
        self._actions: list[Any] | None = None  # the legal actions of the seat to decide
        self._indices: list[int] = []  # their indices
        self._legal: dict[int, Any] | None = None  # index -> action
        self._decision = 0  # counts the states the table has been in
        self._observers = [self.encoding.observer(p) for p in range(self.players)]
        self._looked = [-1] * self.players  # the decision each seat's observer last saw
        self._num_actions = self.encoding.num_actions

    def __getstate__(self) -> dict[str, Any]:
        # The encoding and the seats' observers are compiled objects over buffers, which do
        # not pickle: they are made again from the game and config, and each seat's next look
        # writes its observation whole. The engine state pickles with its generator.
        state = dict(self.__dict__)
        del state["encoding"], state["_observers"]
        state["_looked"] = [-1] * self.players
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.encoding = self.game.encoding(self.config)
        self._observers = [self.encoding.observer(p) for p in range(self.players)]

    # --- play ---------------------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        self.seed = seed
        game, config = self.game, self.config
        self.state = game.new_state(config, seed)
        # Nobody reads the log as the game goes; whoever does gets it rebuilt from the start.
        self.state.stop_log(start=functools.partial(game.new_state, config, seed))
        self._moved()

    def _moved(self) -> None:
        """The state has changed: note who decides now, forget the legal actions."""
        movers = self.state.to_move()
        self._mover = movers[0] if movers else None
        self._actions = None
        self._legal = None
        self._decision += 1

    @property
    def live(self) -> State:
        if self.state is None:
            raise RuntimeError("no game in play: call reset() first")
        return self.state

    def to_move(self) -> int | None:
        """The seat that decides now (the engine asks the movers of a simultaneous decision
        one by one, hiding each choice from the others); None once the game is over."""
        if self.state is None:
            raise RuntimeError("no game in play: call reset() first")
        return self._mover

    def _decide(self) -> list[int]:
        """The legal actions of the seat to move, asked once per decision, and their
        indices."""
        player, state = self._mover, self.live
        if player is None:
            self._actions, self._indices = [], []
        else:
            self._actions = actions = state.legal_actions(player)
            self._indices = self.encoding.indices(state, player, actions)
        return self._indices

    def legal_indices(self) -> list[int]:
        """The index of each legal action of the seat to move (none once the game is over)."""
        return self._indices if self._actions is not None else self._decide()

    def legal(self) -> dict[int, Any]:
        """Index -> action for the seat to move."""
        if self._legal is None:
            indices = self.legal_indices()
            self._legal = dict(zip(indices, self._actions or ()))
        return self._legal

    def apply(self, index: int) -> tuple[int, Any]:
        """Apply the action with this index for the seat to move; an index that is not legal
        now raises IllegalAction and changes nothing."""
        player = self._mover
        if player is None:
            raise IllegalAction("the game is over; no more actions")
        indices = self._indices if self._actions is not None else self._decide()
        try:
            action = self._actions[indices.index(index)]
        except ValueError:
            raise not_legal(f"action index {index}", f"seat {player}", indices,
                            "; mask actions with the observation's action_mask") from None
        self.state.apply_trusted(player, action)  # one of the legal actions, by its index
        self._moved()
        return player, action

    def apply_action(self, player: int, action: Any) -> None:
        """Apply a game action chosen by an engine agent (Gymnasium's opponents): checked."""
        self.live.apply(player, action)
        self._moved()

    # --- what a seat sees ---------------------------------------------------------------------
    def observation(self, player: int) -> np.ndarray:
        """`player`'s observation vector (a new array): its observer brought up to date,
        which rewrites only what changed since that seat last looked."""
        observer = self._observers[player]
        if self._looked[player] != self._decision:
            observer.look(self.live)
            self._looked[player] = self._decision
        return observer.view.copy()

    def observe(self, player: int) -> dict[str, np.ndarray]:
        """`observation` and `action_mask` together, as PettingZoo's classic environments
        give them (one call instead of two: this runs at every step of a training loop)."""
        observer = self._observers[player]
        if self._looked[player] != self._decision:
            observer.look(self.live)
            self._looked[player] = self._decision
        mask = bytearray(self._num_actions)
        if player == self._mover:
            for index in self._indices if self._actions is not None else self._decide():
                mask[index] = 1
        return {"observation": observer.view.copy(), "action_mask": np.frombuffer(mask, np.int8)}

    def mask(self, player: int) -> np.ndarray:
        """1 for each legal action index of `player` (all 0 when it is not to move)."""
        mask = bytearray(self.encoding.num_actions)  # a store costs less than numpy's
        if player == self._mover:
            for index in self._indices if self._actions is not None else self._decide():
                mask[index] = 1
        return np.frombuffer(mask, np.int8)

    def rewards(self) -> list[float]:
        outcome = self.live.outcome()
        if outcome is None:
            return [0.0] * self.players
        return rewards(self.game, self.config, outcome, self.players, self.live.players_out())

    def render(self, player: int | None) -> str:
        """The game's own text view of `player`'s observation (None: a spectator's)."""
        return self.game.render(self.live.observation(player), player)


RENDER_MODES = ("ansi", "rgb_array")


def render_mode_argument(mode: Any) -> str | None:
    """A `render_mode` argument as the environments take it: None or one of RENDER_MODES."""
    if mode is not None and not (isinstance(mode, str) and mode in RENDER_MODES):
        raise ValueError(f"render_mode must be 'ansi', 'rgb_array' or None, got {mode!r}")
    return mode


# --- rgb_array: the ansi text drawn as a terminal shows it ------------------------------------
# Every frame has one shape, whatever the text: a video's frames must (Gymnasium's RecordVideo).
FRAME_COLUMNS = TEXT_WIDTH  # no line of a text view is longer (the conformance suite checks)
FRAME_LINES = 24  # a terminal's; a taller text (a large Viktory II map) is drawn smaller, whole
FONT_SIZE = 15  # pixels: DejaVu Sans Mono's cell is then 9 x 18
MARGIN = 4  # pixels around the text
BLOCK = 16  # video encoders want sides a multiple of 16 (imageio-ffmpeg resizes others)
# The terminal colours of the escapes (xterm's: 30-37 and 90-97, paper 40-47 and 100-107) and
# the default ink and paper, a dark terminal's.
XTERM = ((0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
         (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
         (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255))
INK, PAPER = (204, 204, 204), (24, 24, 24)


def picture(text: str) -> np.ndarray:
    """An ansi render's `text` drawn as an RGB frame (height x width x 3, uint8), its terminal
    colours included, in a monospace font on a grid of FRAME_COLUMNS x FRAME_LINES characters:
    the same frame size for every text; a text wider or taller is drawn smaller, whole. rich
    reads the escapes, Pillow draws (both imported then: an environment rendering text or
    nothing does not load Pillow)."""
    from PIL import Image, ImageDraw
    from rich.text import Text

    font, (cell_width, cell_height) = _font()
    theme = _theme()
    lines = Text.from_ansi(text).split("\n", allow_blank=True)
    columns = max([FRAME_COLUMNS, *(line.cell_len for line in lines)])
    rows = max(FRAME_LINES, len(lines))
    page = Image.new("RGB", (columns * cell_width, rows * cell_height), PAPER)
    draw = ImageDraw.Draw(page)
    for row, line in enumerate(lines):
        column = 0
        for segment in line.render(_console()):
            style, width = segment.style, segment.cell_length
            ink = style.color.get_truecolor(theme) if style and style.color else INK
            paper = (style.bgcolor.get_truecolor(theme, foreground=False)
                     if style and style.bgcolor else PAPER)
            if style and style.dim:  # faint: halfway to the paper, as terminals show it
                ink = tuple((a + b) // 2 for a, b in zip(ink, paper))
            box = (column * cell_width, row * cell_height)
            if paper != PAPER:
                draw.rectangle((*box, box[0] + width * cell_width - 1,
                                box[1] + cell_height - 1), fill=tuple(paper))
            draw.text(box, segment.text, font=font, fill=tuple(ink))
            column += width
    shown = page if columns == FRAME_COLUMNS and rows == FRAME_LINES else page.resize(
        _fitted(page.size), Image.Resampling.BOX)
    frame = Image.new("RGB", frame_size(), PAPER)
    frame.paste(shown, (MARGIN, MARGIN))
    return np.asarray(frame)


def frame_size() -> tuple[int, int]:
    """The width and height in pixels of every frame `picture` draws."""
    cell_width, cell_height = _font()[1]
    return (math.ceil((2 * MARGIN + FRAME_COLUMNS * cell_width) / BLOCK) * BLOCK,
            math.ceil((2 * MARGIN + FRAME_LINES * cell_height) / BLOCK) * BLOCK)


def _fitted(size: tuple[int, int]) -> tuple[int, int]:
    """A page of `size` pixels shrunk, its sides in proportion, to FRAME_COLUMNS x FRAME_LINES
    cells."""
    cell_width, cell_height = _font()[1]
    scale = min(FRAME_COLUMNS * cell_width / size[0], FRAME_LINES * cell_height / size[1])
    return max(1, round(size[0] * scale)), max(1, round(size[1] * scale))


@functools.cache
def _font() -> tuple[Any, tuple[int, int]]:
    """DejaVu Sans Mono, which ships with matplotlib (the same frame on every machine, whatever
    its fonts), and its cell in pixels."""
    from pathlib import Path

    import matplotlib
    from PIL import ImageFont

    font = ImageFont.truetype(str(Path(matplotlib.get_data_path(), "fonts", "ttf",
                                       "DejaVuSansMono.ttf")), FONT_SIZE)
    ascent, descent = font.getmetrics()
    return font, (round(font.getlength("M")), ascent + descent)


@functools.cache
def _theme() -> Any:
    from rich.terminal_theme import TerminalTheme

    return TerminalTheme(PAPER, INK, list(XTERM[:8]), list(XTERM[8:]))


@functools.cache
def _console() -> Any:
    """The console rich renders a line's segments with: no width to wrap at, no colours of
    its own."""
    from rich.console import Console

    return Console(width=10_000, color_system="truecolor", file=io.StringIO())


def not_legal(what: str, who: str, legal: Any, hint: str = "") -> IllegalAction:
    """The error for an action index that is not legal now, naming (some of) the legal ones."""
    shown = sorted(legal)
    return IllegalAction(f"{what} is not legal for {who} now (legal: {shown[:12]}"
                         f"{' ...' if len(shown) > 12 else ''}){hint}")


def action_index(action: Any, n: int) -> int:
    """The action as an index of a space of `n`: an index outside it is a mistake in the
    calling code, not a move of the policy, so it is an error rather than a lost episode."""
    if action.__class__ is int and 0 <= action < n:  # the common case, first: every step
        return action
    if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
        action = action.reshape(())[()]
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise ValueError(f"step() takes an action index (an integer), got {action!r}")
    if not 0 <= action < n:
        raise ValueError(f"action index {action} is outside the action space (0 to {n - 1})")
    return int(action)


def integer(value: Any) -> int | None:
    """`value` as an int if it is an integer (numpy's too, not a bool), else None: what the
    environments' integer arguments (seeds, seats, bounds) take."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        return None
    return int(value)


def seed_argument(seed: Any) -> int | None:
    """A `reset(seed=)` argument as the environments take it: None, or an integer >= 0
    (numpy's too, not a bool), the rule of Gymnasium's seeding; else a ValueError. `1.0`,
    `True` and `"1"` would seed other games than 1's."""
    if seed is None:
        return None
    value = integer(seed)
    if value is None or value < 0:
        raise ValueError(f"reset(seed=) takes an integer >= 0 or None, got {seed!r}")
    return value


def seed_from(rng: np.random.Generator) -> int:
    """A game seed drawn from an environment's random generator."""
    return int(rng.integers(0, 2**63 - 1))
