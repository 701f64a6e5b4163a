"""Review (stop 51): soldiers alike but for their owner after the Battle hot path was split
(choices name owners only where `Config.mixed_owners` says they may differ)."""

from __future__ import annotations

import random

import pytest
from battle_helpers import attack, begin_turn, done
from test_battle_stop50 import nine_of, owned, two_nines

from warroom.games.battle import GAME
from warroom.games.battle.state import STRIKE


@pytest.mark.parametrize(("options", "mixed"), [
    ({}, False),
    ({"jokers": True}, False),  # one shared discard pile: an owner makes no difference
    ({"deck_mode": "constructed"}, False),  # no Joker: no soldier changes controller
    ({"deck_mode": "sealed", "jokers": True}, True),
    ({"deck_mode": "constructed", "jokers": True}, True),
])
def test_owners_may_differ_only_with_decks_of_their_own_and_jokers(options, mixed):
    """README, ## Rulings (Own decks): a destroyed soldier goes to its owner's discard pile,
    and only a Joker gives a soldier to another player: only then are soldiers of one name
    told apart by owner, and only then does the state take the slower path that does so."""
    config = GAME.config(options)
    assert config.mixed_owners is mixed
    assert GAME.new_state(config, 0).mixed is mixed


def _kings_strike():
    """P1's King and Four attack P0, blocked by P0's two 9♥ (its own and P1's) and P0's
    King. At the Kings' skill P1's King has struck P1's own 9♥, in secret; P0's King is to
    choose between P1's King and Four."""
    s = two_nines(extra=("KD",))
    for name in ("KS", "4D"):
        s.soldiers[1].append(s._pop_named(s.draw[1], name))
        s.owner[s.soldiers[1][-1]] = 1
    s = begin_turn(s, 1)
    attack(s, 1, "KS", 0)
    attack(s, 1, "4D", 0, group=0)
    done(s, 1)
    Block = owned("OwnedBlock")
    s.apply(0, Block("9H", 0, 0))
    s.apply(0, owned("Block")("9H", 0))
    s.apply(0, owned("Block")("KD", 0))  # its last free soldier: the blocks end
    assert s.phase == STRIKE and s.to_move() == (1,)
    s.apply(1, owned("OwnedStrike")("KS", 0, "9H", 1))
    assert s.phase == STRIKE and s.to_move() == (0,)
    return s


def test_a_determinisation_keeps_the_strike_a_player_made_at_the_soldier_it_named():
    """Rules, "Each strike destroys one enemy soldier", made in secret until the skill's last
    strike (README, ## Rulings): resampling P1's world keeps P1's own strike at P1's own
    9♥, the one it named, not its namesake."""
    s = _kings_strike()
    victim = (0, nine_of(s, 0, 1))
    assert [v for _, v in s.struck] == [victim]
    for seed in range(8):
        det = s.determinize(1, random.Random(seed))
        assert [v for _, v in det.struck] == [victim]
        assert det.legal_actions(0) == s.legal_actions(0)


def test_a_determinisation_for_the_other_side_resamples_the_strike_among_both_nines():
    """The same secret strike, resampled for P0 (who has not seen it): its belief chooses
    among every target P1's King had, both 9♥ told apart by owner and P0's King."""
    s = _kings_strike()
    seen = {(det.struck[0][1][0], det.names[det.struck[0][1][1]],
             det.owner[det.struck[0][1][1]])
            for det in (s.determinize(0, random.Random(seed)) for seed in range(60))}
    assert seen == {(0, "9H", 0), (0, "9H", 1), (0, "KD", 0)}


def test_the_observation_says_whose_card_each_soldier_is_where_owners_can_differ():
    """Review (stop 51): the `Owned...` actions name a soldier's owner, but the research
    observation showed only each seat's soldiers by name, so an agent could not tell its own
    9♥ from the one it took with a Joker. Where owners can differ the observation has a
    piece `soldier_owners` (controller, owner, name; seat offsets from the viewer); other
    configs do not have it (their vectors stay as they were)."""
    s = two_nines()
    enc = GAME.encoding(s.config)
    n, nn = s.num_players, len(enc.names)
    start = enc.offsets["soldier_owners"]
    nine, copies = enc.name_index["9H"], enc.copies[enc.name_index["9H"]]
    for viewer in (0, 1):
        grid = enc.encode(s, viewer)[start:start + n * n * nn].reshape(n, n, nn)
        p0 = (0 - viewer) % n  # P0, who controls both nines, as the viewer's seat offset
        assert grid[p0, (0 - viewer) % n, nine] == pytest.approx(1 / copies)
        assert grid[p0, (1 - viewer) % n, nine] == pytest.approx(1 / copies)
        assert grid.sum() == pytest.approx(sum(1 / enc.copies[enc.name_index[s.names[c]]]
                                               for z in s.soldiers for c in z))
    assert "soldier_owners" not in GAME.encoding(GAME.config({"jokers": True})).offsets
