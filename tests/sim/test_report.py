"""`warroom report`: a self-contained HTML (or Markdown) report whose figures show the numbers
of the results database."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from warroom.cli import main
from warroom.sim.analysis import analyse
from warroom.sim.store import ResultStore

WARROOM = str(Path(sys.executable).parent / "warroom")
# No card plot: in every group of player-games compared, the kow run's cards were all wins or
# all losses, so no card has a difference to draw (test_a_settled_run_draws_no_card_plot).
RUN_FIGURES = {"win-rate-player", "win-rate-seat", "game-length", "outcome-reasons",
               "metric-rounds"}


class Page(HTMLParser):
    """The parts of a report page a reader relies on."""

    def __init__(self, text: str):
        super().__init__()
        self.figures: dict[str, str] = {}
        self.verdicts: list[str] = []
        self.data: dict = {}
        self.external: list[str] = []
        self._in: str | None = None
        self._buffer: list[str] = []
        self.feed(text)
        for match in re.finditer(r'<figure [^>]*data-figure="([^"]+)">(.*?)</figure>', text,
                                 re.S):
            self.figures[match[1]] = match[2]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("img", "script", "link", "iframe") and (attrs.get("src") or
                                                            attrs.get("href")):
            self.external.append(attrs.get("src") or attrs.get("href"))
        if tag == "ul" and attrs.get("id") == "verdicts":
            self._in = "verdicts"
        if tag == "li" and self._in == "verdicts":
            self._buffer = []
        if tag == "script" and attrs.get("id") == "warroom-data":
            self._in = "data"
            self._buffer = []

    def handle_endtag(self, tag):
        if tag == "li" and self._in == "verdicts":
            self.verdicts.append("".join(self._buffer))
        if tag == "ul" and self._in == "verdicts":
            self._in = None
        if tag == "script" and self._in == "data":
            self.data = json.loads("".join(self._buffer))
            self._in = None

    def handle_data(self, data):
        if self._in:
            self._buffer.append(data)


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("report") / "kow.sqlite"
    assert main(["simulate", "kow", "--games", "40", "--players", "heuristic,random",
                 "--seed", "5", "--db", str(db), "--json"]) == 0
    return db


def svg_texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)  # the figure is well-formed SVG
    return ["".join(t.itertext()).strip() for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_html_report_is_self_contained_with_every_figure(results, tmp_path, capsys):
    out = tmp_path / "report.html"
    assert main(["report", str(results), "--out", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    page = Page(out.read_text())
    assert set(page.figures) == RUN_FIGURES
    assert page.external == []  # nothing loaded from elsewhere
    assert page.verdicts == printed[:-1] and printed[-1] == f"report: {out}"
    for svg in page.figures.values():
        assert svg_texts(svg)


def test_report_figures_and_data_are_the_numbers_of_the_database(results, tmp_path):
    out = tmp_path / "report.html"
    main(["report", str(results), "--out", str(out)])
    page = Page(out.read_text())
    with ResultStore(results) as store:
        run = store.runs()[-1]
        games = list(store.iter_games(run.id))
        expected = analyse(store, run, "Kings of War Battle Deck").to_json()
    assert page.data == json.loads(json.dumps(expected))
    wins = [sum(p in g["winners"] for g in games) for p in (0, 1)]
    assert [r["successes"] for r in page.data["player_win_rate"]] == wins
    seat_wins = [sum(s in g["winner_seats"] for g in games) for s in (0, 1)]
    assert [r["successes"] for r in page.data["seat_win_rate"]] == seat_wins
    # each bar is labelled with its rate, and the players are named on the axis
    player_labels = svg_texts(page.figures["win-rate-player"])
    for w in wins:
        assert f"{100 * w / 40:.1f} %" in player_labels
    assert {"heuristic (0)", "random (1)"} <= set(player_labels)
    assert {"seat 0", "seat 1"} <= set(svg_texts(page.figures["win-rate-seat"]))
    assert "first to 3 Victories" in svg_texts(page.figures["outcome-reasons"])
    lengths = sorted(g["length"] for g in games)
    assert page.data["length"]["min"] == lengths[0] and page.data["length"]["max"] == lengths[-1]
    assert page.data["length"]["histogram"] == [[v, lengths.count(v)] for v in
                                                sorted(set(lengths))]
    assert page.data["reasons"] == {"first to 3 Victories": 40}


def test_markdown_report_links_its_figures(results, tmp_path, capsys):
    out = tmp_path / "report.md"
    assert main(["report", str(results), "--out", str(out)]) == 0
    text = out.read_text()
    links = re.findall(r"!\[[^]]*\]\(([^)]+)\)", text)
    assert {Path(link).stem for link in links} == RUN_FIGURES
    for link in links:
        assert (out.parent / link).read_text().startswith("<svg")
    assert "## Verdicts" in text and "- seat balance: seat 0" in text
    assert "| seat | wins | win rate | 95 % CI (Wilson) |" in text


def test_default_report_path_is_beside_the_database(results, capsys):
    assert main(["report", str(results)]) == 0
    run_id = ResultStore(results).runs()[-1].id
    assert (results.parent / f"kow-run{run_id}.html").is_file()


def test_report_renders_in_a_headless_browser(results, tmp_path, chromium):
    out = tmp_path / "report.html"
    main(["report", str(results), "--out", str(out)])
    shot = tmp_path / "shot.png"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                    "--window-size=1000,1400", f"--screenshot={shot}", out.as_uri()],
                   capture_output=True, timeout=60, check=True)
    from matplotlib.image import imread

    pixels = imread(shot)
    assert pixels.shape[:2] == (1400, 1000)
    assert pixels.std() > 0.05  # something was drawn, not a blank page


def one_line_error(capsys, *args: str) -> str:
    assert main(list(args)) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("warroom: error: "), lines
    return lines[0]


def test_bad_input_is_a_one_line_error(tmp_path, capsys):
    assert "no such results database" in one_line_error(capsys, "report",
                                                        str(tmp_path / "none.db"))
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database" * 100)
    assert "not a results database" in one_line_error(capsys, "report", str(junk))
    empty = tmp_path / "empty.sqlite"
    ResultStore(empty).close()
    assert "holds no runs" in one_line_error(capsys, "report", str(empty))
    with ResultStore(empty) as store:
        store.create_run("kow", "1", {}, ["random", "random"], 0, 10)
    assert "no run holds a finished game yet (the latest is run 1)" in one_line_error(
        capsys, "report", str(empty))
    assert "run 1 has no finished games" in one_line_error(capsys, "report", str(empty),
                                                           "--run", "1")
    assert "no run 7" in one_line_error(capsys, "report", str(empty), "--run", "7")
    assert "not several" in one_line_error(capsys, "report", str(empty), "--run", "1",
                                           "--sweep", "1")


@pytest.mark.parametrize("option", ["--run", "--sweep", "--tune"])
def test_an_id_past_a_64_bit_integer_is_one_line(tmp_path, capsys, option):
    """SQLite refused it with an OverflowError's traceback."""
    db = tmp_path / "r.sqlite"
    ResultStore(db).close()
    line = one_line_error(capsys, "report", str(db), option, "99999999999999999999")
    assert line == (f"warroom: error: Invalid value for '{option}': 99999999999999999999 is "
                    "not in the range 1<=x<=9223372036854775807. (see 'warroom report --help')")
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".sqlite-lock") == \
        ["r.sqlite"]  # no report written


