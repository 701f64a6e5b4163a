"""Word & Iron card analytics (analytics.py): each use and move of a resource is credited to
the deck it is from, even when both decks have a resource of that name and a ransom brings
the other deck's into a realm; the simulation's fast path (log off, card events kept) agrees."""

from __future__ import annotations

from word_iron_helpers import bare, play_card, quiet_deck, run_tasks

from warroom.engine import PLAYED
from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import FinishResources, TakeRansom, UseResource
from warroom.games.word_iron.analytics import RANSOMED, TAKEN
from warroom.games.word_iron.deck import UNITS
from warroom.games.word_iron.state import WORD, WordIronState

RG = UNITS.index("royal_guards")
PASTURE = "Highland Pasture"
OURS, THEIRS = f"{PASTURE} (deck1)", f"{PASTURE} (deck0)"
CAPTURE = [{"name": "Card 0", "effects": [{"kind": "capture"}]}]


def two_decks(tmp_path) -> tuple[str, str]:
    """Two deck files made from the sample deck: the same resources by name, but two decks
    (as a sweep of `deck0=sample,my-deck.yaml` plays: one Word of Power differs), so each card
    is named with its deck."""
    return (quiet_deck(tmp_path, "deck0.yaml", strategies=CAPTURE),
            quiet_deck(tmp_path, "deck1.yaml", strategies=CAPTURE,
                       words=[{"name": "A word of deck1's own"}]))


def slot_of(s: WordIronState, p: int, origin: int, name: str) -> int:
    return next(slot for slot, e in enumerate(s.realm[p])
                if e[0] == origin and s.resource(e).name == name)


def use(s: WordIronState, p: int, *slots: int) -> None:
    """One resource phase of seat p using these slots (nobody has fallen: nothing to recruit)."""
    run_tasks(s, ("resources", p))
    for slot in slots:
        e = s.realm[p][slot]
        card = s.resource(e)
        step(s, p, UseResource(slot, card.name, card.ranks))
    step(s, p, FinishResources(False))


def step(s: WordIronState, p: int, action) -> None:
    # The fast path applies unchecked, as simulation does; the logged one checks.
    (s.apply if s.log_enabled else s.apply_trusted)(p, action)


def ransom(s: WordIronState, captor: int, origin: int) -> None:
    """The captor's Card 0 takes the other royal hostage; it takes the Highland Pasture of
    `origin`'s deck from the captive's realm."""
    captive = 1 - captor
    s.field[captive][RG] = 0
    play_card(s, captor, "strategies", "Card 0")
    assert s.pending is not None and s.pending[0] == "ransom"
    step(s, captor, TakeRansom(slot_of(s, captive, origin, PASTURE), PASTURE))


def pasture_swaps(tmp_path, fast: bool) -> WordIronState:
    """Seat 1 holds its own Highland Pasture and takes deck0's as a ransom; it uses deck0's
    three times and its own once; then seat 0 takes seat 1's own one as a ransom."""
    deck0, deck1 = two_decks(tmp_path)
    s = bare(deck0=deck0, deck1=deck1)
    if fast:
        s.stop_log(keep=GAME.card_event_kinds)
    names = [c.name for c in s.decks[0].resources]
    pasture = names.index(PASTURE)
    others = [i for i in range(len(names)) if i != pasture][:3]
    s.realm = [[(p, i, s.decks[p].resources[i].uses) for i in (pasture, *others)]
               for p in (0, 1)]  # each realm: its own deck's Highland Pasture and 3 more
    ransom(s, 1, origin=0)
    theirs, ours = slot_of(s, 1, 0, PASTURE), slot_of(s, 1, 1, PASTURE)
    use(s, 1, theirs, ours)
    use(s, 1, theirs)
    use(s, 1, theirs)
    ransom(s, 0, origin=1)
    return s


def test_a_resource_taken_as_ransom_is_credited_to_its_deck_when_names_match(tmp_path):
    """Analytics knew a realm's cards by name only: deck0's Highland Pasture, received by
    ransom, overwrote seat 1's own, so all four uses were credited to deck0's card, and the
    own card that seat 1 later handed over was counted as deck0's too."""
    s = pasture_swaps(tmp_path, fast=False)
    seats = GAME.card_events(s).to_json()
    assert seats[1][PLAYED] == {THEIRS: 3, OURS: 1}
    assert seats[0][RANSOMED] == {THEIRS: 1} and seats[1][TAKEN] == {THEIRS: 1}
    assert seats[1][RANSOMED] == {OURS: 1} and seats[0][TAKEN] == {OURS: 1}


def test_the_use_and_ransom_events_name_the_deck_the_resource_is_from(tmp_path):
    """The use_resource and ransom events named the card only: which deck's it was could not
    be read from the log."""
    s = pasture_swaps(tmp_path, fast=False)
    uses = [(e["resource"], e["origin"]) for _, e in s.log if e["event"] == "use_resource"]
    assert uses == [(PASTURE, 0), (PASTURE, 1), (PASTURE, 0), (PASTURE, 0)]
    assert [e["origin"] for _, e in s.log if e["event"] == "ransom"] == [0, 1]


def test_the_fast_path_credits_the_same_decks_as_the_whole_log(tmp_path):
    """Simulation reads card facts from the kept events with the log off: they credited every
    use to deck0's card too, and must be those of the whole log."""
    fast = pasture_swaps(tmp_path, fast=True)
    facts = GAME.card_events(fast).to_json()
    assert not fast.log_enabled  # read without replaying the game
    assert facts[1][PLAYED] == {THEIRS: 3, OURS: 1}
    assert facts == GAME.card_events(pasture_swaps(tmp_path, fast=False)).to_json()


def test_a_resource_paid_for_a_truce_is_credited_to_its_deck(tmp_path):
    """The truce offer named the card only: a received card offered back was credited to the
    deck of whichever card of that name the realm had received last."""
    s = pasture_swaps(tmp_path, fast=False)
    for p in (0, 1):
        s.piles[p][WORD] = []  # both Word of Power decks spent: the truce may be offered
    run_tasks(s, ("truce",))
    theirs = slot_of(s, 0, 1, PASTURE)  # seat 0 offers back the pasture it took from seat 1
    step(s, 0, next(a for a in s.legal_actions(0) if getattr(a, "slot", None) == theirs))
    step(s, 1, s.legal_actions(1)[0])  # accepted
    assert s.outcome().reason == "truce"
    seats = GAME.card_events(s).to_json()
    assert seats[0][RANSOMED] == {THEIRS: 1, OURS: 1} and seats[1][TAKEN] == {THEIRS: 1, OURS: 1}
