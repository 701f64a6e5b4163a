"""The choices a person reads under the table on a standard 80x24 terminal: laid out so that
the table, the choices and the prompt share the screen, every choice whole and numbered."""

from __future__ import annotations

import io
import re
from types import SimpleNamespace

from rich.console import Console

from warroom.agents.human import HumanAgent

TRUCE = ["offer #1 Great Forest for a truce", "offer #2 Iron Mine for a truce",
         "offer #3 Market Town for a truce", "offer #4 Highland Pasture for a truce",
         "make no truce offer"]


def screen(table_lines: int, labels: list[str], answer: str = "1") -> tuple[list[str], object]:
    """What a person sees at a decision under a table of `table_lines` lines (after the first
    prompt of the game, which adds a hint), and the action `answer` picks."""
    game = SimpleNamespace(title="Test", summary="", describe_event=lambda e: "",
                           render=lambda obs, p: "\n".join(f"row {i}" for i in range(table_lines)))
    actions = [SimpleNamespace(label=label) for label in labels]
    view = SimpleNamespace(player=0, observation={"log": []}, legal_actions=actions)
    out = io.StringIO()
    person = HumanAgent(game, 0, stdin=io.StringIO(answer + "\n"),
                        console=Console(file=out, width=80, height=24, color_system=None))
    person.hinted = True
    chosen = person.act(view)
    return out.getvalue().splitlines(), chosen


def menu(lines: list[str]) -> list[str]:
    """The lines between the panel and the prompt."""
    bottom = next(i for i, line in enumerate(lines) if line.startswith("╰"))
    return lines[bottom + 1:-1]


def numbered(lines: list[str]) -> dict[int, str]:
    """Each number shown and the label after it, read along the menu's lines."""
    text = "\n".join(lines)
    found = re.findall(r"(\d+)\. (.+?)(?=\s{2,}\d+\. |\n|$)", text)
    return {int(n): " ".join(label.split()) for n, label in found}


def test_long_choices_go_in_two_columns_each_as_wide_as_its_own_under_a_tall_table():
    """Defect: Word & Iron's truce offers ("offer #4 Highland Pasture for a truce") were too
    long for a column as wide as the widest choice, and stayed one a line under a table of
    18 lines: the screen ran to 26 lines. Two columns each as wide as its own widest choice
    fit 79 columns: the screen is 24 lines, every choice whole, numbered down each column."""
    lines, chosen = screen(18, TRUCE, answer="4")
    assert len(lines) == 24 and max(map(len, menu(lines))) <= 79
    assert len(menu(lines)) == 3
    assert numbered(menu(lines)) == dict(enumerate(TRUCE, 1))
    assert menu(lines)[0] == (" 1. offer #1 Great Forest for a truce"  # indented as room leaves
                              "  4. offer #4 Highland Pasture for a truce")
    assert chosen.label == TRUCE[3]
    lines, _ = screen(10, TRUCE)  # under a short table: one a line
    assert menu(lines) == [f"   {n}. {label}" for n, label in enumerate(TRUCE, 1)]


def test_a_few_choices_share_a_line_when_the_table_leaves_one():
    """Defect: however tall the table, four choices or fewer were listed one a line: under
    Champions' 20-line battle table, "rock", "paper" and "scissors" pushed the screen to 26
    lines. They share the one line the table leaves now."""
    lines, chosen = screen(20, ["rock", "paper", "scissors"], answer="scissors")
    assert len(lines) == 24
    assert menu(lines) == ["   1. rock         2. paper        3. scissors"]
    assert chosen.label == "scissors"


def test_short_choices_take_more_columns_under_a_tall_table():
    """Short choices went in columns as wide as the widest ("rest as shown"): three columns
    of "next 10D" took three rows where the table left two. Under a tall table the columns
    are each as wide as their own widest choice, and four of them fit."""
    labels = [f"next {card}" for card in "10D 8D 4C 3H 3D 2S 2D".split()] + ["rest as shown"]
    lines, chosen = screen(19, labels, answer="8")
    assert len(lines) == 24
    assert menu(lines) == ["   1. next 10D  3. next 4C  5. next 3D  7. next 2D",
                           "   2. next 8D   4. next 3H  6. next 2S  8. rest as shown"]
    assert chosen.label == "rest as shown"


def test_a_short_menu_stays_one_a_line_under_a_table_taller_than_the_screen():
    """A table that passes the screen with its prompt scrolls whatever the menu: a short
    menu under it stays one a line."""
    lines, _ = screen(30, ["rock", "paper", "scissors"])
    assert menu(lines) == ["   1. rock", "   2. paper", "   3. scissors"]


