"""The base game's combat (RULINGS.md, "Viktory II, Battle Cards variant"), one test or more
per ruling, on battles with scripted dice."""

from __future__ import annotations

import pytest
from viktory_helpers import GAME, act, dice_battle, events

from warroom.engine import ConfigError
from warroom.games.viktory.actions import Casualty, FightOn, FireOverwatch, HoldOverwatch, Retreat

QUIET = [6] * 40  # dice that never hit


def rolls(state, cause="battle", player=None):
    return [e for e in events(state, "roll")
            if e["cause"] == cause and (player is None or e["player"] == player)]


def test_ruling_land_terrains_units_towns_and_cities():
    for terrain in ("plains", "grassland", "forest", "mountain"):
        for settlement in ("none", "town", "city"):
            config = GAME.config({"terrain": terrain, "settlement": settlement,
                                  "defenders": "1i1c1a", "attackers": "1i1c1a"})
            assert config.battle.terrain == terrain
    water = GAME.config({"terrain": "water", "settlement": "none", "defenders": "1f",
                         "attackers": "2f"})
    assert water.battle.defender == (0, 0, 0, 1)
    with pytest.raises(ConfigError, match="terrain"):
        GAME.config({"terrain": "swamp"})
    with pytest.raises(ConfigError, match="frigates fight only in water"):
        GAME.config({"terrain": "plains", "attackers": "1i1f"})


@pytest.mark.parametrize("sides, dice", [
    (("3i",), 1), (("2i1c",), 2), (("1i1c1a",), 3), (("2c",), 1),
])
def test_ruling_attacker_one_die_per_unit_type_present(monkeypatch, sides, dice):
    state = dice_battle(monkeypatch, QUIET, terrain="plains", settlement="none",
                        defenders="1i", attackers=sides)
    assert state.session.attacker_dice() == dice
    assert len(rolls(state, player=0)[0]["dice"]) == dice


@pytest.mark.parametrize("sides, dice", [
    (("1i", "1i", "1i"), 3), (("2i1c", "1c"), 3), (("1i1c", "1a", "1i", "1c"), 6),
])
def test_ruling_attacker_plus_one_die_per_additional_hex_side(monkeypatch, sides, dice):
    state = dice_battle(monkeypatch, QUIET, terrain="plains", settlement="none",
                        defenders="1i", attackers=sides)
    assert len(rolls(state, player=0)[0]["dice"]) == dice


@pytest.mark.parametrize("terrain, settlement, naval, defenders, dice", [
    ("plains", "none", False, "2i1c", 2),
    ("grassland", "none", True, "2i1c", 3),  # naval support
    ("forest", "none", False, "2i1c", 3),
    ("mountain", "none", False, "2i1c", 4),
    ("plains", "town", False, "2i1c", 3),
    ("plains", "city", False, "2i1c", 4),
    ("forest", "town", False, "2i1c", 3),  # only the best of forest 1 and town 1
    ("mountain", "town", False, "2i1c", 4),  # mountain 2 beats town 1
    ("forest", "city", False, "2i1c", 4),
    ("grassland", "city", True, "1i1c1a", 6),
])
def test_ruling_defender_dice_types_naval_support_and_best_terrain(
        monkeypatch, terrain, settlement, naval, defenders, dice):
    state = dice_battle(monkeypatch, QUIET, terrain=terrain, settlement=settlement,
                        naval_support=naval, defenders=defenders, attackers="1i")
    assert state.session.defender_dice()[0] == dice
    assert len(rolls(state, player=1)[0]["dice"]) == dice


def test_ruling_a_die_hits_on_1_to_3(monkeypatch):
    # attacker 1 die (3: a hit), defender 1 die (4: a miss)
    state = dice_battle(monkeypatch, [3, 4], terrain="plains", settlement="none",
                        defenders="2i", attackers="1i")
    assert [r["hits"] for r in rolls(state)] == [1, 0]
    assert state.session.defender == [1, 0, 0, 0]


def test_ruling_combat_supply_hits_on_1_to_4(monkeypatch):
    state = dice_battle(monkeypatch, [4, 4], terrain="plains", settlement="none",
                        defenders="2i", attackers="1i", attacker_supply=True)
    assert [r["hits"] for r in rolls(state)] == [1, 0]  # the defender has no supply


