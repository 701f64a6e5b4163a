"""A game's browser table drawn from one observation, in a page of the live server, for tests
that pin what a table shows of a state the test builds (no game played through the page)."""

from __future__ import annotations

from typing import Any

DRAW = """async ([game, observation, seat]) => {
    const kit = await import("/static/kit.js");
    const table = await import(`/tables/${game}.js`);
    window.testTable?.remove();
    const root = document.createElement("div");
    root.className = "table";
    document.body.append(root);
    table.render(root, { observation, seat, legal: [] },
                 { kit, act: () => {}, seat, names: ["a", "b"] });
    window.testTable = root;
}"""


def render_table(page, game: str, observation: dict[str, Any], pick: str = "root.innerText",
                 seat: int = 0) -> Any:
    """What the JavaScript expression `pick` reads of `root`, the table `game` draws of
    `observation` for `seat` (the page must be one of the server's, for its modules)."""
    page.evaluate(DRAW, [game, observation, seat])
    return page.evaluate(f"(root) => {pick}", page.evaluate_handle("window.testTable"))
