"""The cards still to flip in a battle, as each reader of the table may know them."""

from __future__ import annotations

from champions_helpers import arrange, fight

from warroom.games.champions import GAME


def battle_lines(state, viewer: int | None) -> list[str]:
    """The table's lines about the cards still to flip, each joined into one line."""
    text = GAME.render(state.observation(viewer), viewer)
    lines, current = [], None
    for raw in text.splitlines():
        line = raw.strip()
        if "still to flip" in line:
            current = len(lines)
            lines.append(line)
        elif current is not None and raw.startswith("      "):  # fit's continuation
            lines[current] += " " + line
        else:
            current = None
    return lines


def test_your_own_cards_still_to_flip_are_in_your_order_and_only_the_others_are_secret():
    """Defect (user audit): attacking, "attacker still to flip: 10D 9S 9H ..." listed the
    reader's own cards by rank while "your order (top first): 3C 10D 2D 9S ..." gave the real
    order, and a player reads "still to flip" as the coming order; defending, the reader's
    own cards read "defender still to flip: ... (order secret)", though the order is secret
    from the opponent, not from the player who set it. Each side's own cards now come in
    their order, top first; "(order secret)" is said of the other side's cards alone (both
    to a spectator), and the other side's order never shows."""
    s = arrange({"KH": ["10H", "9H", "5H"]}, {"KS": ["8S", "7S", "3S"], "AS": ["4S"]})
    fight(s, "KH", "KS", att_order=["5H", "9H", "10H"], def_order=["3S", "7S", "8S"])
    assert [(f["attacker_card"], f["defender_card"]) for f in s.battle.flips] == [("5H", "3S")]
    # still to come: the attacker's 9H then 10H, the defender's 7S then 8S
    attacker, defender, spectator = (battle_lines(s, v) for v in (0, 1, None))
    assert attacker == ["attacker still to flip, top first: 9H 10H",
                        "defender still to flip: 8S 7S (order secret); survivors -"], attacker
    assert defender == ["attacker still to flip: 10H 9H (order secret)",
                        "defender still to flip, top first: 7S 8S; survivors -"], defender
    assert spectator == ["attacker still to flip: 10H 9H (order secret)",
                         "defender still to flip: 8S 7S (order secret); survivors -"], spectator
    # the other side's order shows nowhere on the table
    assert "7S 8S" not in GAME.render(s.observation(0), 0)
    assert "9H 10H" not in GAME.render(s.observation(1), 1)
    assert "9H 10H" not in GAME.render(s.observation(None), None)
    assert "7S 8S" not in GAME.render(s.observation(None), None)
