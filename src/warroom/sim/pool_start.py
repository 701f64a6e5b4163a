"""How the worker processes of pools start: from a fork server, started once per command.

Workers are forked from a clean single-threaded server that has imported what they need once,
never from the command's own process (which may run threads: a progress bar, Ray). The server
takes about as long to start as the command takes to import itself (a quarter of a second
here), so a command that will run a pool of workers starts the server before it imports
anything else (`start_early`, from the console entry point) and the two imports run side by
side instead of one after the other.

This module imports nothing of warroom's: it runs before the command's own imports.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any

# What every worker needs: the batch code (which imports the engine, the agents and the game
# registry) and the hooks that keep a worker's failed start off the terminal.
PRELOAD = ("warroom.sim.batch", "warroom.sim.forkserver_hooks")

# Should this process be killed, multiprocessing's resource tracker frees its semaphores and
# warns about each one at the terminal: the tracker takes its warning filters from this list.
_QUIET_TRACKER = "ignore::UserWarning:multiprocessing.resource_tracker"

# Commands whose first argument is a GAME and that take --workers and --backend for a pool.
POOL_COMMANDS = ("simulate", "sweep", "tune", "evaluate", "tournament")
_GAME_NAME = re.compile(r"[a-z][a-z0-9-]*")

# The exit status of a worker asked for a pool by the program's main module, which it imports as
# it starts: a script without `if __name__ == "__main__":` (`context`). The parent tells it from
# a killed worker by this status (`batch._broken`) and says what to change.
UNGUARDED_MAIN = 86


def game_module(game: str) -> str:
    """The package a registered game lives in (the registry's own convention)."""
    return f"warroom.games.{game.replace('-', '_')}"


def context(preload: Sequence[str] = ()) -> Any:
    """The multiprocessing context that pools use, its fork server started (with `preload`
    imported in it too, when it is started here: a game's package, which every worker would
    otherwise import after its fork, each paying for it)."""
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        # A worker still starting, importing the main script, and the script starts a pool as
        # it is imported: Python would end the worker with a traceback on the parent's
        # terminal; the parent says in one line what the status means.
        os._exit(UNGUARDED_MAIN)
    if _QUIET_TRACKER not in sys.warnoptions:
        sys.warnoptions.append(_QUIET_TRACKER)
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload([*PRELOAD, *preload])
    start_server()
    return ctx


def start_early(args: Sequence[str]) -> bool:
    """Start the fork server now if the command line `args` (without the program's name)
    will run a pool of local workers: `warroom simulate kow --workers 2`, say. Returns
    whether it did."""
    preload = early_preload(args)
    if preload is None:
        return False
    context(preload)
    return True


def early_preload(args: Sequence[str]) -> list[str] | None:
    """What a pool of the command line `args` would preload, or None if it runs none. Read
    before the command parses them, so only approximately: a mistake costs a server started
    for nothing or started later, never a different result."""
    if not args or args[0] not in POOL_COMMANDS or (os.cpu_count() or 1) < 2:
        return None
    if _option(args, "--workers") in (None, "1") or _option(args, "--backend") == "ray":
        return None
    game = args[1] if len(args) > 1 and _GAME_NAME.fullmatch(args[1]) else None
    return [game_module(game)] if game else []


def _option(args: Sequence[str], name: str) -> str | None:
    for i, arg in enumerate(args):
        if arg == name and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    return None


def start_server() -> None:
    """Start the fork server (and the resource tracker) with Ctrl-C ignored. They belong to
    this process's group, so a Ctrl-C reaches them too; the server imports warroom before it
    ignores Ctrl-C itself, and one arriving then would end it with a traceback. An ignored
    signal stays ignored across the start of a program (a blocked one does not, here), and the
    workers forked from the server inherit it too. Meanwhile this process blocks Ctrl-C
    rather than lose it: one that came is acted on once the block is lifted.

    The resource tracker is started first, on its own: its start unblocks Ctrl-C whatever
    the mask was before, and inside the block below, with Ctrl-C ignored, a Ctrl-C held
    back so far or arriving from then on would be lost, the command playing on."""
    from multiprocessing import forkserver, resource_tracker

    if threading.current_thread() is not threading.main_thread():
        forkserver.ensure_running()  # only the main thread may change signal handlers
        return
    resource_tracker.ensure_running()  # a Ctrl-C meanwhile is a KeyboardInterrupt, as always
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        if signal.SIGINT in signal.sigpending():
            return  # Ctrl-C came: lifting the block raises it; ignoring it would drop it
        handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            forkserver.ensure_running()  # the tracker runs: this one changes no mask
        finally:
            signal.signal(signal.SIGINT, handler)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
