"""`warroom play` and `warroom replay`."""

from __future__ import annotations

import json
import os
import shutil
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from ..agents import (
    PlayerError,
    make_agent,
    make_agents,
    parse_spec,
    parse_specs,
    player_failed,
)
from ..agents.human import END_OF_INPUT, Hotseat, HumanAgent, Resigned, is_tty
from ..agents.mcts import keep_time
from ..engine import (
    ConfigError,
    Game,
    Outcome,
    Record,
    RecordError,
    State,
    derive_seed,
    play_game,
)
from ..engine.config import changed_options
from ..engine.core import SPECTATORS, told
from ..engine.data import counted, fit, reading_width, shortened
from ..engine.embed import check_line, edited_warning, embed_files
from ..engine.errors import WarroomError
from ..engine.record import (
    HANDOVER,
    check_record_files,
    event_actions,
    record_outcome,
    resign,
    resignation_lines,
    resignations_in_log,
    resigning_ends_game,
    sides,
)
from ..engine.runner import GameResult, agent_failure
from ..sim.outputs import make_folders
from . import cli
from .common import (
    FILE,
    OWN_PLAYER_HELP,
    RECORD,
    SEED,
    SET_HELP,
    InputEnded,
    Interrupted,
    OutputEnded,
    SaveLock,
    echo_err,
    echo_json,
    fresh_seed,
    game_and_config,
    json_output,
    load_record,
    shell_word,
    stdout_failure,
)


def echo_view(game: Game, obs: dict[str, Any], seat: int | None, err: bool = False) -> None:
    """A table (on standard error if `err`); at a terminal, laid out for its width as the
    table in play is (`reading_width`: a narrow one breaks its lines between their items,
    where its own wrap went on at column 0), else for TEXT_WIDTH, as every channel has it."""
    if is_tty(sys.stderr if err else sys.stdout):
        with reading_width(max(40, shutil.get_terminal_size().columns - 1)):
            text = game.render(obs, seat)
    else:
        text = game.render(obs, seat)
    click.echo(text, err=err)


def echo_log_line(line: str, err: bool = False) -> None:
    """A log line (on standard error if `err`); at a terminal, broken between its items to
    the terminal's width (as the table does), else as it is, one event a line, for whatever
    reads it."""
    if is_tty(sys.stderr if err else sys.stdout):
        line = fit(line, width=max(40, shutil.get_terminal_size().columns - 1))
    click.echo(line, err=err)


class LogPrinter:
    """Prints the log as a spectator sees it as a game advances (for games with no person at
    the table): the events for everybody and those told to spectators too (`SPECTATORS`)."""

    def __init__(self, game: Game, err: bool = False):
        self.game = game
        self.seen = 0
        self.err = err  # on standard error (--json: standard output holds the result alone)

    def __call__(self, state: State, *_: object) -> None:
        for to, event in state.log[self.seen:]:
            if told(to, SPECTATORS):
                line = self.game.describe_event(event)
                if line:
                    echo_log_line(line, self.err)
        self.seen = len(state.log)


SAVE_EVERY = 0.5  # seconds between saves while only AI players act
# What a hotseat's screen says once a person's decision is done and the AI players' turns
# come next: the person's view is cleared at once, not left there while the AI thinks.
AI_PLAYING = "The AI players are playing... (Ctrl-C stops the game)"
# What the table is told when no person is left to play (all out, or resigned to the AI).
PLAY_ON = "the AI players play on to the end (Ctrl-C to stop)"


class AiPlaying:
    """While the AI players play after a person's move, a status line says so at a terminal
    (an mcts turn took 17 s with nothing new on the screen); it goes when the next person is
    to move or the game ends. Its spinner runs in rich's own thread: the AI plays as fast.
    Not at a terminal, nothing is written (a file would keep each frame)."""

    def __init__(self, console: Console, people: dict[int, HumanAgent]):
        self.console = console
        self.people = people
        self.status: Any = None

    def after(self, state: State, player: int) -> None:
        """After each action: a person's starts the status when an AI player is next; the
        AI's that hands the turn to a person (or ends the game) stops it."""
        ai_next = not state.is_terminal() and state.to_move()[0] not in self.people
        if not ai_next:
            self.stop()
        elif player in self.people and self.status is None and self.console.is_terminal:
            self.status = self.console.status(Text(AI_PLAYING, style="bold"))
            self.status.start()

    def stop(self) -> None:
        if self.status is not None:
            self.status.stop()  # transient: its line goes from the screen
            self.status = None

    def __enter__(self) -> AiPlaying:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()  # before whatever says how the game stopped