def test_the_real_command_reports_bad_input_without_a_traceback(tmp_path):
    proc = subprocess.run([WARROOM, "report", str(tmp_path / "none.db")], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2
    missing = tmp_path / "none.db"
    assert proc.stderr.strip() == f"warroom: error: {missing}: no such results database"


def test_the_report_opens_with_the_three_questions_a_designer_asks_first(results, tmp_path,
                                                                          capsys):
    out = tmp_path / "report.html"
    assert main(["report", str(results), "--out", str(out)]) == 0
    verdicts = capsys.readouterr().out.splitlines()
    assert verdicts[0].startswith("first player advantage: ")  # kow: no first player
    assert verdicts[1].startswith("card outliers: ")
    assert verdicts[2].startswith("dominant strategy: heuristic (player 0) wins ")
    assert "of 40 games (fair share " in verdicts[2] and "it dominates" in verdicts[2]
    text = out.read_text()
    headings = re.findall(r"<h2>([^<]+)</h2>", text)
    assert headings[1:4] == ["Is there a first-player advantage?", "Which cards are outliers?",
                             "Does any strategy dominate?"]
    page = Page(text)
    assert page.data["cards"]["games"] == 40 and page.data["cards"]["correction"] == "Holm"


def test_a_settled_run_draws_no_card_plot(results, tmp_path, capsys):
    """Audit (stop 42): a run whose every card comparison was all wins or all losses (kow,
    heuristic against random) plotted every card at 0 with an interval of -1 to 1, which
    reads as a measured zero: it has no card plot, and its verdict says why."""
    out = tmp_path / "report.html"
    assert main(["report", str(results), "--out", str(out)]) == 0
    verdicts = capsys.readouterr().out.splitlines()
    page = Page(out.read_text())
    effects = page.data["cards"]["effects"]
    assert effects and all(e["settled"] and not e["tested"] for e in effects)
    assert "card-outliers" not in page.figures
    # (the kow heuristic of stop 64 wins every game here: the verdict says that first)
    assert verdicts[1].startswith("card outliers: no card can be told apart in 40 games: "), \
        verdicts[1]
    assert "every group of player-games compared" in verdicts[1], verdicts[1]


def test_a_run_report_lists_the_cards_never_played(tmp_path, monkeypatch):
    """Defect 4: a card of the deck that no game drew (word-iron's Queen of the sample deck
    in 100 games) was absent from the fate table and the rankings: a designer looking for
    dead cards never saw it. A game that names its deck's cards (`card_names(config)`) has
    them listed, with the run's own options."""
    from warroom.games import REGISTRY
    from warroom.sim.report import run_document

    kow = REGISTRY["kow"]
    asked = []

    def card_names(self, config):
        asked.append(config.max_dice)
        return ["1", "2", "3", "13"]

    monkeypatch.setattr(type(kow), "card_names", card_names, raising=False)
    games = [{"index": i, "seed": i, "seating": [i % 2, 1 - i % 2], "winner_seats": [i % 2],
              "scores_by_seat": [0, 0], "reason": "won", "length": 10, "first_player": None,
              "metrics": {}, "cards": [{"played": {"1": 1, "2": 1}}, {"played": {"2": 2}}]}
             for i in range(10)]  # under 10 games the list is noise (audit, stop 47)
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = store.create_run("kow", kow.version, {"max_dice": 3}, ["a", "b"], 0, 10)
        store.add_games(run.id, games)
        doc = run_document(analyse(store, run))
    assert asked == [3]
    line = "card outliers: never defeated in 10 games: 13, 3 (2 of 4 cards in play; "
    assert any(v.startswith(line) for v in doc.verdicts)
    (usage,) = [s for s in doc.sections if s.key == "cards-usage"]
    assert usage.table is not None
    assert [row[0] for row in usage.table[1]] == ["1", "13", "2", "3"]
    assert usage.table[1][1] == ["13", "-"]
    assert doc.data["cards"]["never"] == {"fate": "played", "cards": ["13", "3"]}


def test_the_card_plot_is_in_points_and_marks_the_cards_it_leaves_out(tmp_path):
    """Audit (stop 42): the card plot's axis was a fraction ('win rate difference', -0.3 to
    0.4) while the tables and verdicts give points (+30.7); and it dropped the middle cards
    of the ranking with no mark on the plot, only in its caption."""
    import random

    from warroom.engine import DRAWN, CardFacts
    from warroom.sim.analysis import analyse_games
    from warroom.sim.report import run_document

    rng = random.Random(4)
    cards = [f"C{k}" for k in range(40)]
    games = []
    for i in range(200):
        facts = CardFacts(2)
        for seat in (0, 1):
            facts.add_all(seat, DRAWN, rng.sample(cards, 10))
        games.append({"index": i, "seed": i, "seating": [i % 2, 1 - i % 2],
                      "winner_seats": [rng.randrange(2)], "scores_by_seat": [0, 0],
                      "reason": "won", "length": 10, "first_player": None, "metrics": {},
                      "cards": facts.to_json()})
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = store.create_run("kow", "1", {}, ["a", "b"], 0, 200)
        a = analyse_games(store.run(run.id), games)
    (section,) = [s for s in run_document(a).sections if s.key == "cards"]
    texts = svg_texts(section.plots[0].svg)
    assert "win rate difference (percentage points)" in texts
    assert "… 10 not shown …" in texts  # 40 cards, the 15 highest and lowest shown
    ticks = [t.replace("−", "-") for t in texts if re.fullmatch(r"[−-]?\d+(\.\d+)?", t)]
    assert ticks and max(abs(float(t)) for t in ticks) >= 10, ticks  # points, not fractions
