"""The Game of Champions at the terminal, a newcomer's audit (stop 66): the words of the text
view and of the log where they misled or left a reader to guess."""

from __future__ import annotations

from champions_helpers import arrange, fight, new, throw

from warroom.agents import HeuristicAgent
from warroom.engine import play_game
from warroom.games.champions import GAME
from warroom.games.champions.actions import Flip, Place
from warroom.games.champions.state import DISTRIBUTE, MEDIC, ROSHAMBO


def block(text: str, start: str, end: str | None) -> str:
    """The lines of a table from the one starting with `start` to the one with `end`."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    last = next((i for i, line in enumerate(lines) if end and line.startswith(end) and i > first),
                len(lines))
    return "\n".join(lines[first:last])


def test_a_jacks_2_that_counted_10_says_so_in_the_log_and_the_flips():
    """Audit (stop 66): the log read "Tie: 10S vs 2C - Roshambo" and the table "2H vs 9S ->
    you win", which look wrong to one who forgot that a Jack's 2 counts 10 (above all in
    AI-only games and replays). The tie line, the flip a Roshambo settled and the table's
    flips now say "2C (10 under the Jack)"."""
    s = arrange({"JH": ["2H", "3H"]}, {"KS": ["9S", "8S"], "AS": ["4S"]})
    fight(s, "JH", "KS")  # 2H (as 10) beats 9S
    for viewer in (0, 1, None):
        assert "2H (10 under the Jack) vs 9S -> " in GAME.render(s.observation(viewer), viewer)
    s = arrange({"JH": ["2H", "3H"]}, {"KS": ["10S", "8S"], "AS": ["4S"]})
    fight(s, "JH", "KS")  # 2H (as 10) ties 10S
    assert s.phase == ROSHAMBO
    assert "tied pair: 2H (10 under the Jack) vs 10S" in GAME.render(s.observation(1), 1)
    throw(s, "rock", "scissors")
    said = [GAME.describe_event(e) for e in s.visible_log(None)]
    assert "Tie: 2H (10 under the Jack) vs 10S - Roshambo" in said
    assert "Flip: 2H (10 under the Jack) vs 10S - player 0 wins by Roshambo" in said
    s = arrange({"KH": ["3H", "2H"]}, {"KS": ["3S", "2S"], "AS": ["4S"]})  # no Jack: 2 is 2
    fight(s, "KH", "KS", ["2H", "3H"], ["2S", "3S"])
    throw(s, "rock", "scissors")
    assert "Tie: 2H vs 2S - Roshambo" in [GAME.describe_event(e) for e in s.visible_log(None)]


def test_each_player_s_turned_in_face_cards_are_under_its_name():
    """Audit (stop 66): the header's "turned in: JC KS AS AC" mixed both players' face cards
    (three the AI's, one mine) with no owners. Each player's are now listed with its
    casualties, under its name, and the header lists none."""
    for seed in range(20):
        result = play_game(GAME, GAME.config({}), seed,
                           [HeuristicAgent(GAME, seed), HeuristicAgent(GAME, seed + 1)])
        log = result.state.visible_log(None)
        turned = {p: [e["commander"] for e in log if e["event"] == "turn_in" and e["player"] == p]
                  for p in (0, 1)}
        if turned[0] and turned[1]:
            break
    text = GAME.render(result.state.observation(0), 0)
    assert "turned in" not in text.splitlines()[0]
    mine, theirs = block(text, "You (player 0", "Player 1"), block(text, "Player 1", "Winner")
    assert f"turned in: {' '.join(turned[0])}" in " ".join(mine.split()), text
    assert f"turned in: {' '.join(turned[1])}" in " ".join(theirs.split()), text


def test_the_deal_counts_down_the_reinforcements_still_to_place():
    """Audit (stop 66): during the deal the header said "10 reinforcements to distribute,
    placing" while the "To distribute:" line beside it showed 9 cards; it now counts the
    cards still to place, and of the opponent (whose hand is secret) how many in all."""
    s = new(roshambo="random")
    while s.phase != DISTRIBUTE:
        player = s.to_move()[0]
        s.apply(player, s.legal_actions(player)[0])
    you = s.to_move()[0]
    total = len(s.hands[you])
    first = next(a for a in s.legal_actions(you) if isinstance(a, Place))
    s.apply(you, first)
    text = GAME.render(s.observation(you), you)
    assert f"You (player {you}) - {total - 1} of {total} reinforcements still to place:" in text
    assert f"To distribute: {' '.join(s.hands[you])}" in text
    assert f"Player {1 - you} - {len(s.hands[1 - you])} reinforcements, still being placed:" \
        in text


def test_the_medic_s_question_shows_the_battle_over():
    """Audit (stop 66): at the Medic's question the battle was over but the table showed
    "QC [Medic, in battle]", "attacker still to flip: -" and "defender still to flip: 10C
    (recycled, in this order)". It now reads "Battle over", its flips alone."""
    s = arrange({"QH": ["9H", "3H"], "KH": ["5H"]}, {"KS": ["5S", "4S"], "AS": ["6S"]},
                casualties=(["10C"], []))
    fight(s, "QH", "KS", ["3H", "9H"], ["5S", "4S"])
    s.apply(0, Flip())
    assert s.phase == MEDIC
    text = GAME.render(s.observation(0), 0)
    assert "in battle" not in text and "still to flip" not in text, text
    assert "Battle over: you attacked with QH against player 1's KS" in text
    assert "flip 2: 9H vs 4S -> you win" in text


def test_one_card_still_to_flip_has_no_secret_order():
    """Audit (stop 66): "defender still to flip: 2S (order secret)": one card has no order.
    Two or more still say it."""
    s = arrange({"KH": ["10H", "9H"]}, {"KS": ["8S", "7S"], "AS": ["4S"]})
    fight(s, "KH", "KS", ["10H", "9H"], ["8S", "7S"])
    assert "defender still to flip: 7S; survivors -" in GAME.render(s.observation(0), 0)
    s = arrange({"KH": ["10H", "9H", "8H"]}, {"KS": ["8S", "7S", "6S"], "AS": ["4S"]})
    fight(s, "KH", "KS")
    assert "defender still to flip: 7S 6S (order secret)" in GAME.render(s.observation(0), 0)


def test_the_final_table_names_nobody_to_play():
    """Audit (stop 66): the final table said "Turn 12/500, player 1 to play" (in `replay --as
    1`, "you to play") after the game was over; it says the game is over."""
    result = play_game(GAME, GAME.config({}), 1, [HeuristicAgent(GAME, 1), HeuristicAgent(GAME, 2)])
    for viewer in (0, 1, None):
        header = GAME.render(result.state.observation(viewer), viewer).splitlines()[0]
        assert f"Turn {result.state.turn}/500, game over" in header and "to play" not in header


def test_the_help_says_reviving_ends_the_turn():
    """Audit (stop 66): the summary at `?` never said that reviving with the Medic ends your
    turn, which only the Medic's question itself told."""
    notes = GAME.help_notes(new().observation(0), 0)
    assert "the one a Queen's Medic revives. Reviving ends your turn." in notes


def test_the_spy_says_a_swap_follows_with_no_way_back():
    """Audit (stop 66): choosing `spy` cannot be undone (its pick and swap offer no way
    back), and nothing said so before it was chosen: its choice says so."""
    s = arrange({"AH": ["5H"], "KH": ["9H"]}, {"KS": ["8S"], "QS": ["7S"]}, reserve=["3D"])
    assert "spy (a swap follows: no way back)" in [a.label for a in s.legal_actions(0)]