class Resigning:
    """`resign` at a person's prompt (`HumanAgent.resigning`), as the browser table's Resign
    does it for the same game and seats (`engine.record.resign`): with two sides in play the
    game ends, the other side winning (a team whose members play on their own, once its last
    person resigns); else the HANDOVER AI plays the seat on (its
    agent here too, and its person leaves `people`), and the record says so. `state` is the
    game as it stands after the record's actions (`play_locked`'s `after` keeps it)."""

    def __init__(self, g: Game, config: Any, seed: int, record: Record, state: State,
                 agents: list[Any], people: dict[int, HumanAgent]):
        self.game, self.config, self.seed = g, config, seed
        self.record, self.state = record, state
        self.agents, self.people = agents, people

    def means(self, seat: int) -> str:
        """What resigning `seat` now does, as the question at a terminal says it (the
        browser table's words)."""
        if not resigning_ends_game(self.game, self.config, self.record, self.state, seat):
            return f"The {HANDOVER} AI plays your seat on."
        side = next(group for group in sides(self.game, self.config, self.state.num_players)
                    if seat in group)
        allies = [p for p in side if p != seat]
        if not allies:
            return "The other side wins the game."
        who = ", ".join(f"player {p}" for p in allies)
        lose = "your ally, loses" if len(allies) == 1 else "your allies, lose"
        return f"The other side wins the game; {who}, {lose} with you."

    def resign(self, seat: int) -> GameResult | None:
        """`seat` resigns now: the game's result when that ends it, else None (the AI plays
        the seat on from here, with the seed a seat's player gets: `make_agents`)."""
        outcome = resign(self.game, self.config, self.record, self.state, seat)
        if outcome is not None:
            return GameResult(outcome, len(self.record.actions), self.record, self.state)
        self.agents[seat] = make_agent(HANDOVER, self.game, derive_seed(self.seed, "agent", seat))
        del self.people[seat]
        return None


@cli.command()
@click.argument("game", required=False)
@click.option("--players", "players_text", help="Comma-separated SPECs by seat: human, or an "
              "AI, weakest first: random (no plan), heuristic (rules of thumb, instant), mcts "
              "(search, up to a second a move by default: the strongest where measured); or "
              "name:key=value "
              "(mcts:iters=2000). Default: human,heuristic; e.g. --players human,mcts. "
              + OWN_PLAYER_HELP)
@click.option("--seed", type=SEED, help="Seed of the game (random if omitted; it is printed "
              "at the start, or at the end when a person plays: it tells every deal to come).")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help=SET_HELP)
@click.option("--save", type=FILE, help="Write the record here after a person's every "
              "action, AI players' at most twice a second and at the end (and once before the "
              "first, to check that it can); missing folders are made. A save holds the whole "
              "game: at a shared terminal the file, or `warroom replay FILE --as N`, shows any "
              "seat's view to whoever has the machine.")
@click.option("--resume", type=RECORD, metavar="FILE", help="Continue a saved game (GAME may "
              "then be left out: the save names it).")
@click.option("--force", is_flag=True, help="Let --save overwrite a file that is not a save "
              "of this game.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object with the result, "
              "alone on standard output (a person's table and prompts go to standard error).")
@json_output
def play(game: str | None, players_text: str | None, seed: int | None, sets: tuple[str, ...],
         save: str | None, resume: str | None, force: bool, as_json: bool) -> None:
    """Play GAME with people and/or AI players.

    With more than one human, the players share the terminal: before each seat's turn the
    screen is cleared and the next player is asked to take the seat, and choices typed at a
    terminal are not echoed; such a game is refused when its input is the terminal and its
    output is not (a pipe, a file), which would keep each seat's view for the next. Inside
    tmux or GNU screen the clear leaves their own scrollback (they ignore the escape that
    clears it): their copy mode still shows the earlier seats' screens.

    `resign` at a prompt gives the game up, as the browser table's Resign button does (at a
    terminal it asks first, saying what resigning does then; y resigns): with two sides in
    play the game ends and the other side wins; with more, the heuristic AI plays the seat on
    to the end, as it does for a member of a team whose members play on their own (Battle's
    alliance) until the team's last person resigns. The save, and `warroom replay`, say so.

    While it saves to a file, no other `warroom play` can save to it: a second one is refused
    (two would each overwrite the other's moves).

    Ctrl-C or `q` at a prompt stops the game (exit status 130; SIGTERM 143, SIGHUP 129); the end of
    input there (Ctrl-D, or a script's input running out) or the output closing (`| head`)
    stops it too, with exit status 1; a player whose act raises, or who chooses an illegal
    action, stops it with an error naming the player (exit status 2). Either way a game with
    --save is saved first, and the line said last tells how to continue it. Without --save,
    `q` typed at a terminal asks first (y quits): the game is lost.
    """
    if game is None and resume is None:
        raise click.UsageError("Missing argument 'GAME' (or --resume FILE, a save that names "
                               "it).")
    with SaveLock() as lock:
        play_locked(lock, game, players_text, seed, sets, save, resume, force, as_json)


