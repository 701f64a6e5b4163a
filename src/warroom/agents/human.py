"""A person at the terminal: the table rendered with rich, numbered legal actions.

Game text (the table, labels, log lines) is printed as plain text, never as rich markup, so a
card named `[/red]` shows as written. When several people share one terminal (a hotseat), a
`Hotseat` clears the screen and asks the next person to take the seat before showing a seat's
view, and reads their choices without echo, so nobody sees another's hand or secret choice.
"""

from __future__ import annotations

import io
import re
import sys
import textwrap
from collections.abc import Callable
from typing import IO, Any, TextIO

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from ..engine import PlayerView
from ..engine.config import played_with
from ..engine.data import fit, reading_width
from .menu_grid import grid_lines

HELP = "Type a number or an action's label; '?' or 'help' shows the rules; 'q' quits."
# HELP where a person may resign (`HumanAgent.resigning`: `warroom play`), as short: on one
# line at 80 columns, as HELP (a second line would push a 24-line screen's log into a pause)
HELP_RESIGN = "Type a number or label; '?' shows the rules; 'resign' gives up; 'q' quits."
ASK_HELP = ("?", "help")  # what shows the summary, then the choices (and, for help, HELP)
HINT = "Type '?' for help."  # after a refusal: HELP in full made it two lines at 80 columns
QUIT = ("q", "quit", "exit")
QUIT_LOSES = "Quit? This game is not saved and will be lost (y/N) "
# typed at the prompt of a game with a `whole_table` (Viktory II): its table with nothing left
# out for the room of the choices (the whole map), until Enter
MAP = "map"
RESIGN = "resign"  # typed at the prompt: the seat gives the game up (`HumanAgent.resigning`)
RESIGN_ASKS = "Resign? {} (y/N) "  # with what resigning does now
# What a person's prompt raises KeyboardInterrupt with at the end of its input (Ctrl-D, or a
# script's input that ran out): a command tells it from Ctrl-C (exit status 1, not 130).
END_OF_INPUT = "end of input"
ITEM = re.compile(r"(- |\* |\d+\. )")  # a list item's marker, in a rules summary
HEAD = re.compile(r"[^\s:]+: ")  # a label's first word and colon: kow's "dice: 2 red"
MENU_ROWS = 12  # choices listed one a line; more go in columns where they fit
MENU_MIN_ROWS = 4  # under a table taller than the screen, this many are listed one a line
MENU_COLUMNS = 4  # at most this many columns of choices
GAP = 2  # spaces between two columns of choices
# Card suits as a keyboard types them: "add AS" picks "add A♠", "8C blocks" "8♣ blocks ...".
SUITS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
# Clear the screen and the terminal's scrollback, cursor home: what one player saw must not be
# a scroll away for the next.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
# Where the next seat's screen starts when the output is not a terminal (a pipe, a file): no
# screen to clear, and no escape for whatever reads it; a form feed, plain text's page break.
PAGE = "\f\n"


class Hotseat:
    """The seat of a terminal shared by several people: who sits there now."""

    def __init__(self, stdin: TextIO | None, console: Console):
        self.stdin = input_stream(stdin)
        self.console = console
        self.seated: int | None = None
        # What every seat's screen says under its prompt: the game's start line ("Battle:
        # human vs human, saving to FILE"), which the first seat's clear wiped at once. Public:
        # it names a seed only when the players chose it.
        self.note = ""

    def take(self, player: int) -> None:
        """Hand the terminal to `player`: clear it, then wait until they press Enter. At a
        terminal, keys typed before the prompt showed (a second Enter after a choice) are
        dropped, and only Enter alone seats the player: anything else typed there would show
        the next player's hand to whoever is still at the keyboard."""
        if self.seated == player:
            return
        self.clear()
        tty = is_tty(self.stdin)
        if tty:
            _drop_typed_ahead(self.stdin)
        prompt = [Text(f"Player {player}: take the seat, then press Enter "
                       "(the others look away).", style="bold")]
        if self.note:
            prompt.append(Text(self.note, style="dim"))
        while True:
            # hidden as a seat's every prompt is: a choice typed here by mistake stays secret
            line = read_line(self.stdin, self.console, prompt, tty, "interrupted at the seat")
            if not line or line.strip().lower() in QUIT:
                raise KeyboardInterrupt(END_OF_INPUT if not line else "quit")
            if not tty or not line.strip():
                break
            prompt = [Text(f"Player {player}: press Enter alone to take the seat "
                           "('q' quits).", style="bold")]
        self.seated = player

    def leave(self, player: int, message: str) -> None:
        """`player`'s decision is done and the next is not theirs: the seat's view goes at
        once (the AI players' turns may take seconds, while the next person walks up) and
        the table reads `message`. A seat taken again is asked for again."""
        if self.seated == player:
            self.clear()
            self.console.print(Text(message, style="bold"))

    def clear(self) -> None:
        """A new screen for the next seat: cleared at a terminal; at a dumb one (TERM=dumb,
        which has no clearing escape) the view scrolled off with blank lines; not at a
        terminal, a page break (PAGE) and no escape."""
        console = self.console
        if not console.is_terminal:
            new_screen = PAGE
        elif console.is_dumb_terminal:
            new_screen = "\n" * max(1, console.height)
        else:
            new_screen = CLEAR
        console.file.write(new_screen)
        console.file.flush()
        self.seated = None


