"""A player of one's own whose constructor fails during `warroom simulate`: the run it had
begun is said, with what it keeps and how to go on, as for a player whose act fails."""

from __future__ import annotations

import textwrap
from pathlib import Path

from test_own_player_failures_stop58 import ill  # noqa: F401  (the fixture)

from cli_errors import one_line_error
from warroom.cli import main
from warroom.sim.store import ResultStore

MADE = '''
MADE = [0]


class Boom:
    def __init__(self, game, seed):
        raise RuntimeError("no weights file")

    def act(self, view):
        return view.legal_actions[0]


class Fifth:
    def __init__(self, game, seed):
        MADE[0] += 1
        if MADE[0] > 4:
            raise RuntimeError("out of weights")

    def act(self, view):
        return view.legal_actions[0]
'''


def _players(name: str) -> str:
    """The test's players, written into the student's module `name` (the `ill` fixture's)."""
    Path(f"{name}.py").write_text(textwrap.dedent(MADE))
    return name


def test_audit_a_constructor_failing_in_a_run_says_what_is_kept_and_how_to_go_on(
        ill, capsys, tmp_path):  # noqa: F811
    """Audit (stop 69): a player whose constructor raised said "player spec 'x.Boom':
    x.Boom(game, seed) failed: RuntimeError: ..." and no more, where its act raising said
    what the run keeps and how to go on: the run had been added to the database (run 1,
    holding no game), and `warroom report` then said only "no run holds a finished game
    yet". Both now say the run, its games kept, and the command that continues it; the run
    goes on from the games it kept once the player is fixed."""
    name = _players(ill)
    db = tmp_path / "r.sqlite"
    for player, kept in (("Boom", 0), ("Fifth", 4)):
        run = 1 if player == "Boom" else 2
        assert main(["simulate", "kow", "--players", f"{name}.{player},random", "--games", "8",
                     "--db", str(db)]) == 2
        line = one_line_error(capsys)
        assert line.startswith(f"warroom: error: player spec '{name}.{player}': "
                               f"{name}.{player}(game, seed) failed: RuntimeError: "), line
        assert line.endswith(f"; {kept} of 8 games of run {run} are kept in {db}, and once it "
                             f"is fixed, continue with: warroom simulate kow --db {db} "
                             "--resume"), line
        with ResultStore(db, create=False) as store:
            assert store.count_games(run) == kept