def play_locked(lock: SaveLock, game: str | None, players_text: str | None, seed: int | None,
                sets: tuple[str, ...], save: str | None, resume: str | None, force: bool,
                as_json: bool) -> None:
    """`play`, with `lock` to hold the file it saves to (released when this returns)."""
    if players_text is not None and not players_text.strip():
        raise ConfigError("--players is empty: give one SPEC per seat, e.g. human,heuristic")
    saved_players = None
    # what a refusal to share the save suggests: a --save of the user's could be another one
    another = ", or choose another --save" if save and save != resume else ""
    if resume:
        if Path(save or resume).is_file():
            # before the save is read: another session's moves are in it, or it plays on
            lock.hold(save or resume, another)
        if sets:
            raise ConfigError("--set cannot change the options of a saved game")
        # read and checked as `replay` does it (one bad record, one error from both); a save
        # that does not replay is refused before any write
        loaded = load_record(resume, game)
        g, record, config, saved_state = (loaded.game, loaded.record, loaded.config,
                                          loaded.state)
        if seed is not None and seed != record.seed:
            raise ConfigError("--seed cannot change the seed of a saved game")
        ended = loaded.outcome
        if ended is not None:  # nothing is left to play: the replay shows it
            raise RecordError(f"{resume}: the saved game is over ({ended.reason}); "
                              f"see it with: warroom replay {shell_word(resume)}")
        record.outcome = None  # of the game it was before its actions were cut, if it says
        if not record.files:  # a save made before records carried their data files
            record.files = embed_files(g, config)
        else:  # a designer who edited a deck between sittings must hear the edit is not played
            note_edited_files(g, record)
        # the save's own, checked as the save's (not --players) even when --players replaces
        # them: else a malformed one would be kept as who played before (players_changed)
        saved_players = record.meta.get("players")
        save = save or resume
    else:
        assert game is not None  # `play` asks for GAME or --resume
        g, config, _ = game_and_config(game, sets, players_text)
        record = saved_state = None
    # given by the user, who knows it already: now, or when the saved game began (the save
    # says so: its start line said the seed then, and a resume's says it again)
    chosen = seed is not None or (record is not None and record.meta.get("seed_chosen") is True)
    seed = record.seed if record is not None else fresh_seed() if seed is None else seed
    num = g.num_players(config)
    if record is not None:  # the save's mistakes first: they are blamed on the file
        if saved_players is not None:
            saved_players = check_saved_players(resume or "", saved_players, num)
        check_players_changed(resume or "", record, num)
    if saved_players is not None and players_text is None:
        specs = saved_players
    else:
        specs = parse_specs(players_text or ",".join(["human"] + ["heuristic"] * (num - 1)),
                            num)
    replaced: list[dict[str, object]] = []
    if record is None:
        record = Record.start(g, config, seed, players=specs,
                              **({"seed_chosen": True} if chosen else {}))
    else:
        check_no_seat_taken_from_an_ai(resume or "", record, specs)
        replaced = note_replaced(record, specs)
        record.meta["players"] = specs
    # A seat the AI plays on for its person (who resigned while the game went on: `Resigning`;
    # or was away from the browser table) stays the AI's: the record says so to the end. Its
    # players still name who played it first, as the browser table's records do.
    handed = {h["seat"] for h in record.meta.get("handed_to_ai") or ()}
    agents = make_agents([HANDOVER if seat in handed else spec
                          for seat, spec in enumerate(specs)], g, seed)
    people = {seat: agent for seat, agent in enumerate(agents) if isinstance(agent, HumanAgent)}
    humans = list(people.values())
    if humans:  # a person at the table times the AI seats
        keep_time(agents, g)
    resigning = Resigning(g, config, seed, record, saved_state or g.new_state(config, seed),
                          agents, people) if humans else None
    # With --json, standard output holds the result alone (a script reads it): the table, the
    # choices and the prompts go to standard error, which a person at a terminal sees alike.
    console = Console(stderr=as_json, highlight=False)
    for seat, agent in people.items():
        agent.console = console
        # What `?` adds to the summary: the record's config names a data file as the player
        # gave it, not by the private copy a resumed game plays; another seat's secret
        # options (a Battle deck list) stay hidden, as the game is in play.
        agent.options = changed_options(g.Config, g.options_seen_by(record.config, seat, False))
        if resume:
            agent.earlier = f"warroom replay {shell_word(resume)} --as {seat}"
        agent.quit_loses = not save  # `q` asks first: quitting loses the game
        agent.resigning = resigning.means if resigning else None
    if len(humans) > 1:
        check_shared_terminal(console, as_json)  # before anything is saved: nothing lost
    elif humans and not as_json:
        note_typing_blind(console)
    hotseat = share_terminal(humans, console) if len(humans) > 1 else None
    printer = LogPrinter(g) if not humans and not as_json else None
    if save:
        # before the first move: a refusal loses nothing
        refuse_special(save)
        make_folders(Path(save), "save")  # as for every file a command writes
        lock.hold(save, another)
        check_save(save, record, force, g)
        record.save(save)
    # A person must not learn a seed it did not choose before the end: with the game's
    # options it gives every deal, hidden hand and AI's secret choice to come.
    seed_hidden = bool(humans) and not chosen
    if replaced:  # said once: the record keeps who played before
        echo_err(terminal_line("resuming with other players: " + "; ".join(
            f"player {c['seat']}'s {c['was']} replaced by {c['now']} from action {c['at']}"
            for c in replaced) + " (the record keeps who played before)"))
    if not as_json:
        names = (save, shell_word(save)) if save else ()  # never broken across lines
        started = (f"{g.title}: {' vs '.join(seat_players(record, specs))}"
                   + ("" if seed_hidden else f", seed {seed}")
                   + (f", saving to {shell_word(save)}" if save else ""))
        echo_err(terminal_line(started, whole=names))
        if hotseat:  # the first seat's clear wipes it: each seat's screen says it again
            hotseat.note = terminal_line(started, whole=names)
    if hotseat and console.is_dumb_terminal:  # Hotseat.clear can only write blank lines
        echo_err(f"warroom: warning: this terminal (TERM={os.environ.get('TERM', '')}) "
                 "cannot clear its scrollback: the previous seat's view can be scrolled back "
                 "to; use a terminal that clears, e.g. TERM=xterm")
    public = LogPrinter(g, err=as_json)  # in a hotseat, what the table sees at the end
    # The log's length before the action just taken: the table's end starts at the last
    # person's action, whose closing events (a round or the game won) nobody has seen yet.
    logged = [len(saved_state.log) if saved_state is not None else 0]

    last_save = [time.monotonic()]
    ai_playing = AiPlaying(console, people)
    people_out = [False]  # said once: every person at the table is out, the AI plays on

    def after(state: State, player: int, action: object, rec: Record | None) -> None:
        if resigning:  # a resignation is judged on the game as it stands
            resigning.state = state
        # A person's every action is saved; AI players' at most twice a second (a save writes
        # the whole record: after each of thousands of AI decisions it would cost more than the
        # game), and always at the end, with how it ended (a replay checks it).
        if rec is not None and state.is_terminal():
            ended = state.outcome()
            rec.outcome = ended.to_json() if ended is not None else None
        if save and (player in people or state.is_terminal()
                     or time.monotonic() - last_save[0] >= SAVE_EVERY):
            assert rec is not None
            rec.save(save)
            last_save[0] = time.monotonic()
        if printer:
            printer(state)
        if people and not people_out[0] and not state.is_terminal() \
                and set(people) <= set(state.players_out()):
            people_out[0] = True
            say_people_out(state, people, hotseat, console)
        if player in people and not hotseat:
            # the person's move shows at once, not with the AI players' turns after it
            people[player].show_new_events(state.observation(player))
        if not hotseat:
            ai_playing.after(state, player)
        if hotseat:
            if player in people:
                public.seen = logged[0]
                if not state.is_terminal() and state.to_move()[0] not in people:
                    # the next person walks up while the AI thinks: this view goes now
                    hotseat.leave(player, AI_PLAYING)
            logged[0] = len(state.log)

    def stopped() -> str:
        """Save what was played (the AI decisions since the last save): what the line
        saying the game stopped tells."""
        if not save:
            return "not saved (use --save FILE to keep a game)"
        record.save(save)
        return (f"saved to {save}; continue with: warroom play {g.name} --resume "
                f"{shell_word(save)}")

    if humans and first_to_move(g, config, seed, saved_state) not in people:
        # the AI players' think before anyone's prompt: said as after a person's move
        console.print(Text(AI_PLAYING, style="bold"))
    try:
        with ai_playing:  # its status line goes before anything is said of the stop
            result: GameResult | None = None
            while result is None:
                try:
                    result = play_game(g, config, seed, agents, record=record,
                                       on_action=after)
                except Resigned as gave_up:  # the game ends, or goes on from where it was
                    assert resigning is not None
                    result = resigning.resign(gave_up.seat)
                    if save:
                        record.save(save)
                    if result is None:
                        say_handed(record, people, hotseat, console)
    except KeyboardInterrupt as exc:
        if not exc.args and is_tty(sys.stdin):
            # Ctrl-C while an AI player thought: the terminal shows "^C" where the cursor
            # was; a person's prompt ends its own line (HumanAgent.read_choice).
            console.print()
        if hotseat and hotseat.seated is not None:
            hotseat.clear()  # the seated person's view goes before the table is told
        where = stopped()
        if exc.args == (END_OF_INPUT,):  # the person ended the input: no interruption
            raise InputEnded(f"game stopped (the input ended): {where}") from None
        raise Interrupted(f"game stopped: {where}") from None
    except BrokenPipeError:
        # What read the game's output went away (`warroom play ... | head`): the game stops
        # as on Ctrl-C, saved, and says so where it still can (standard error).
        raise OutputEnded(f"game stopped: its output was closed; {stopped()}") from None
    except OSError as exc:
        # Standard output cannot be written (`> /dev/full`): the same stop, saying which
        # write failed, so that it is not taken for the save's.
        said = stdout_failure(exc)
        if said is None:
            _stop_failed_player(exc, specs, stopped)
            raise
        raise OutputEnded(f"game stopped: {said}; {stopped()}") from None
    except Exception as exc:
        _stop_failed_player(exc, specs, stopped)
        raise
    outcome = result.outcome
    # With --json the people at the table see the end as without it, on standard error (a
    # game with no person says nothing there): the JSON object is alone on standard output.
    if printer:
        printer(result.state)
    # ended by a resignation: said as the log's last line, as a replay says it
    resigned = resignation_lines(record)[-1][1] if record.resigned is not None else None
    if hotseat:
        hotseat.clear()  # the last player's view goes; the table sees the public end
        public(result.state)
        if resigned:
            echo_log_line(resigned, err=as_json)
        echo_view(g, result.state.observation(None), None, err=as_json)
    elif humans:
        for seat, agent in people.items():  # what happened after its last decision
            agent.show_new_events(result.state.observation(seat))
        if resigned:
            echo_log_line(resigned, err=as_json)
        # One person sees the end from their seat, as they played (a dark map's public view
        # of a game in play shows none of it: "capital ? (held)" over an empty map, above "You
        # won."); people on other terminals, and one who resigned to the AI, the public end.
        viewer = next(iter(people)) if len(people) == 1 else None
        echo_view(g, result.state.observation(viewer), viewer, err=as_json)
    if len(humans) == 1 and people:  # "player 1 (heuristic)" does not say whether that is
        # a win; the result line stays the last, for whatever reads it
        click.echo(your_result(outcome, next(iter(people))), err=as_json)
    if humans or not as_json:
        line = (result_line(g, outcome, seat_players(record, specs), config)
                + (f"; seed {seed}" if seed_hidden else ""))
        click.echo(terminal_line(line, err=as_json), err=as_json)
    if as_json:
        echo_json({**outcome.to_json(), "seed": seed, "game": g.name,
                   "decisions": result.decisions})