class Resigned(Exception):
    """The person at `seat` resigned (`resign` typed at the prompt, and confirmed at a
    terminal): `warroom play` ends the game, or hands the seat to the AI, and plays on."""

    def __init__(self, seat: int):
        super().__init__(f"player {seat} resigned")
        self.seat = seat


class HumanAgent:
    name = "human"

    def __init__(self, game: Any, seed: int, stdin: TextIO | None = None,
                 console: Console | None = None, hotseat: Hotseat | None = None):
        self.game = game
        self.stdin = input_stream(stdin)
        self.console = console or Console(highlight=False)
        self.hotseat = hotseat
        self.seen = 0  # log entries already shown
        # Log lines printed since this seat's table was last drawn (or a pause of the log):
        # the events of a person's own move print at once (`warroom play`), and the rest of a
        # round after it when their next decision comes, all of it above the next table.
        self.unread = 0
        self.typed_ahead = ""  # typed at a pause of the log outside `act`: read at its prompt
        self.hinted = False  # the first prompt has said what to type
        # Set by `warroom play` for a game it does not save: `q` loses the game, so at a
        # terminal it asks first (QUIT_LOSES); a slip of the key lost a game with no way back.
        self.quit_loses = False
        # Set by `warroom play --resume`: the command that shows the whole log (a replay). At
        # a terminal the first log shown is then its last half screen and a line naming it:
        # a long game's resume held 130 lines of what was seen before it was saved.
        self.earlier: str | None = None
        # The options this game was set up with that differ from the defaults, as `--set`
        # would write them (`engine.config.changed_options`): the rules summary is written
        # for the defaults.
        self.options = ""
        # Set by `warroom play`, where a person may resign (RESIGN): what resigning a seat
        # does now, in words for the question at a terminal ("The other side wins the
        # game"). None: the prompt knows no `resign` (a tournament's game).
        self.resigning: Callable[[int], str] | None = None

    def show_new_events(self, observation: dict[str, Any]) -> None:
        """Print the log lines this player has not seen yet (also called when the game ends).
        At a terminal (`_pages`), a screenful of them at a time: a round of Word & Iron
        after a person's move, or a hotseat's hand-over, logs 30 to 100 lines, which
        scrolled away unread; the next screenful waits for Enter (`_hold`)."""
        log = observation.get("log", [])
        # A game whose observation holds only recent events says where they start.
        first = observation.get("log_start", 0)
        texts = [self._dim_line(line) for event in log[max(0, self.seen - first):]
                 if (line := self.game.describe_event(event))]
        self.seen = first + len(log)
        if self.earlier is not None and self._pages():
            cut = len(texts) - max(1, self.console.height // 2)
            if cut > 0:
                texts = [self._dim_line(f"({cut} earlier lines of the log: {self.earlier} "
                                        "shows them)"), *texts[cut:]]
        self.earlier = None
        sizes = [text.plain.count("\n") + 1 for text in texts]  # lines on this terminal
        page = self.console.height - 1  # the pause's own line
        for i, (text, size) in enumerate(zip(texts, sizes)):
            if self.unread and self.unread + size > page and not self.typed_ahead \
                    and self._pages():
                left = sum(sizes[i:])
                self.typed_ahead = self._hold(f"-- {left} more lines of the log: Enter --")
                self.unread = 0
            self.console.print(text)  # broken between its items, going on indented
            self.unread += size

    def hold_events(self, screen: int) -> str:
        """At a terminal, wait for Enter after the log lines printed since the table was last
        drawn (`unread`) when they would scroll away above the decision's `screen` lines (its
        table, choices and prompt). Returned: what was typed there other than Enter, read as
        typed at the prompt (a choice, `?`). Held when more than two of its lines would be
        lost off the top: a line or two scrolled off is no reason to stop play at every
        decision, but more than half the screen was too many (a Champions table of 17 to 22
        lines scrolled away the AI's whole turn, up to 11 lines, unseen)."""
        lost = min(self.unread, self.unread + screen - self.console.height)
        if lost <= 2 or not self._pages():
            return ""
        return self._hold(f"-- {self.unread} lines of the log above: Enter shows the table --")

    def _pages(self) -> bool:
        """Whether the log is held for its reader: at a terminal, both ways (typed at, and
        shown on: output sent to a file must not wait for an Enter nobody is told of)."""
        return is_tty(self.stdin) and self.console.is_terminal

    def _hold(self, words: str) -> str:
        """A pause of the log, saying `words`; what was typed there other than Enter, to be
        read at the prompt. `q` quits and Ctrl-D ends the input, as at the prompt."""
        hidden = self._hidden()
        more = Text(f"{words}{' (typing is hidden)' if hidden else ''}", style="dim")
        answer = read_line(self.stdin, self.console, more, hidden)
        if not answer:
            raise KeyboardInterrupt(END_OF_INPUT)
        if answer.strip().lower() in QUIT:
            self._quit()
            return ""  # not quitting after all: the table, as after Enter
        return answer.strip()

    def _quit(self) -> None:
        """`q` typed: the game stops (KeyboardInterrupt "quit"). If that loses it
        (`quit_loses`), a person at a terminal is asked first (`_sure`)."""
        if self.quit_loses and not self._sure(QUIT_LOSES):
            return
        raise KeyboardInterrupt("quit")

    def _resign(self, seat: int) -> None:
        """RESIGN typed: the seat gives the game up (Resigned), the person at a terminal asked
        first what `resigning` says it does (`_sure`)."""
        assert self.resigning is not None
        if self._sure(RESIGN_ASKS.format(self.resigning(seat))):
            raise Resigned(seat)

    def _sure(self, question: str) -> bool:
        """Whether the person means what they typed, asked `question` at a terminal: `y`
        says yes, anything else goes back. A script means what it typed, and a question sent
        elsewhere (`> file`) would wait unseen: neither is asked (`_pages`). The end of
        input stops the game, as at the prompt."""
        if not self._pages():
            return True
        answer = read_line(self.stdin, self.console, Text(question, style="bold"),
                           self._hidden())
        if not answer:
            raise KeyboardInterrupt(END_OF_INPUT)
        return answer.strip().lower() in ("y", "yes")

    def help_notes(self, observation: dict[str, Any], player: int) -> str:
        """What the game's help says of this view after its rules summary (`Game.help_notes`:
        the cards in view, how to read the table); "" for a game without."""
        notes = getattr(self.game, "help_notes", None)  # a stand-in game may have none
        return notes(observation, player) if notes is not None else ""

    def _dim_line(self, text: str) -> Text:
        """A line of the game's log or of help, dim, broken between its items ("; ") to the
        terminal's width, going on indented (a terminal's own wrap went on at column 0)."""
        return Text(fit(f"  {text}", width=max(40, self.console.width - 1)), style="dim")

    def act(self, view: PlayerView) -> Any:
        if self.hotseat is not None:
            if self.hotseat.seated != view.player:
                self.unread = 0  # the hand-over clears the screen
            self.hotseat.take(view.player)
        obs = view.observation
        actions = view.legal_actions
        tight = self.tight_menu(actions)
        table = self.table(obs, view.player, menu=len(tight))
        # The rows the screen has left under the table (its lines and frame, the prompt, and
        # the first prompt's hint): a menu longer than that goes in columns, so that the table
        # stays in sight (at least one row). Under a table taller than the screen with its
        # prompt, which scrolls whatever the menu, short menus stay one a line.
        helping = self._dim_line(self.help_line).plain.count("\n") + 1  # its lines here
        hint = 0 if self.hinted else helping
        framed = table.count("\n") + 3  # the table's lines and its frame
        left = self.console.height - framed - 1 - hint
        rows = max(1, min(MENU_ROWS, left)) if left >= 0 else MENU_MIN_ROWS
        menu = self.menu_lines(actions, rows)
        if len(menu) > rows:  # more than the table left: as laid out for the room it was told
            menu = min(menu, tight, key=len)
        screen = framed + len(menu) + 1 + hint
        # what was typed at a pause (of the log, of the summary), read as at the prompt
        self.show_new_events(obs)
        typed, self.typed_ahead = self.typed_ahead or self.hold_events(screen), ""
        self.unread = 0
        panel = Panel(Text.from_ansi(table, no_wrap=True, overflow="ellipsis"),
                      title=Text(self._title(view.player)))
        self.console.print(panel)
        for text in menu:
            self.console.print(text)
        if not self.hinted:  # the first prompt of the game says what to type
            self.console.print(self._dim_line(self.help_line))
            self.hinted = True
        while True:
            line, typed = typed or self.read_choice(), ""
            if not line:
                raise KeyboardInterrupt(END_OF_INPUT)
            if line.strip().lower() in ASK_HELP:
                # The summary, then the choices again: a bare prompt under the summary left
                # them off the screen (kow's 29 dice choices after `?`). At a terminal the
                # table too, which the summary scrolled away (kow's cards): the help's last
                # page waits for Enter unless the table fits under it.
                how = line.strip() != "?"  # `help` asks how to answer, too
                redraw = self._pages()
                typed = self.show_summary(
                    after=screen - hint - (0 if redraw else framed) + how * helping,
                    notes=self.help_notes(obs, view.player),
                    then="Enter shows the table" if redraw else "Enter for the choices")
                if redraw:
                    self.console.print(panel)
                for text in menu:
                    self.console.print(text)
                if how:
                    self.console.print(self._dim_line(self.help_line))
                continue
            if line.strip().lower() == MAP and (whole := self.whole_table(obs, view.player)):
                self.console.print(Panel(Text.from_ansi(whole, no_wrap=True, overflow="ellipsis"),
                                         title=Text(f"{self._title(view.player)}: the whole map")))
                if self._pages():  # the table and the choices again after Enter
                    typed = self._hold("-- the whole map: Enter shows the table --")
                    self.console.print(panel)
                for text in menu:
                    self.console.print(text)
                continue
            if self.resigning is not None and line.strip().lower() == RESIGN:
                self._resign(view.player)
                continue  # not resigning after all: the prompt again
            choice = self.parse(line.strip(), actions)
            if choice is not None:
                return choice

    @property
    def help_line(self) -> str:
        """What the first prompt (and `help`) says to type: HELP, with RESIGN where offered."""
        return HELP if self.resigning is None else HELP_RESIGN

    def whole_table(self, obs: dict[str, Any], player: int) -> str:
        """The game's table with nothing left out for the choices' room (`Game.whole_table`:
        Viktory II's whole map, which a busy turn's table shows only the rows of), laid out
        as `table`; "" for a game without one."""
        whole = getattr(self.game, "whole_table", None)
        return self.table(obs, player, whole) if whole is not None else ""

    def table(self, obs: dict[str, Any], player: int,
              render: Callable[[dict[str, Any], int], str] | None = None,
              menu: int | None = None) -> str:
        """The game's table for the inside of a panel on this terminal: rendered for its width
        and lines, over a `menu` of that many lines (`reading_width`: a game that reads them
        lays its view out for them, Viktory II's map, and leaves the choices their room),
        and a line still too wide for it broken between its items, going on indented, as the
        game's own lines are (`fit`), not re-wrapped by the panel mid-phrase. A line with a
        terminal's colours (a map's row) is never broken: the panel cuts it at its edge."""
        inner = max(1, self.console.width - 4)  # the panel's frame and padding
        # a taller terminal than 24 lines leaves a tall table whole (a file: as 24 lines)
        with reading_width(inner, self.console.height if self.console.is_terminal else None,
                           menu):
            table = (render or self.game.render)(obs, player)
        return "\n".join(line if len(line) <= inner or "\x1b" in line
                         else fit(line, width=max(20, inner)) for line in table.split("\n"))

    def tight_menu(self, actions: list[Any]) -> list[Text]:
        """The choices laid out under a table that leaves them only the lines they take: for
        the fewest rows, up to MENU_ROWS, that they fit in laid out for that many, else for
        MENU_ROWS. The table, told how many lines that is, leaves them that room: a game's
        guess from its view ran Viktory II's move steps a line or two over 24, where a
        frigate's "(from D7)" made labels long."""
        for rows in range(1, MENU_ROWS + 1):
            if len(lines := self.menu_lines(actions, rows)) <= rows:
                return lines
        return self.menu_lines(actions, MENU_ROWS)

    def menu_lines(self, actions: list[Any], rows: int) -> list[Text]:
        """The lines that show the legal actions (see `show_actions`); the only choice says
        that Enter plays it."""
        only = "(the only choice: Enter plays it)"
        if len(actions) == 1 and 9 + len(actions[0].label) + len(only) <= self.console.width - 1:
            return [Text.assemble(("   1", "bold"), f". {actions[0].label}   ", (only, "dim"))]
        labels = [action.label for action in actions]
        menu = _menu(labels, rows, self.console.width - 1)
        # choices that are a table's cells (Battle's soldier by group), as that table
        as_grid = getattr(self.game, "choice_grid", None)  # a stand-in game may have none
        grid = as_grid(actions) if as_grid is not None and len(menu) > rows else None
        table = grid_lines(grid, labels, self.console.width - 1) if grid is not None else None
        if table is not None and len(table) < len(menu):
            return [Text(line) for line in table]
        lines = []
        for line in menu:
            text = Text()
            for number, label in line:
                text.append(number, "bold")
                text.append(label)
            text.rstrip()
            lines.append(text)
        if len(actions) == 1:  # shown, so the player reads the table before going on
            lines.append(Text(f"  {only}", style="dim"))
        return lines

    def _title(self, player: int) -> str:
        """The panel's title, the game's without its parenthesis where the whole would touch
        the frame's corner ("Viktory II (the map game, with dice or the Battle Cards)"), and
        cut ("...") where it still would: the seat is never the part cut (at 50 columns
        "Word & Iron, Pitched Battle - you are player" lost its number)."""
        seat, room = f" - you are player {player}", self.console.width - 8
        title = self.game.title
        if len(title) + len(seat) > room:
            title = title.split(" (")[0]
        if len(title) + len(seat) > room:
            if room - len(seat) < 8:  # no room for a word of the game's title
                return seat.removeprefix(" - ")
            title = title[:room - len(seat) - 3].rstrip() + "..."
        return title + seat

    def show_actions(self, actions: list[Any], rows: int = MENU_ROWS) -> None:
        """The legal actions, numbered; more than `rows` in columns, numbered down each, so
        that the table above stays on a screen of 24 lines (kow's 29 dice choices, Battle's
        53 cards to add to a deck, Word & Iron's 8 choices under a 20-line table). Short
        choices go in columns as wide as the widest, a choice too long for a column on a
        line of its own after them (Battle's "done (fill the 30 free places ...)"). When
        that leaves long choices a line each, or takes more lines than a tall table leaves
        (`rows` under MENU_ROWS), the choices go in columns each as wide as its own widest
        choice if that takes fewer lines (Word & Iron's "offer #4 Highland Pasture for a
        truce" beside a shorter one, Champions' "next 10D" beside "rest as shown"). A choice
        too long for a line is broken between words, going on under itself."""
        for text in self.menu_lines(actions, rows):
            self.console.print(text)

    def read_choice(self) -> str:
        """One line of input (`read_line`): in a hotseat, a terminal does not echo it: the
        others at the table must not read a secret choice over the player's shoulder."""
        return read_line(self.stdin, self.console,
                         "> (typing is hidden) " if self._hidden() else "> ", self._hidden())

    def _hidden(self) -> bool:
        """Whether what the player types is hidden (a hotseat at a terminal)."""
        return self.hotseat is not None and is_tty(self.stdin)

    def show_summary(self, after: int = 0, notes: str = "",
                     then: str = "Enter for the choices", in_game: bool = True) -> str:
        """The rules summary (`?`), broken to the terminal's width, then the game's `notes` on
        the view (`help_notes`: Word & Iron's card texts). At a terminal, a summary
        that would not fit the screen with the `after` lines that follow it (the choices and
        the prompt, the table too when it is drawn again) is shown a screenful at a time,
        Enter showing more, its last pause saying what Enter does (`then`): Viktory's and
        Viktory II's first halves scrolled away unread. Returned: what was typed at one of
        its pauses other than Enter or `q` (which go on, and back to the choices), to be read
        as typed at the prompt (a choice); read as the prompt reads it (`read_line`: in a
        hotseat, not echoed). Outside a game (`in_game` false: `warroom rules`) there are no
        choices: `q` (or `quit`, `exit`) stops the listing, other text is Enter, and the
        pauses say so."""
        width = self.console.width - 1
        lines = _wrapped(self.game.summary or "No summary for this game.", width).splitlines()
        if self.options:
            lines += textwrap.wrap(played_with(self.options), max(20, width),
                                   break_long_words=False, break_on_hyphens=False)
        if notes:
            lines += _wrapped(notes, width).splitlines()
        height = self.console.height
        # the line the `?` was typed on, or the last page's "more" line, stays at the top
        if not is_tty(self.stdin) or 1 + len(lines) + after <= height:
            for line in lines:
                self.console.print(Text(line), soft_wrap=True)
            return ""
        page = max(1, height - 2)
        for start in range(0, len(lines), page):
            chunk = lines[start:start + page]
            for line in chunk:
                self.console.print(Text(line), soft_wrap=True)
            left = len(lines) - start - len(chunk)
            if not left and 1 + len(chunk) + after <= height:
                return ""
            keys = "Enter; back to the choices: q" if in_game else "Enter for more; q stops"
            more = (f"-- more ({left} lines): {keys} --" if left
                    else f"-- end of the summary: {then} --")
            answer = read_line(self.stdin, self.console, Text(f"{more} ", style="dim"),
                               self._hidden())
            if not answer:  # Ctrl-D quits here as at the prompt (a terminal would read on)
                raise KeyboardInterrupt(END_OF_INPUT)
            typed = answer.strip()
            if not in_game:  # no choices to type: Enter, or stop
                if typed.lower() in QUIT:
                    return ""
            elif typed:
                return "" if typed.lower() == "q" else answer
        return ""

    def parse(self, text: str, actions: list[Any]) -> Any:
        if text.lower() in QUIT:
            self._quit()
            return None  # not quitting after all: the prompt again
        if not text and len(actions) == 1:
            return actions[0]
        # ASCII digits only ("²".isdigit() too, and int() refuses it), and few of them: int()
        # refuses thousands of digits, and no game offers a billion actions. A sign is a
        # number too ("-1" is refused as "0" is, with the numbers to choose from).
        if re.fullmatch(r"[+-]?[0-9]{1,9}", text):
            n = int(text)
            if 1 <= n <= len(actions):
                return actions[n - 1]
            said = "No such action" if self._hidden() else f"No action {n}"
            self._refuse(f"{said}: choose 1 to {len(actions)}.")
            return None
        typed_label = _keyable(text)
        labels = [_keyable(a.label) for a in actions]
        matches = [a for a, label in zip(actions, labels) if label == typed_label]
        if not matches and text:
            matches = [a for a, label in zip(actions, labels) if label.startswith(typed_label)]
        if len(matches) != 1 and text:  # "2 red" for kow's "dice: 2 red", of 29 "dice: ..."
            matches = _by_tail(typed_label, actions, labels) or matches
        if not matches and text:  # "king" for "play as the king", "h3" for "... on H3"
            matches = [a for a, label in zip(actions, labels)
                       if re.search(rf"(?<!\w){re.escape(typed_label)}", label)]
        if len(matches) == 1:
            return matches[0]
        # Typing that is hidden is not repeated: the others at the table would read it.
        typed = "That" if self._hidden() else escape(
            repr(text if len(text) <= 40 else text[:37] + "..."))
        if not text:
            self._refuse("Please choose an action.")
        elif matches:
            self._refuse(f"{typed} matches {len(matches)} actions; be more precise.")
        else:
            self._refuse(f"{typed} is not a legal action here.")
        return None

    def _refuse(self, message: str) -> None:
        """What was typed is refused: `message` (rich markup, what was typed in it escaped) in
        red, then where help is (HINT), as every refusal ends."""
        self.console.print(f"[red]{message}[/red] {HINT}")


def _menu(labels: list[str], rows: int, room: int) -> list[list[tuple[str, str]]]:
    """The lines of a menu of these labels, each a list of (number, label and padding) cells,
    within `room` columns: one a line when they are `rows` or fewer, else in columns (at
    most MENU_COLUMNS), numbered down each, as `HumanAgent.show_actions` describes."""
    cells = [(f"  {i:>2}", f". {label}") for i, label in enumerate(labels, 1)]
    # one a line, a label too long for it broken between words, going on under itself
    own = [[(n if k == 0 else " " * len(n), text)
            for k, text in enumerate(textwrap.wrap(label, room - len(n), initial_indent=". ",
                                                   subsequent_indent="  ",
                                                   break_long_words=False) or [". "])]
           for (n, _), label in zip(cells, labels)]
    best = [[cell] for lines in own for cell in lines]
    if len(cells) <= rows:
        return best
    fits = [len(n) + len(label) + GAP <= room // 2 for n, label in cells]
    short = [c for c, fit_ in zip(cells, fits) if fit_]
    if len(short) > rows:  # the short ones in columns as wide as the widest
        widest = max(len(n) + len(label) for n, label in short) + GAP
        count = max(1, min(MENU_COLUMNS, room // widest))
        # In the order of their numbers: each run of short choices in columns, numbered down
        # each, a long choice on its own line(s) between two runs (Viktory II's "7. stop this
        # unit (it moves no more this turn)" was put after the columns, under 11).
        best, run = [], []
        for cell, fit_, lines in zip([*cells, None], [*fits, False], [*own, []]):
            if fit_:
                run.append(cell)
                continue
            height = -(-len(run) // count)
            best += [[(n, label.ljust(widest - len(n))) for n, label in run[r::height]]
                     for r in range(height)] + [[cell] for cell in lines]
            run = []
        if len(short) == len(cells) and (height <= rows or rows >= MENU_ROWS):
            return best
    # every choice in columns each as wide as its widest, the numbers as narrow as they go
    digits = len(str(len(labels)))
    narrow = [(f"{i:>{digits}}", f". {label}") for i, label in enumerate(labels, 1)]
    fitting = []
    for count in range(2, MENU_COLUMNS + 1):
        height = -(-len(narrow) // count)
        columns = [narrow[k:k + height] for k in range(0, len(narrow), height)]
        widths = [max(len(n) + len(label) for n, label in column) for column in columns]
        total = sum(widths) + GAP * (len(columns) - 1)
        if total <= room:
            fitting.append((height, columns, widths, total))
    # the fewest columns that leave the table in sight, else the fewest lines
    chosen = next((f for f in fitting if f[0] <= rows),
                  min(fitting, key=lambda f: f[0], default=None))
    if chosen is None or chosen[0] >= len(best):
        return best
    height, columns, widths, total = chosen
    indent = " " * max(0, min(4 - digits, room - total))
    grid = []
    for r in range(height):
        line = [(indent + column[r][0] if k == 0 else column[r][0],
                 column[r][1].ljust(widths[k] - len(column[r][0]) + GAP))
                for k, column in enumerate(columns) if r < len(column)]
        grid.append(line)
    return grid


def _wrapped(text: str, width: int) -> str:
    """`text` broken between words to `width`. Summaries are written up to 96 columns, a long
    item going on in lines of its own: a line wider than `width` takes the lines that go on
    from it (more indented than a list item's marker, or as indented as prose) into one
    paragraph, filled anew, so that no short fragment is left between them (kow's "...the
    card's / number, and no / die may be superfluous" at 80). A line that fits keeps its
    break, as written."""
    lines = text.splitlines()
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        indent = len(line) - len(line.lstrip())
        marker = ITEM.match(line[indent:])
        under = indent + (len(marker[1]) if marker else 0)  # where its next lines begin
        words = [line.strip()]
        j = i
        while (len(lines[j]) > width and j + 1 < len(lines)
               and _goes_on(lines[j], lines[j + 1], indent, under)):
            j += 1
            words.append(lines[j].strip())
        out.append(textwrap.fill(" ".join(words), max(20, width), initial_indent=" " * indent,
                                 subsequent_indent=" " * max(under, indent + 2 * (not marker)),
                                 break_long_words=False, break_on_hyphens=False) or line)
        i = j + 1
    return "\n".join(out)


def _goes_on(before: str, line: str, indent: int, under: int) -> bool:
    """Whether `line` goes on with the paragraph whose first line is indented `indent`, its
    next lines from `under`, after the line `before`. A line more indented than the first
    goes on with it (a list item's text, or prose with a hanging indent); a line as indented
    as the first, which prose going on and the next paragraph alike are, goes on only after
    a line as indented, and unless a sentence ended there and a new one starts with a
    capital: a heading or a paragraph of its own at column 0 ("Battle Cards (mode=cards):"
    after Viktory's hybrid paragraph, Viktory II's "Win: ..." after "Without your capital:
    ...") keeps its line, as its author laid it out."""
    text = line.lstrip()
    at = len(line) - len(text)
    if not text or ITEM.match(text) or at < under:
        return False
    if at > indent:
        return True
    ended = re.search(r"[.:!?][)\"'`]*$", before.rstrip()) is not None
    return (len(before) - len(before.lstrip()) == at
            and not (ended and text[0].isupper()))


def _by_tail(typed: str, actions: list[Any], labels: list[str]) -> list[Any]:
    """The one action whose label's tail, after its first word and colon (kow's "dice: "),
    is `typed`, or else the one whose tail starts with it; none if none or several do (so
    that an ambiguous tail is refused as ambiguous, not taken)."""
    tails = [(a, label[m.end():]) for a, label in zip(actions, labels)
             if (m := HEAD.match(label))]
    for found in ([a for a, tail in tails if tail == typed],
                  [a for a, tail in tails if tail.startswith(typed)]):
        if len(found) == 1:
            return found
    return []


def _keyable(label: str) -> str:
    """A label as it is matched: case aside, and suits as letters."""
    return label.translate(SUITS).lower()


def input_stream(stdin: TextIO | None) -> TextIO:
    """Where a person's choices are read: `stdin`, else standard input; a command started
    with its input closed (`<&-`: Python's sys.stdin is None) reads an input that has ended,
    as `</dev/null` does, and the game stops as at the end of input."""
    if stdin is not None:
        return stdin
    return sys.stdin if sys.stdin is not None else io.StringIO()


def _drop_typed_ahead(stream: TextIO) -> None:
    try:
        import termios

        termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # no POSIX terminal: nothing to drop
        pass


def is_tty(stream: IO[str]) -> bool:
    """Whether `stream` is a terminal (a closed or unusual stream is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def read_line(stream: TextIO, console: Console, prompt: str | Text | list[Text], hidden: bool,
              interrupted: str = "interrupted at the prompt") -> str:
    """One line typed at `prompt` (said on the line typed on; a list: whole lines, above
    it), not echoed if `hidden`: the one way every prompt of a hotseat's seat is read (the
    seat's own, the choice's, the summary's pauses), echo off before the prompt shows, so
    that nothing typed there shows. Ctrl-C (a KeyboardInterrupt saying `interrupted`) or
    the end of input ("" returned) leaves the prompt's line ended, so that what is said next
    ("game stopped: ...") starts a line of its own; hidden, the Enter that was not echoed
    ends it too."""
    def show() -> None:
        if isinstance(prompt, list):
            for line in prompt:
                console.print(line)
        else:
            console.print(prompt, end="")

    try:
        if hidden:
            line = _read_without_echo(stream, show)
        else:
            show()
            line = stream.readline()
    except KeyboardInterrupt:
        console.print()
        raise KeyboardInterrupt(interrupted) from None
    if (hidden and line) or (not line and not isinstance(prompt, list)):
        console.print()
    return line


def _read_without_echo(stream: TextIO, prompt: Callable[[], None]) -> str:
    try:
        import termios
    except ImportError:  # no POSIX terminal: the screen is still cleared between players
        prompt()
        return stream.readline()
    fd = stream.fileno()
    old = termios.tcgetattr(fd)
    new = list(old)
    new[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSADRAIN, new)
    try:
        prompt()
        return stream.readline()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