@pytest.mark.parametrize("roll, chooser", [(1, 0), (2, 1)])
def test_ruling_a_one_is_a_tactical_hit_the_roller_chooses(monkeypatch, roll, chooser):
    state = dice_battle(monkeypatch, [roll, 6, 6], terrain="plains", settlement="none",
                        defenders="1i1c", attackers="2i")
    assert state.decision == ("casualty", chooser)
    assert rolls(state)[0]["selective"] == (roll == 1)
    act(state, Casualty(False, 0, 1))  # the cavalry
    assert state.session.defender == [1, 0, 0, 0]


def test_ruling_suppression_surplus_hits_cancel_defender_dice(monkeypatch):
    # 3 sides: 3 attacker dice, all hit the 1 defender; 2 surplus hits suppress both defender
    # dice (its unit die and, in open country, its naval support die)
    state = dice_battle(monkeypatch, [2, 2, 2], terrain="plains", settlement="none",
                        naval_support=True, defenders="1i", attackers=("1i", "1i", "1i"))
    assert events(state, "suppress") == [{"event": "suppress", "dice": 2}]
    assert rolls(state, player=1) == []
    assert state.result == ((0,), "attacker took the hex")


def test_ruling_suppression_includes_terrain_dice_outside_towns(monkeypatch):
    # forest: unit die + terrain die; 2 surplus hits suppress both
    state = dice_battle(monkeypatch, [2, 2, 2], terrain="forest", settlement="none",
                        defenders="1i", attackers=("1i", "1i", "1i"))
    assert events(state, "suppress")[0]["dice"] == 2
    assert rolls(state, player=1) == []


def test_ruling_suppression_never_touches_town_city_or_their_naval_dice(monkeypatch):
    # town + naval support: 3 dice, of which only the unit die can be suppressed
    state = dice_battle(monkeypatch, [2, 2, 2, 6, 6], terrain="plains", settlement="town",
                        naval_support=True, defenders="1i", attackers=("1i", "1i", "1i"))
    assert events(state, "suppress")[0]["dice"] == 1
    assert len(rolls(state, player=1)[0]["dice"]) == 2


def test_ruling_rounds_repeat_until_one_side_has_no_units(monkeypatch):
    state = dice_battle(monkeypatch, [6, 6, 2, 6, 2, 6], terrain="plains", settlement="none",
                        defenders="2i", attackers="2i")
    assert state.decision == ("continue", 0)
    act(state, FightOn())
    assert state.session.defender == [1, 0, 0, 0]
    act(state, FightOn())
    assert state.is_terminal()
    assert len(events(state, "round")) == 3
    assert state.outcome().winners == (0,)
    assert state.outcome().reason == "attacker took the hex"


def test_ruling_the_attacker_may_retreat_each_round(monkeypatch):
    state = dice_battle(monkeypatch, [6, 6], terrain="plains", settlement="none",
                        defenders="2i", attackers="2i")
    assert [a.label for a in state.legal_actions(0)] == ["fight another round", "retreat"]
    act(state, Retreat())
    assert state.outcome().winners == (1,)
    assert state.outcome().reason == "attacker retreated"
    assert state.session.lost == [0, 0]


def test_ruling_an_attack_on_an_empty_town_takes_one_round(monkeypatch):
    state = dice_battle(monkeypatch, [5], terrain="plains", settlement="town",
                        defenders="0", attackers="1i")
    assert len(events(state, "round")) == 1
    assert rolls(state, player=0) == []  # nothing to hit: only the town's die is rolled
    assert len(rolls(state, player=1)[0]["dice"]) == 1
    assert state.outcome().reason == "attacker took the town"
    lost = dice_battle(monkeypatch, [2, 6], terrain="plains", settlement="city",
                       defenders="0", attackers="1i")  # a city rolls 2 dice
    assert lost.outcome().winners == (1,)
    assert lost.outcome().reason == "defender kept the empty city"


def test_ruling_a_town_emptied_by_pre_battle_fire_still_takes_one_round(monkeypatch):
    town = dice_battle(monkeypatch, [2, 6], terrain="plains", settlement="town",
                       defenders="1i", attackers="1i1a")
    assert [r["cause"] for r in events(town, "roll")] == ["pre-battle fire", "battle"]
    assert town.outcome().reason == "attacker took the town"
    field = dice_battle(monkeypatch, [2], terrain="plains", settlement="none",
                        defenders="1i", attackers="1i1a")
    assert events(field, "round") == []
    assert field.outcome().reason == "attacker took the hex"