def seat_players(record: Record, specs: list[str]) -> list[str]:
    """Who plays each seat, as `play` names them: its SPEC, or for a seat the AI took over
    for its person (`meta.handed_to_ai`), "heuristic after its person resigned" (as a replay
    names it)."""
    return _seat_notes(record, specs, {}, True)[1]


def _stop_failed_player(exc: Exception, specs: list[str], stopped: Callable[[], str]) -> None:
    """A player whose act(view) raised, or who chose an illegal action (`agent_failure`):
    saved as on Ctrl-C, and one PlayerError naming its SPEC and where in its code, then
    how to continue (the line said last). Anything else is left to go on."""
    failure = agent_failure(exc)
    if failure is not None:
        seat, illegal = failure
        raise PlayerError(f"game stopped: {player_failed(specs[seat], seat, exc, illegal)}; "
                          f"{stopped()}") from None


def say_handed(record: Record, people: dict[int, HumanAgent], hotseat: Hotseat | None,
               console: Console) -> None:
    """Tell the table that a person resigned and the AI plays the seat on (the record's last
    resignation, in the line a replay says it with), after clearing the seat's view in a
    hotseat, whose every seat's screen says it from then on (under the game's start line);
    and, when no person is left to play, that the AI players play on to the end."""
    line = resignation_lines(record)[-1][1]
    if hotseat:
        hotseat.clear()
        hotseat.note = "\n".join(filter(None, [hotseat.note, line]))
    console.print(Text(line, style="bold"))
    if not people:
        console.print(f"No person plays on: {PLAY_ON}.")


