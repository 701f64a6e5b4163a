"""Review (stop 59): docs/records.md, the actions each game's records may hold, was linked from
nowhere and left out of the wheel, so a pip install had no reference for the records its
commands write. The README links it, and every doc the README links to is in the wheel."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_doc_the_readme_links_to_is_in_the_wheel() -> None:
    readme = (ROOT / "README.md").read_text()
    linked = {link.rstrip("/") for link in re.findall(r"\]\((docs/[^)#]+)", readme)
              if not link.endswith(".png")}  # a picture of the table, not a doc
    assert "docs/records.md" in linked
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
    shipped = wheel["targets"]["wheel"]["force-include"]
    for link in sorted(linked):
        assert shipped.get(link) == f"warroom/{link}", link
        assert (ROOT / link).exists(), link