def test_a_choice_too_long_for_a_line_goes_on_under_itself():
    """Word & Iron's "use first: Quartermaster (losses recruited after the next 2 enemy
    strategies)" ran past 80 columns, and the terminal went on at the margin, under the
    numbers. It is broken between words now, going on under its own text."""
    long = "use first: Quartermaster (losses recruited after the next 2 enemy strategies)"
    lines, chosen = screen(6, ["use first: The King (losses recruited after the next 5 enemy "
                               "strategies)", long], answer="2")
    assert menu(lines)[1:] == ["   2. use first: Quartermaster (losses recruited after the next "
                               "2 enemy", "      strategies)"]
    assert max(map(len, menu(lines))) <= 79 and chosen.label == long


def test_the_only_choice_says_on_its_line_that_enter_plays_it():
    """The only choice and the hint that Enter plays it took two lines; they share one."""
    lines, chosen = screen(6, ["pass"], answer="")
    assert menu(lines) == ["   1. pass   (the only choice: Enter plays it)"]
    assert chosen.label == "pass"


def test_a_summary_written_wider_than_the_terminal_is_filled_anew_not_left_in_fragments():
    """`?` broke each summary line (written up to 96 columns) on its own, so an item read
    "...swords must reach the card's / number, and no / die may be superfluous" at 80."""
    from warroom.games import get_game

    game = get_game("kow")
    out = io.StringIO()
    person = HumanAgent(game, 0, stdin=io.StringIO(""),
                        console=Console(file=out, width=80, height=24, color_system=None))
    person.show_summary()  # what `?` shows
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 79 for line in lines)
    text = "\n".join(lines)
    assert "the card's\n  number, and no die may be superfluous" in text
    words = " ".join(text.split())
    assert words == " ".join(game.summary.split())  # nothing lost, nothing added
    # an item's lines that fit keep their breaks, as written
    assert "\n- Dice that defeated cards are spent" in text


def test_the_panel_title_leaves_the_frame_its_corner():
    """Viktory II's title ran into the panel's corner ("...Battle Cards) - you are player
    0─╮") at 80 columns; a title too long goes without its parenthesis."""
    from warroom.games import get_game

    out = io.StringIO()
    person = HumanAgent(get_game("viktory-ii"), 0, stdin=io.StringIO(""),
                        console=Console(file=out, width=80, height=24, color_system=None))
    assert person._title(0) == "Viktory II - you are player 0"
    assert HumanAgent(get_game("kow"), 1, stdin=io.StringIO(""), console=person.console
                      )._title(1) == "Kings of War Battle Deck - you are player 1"


MOVES = ["move to E4 (plains)", "move to D3 (grassland)", "move to D2 (grassland)",
         "move to F3 (plains)", "take the road to F4 (your town)",
         "take the road to H3 (your city)", "stop this unit (it moves no more this turn)",
         "move an infantry from F3", "move an infantry from F4", "move an infantry from H3",
         "end movement and battles"]


def reading_order(lines: list[str], long: set[str]) -> list[int]:
    """The numbers as a person reads the menu: down each column, then the next column, in
    each block of columns; a long choice's line, which ends a block, in its turn."""
    order: list[int] = []
    block: list[tuple[int, int, int]] = []  # (column, line, number)

    def close() -> None:
        order.extend(n for _, _, n in sorted(block))
        block.clear()

    for y, line in enumerate(lines):
        cells = [(m.end(1), int(m[1]), m[2].strip())
                 for m in re.finditer(r"(\d+)\. (.+?)(?=\s{2,}\d+\. |$)", line)]
        if len(cells) == 1 and cells[0][2] in long:
            close()
            order.append(cells[0][1])
        else:
            block += [(x, y, n) for x, n, _ in cells]
    close()
    return order


def test_defect_11_numbers_read_in_order_down_each_column_whatever_the_label_widths():
    """Defect 11: in Viktory II's move menu the short choices went in two columns and a long
    one ("stop this unit (it moves no more this turn)") on a line of its own after them, out
    of its place: numbers did not read in order down the columns. A long choice now stands
    between the columns of the choices before it and those after it."""
    lines, chosen = screen(14, MOVES, answer="7")
    assert menu(lines) == [
        "   1. move to E4 (plains)                 4. move to F3 (plains)",
        "   2. move to D3 (grassland)              5. take the road to F4 (your town)",
        "   3. move to D2 (grassland)              6. take the road to H3 (your city)",
        "   7. stop this unit (it moves no more this turn)",
        "   8. move an infantry from F3           10. move an infantry from H3",
        "   9. move an infantry from F4           11. end movement and battles"]
    assert chosen.label == MOVES[6]
    # whatever the widths and where the long ones fall, at any table height
    import random

    rng = random.Random(11)
    for _ in range(150):
        labels = [" ".join(["word"] * rng.choice([1, 2, 3, 3, 4, 9, 12]))
                  + f" {i}" for i in range(rng.randint(5, 40))]
        long = {label for label in labels if 4 + len(". ") + len(label) + 2 > 79 // 2}
        table = rng.choice([2, 6, 10, 16])
        lines, _ = screen(table, labels)
        shown = menu(lines)
        assert reading_order(shown, long) == list(range(1, len(labels) + 1)), shown