def say_people_out(state: State, people: dict[int, HumanAgent], hotseat: Hotseat | None,
                   console: Console) -> None:
    """Tell the table that every person is out while the AI players play on (in a game of
    three or more), so that the long stream of AI turns that follows is not taken for a game
    still waiting on them. One person first sees what put them out; a hotseat's screen is
    cleared instead (a seat's own log is not for the others' eyes)."""
    if hotseat:
        hotseat.clear()
    else:
        for seat, agent in people.items():
            agent.show_new_events(state.observation(seat))
    who = "You are out of the game" if len(people) == 1 else "Every person is out"
    console.print(f"{who}: {PLAY_ON}.")


def note_edited_files(g: Game, record: Record) -> None:
    """On standard error, one line per data file of a resumed save that is no longer, on
    disk, the copy the save carries (and plays on with)."""
    for check in check_record_files(g, record):
        if check["status"] in ("changed", "missing"):
            echo_err(edited_warning(check["option"], check["path"], check["status"], "game",
                                    "plays"))


def result_line(g: Game, outcome: Outcome, specs: list[str], config: Any) -> str:
    """"Result: player 1 (heuristic) - reason; scores", as `play` and `replay` say it; a
    team's win names the team as the game numbers them ("Result: team 1: player 1 (random),
    player 3 (random) - ..."). A resignation's line has no scores: its 1 and 0 only repeat who
    won, and "scores: 0, 1" under kow's table, whose scores read 0 and 0, read as the game's
    own (an audit). Where a team's members share one score (`Game.scores_by_team`: Battle's
    "as one"), it is named once a team: "castle points left: team 0 3, team 1 0"."""
    winners = ", ".join(f"player {p}" + (f" ({specs[p]})" if p < len(specs) else "")
                        for p in outcome.winners) or "nobody (draw)"
    teams = g.team_seats(config) or []
    team = next((t for t, seats in enumerate(teams)
                 if len(seats) > 1 and sorted(seats) == sorted(outcome.winners)), None)
    if team is not None:
        winners = f"team {team}: {winners}"
    if "resigned" in outcome.details:
        scores = ""
    elif teams and g.scores_by_team(config):
        scores = f"; {g.score_name_of(outcome)}: " + ", ".join(
            f"team {t} {outcome.scores[seats[0]]:g}" for t, seats in enumerate(teams))
    else:
        scores = f"; {g.scores_text(outcome)}"
    return f"Result: {winners} - {outcome.reason}{scores}"


def your_result(outcome: Outcome, seat: int) -> str:
    """The result as the one person at the table takes it: a win shared (a team's) is a
    win."""
    if outcome.is_draw:
        return "A draw."
    return "You won." if seat in outcome.winners else "You lost."


def note_typing_blind(console: Console) -> None:
    """One person typing at the terminal while the table and the prompts go elsewhere
    (`> file`) would type without seeing them: said once, on standard error."""
    if is_tty(sys.stdin) and not is_tty(console.file):
        echo_err("warroom: note: standard output is not the terminal: the table and the "
                 "prompts go there, and you type without seeing them")


def terminal_line(line: str, width: int | None = None, err: bool = True,
                  whole: tuple[str, ...] = ()) -> str:
    """A long line (a game's start, its result) at a terminal (standard error, or standard
    output without `err`; or given a `width`), broken between words to its width, going on
    indented: Viktory II's ran to 120 columns, and the terminal broke them mid-word. Each of
    `whole` (a file's name) stays on one line, spaces and all. Whatever reads it otherwise
    gets one line."""
    if width is None:
        if not is_tty(sys.stderr if err else sys.stdout):
            return line
        width = shutil.get_terminal_size().columns - 1
    for name in whole:  # NUL is no whitespace to textwrap: it breaks nowhere in a name
        line = line.replace(name, name.replace(" ", "\0"))
    wrapped = "\n".join(textwrap.wrap(line, max(40, width), subsequent_indent="    ",
                                       break_long_words=False, break_on_hyphens=False)) or line
    return wrapped.replace("\0", " ")


