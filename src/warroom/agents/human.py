"""A person at the terminal: the table rendered with rich, numbered legal actions."""

from __future__ import annotations

import sys
from typing import Any, TextIO

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ..engine import PlayerView

HELP = "Type a number or an action's label; '?' shows the rules summary; 'q' quits."


class HumanAgent:
    name = "human"

    def __init__(self, game: Any, seed: int, stdin: TextIO | None = None,
                 console: Console | None = None):
        self.game = game
        self.stdin = stdin or sys.stdin
        self.console = console or Console(highlight=False)
        self.seen = 0  # log entries already shown

    def show_new_events(self, observation: dict[str, Any]) -> None:
        """Print the log lines this player has not seen yet (also called when the game ends)."""
        log = observation.get("log", [])
        # A game whose observation holds only recent events says where they start.
        first = observation.get("log_start", 0)
        for event in log[max(0, self.seen - first):]:
            line = self.game.describe_event(event)
            if line:
                self.console.print(f"  {line}", style="dim")
        self.seen = first + len(log)

    def act(self, view: PlayerView) -> Any:
        obs = view.observation
        self.show_new_events(obs)
        self.console.print(Panel(Text.from_ansi(self.game.render(obs, view.player)),
                                 title=f"{self.game.title} - you are player {view.player}"))
        actions = view.legal_actions
        for i, action in enumerate(actions, 1):
            self.console.print(f"  [bold]{i:>2}[/bold]. {action.label}")
        while True:
            self.console.print("> ", end="")
            line = self.stdin.readline()
            if not line:
                raise KeyboardInterrupt("end of input")
            choice = self.parse(line.strip(), actions)
            if choice is not None:
                return choice

    def parse(self, text: str, actions: list[Any]) -> Any:
        if text == "?":
            self.console.print(self.game.summary or "No summary for this game.")
            return None
        if text in ("q", "quit", "exit"):
            raise KeyboardInterrupt("quit")
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(actions):
                return actions[n - 1]
            self.console.print(f"[red]No action {n}: choose 1 to {len(actions)}.[/red] {HELP}")
            return None
        matches = [a for a in actions if a.label.lower() == text.lower()]
        if not matches:
            prefix = text.lower()
            matches = [a for a in actions if a.label.lower().startswith(prefix)] if text else []
        if len(matches) == 1:
            return matches[0]
        if not text:
            self.console.print(f"[red]Please choose an action.[/red] {HELP}")
        elif matches:
            self.console.print(f"[red]{text!r} matches {len(matches)} actions; "
                               "be more precise.[/red]")
        else:
            self.console.print(f"[red]{text!r} is not a legal action here.[/red] {HELP}")
        return None