def test_ruling_bombard_and_pre_battle_fire_one_die_per_artillery(monkeypatch):
    state = dice_battle(monkeypatch, [2] + [6] * 9, terrain="plains", settlement="none",
                        defenders="2i1c", attackers="1i2a", bombard="1a")
    bombard = rolls(state, "bombard")
    assert len(bombard[0]["dice"]) == 1
    assert bombard[0]["selective"] == 0  # a 2: the owner (the defender) chooses
    assert state.decision == ("casualty", 1)
    act(state, Casualty(False, 0, 0))
    assert len(rolls(state, "pre-battle fire")[0]["dice"]) == 2  # two artillery


def test_ruling_artillery_characteristics_two_dice_each_and_selective(monkeypatch):
    state = dice_battle(monkeypatch, [3, 6] + [6] * 9, terrain="plains", settlement="none",
                        defenders="2i1c", attackers="1i", bombard="1a",
                        artillery_characteristics=True)
    bombard = rolls(state, "bombard")[0]
    assert len(bombard["dice"]) == 2 and bombard["selective"] == 1
    assert state.decision == ("casualty", 0)  # the attacker picks the casualty of a 3


def test_ruling_frigates_bombard_with_one_die_each(monkeypatch):
    state = dice_battle(monkeypatch, [2, 6] + [6] * 9, terrain="plains", settlement="none",
                        defenders="2i1c", attackers="1i", bombard="2f",
                        artillery_characteristics=True)
    bombard = rolls(state, "bombard")[0]
    assert len(bombard["dice"]) == 2 and bombard["selective"] == 0


def test_ruling_overwatch_defending_artillery_fires_once_selectively(monkeypatch):
    state = dice_battle(monkeypatch, [3, 6] + [6] * 20, terrain="plains", settlement="none",
                        defenders="1i1a", attackers="1i1c", bombard="1a", overwatch=True,
                        artillery_characteristics=True)
    assert state.decision == ("overwatch", 1)
    act(state, FireOverwatch())
    overwatch = rolls(state, "overwatch")[0]
    assert overwatch["player"] == 1 and len(overwatch["dice"]) == 2
    assert overwatch["selective"] == 1
    assert state.decision == ("casualty", 1)  # the defender picks, though the die was a 3
    # it may hit the units moving next to it, bombarding artillery included
    assert Casualty(True, 0, 2) in state.legal_actions(1)
    act(state, Casualty(True, 0, 2))
    assert rolls(state, "bombard") == []
    act(state, FightOn())
    assert len(rolls(state, "overwatch")) == 1  # once per enemy turn


def test_ruling_overwatch_without_artillery_characteristics_rolls_one_die(monkeypatch):
    state = dice_battle(monkeypatch, [6] * 20, terrain="plains", settlement="none",
                        defenders="1i2a", attackers="1i1c", overwatch=True)
    act(state, FireOverwatch())
    assert len(rolls(state, "overwatch")[0]["dice"]) == 2  # two artillery, one die each


def test_ruling_overwatch_held_back_in_a_dice_battle_is_not_fired(monkeypatch):
    state = dice_battle(monkeypatch, [6] * 20, terrain="plains", settlement="none",
                        defenders="1i1a", attackers="1i1c", overwatch=True)
    act(state, HoldOverwatch())  # no later wave in a dice battle: holding means not firing
    assert rolls(state, "overwatch") == [] and state.decision == ("continue", 0)
    act(state, FightOn())
    assert rolls(state, "overwatch") == [] and len(events(state, "round")) == 2


def test_ruling_naval_battle_attacker_one_die_per_hex_side_defender_one(monkeypatch):
    state = dice_battle(monkeypatch, QUIET, terrain="water", settlement="none",
                        defenders="2f", attackers=("2f", "1f"))
    assert [len(r["dice"]) for r in rolls(state)] == [2, 1]


def test_ruling_both_sides_destroyed_is_a_draw_in_the_open_and_a_hold_in_a_town(monkeypatch):
    field = dice_battle(monkeypatch, [2, 2], terrain="plains", settlement="none",
                        defenders="1i", attackers="1i")
    assert field.outcome().winners == () and field.outcome().reason == "both sides destroyed"
    town = dice_battle(monkeypatch, [2, 2, 6], terrain="plains", settlement="town",
                       defenders="1i", attackers="1i")
    assert town.outcome().winners == (1,)
    assert town.outcome().reason == "defender kept the empty town"


def test_ruling_hits_beyond_the_units_are_lost(monkeypatch):
    state = dice_battle(monkeypatch, [2, 2, 6], terrain="plains", settlement="none",
                        defenders="1i", attackers=("1i", "1c"))
    assert state.session.lost == [0, 1]