def first_to_move(g: Game, config: Any, seed: int, saved: State | None) -> int | None:
    """The seat that moves first: in the save resumed (`saved`), or in a new game."""
    state = saved if saved is not None else g.new_state(config, seed)
    return None if state.is_terminal() else state.to_move()[0]


def check_shared_terminal(console: Console, as_json: bool) -> None:
    """Several people typing at one terminal (their typing hidden) see the game where
    `console` writes: not a terminal (`| tee`, `> file`), nothing there is cleared between
    seats, and each one's hand stays for the next, and in the file."""
    if is_tty(sys.stdin) and not is_tty(console.file):
        out = "standard error" if as_json else "standard output"
        raise ConfigError(f"several people share this terminal, but {out} is not the "
                          "terminal: each seat's hidden view would stay there for the next "
                          f"player (and in any file); run the game with {out} on the "
                          "terminal (no pipe or redirection)")


def share_terminal(humans: list[HumanAgent], console: Console) -> Hotseat:
    """Several people at one terminal: one console, and a seat they take in turn."""
    hotseat = Hotseat(sys.stdin, console)
    for agent in humans:
        agent.console, agent.hotseat = console, hotseat
    return hotseat


def check_saved_players(path: str, specs: list[str], seats: int) -> list[str]:
    """The players a save names (`meta.players`), checked as --players is, and a mistake
    blamed on the save: the user gave no --players."""
    check_one_per_seat(path, specs, seats)
    for seat, spec in enumerate(specs):
        try:
            parse_spec(spec)
        except ConfigError as exc:
            raise RecordError(f"{path}: meta.players[{seat}]: {exc}") from None
    return [spec.strip() for spec in specs]


def note_replaced(record: Record, specs: list[str]) -> list[dict[str, object]]:
    """Keep in `record.meta.players_changed` the seats whose player `specs` (a resume's
    --players) replaces, each as `{seat, at, was, now}`: `meta.players` alone, rewritten,
    said the new players had played the whole game. The entries added are returned. A save
    without `meta.players` (who played it is not known) gains none."""
    before = record.meta.get("players")
    if not isinstance(before, list):
        return []
    at = len(record.actions)
    changes = [dict(c) for c in record.meta.get("players_changed") or ()]
    added = []
    for seat, (was, now) in enumerate(zip(before, specs)):
        if was.strip() == now:
            continue
        added.append({"seat": seat, "at": at, "was": was.strip(), "now": now})
        first = was.strip()
        same_place = [c for c in changes if c["seat"] == seat and c["at"] == at]
        if same_place:  # resumed again before any action: one replacement, first to last
            first = str(same_place[-1]["was"])
            changes.remove(same_place[-1])
        if first != now:
            changes.append({"seat": seat, "at": at, "was": first, "now": now})
    if changes:
        record.meta["players_changed"] = changes
    else:
        record.meta.pop("players_changed", None)
    return added


def _is_human(spec: str) -> bool:
    return spec.strip().split(":")[0] == "human"


def first_players(record: Record) -> list[str] | None:
    """Who played each seat from the first action: `meta.players`, with the first player of
    each seat a resume replaced (`meta.players_changed`); None when the record does not say."""
    specs = record.meta.get("players")
    if not isinstance(specs, list):
        return None
    first = [str(spec) for spec in specs]
    for change in sorted(record.meta.get("players_changed") or (), key=lambda c: -c["at"]):
        if change["seat"] < len(first):
            first[change["seat"]] = str(change["was"])
    return first


def check_no_seat_taken_from_an_ai(path: str, record: Record, specs: list[str]) -> None:
    """A person may not take over a seat an AI played from the start of a game not over:
    its view would show what the AI holds (its hand, its secret choices), as `replay --as`
    would (`check_own_seat`). A seat a person played first may come back to a person."""
    first = first_players(record)
    for seat, (was, now) in enumerate(zip(first or (), specs)):
        if _is_human(now) and not _is_human(was):
            raise ConfigError(
                f"{path}: player {seat} has been an AI's since the start ({was!r} first) and "
                f"the game is not over: a person taking its seat would see what it holds; "
                f"keep an AI there (--players with player {seat} not human), or start a new "
                f"game")


def check_players_changed(path: str, record: Record, seats: int) -> None:
    """`meta.players_changed` (see `note_replaced`) names seats of the game, places within
    its actions and players as SPECs (a `was` that is none would be named as who played the
    seat, and taken for an AI's seat or a person's); Record.load has checked its shape."""
    for i, change in enumerate(record.meta.get("players_changed") or ()):
        for key in ("was", "now"):
            try:
                parse_spec(change[key])
            except ConfigError as exc:
                raise RecordError(f"{path}: meta.players_changed[{i}].{key}: {exc}") from None
        if change["seat"] >= seats:
            raise RecordError(f"{path}: meta.players_changed[{i}].seat: the game has seats 0 "
                              f"to {seats - 1}; got {change['seat']}")
        if change["at"] > len(record.actions):
            raise RecordError(f"{path}: meta.players_changed[{i}].at: the record has "
                              f"{len(record.actions)} actions; got {change['at']}")


def seat_histories(record: Record, specs: list[str], counted: bool = True) -> dict[int, str]:
    """Who played each seat whose player a resume replaced: "mcts:iters=300 to action 175,
    then heuristic" (the last, by `specs`, the record's players now); without `counted`, not
    when ("mcts:iters=300, then heuristic")."""
    by_seat: dict[int, list[dict[str, object]]] = {}
    for change in record.meta.get("players_changed") or ():
        by_seat.setdefault(change["seat"], []).append(change)
    out = {}
    for seat, changes in sorted(by_seat.items()):
        changes.sort(key=lambda c: c["at"])  # type: ignore[arg-type, return-value]
        last = specs[seat] if seat < len(specs) else changes[-1]["now"]
        out[seat] = ", then ".join([f"{c['was']} to action {c['at']}" if counted
                                    else str(c["was"]) for c in changes] + [str(last)])
    return out


