"""The OpenSpiel game string of a warroom game loads the same game (audit, stop 62)."""

import pickle
import random

import pyspiel  # the rl extra, which `make test` installs: no test here is skipped
import pytest

import warroom.envs.openspiel  # noqa: F401  (registers the warroom_ games with pyspiel)

# (short name, options as the README's dict form gives them, the same as a game string)
CASES = [
    ("warroom_kow", {"red_faces": "0,0,2,2,2,3"}, "red_faces=0;0;2;2;2;3"),
    ("warroom_viktory", {"attackers": "2i1c,1a@frigate"}, "attackers=2i1c;1a@frigate"),
    ("warroom_viktory", {"attacker_towns": "3"}, 'attacker_towns="3"'),
    ("warroom_viktory", {"naval_support": "true"}, 'naval_support="true"'),
    ("warroom_viktory_ii", {"mix": "1,1,1,1,0"}, "mix=1;1;1;1;0"),
    ("warroom_word_iron", {"prize": "3"}, 'prize="3"'),
]


def _play(game, actions: int = 300) -> list:
    """What each seat sees along a seeded random play (and the legal actions, the returns)."""
    rng = random.Random(11)
    state = game.new_initial_state()
    seen = []
    while not state.is_terminal() and len(seen) < actions:
        legal = state.legal_actions()
        seen.append((legal, [state.observation_string(p)
                             for p in range(game.num_players())]))
        state.apply_action(rng.choice(legal))
    seen.append((str(state), state.returns(), state.history()))
    return seen


@pytest.mark.parametrize("name, options, text", CASES)
def test_str_of_a_game_loads_the_same_game(name, options, text):
    """Audit (stop 62): `pyspiel.load_game(str(game))` failed for a game loaded from the
    README's dict form: `str(game)` held `red_faces=0,0,2,2,2,3`, which OpenSpiel's parser
    splits at the commas ("Unknown parameter"), and `attacker_towns=3` / `naval_support=true`,
    which it reads as a number or flag a text parameter refuses ("Wrong type for
    parameter"), so tools that pass a game on as its string could not. The game keeps its
    parameters in the form a game string reads back."""
    by_dict = pyspiel.load_game(name, {**options, "seed": 5})
    again = pyspiel.load_game(str(by_dict))
    by_string = pyspiel.load_game(f"{name}({text},seed=5)")
    for game in (again, by_string):
        assert str(game) == str(by_dict)
        assert game.get_parameters() == by_dict.get_parameters()
        assert game.config == by_dict.config
    assert by_dict.config != pyspiel.load_game(name, {"seed": 5}).config
    assert _play(again) == _play(by_dict) == _play(by_string)
    unpickled = pickle.loads(pickle.dumps(by_dict))
    assert str(unpickled) == str(by_dict) and unpickled.config == by_dict.config


def test_quoted_text_in_a_game_string_is_the_option():
    """Audit (stop 62): a text parameter set to a number or flag had no game string form
    (`attacker_towns=3` is an int to OpenSpiel, `attacker_towns="3"` was refused by warroom
    as no integer); in double quotes it is the option, its quotes taken off."""
    game = pyspiel.load_game('warroom_viktory(attacker_towns="3",naval_support="true",'
                             'attackers="2i1c;1a@frigate")')
    assert game.config.attacker_towns == 3
    assert game.config.naval_support is True
    assert game.config.attackers == ("2i1c", "1a@frigate")
    # needless quotes are not kept: one game, one string
    assert game.get_parameters()["attackers"] == "2i1c;1a@frigate"
    state = pickle.loads(pickle.dumps(game.new_initial_state()))
    assert state.get_game().config == game.config


def test_chance_outcomes_says_there_are_no_chance_nodes():
    """Audit (stop 62): `state.chance_outcomes()` at a decision raised RuntimeError "Tried
    to call pure virtual function", which said nothing of why: warroom games have no chance
    nodes (sampled stochastic)."""
    state = pyspiel.load_game("warroom_kow").new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="not a chance node: warroom games have no "
                                                  "chance nodes") as info:
        state.chance_outcomes()
    assert "\n" not in str(info.value)
    assert not state.is_chance_node() and state.move_number() == 0
