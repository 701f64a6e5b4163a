"""The words a newcomer read at the resource question and in the lobby's option help."""

from __future__ import annotations

from word_iron_helpers import bare, run_tasks

from warroom.engine.config import option_help
from warroom.engine.data import TEXT_WIDTH
from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import FinishResources, UseResource
from warroom.games.word_iron.config import Config

RANSOM = "a royal taken hostage means defeat (rule 3)"


def second_phase(uses: list[int]):
    """Player 0 at a compulsory resource phase (rule 18: the initial draw skipped), its realm
    holding resources with these uses left (its cards, by seed 0: 1, 2, 4 and 2 uses)."""
    s = bare()
    run_tasks(s, ("resources", 0))
    s.apply(0, FinishResources(True))
    s.realm[0] = [(owner, idx, left) for (owner, idx, _), left in zip(s.realm[0], uses)]
    run_tasks(s, ("resources", 0))
    return s


def test_a_realm_running_low_is_warned_that_an_empty_one_ransoms_no_royal():
    """Audit (stop 68): both realms were spent by round 7, partly on compulsory uses with
    nothing fallen (rule 18), and in round 8 one Hostage Taking ended the battle: "royal not
    ransomed". The question "resources: use at least one (rule 18)" never said that a use
    kept is a ransom (rule 3), nor how few were left. With 3 uses left or fewer it now says
    both, in the terminal's decision line and the browser's prompt alike."""
    s = second_phase([1, 1, 1, 0])
    obs = s.observation(0)
    assert GAME.prompt(obs, 0) == ("resources: use at least one (rule 18); 3 uses left in the "
                                   f"realm; with none, {RANSOM}")
    # a realm with plenty left is asked as before: the count is on each resource already
    assert GAME.prompt(second_phase([1, 2, 4, 2]).observation(0), 0) == \
        "resources: use at least one (rule 18)"
    s = second_phase([1, 0, 0, 0])  # the compulsory use is the last one
    assert GAME.prompt(s.observation(0), 0) == ("resources: use at least one (rule 18); 1 use "
                                                f"left in the realm; once it is spent, {RANSOM}")


def test_the_warning_follows_a_use_and_reads_for_every_viewer_within_the_width():
    """Audit (stop 68): after a use, with a soldier fallen, "use another, or finish" spent
    the realm further with no word of the ransom. The warning follows there too, worded for
    the opponent and a spectator as well ("the realm", not "your"), each line of the text
    view within its width."""
    s = second_phase([1, 2, 1, 0])
    s.field[0][0] -= 1  # a spearman fallen: the use recruits him
    s.apply(0, next(a for a in s.legal_actions(0) if isinstance(a, UseResource)))
    while s.observation(0)["decision"]["kind"] == "recruit":
        s.apply(0, s.legal_actions(0)[0])
    s.field[0][0] -= 1  # another fallen: another use would recruit him
    assert GAME.prompt(s.observation(0), 0) == ("resources: use another, or finish; 3 uses "
                                                f"left in the realm; with none, {RANSOM}")
    for viewer in (0, 1, None):
        text = GAME.render(s.observation(viewer), viewer)
        assert all(len(line) <= TEXT_WIDTH for line in text.splitlines()), text
        assert f"with none, {RANSOM}" in " ".join(line.strip() for line in text.splitlines())


def test_each_option_has_its_own_help_and_says_what_its_values_mean():
    """Audit (stop 68): in the lobby realm size and the Grand Tournament winner shared one
    help text, as did the strategy and Word of Power deck sizes; "-1" was not said to mean
    no tournament; "Capture needs no royal guards" read as "guards are not needed to
    capture"; the deck help said "or a YAML path" where the browser offers an upload."""
    notes = option_help(Config)
    assert notes["realm_size"] != notes["grand_tournament_winner"]
    assert notes["strategy_deck_size"] != notes["word_deck_size"]
    assert "-1: no tournament was played" in notes["grand_tournament_winner"]
    assert "strategy" in notes["strategy_deck_size"] and "Word of Power" in notes["word_deck_size"]
    capture = notes["capture_needs_no_royal_guards"]
    assert "only once its side has no royal guard left" in capture
    assert "off, even while royal guards stand" in capture
    assert "an upload in the browser" in notes["deck0"] and "path" in notes["deck1"]