def check_one_per_seat(path: str, specs: list[str], seats: int) -> None:
    """A record's players name each seat once, or a result line would name a seat by
    another's player. They are quoted short: 64 SPECs of 200 characters would fill the
    screen."""
    if len(specs) != seats:
        raise RecordError(f"{path}: meta.players: needs {seats} players, got {len(specs)}: "
                          f"{shortened(repr(specs), 80)}")


def refuse_special(path: str) -> None:
    """A --save that is there but is not a regular file (a device, a folder) is never
    written, nor locked."""
    target = Path(path)
    if target.exists() and not target.is_file():
        raise RecordError(f"{path}: not a regular file; choose another --save")


def check_save(path: str, record: Record, force: bool, game: Game | None = None) -> None:
    """Refuse to overwrite a file that is not a save of this very game (the same game, options
    and seed, at an earlier point of it) unless `force`; and any file that is not a regular
    file, always. A save of this game further on is offered to `--resume`, unless (by `game`'s
    rules) it is over: then to `replay`."""
    target = Path(path)
    if not target.exists():
        return
    refuse_special(path)
    try:
        existing = Record.load(target)
    except RecordError:
        existing = None
    if existing is not None and existing.is_prefix_of(record):
        return
    if force:
        return
    if existing is None:
        what = "not a warroom save"
    elif record.is_prefix_of(existing) and is_over(game, existing):
        # --resume would say the game is over: nothing is left to continue
        what = (f"this game, finished ({len(existing.actions)} actions): see it with: "
                f"warroom replay {shell_word(path)}")
    elif record.is_prefix_of(existing):
        what = (f"this game further on ({len(existing.actions)} actions): continue it with "
                f"--resume {shell_word(path)}")
    else:
        what = ("a save of another game "
                f"({existing.game}, seed {existing.seed}, {len(existing.actions)} actions)")
    raise RecordError(f"{path} exists and is {what}; choose another --save, or add --force "
                      "to overwrite it")


def is_over(game: Game | None, record: Record) -> bool:
    """The recorded game has ended (by its rules or a resignation); False if it has not, or
    if the record does not replay (then --resume says why)."""
    if game is None:
        return False
    try:
        return record_outcome(game, record) is not None
    except WarroomError:
        return False


@cli.command(name="replay")
@click.argument("file", type=RECORD)
@click.option("--as", "as_player", type=int, help="Show what this player saw (default: a "
              "spectator's view, public information only).")
@click.option("--check-files", is_flag=True, help="Say, one line per data file the record's "
              "options name, whether the file on disk is still the record's copy (same), has "
              "changed or is missing (the replay uses the copy either way), or that no file is "
              "read; with --json, one object each.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the game, its "
              "options, the players, the events of the viewer's log (each with the index of "
              "the action that wrote it), the viewer's final view and the outcome; only what "
              "the viewer saw (never the record's seed or actions).")
