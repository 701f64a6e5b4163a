"""Names and texts that reach a terminal: line separators and bidirectional marks."""

from __future__ import annotations

import pytest

from warroom.engine.data import displayable, one_line, printable

# U+2028 and U+2029 break a line where a name must keep to one; U+200E, U+200F and U+061C
# reorder what follows them as U+202E does.
UNSAFE = ["\u2028", "\u2029", "\u200e", "\u200f", "\u061c"]


@pytest.mark.parametrize("char", UNSAFE)
def test_line_separators_and_bidi_marks_are_refused_as_the_overrides_are(char):
    """Audit (stop 54): a one-line name (Word & Iron's `prize`, sent to the server) took
    U+2028, U+2029 and U+200F while U+202E was refused: every line or paragraph separator
    and every bidirectional mark is refused now, in one-line names and in longer texts,
    and escaped where any value is shown."""
    name = f"Spear{char}men"
    escaped = r"a control character \('\\u0?[0-9a-f]{3,4}' at position 6\)"
    with pytest.raises(ValueError, match=escaped):
        one_line(name)
    with pytest.raises(ValueError, match="at position 6"):
        printable(name)
    shown = displayable(name)
    assert char not in shown and shown == "Spear" + repr(char)[1:-1] + "men"


def test_ordinary_text_is_untouched():
    """The check refuses only what moves the text: accents, right-to-left letters, emoji
    with their joiners and a line break in a long text pass."""
    for text in ("Éowyn", "قلعة", "👩‍🌾 farmer"):
        assert one_line(text) == text and displayable(text) == text
    assert printable("two\nlines\tand a tab") == "two\nlines\tand a tab"
