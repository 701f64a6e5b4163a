"""Every game's encoding (engine.encoding, the hook `Game.encoding`): a fixed action index
that names every legal action, observation vectors within their bounds, and nothing hidden."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game_cases import built_in_games
from warroom.engine import ConfigError, Game
from warroom.engine.encoding import Encoding, Part, Piece
from warroom.envs.docs import END
from warroom.envs.table import Table, load
from warroom.games import REGISTRY, get_game


def walk(game, config, seed):
    """Yield the live state before each decision of one random game."""
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])


def test_layout_is_consistent(game_config):
    game, config = game_config
    enc = game.encoding(config)
    assert isinstance(enc, Encoding)
    assert enc.size == sum(p.size for p in enc.pieces)
    assert len(set(enc.keys)) == len(enc.keys) == enc.num_actions
    assert enc.low.shape == enc.high.shape == (enc.size,)
    at = 0
    for piece in enc.pieces:
        assert enc.offsets[piece.name] == at
        assert piece.meaning
        at += piece.size
    assert game.encoding(config) is enc  # built once per config


@pytest.mark.parametrize("seed", range(3))
def test_every_legal_action_has_its_own_index(game_config, seed):
    game, config = game_config
    enc = game.encoding(config)
    for state in walk(game, config, seed):
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        legal = enc.legal(state, player)
        assert len(legal) == len(actions), "two legal actions share an index"
        assert sorted(map(id, legal.values())) == sorted(map(id, actions))


@pytest.mark.parametrize("seed", range(3))
def test_observations_stay_within_bounds(game_config, seed):
    game, config = game_config
    enc = game.encoding(config)
    for state in walk(game, config, seed):
        for p in range(state.num_players):
            v = enc.encode(state, p)
            assert v.dtype == np.float32 and v.shape == (enc.size,)
            outside = [piece.name for piece in enc.pieces
                       if not ((v[enc.offsets[piece.name]:][:piece.size] >= piece.low).all()
                               and (v[enc.offsets[piece.name]:][:piece.size] <= piece.high).all())]
            assert not outside, f"pieces out of bounds: {outside}"


@pytest.mark.parametrize("seed", range(2))
def test_no_leak_every_determinisation_encodes_the_same(game_config, seed):
    """What a seat cannot know is resampled by `determinize`: if its encoding read any of
    it (an opponent's hand, a submitted secret choice, the deck order), some determinisation
    would encode differently."""
    game, config = game_config
    enc = game.encoding(config)
    rng = random.Random(seed)
    for state in walk(game, config, seed):
        for p in range(state.num_players):
            mine = enc.encode(state, p)
            twin = state.determinize(p, rng)
            if not np.array_equal(mine, enc.encode(twin, p)):
                bad = [piece.name for piece in enc.pieces
                       if not np.array_equal(mine[enc.offsets[piece.name]:][:piece.size],
                                             enc.encode(twin, p)[enc.offsets[piece.name]:]
                                             [:piece.size])]
                pytest.fail(f"seat {p}'s encoding reads hidden information: {bad}")


@pytest.mark.parametrize("seed", range(4))
def test_an_observer_always_equals_a_fresh_encoding(game_config, seed):
    """An Observer rewrites only the parts whose value changed since its seat's last look;
    along random games, looking at random moments (a seat may miss many decisions) and at
    determinisations in between, its vector must equal the encoding written from scratch."""
    game, config = game_config
    enc = game.encoding(config)
    rng = random.Random(seed)
    observers = [enc.observer(p) for p in range(game.num_players(config))]
    looks = 0
    for game_seed in range(seed * 1000, seed * 1000 + 50):  # short games: play on to 40 looks
        if looks >= 40:
            break
        for state in walk(game, config, game_seed):
            for p, observer in enumerate(observers):
                if rng.random() < 0.6:
                    continue
                shown = state if rng.random() < 0.85 else state.determinize(p, rng)
                got = observer.look(shown).copy()
                want = enc.encode(shown, p)
                if not np.array_equal(got, want):
                    bad = [piece.name for piece in enc.pieces
                           if not np.array_equal(got[enc.offsets[piece.name]:][:piece.size],
                                                 want[enc.offsets[piece.name]:][:piece.size])]
                    pytest.fail(f"seat {p}'s observer differs from a fresh encoding in {bad}")
                looks += 1
    assert looks >= 40


def test_no_part_clears_a_constant_slot(game_config):
    """A part clears its slots before it writes them: it must own none that write_constant
    sets (those are written once per seat)."""
    game, config = game_config
    enc = game.encoding(config)
    owned = np.zeros(enc.size, bool)
    for _, _, _, clears in enc.compiled_parts():
        for start, stop, _ in clears:
            owned[start:stop] = True
    for p in range(game.num_players(config)):
        constant = np.frombuffer(enc.blank(p), np.float32) != 0
        assert not (owned & constant).any(), "a part owns a constant slot"


def test_two_parts_writing_one_slot_are_refused():
    class Overlap(Encoding):
        def __init__(self):
            self._build([Piece("a", (2, 3), "x")], [("k",)])

        def parts(self):
            return [Part(("a",), lambda s, p: 0, lambda v, p, o: None),
                    Part((("a", 1),), lambda s, p: 0, lambda v, p, o: None)]

    with pytest.raises(ValueError, match="belongs to two parts"):
        Overlap().compiled_parts()


def test_simultaneous_choice_is_not_seen_by_the_second_mover():
    """kow's secret dice: whatever the first mover chose, the second sees the same vector."""
    game = get_game("kow")
    config = game.config()
    enc = game.encoding(config)
    seen = set()
    for choice in range(4):
        state = game.new_state(config, 5)
        first, second = state.to_move()
        state.apply(first, state.legal_actions(first)[choice])
        assert state.to_move() == (second,)
        seen.add(enc.encode(state, second).tobytes())
        mine = enc.encode(state, first)
        assert mine[enc.offsets["chosen"] + 1:][:3].any()  # the chooser sees its own dice
    assert len(seen) == 1


def test_champions_roshambo_throw_stays_secret():
    game = get_game("champions")
    config = game.config()
    enc = game.encoding(config)
    seen = set()
    for sign in range(3):
        state = game.new_state(config, 3)
        assert state.to_move() == (0, 1)
        state.apply(0, state.legal_actions(0)[sign])
        seen.add(enc.encode(state, 1).tobytes())
    assert len(seen) == 1


def test_a_game_without_encode_module_says_so():
    class Bare(Game):
        name = "bare"
        title = "Bare"
        actions = ()

    with pytest.raises(NotImplementedError, match="bare offers no encoding"):
        Bare().encoding(None)


def test_loading_a_game_without_encoding_is_a_clear_config_error(monkeypatch):
    game = get_game("kow")
    def refuse(config):
        raise NotImplementedError("kow offers no encoding for the research environments")
    monkeypatch.setattr(game, "encoding", refuse)
    with pytest.raises(ConfigError, match="offers no encoding"):
        load("kow")


def test_unknown_game_and_option_are_config_errors():
    with pytest.raises(ConfigError, match="unknown game"):
        Table("chess")
    with pytest.raises(ConfigError, match="unknown option 'colour'"):
        Table("kow", {"colour": "red"})


def test_piece_table_lists_every_piece():
    enc = get_game("kow").encoding(get_game("kow").config())
    table = enc.piece_table()
    for piece in enc.pieces:
        assert f"`{piece.name}`" in table
    assert "| 0-1 | `seat` | 2 |" in table


def test_two_pieces_with_one_name_are_refused():
    class Twice(Encoding):
        def __init__(self):
            self._build([Piece("a", (1,), "x"), Piece("a", (2,), "y")], [("k",)])

    with pytest.raises(ValueError, match="named 'a'"):
        Twice()


@pytest.mark.parametrize("name", built_in_games())
def test_every_registered_game_offers_an_encoding(name):
    """Every built-in game (a package under src/warroom/games) offers an encoding; a game
    registered from another package's entry point may offer none (docs/DESIGN.md: the
    encoding is a hook a game offers), and the environments' tests then leave it out."""
    game = REGISTRY[name]
    assert game.encoding(game.config()).num_actions > 0


DOCS = "python -m warroom.envs.docs"


def stale_readme_message(written: str, wanted: str) -> str:
    """Which games' sections of envs/README.md differ from their encodings, and the command
    that rewrites them."""
    def sections(text: str) -> dict[str, str]:
        # the generated part only: the last game's section ends at its end marker, not with
        # the rest of the README (which made that game look stale when another was added)
        parts = text.partition(END)[0].split("\n### `")[1:]
        return {part.split("`", 1)[0]: part.rstrip("\n") for part in parts}

    have, want = sections(written), sections(wanted)
    missing = [name for name in want if name not in have]
    changed = [name for name in want if name in have and have[name] != want[name]]
    gone = [name for name in have if name not in want]
    return (f"src/warroom/envs/README.md is out of date (no section for {missing}, a stale "
            f"one for {changed}, one for no game {gone}): a game with an encoding is "
            f"documented there; run `{DOCS}` (with the project's Python, .venv/bin/python) to "
            f"rewrite its generated part from the encodings, and `{DOCS} --check` to check it")


def built_in_readme_text() -> str:
    """envs/README.md as `python -m warroom.envs.docs` writes it for warroom's own games: the
    README in the repository documents those; a game registered from outside it (an entry
    point) documents its encoding in its own package."""
    from unittest import mock

    from warroom.envs import docs

    with mock.patch.object(docs, "REGISTRY", {n: REGISTRY[n] for n in built_in_games()}):
        return docs.readme_text()


def test_the_readme_tables_are_generated_from_the_encodings():
    """envs/README.md documents every game's pieces and keys; `python -m warroom.envs.docs`
    writes that part, and it must match the code.

    Audit (stop 48): its message names the games whose sections are missing or stale."""
    from warroom.envs import docs

    written, wanted = docs.README.read_text(), built_in_readme_text()
    assert wanted == written, stale_readme_message(written, wanted)
    for name in built_in_games():
        assert f"### `{name}`" in written, stale_readme_message(written, wanted)


def test_the_message_of_a_stale_readme_names_the_game_and_the_command():
    """Audit (stop 48): what a game added without its README section is told."""
    written = "intro\n### `kow`: Kings\nkow table\n### `gone`: Gone\nold\n"
    wanted = "intro\n### `duel`: Secret Duel\nduel table\n### `kow`: Kings\nkow table 2\n"
    message = stale_readme_message(written, wanted)
    assert "no section for ['duel']" in message
    assert "a stale one for ['kow']" in message and "one for no game ['gone']" in message
    assert "run `python -m warroom.envs.docs`" in message


def test_audit54_the_stale_readme_message_names_only_the_sections_that_differ():
    """Audit (stop 54): with a new game's section wanted after the last one, the last game's
    section (which runs on to the rest of the README) was called stale though unchanged."""
    tail = f"\n{END}\nafter the tables\n"
    written = f"intro\n### `kow`: Kings\nkow table\n### `word-iron`: Word\nwi table{tail}"
    wanted = (f"intro\n### `kow`: Kings\nkow table\n### `word-iron`: Word\nwi table\n"
              f"### `duel`: Duel\nduel table{tail}")
    message = stale_readme_message(written, wanted)
    assert "no section for ['duel']" in message
    assert "a stale one for []" in message and "one for no game []" in message



def test_kow_keeps_the_indices_of_a_list_of_dice_choices_only_for_the_same_objects():
    game = get_game("kow")
    config = game.config({})
    enc = game.encoding(config)
    state = game.new_state(config, 3)
    player = state.to_move()[0]
    choices = state.legal_actions(player)
    assert len(choices) >= 4
    want = [enc.index[enc.key(a, player, state)] for a in choices]
    assert enc.indices(state, player, choices) == want
    assert enc.indices(state, player, list(choices)) is enc.indices(state, player, choices)
    # same length, same first and last object, another order in between: not the kept list
    swapped = list(choices)
    swapped[1], swapped[2] = swapped[2], swapped[1]
    assert enc.indices(state, player, swapped) == [want[0], want[2], want[1], *want[3:]]