def replay_cmd(file: str, as_player: int | None, check_files: bool, as_json: bool) -> None:
    """Replay a saved record FILE, showing what one player saw.

    The data files the game was played with (decks, scenarios) travel inside the record: the
    replay uses them, never the files on disk. A game still being played can be replayed as
    one of its human players only: the view of a seat an AI plays would show hidden cards of
    a game that is not over."""
    # read and checked as `play --resume` does it: one bad record, one error from both
    loaded = load_record(file)
    g, record, state, outcome = loaded.game, loaded.record, loaded.state, loaded.outcome
    files = None
    if check_files:
        # objects with --json (`embed.file_checks`), a line each for a person
        files = check_record_files(g, record)
        if not as_json:  # with --json, in the object (a refusal below leaves stdout empty)
            for line in [check_line(check) for check in files] or [
                    "the record carries no data files: none of its options names one"]:
                click.echo(line)
    specs = record.meta.get("players")
    if specs is not None:  # checked as `play --resume` checks them: one bad SPEC, one error
        specs = check_saved_players(file, specs, state.num_players)
    check_players_changed(file, record, state.num_players)
    if as_player is not None and not 0 <= as_player < state.num_players:
        raise ConfigError(f"--as must be a player from 0 to {state.num_players - 1}")
    # A table its server's organiser closed is over, unfinished: the server's replay shows
    # every seat's view of it, and so does this.
    over = outcome is not None or isinstance(record.meta.get("closed"), dict)
    if as_player is not None and not over:
        check_own_seat(file, record, as_player)
    # A seat's view of a game in play counts no actions: on a dark map their number, and which
    # wrote each event, would tell it how many moves others made out of its sight (the server
    # keeps the count from every seat alike); nor when a seat's player changed. Nor does a
    # spectator's where the game hides that count (`Game.hides_move_count`): a player may
    # watch too.
    counted_for = over or (as_player is None and not g.hides_move_count(loaded.config))
    histories = seat_histories(record, specs or [], counted_for)
    # Who played each seat: not secret, and not otherwise said of a game not over.
    players = [histories.get(seat, spec) for seat, spec in enumerate(specs or [])]
    obs = state.observation(as_player)
    # Over by a resignation: the whole log, as a game the rules ended shows it (a Viktory II
    # observation mid-game holds the part since the viewer's previous turn).
    whole = state.whole_log(as_player, obs) if outcome is not None else None
    events = whole if whole is not None else obs.get("log", [])
    notes, names = _seat_notes(record, specs or [], histories, counted_for)
    # A resignation is no event of the rules: its line goes where it came, as the table said
    # it (after the last action, when it ended the game).
    resignations = resignations_in_log(g, record, state, events,
                                       whole is not None or not obs.get("log_start"))
    if as_json:
        # What the text below shows, as data: the viewer's own observation and log (redacted
        # for it by the game), the record's public parts; never its seed nor its actions,
        # which give every hidden card and secret choice.
        view = {k: v for k, v in obs.items() if k not in ("log", "log_start")}
        click.echo(json.dumps({
            "file": file, "game": g.name, "title": g.title,
            "config": g.options_seen_by(record.config, as_player, over),
            "viewer": as_player, "players": players, "notes": notes,
            "actions": len(record.actions) if counted_for else None,
            # each with the index of the action that wrote it (None: the game's setup, or a
            # seat's view of a game in play)
            "events": _json_events(g, record, state, events, counted_for, resignations),
            "view": view, "outcome": None if outcome is None else outcome.to_json(),
            "result": None if outcome is None else result_line(g, outcome, names, loaded.config),
            **({"check_files": files} if files is not None else {})}))
        return
    if players:
        click.echo("Players: " + ", ".join(f"player {seat} ({who})"
                                            for seat, who in enumerate(players)))
    lines = [g.describe_event(event) for event in events]
    for before, said in reversed(resignations):
        lines.insert(before, said)
    for line in lines:
        if line:
            echo_log_line(line)
    echo_view(g, obs, as_player)
    for line in notes:
        click.echo(line)
    if outcome is None and not counted_for:
        click.echo("(unfinished: the game is in play)")
    elif outcome is None:
        click.echo(f"(unfinished: {counted(len(record.actions), 'action')} "
                   f"{_unfinished_why(record)})")
    else:  # the record's SPECs are text without control characters (Record.load)
        click.echo(terminal_line(result_line(g, outcome, names, loaded.config), err=False))


def _json_events(g: Game, record: Record, state: State, events: list[dict[str, Any]],
                 counted: bool, resignations: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """`replay --json`'s `events`: each of the viewer's `events` with its line and the index of
    the action that wrote it (None: the game's setup, or not `counted`), and each of
    `resignations` (`resignations_in_log`) at its place, with no event of the rules (a
    resignation is none) nor action."""
    out = [{"text": g.describe_event(e) or None, "event": e, "action": i}
           for e, i in zip(events, event_actions(g, record, state, events)
                           if counted else [None] * len(events))]
    for before, said in reversed(resignations):
        out.insert(before, {"text": said, "event": None, "action": None})
    return out


def _unfinished_why(record: Record) -> str:
    """What `replay` says of a record whose game is not over, after its count of actions."""
    closed = record.meta.get("closed")
    if isinstance(closed, dict):  # a server's organiser closed the table, or the server did
        days = closed.get("idle_days")
        if closed.get("by") == "idle" and isinstance(days, int | float):
            return (f"played: the server closed the table after {days:g} "
                    f"day{'' if days == 1 else 's'} with no move; nobody won")
        return "played: the organiser closed the table; nobody won"
    if record.outcome is not None and record.resigned is None:
        # a finished save whose actions were cut to take the game back: its outcome is not this
        return "so far; the outcome the record holds is of its actions before they were cut"
    return "so far"


def _seat_notes(record: Record, specs: list[str], histories: dict[int, str],
                counted: bool) -> tuple[list[str], list[str]]:
    """The lines a replay adds about seats whose player changed (a resume replaced it, or a
    server handed it to the AI), and each seat's player as the result line names it; without
    `counted` (a seat's view of a game in play), not after how many actions."""
    lines, names = [], list(specs)
    for seat, history in histories.items():  # a resume replaced these seats' players
        lines.append(f"player {seat}: {history} (its player replaced when the game was resumed)")
        if seat < len(names):
            names[seat] = history
    for handed in record.meta.get("handed_to_ai") or ():  # a server's game (Record.load checks)
        why = "resigned" if handed["why"] == "resigned" else "was away"
        when = f"after {handed['at']} actions" if counted else "later"
        lines.append(f"player {handed['seat']} was played by the {handed['agent']} AI {when} "
                     f"(its person {why})")
        if handed["seat"] < len(names):  # the result names who finished the game for it
            names[handed["seat"]] = f"{handed['agent']} after its person {why}"
    return lines, names


def check_own_seat(file: str, record: Record, player: int) -> None:
    """An unfinished game shows a seat's view only if a person has played that seat from the
    start (a seat an AI played first could have been taken over, by a save of an older
    version, to read what the AI held)."""
    specs = first_players(record) or []
    if player < len(specs) and not _is_human(specs[player]):
        humans = [str(i) for i, s in enumerate(specs) if _is_human(s)]
        hint = (f"replay it as your seat ({', '.join(humans)})" if humans
                else "replay it as a spectator")
        # quoted: the record's text as it is (stray spaces showed as "player 1 is  heuristic")
        raise ConfigError(f"{file}: the game is not over, and player {player} is "
                          f"{specs[player]!r}: its view would show what you may not know yet; "
                          f"{hint}, or when the game is over")
