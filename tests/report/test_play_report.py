"""The play report a player posts (issue 28): a headline, the turning points first, routine entries
folded per turn, who did what, the luck in one sentence with each die's faces charted, and a
format for each place players share (Markdown parsed by markdown-it as a forum would, BBCode by
a BBCode parser with BoardGameGeek's tags, --short within a chat's 2,000 characters)."""

from __future__ import annotations

import json
import re

import bbcode
import pytest
from markdown_it import MarkdownIt

from journal.games.interface import Check
from journal.games.titans import history as titans_history
from journal.report import luck
from journal.report.story import dice_text
from journal_testing import TITANS_NEW

HOSTILE = "*Kell* [b]bold[/b] [url=http://x.invalid]x[/url] <b>tag</b> #1 won!"


def parse_md(text: str):
    return MarkdownIt("commonmark").enable("table").enable("strikethrough").parse(text)


def md_html(text: str) -> str:
    return MarkdownIt("commonmark").enable("table").enable("strikethrough").render(text)


def bgg_parser() -> bbcode.Parser:
    """A BBCode parser with BoardGameGeek's tags the report uses: size, [c] (fixed width), lists."""
    parser = bbcode.Parser(install_defaults=False, escape_html=True, replace_links=False, replace_cosmetic=False)
    parser.add_simple_formatter("b", "<strong>%(value)s</strong>")
    parser.add_simple_formatter("i", "<em>%(value)s</em>")
    parser.add_simple_formatter("size", "<span>%(value)s</span>")
    parser.add_simple_formatter("c", "<pre>%(value)s</pre>", render_embedded=False, strip=False,
                                replace_cosmetic=False, transform_newlines=False)
    parser.add_simple_formatter("ul", "<ul>%(value)s</ul>", strip=True)
    parser.add_simple_formatter("li", "<li>%(value)s</li>", strip=True)
    return parser


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    """The four demo campaigns, made once."""
    from journal_testing import run

    saves = tmp_path_factory.mktemp("demos") / "saves"
    assert run(saves, "demo").exit_code == 0
    return lambda *args: run(saves, *args)


def report(demos, game: str, *args: str) -> str:
    r = demos("report", "-s", f"demo-{game}", *args)
    assert r.exit_code == 0, r.stderr
    return r.stdout


def test_the_headline_says_who_beat_what_in_one_sentence(demos):
    text = report(demos, "epm")
    first = md_html(text).split("\n")[1]
    assert first == ("<p><strong>Ana Solès, Bo &amp; &quot;Kip&quot; and Cy &lt;R-9&gt; beat the Evil Power Master "
                     "on Ruun after 4 visits, Signal 25, EPM 13, in one sitting.</strong></p>")
    assert "- **Outcome:** Won (visit 4 · Ruun · Signal 25 · EPM 13)" in text  # the result said once
    for game, start in (("titans", "Ana (Atlas) and Bo (Brute) hold the line on turn 2"),
                        ("kraken", "Ray, Mila and Dax Orr fly on through turn 3"),
                        ("pulp", "Captain Mina Tormelson fights the Cosmic Hegemony, round 3")):
        assert report(demos, game).split("\n")[2].startswith(f"**{start}"), game


def test_turning_points_come_first_and_routine_entries_fold_into_one_line_per_turn(demos):
    text = report(demos, "epm")
    heads = [t.content for t, o in zip(parse_md(text)[1:], parse_md(text)) if o.type == "heading_open" and o.tag == "h2"]
    assert heads == ["Turning points", "Turn by turn", "Who did what", "How the game went", "Luck audit",
                     "The full story"]
    points = text.split("## Turning points")[1].split("##")[0]
    assert "- Visit 3 · Vex (#27): now Challenge level 6 — Data Find on Vex: disc 8, Signal 5 → 13" in points
    assert "(#39): the last roll of the game" in points and "(#40): the end — The Evil Power Master is defeated" in points
    turns = text.split("## Turn by turn")[1].split("## Who did what")[0]
    assert "- 5 routine entries (#2, #5, #10, #11, #12): card ×3, data-find, item" in turns
    assert "Read Story Card 1 of Zorb" not in turns
    assert "- #2 Read Story Card 1 of Zorb." in text.split("## The full story")[1]


def test_each_game_names_its_turning_points_from_what_its_log_records(demos):
    assert "(#78): Dax Orr is down — Dax Orr: HP 10 → 0/10 (-12)" in report(demos, "kraken")
    assert "initiative won against odds of 28%" in report(demos, "kraken")  # a check won at odds under 1 in 3
    pulp = report(demos, "pulp")
    assert "(#6): Super Weapon 1 found on Mars" in pulp and "(#25): Combat runs dry" in pulp
    assert re.search(r"cubes drawn from the bag \(18 cubes\)\n +black █+ 2\n", pulp)  # the bag charted too
    city = {"command": "titans ending", "changes": [{"path": ["state", "cities", "Beijing", "destroyed"],
                                                     "from": False, "to": True},
                                                    {"path": ["state", "rifts", "North", "closed"], "from": False,
                                                     "to": True}]}
    assert titans_history.turning_points(city, {}) == ["Beijing destroyed", "the North Rift closed"]


def test_who_did_what_for_each_character_titan_crew_member_and_captain(demos):
    assert '- **Bo & "Kip":** challenges made: 4 · challenges won: 4' in report(demos, "epm")
    titans = report(demos, "titans")
    assert "- **Brute (Bo):** attacks made: 1 · damage dealt: 3 · invaders destroyed: 1" in titans
    kraken = report(demos, "kraken")
    assert "- **Dax Orr:** damage taken: 11 · attacks made: 1 · hits: 0" in kraken
    assert "- **Captain Mina Tormelson:** cards engaged: 8 · planets searched: 3 · Super Weapons found: 2" \
        in report(demos, "pulp")


def test_war_titans_dice_are_counted_and_shown_as_the_symbols_typed(journal):
    new = [a for k, a in enumerate(TITANS_NEW) if "--rift" not in TITANS_NEW[max(0, k - 1):k + 1]]
    journal(*new[:-2], "--dice", "templates:titans/dice-sample.toml", "--seed", "7", ok=True)  # rifts drawn
    journal("titans", "opening", ok=True)
    journal("titans", "invade", "--rift", "East", "--city", "Beijing", ok=True)
    journal("titans", "move", "Atlas", "Beijing", ok=True)
    journal("titans", "attack", "Atlas", "--roll", "1", "--roll", "4", "--roll", "4", "--roll", "2",
            "--target", "M1", ok=True)
    text = journal("report", ok=True).stdout
    assert "titan die red, gear, gear, bolt (entered)" in text
    assert "Dice: no dice" not in text and "No dice in this part" not in text
    [die] = json.loads(journal("--json", "luck").stdout)["dice"]
    assert (die["die"], die["labels"], die["counts"], die["faces"]) == \
        ("titan die", ["red", "bolt", "gear", "wing", "blank"], [1, 1, 2, 0, 0], [1, 1, 0, 2, 0, 0])
    chart = text.split("```")[1]
    assert re.search(r"gear █+ 2", chart) and re.search(r"wing · 0", chart)
    # set-up rolls said once: the four invader types drawn, in one run
    setup = text.split("## Turn by turn")[1].split("####")[1]
    assert setup.count("invader types") == 1 and re.search(r"invader types \w+, \w+, \w+, \w+ \(rolled by journal\)",
                                                           setup)


def test_every_kind_of_die_is_counted_pulps_named_d6_included():
    tally = luck.Tally()
    tally.add_rolls([{"die": "orange d6", "value": 3, "source": "rolled"},
                     {"die": "yellow d6", "value": 6, "source": "rolled"},
                     {"die": "d20", "value": 20, "source": "entered"},
                     {"die": "bag", "value": "red", "source": "entered"}], {"red": 2, "blue": 2})
    audit = tally.audit()
    assert [(d["die"], d["source"], d["rolls"]) for d in audit["dice"]] == \
        [("orange d6", "rolled", 1), ("yellow d6", "rolled", 1), ("d20", "entered", 1)]
    assert audit["draws"]["draws"] == 1
    assert dice_text({"rolls": [{"die": "d6", "value": 3, "source": "entered"},
                                {"die": "d6", "value": 4, "source": "entered"},
                                {"die": "d6", "value": 5, "source": "rolled"}]}) == \
        "d6 3, 4 (entered); d6 5 (rolled by journal)"


def test_the_luck_in_one_sentence():
    """"Your dice ran a little cold: 41 of 60 checks won where the odds gave 45 (p = 0.21), well
    within chance.", as the issue words it (p as the exact two-sided test gives it)."""
    tally = luck.Tally()
    tally.add_checks([Check("challenge", 0.75, k < 41) for k in range(60)])
    said = tally.audit()["sentence"]
    assert re.fullmatch(r"Your dice ran a little cold: 41 of 60 checks won where the odds gave 45\.0 "
                        r"\(p = 0\.\d\d\), well within chance\.", said), said
    hot = luck.Tally()
    hot.add_checks([Check("challenge", 0.5, True) for _ in range(20)])
    assert hot.audit()["sentence"].startswith("Your dice ran hot: 20 of 20 checks won where the odds gave 10.0 (p = ")
    assert hot.audit()["sentence"].endswith("rarely so by chance.")
    assert luck.Tally().audit()["sentence"] == "No dice and no checks with known odds in this part of the log."


def test_markdown_escapes_only_what_could_form_markup(journal):
    journal("epm", "new", "x", "--character", "Ana", "--planet", "Zorb:blue", "--seed", "1", ok=True)
    journal("note", HOSTILE, ok=True)
    journal("note", "# not a heading", ok=True)
    text = journal("report", ok=True).stdout
    assert "- #1 **" in text and "won!" in text and "\\#1" not in text and "> \\# not a heading" in text
    html = md_html(text)
    assert "<h1>not a heading" not in html and "# not a heading" in html
    assert "*Kell* [b]bold[/b] [url=http://x.invalid]x[/url] &lt;b&gt;tag&lt;/b&gt; #1 won!" in html


@pytest.mark.parametrize("game", ["epm", "titans", "kraken", "pulp"])
def test_bbcode_parses_as_boardgamegeek_markup_with_no_raw_markdown(demos, game):
    text = report(demos, game, "--format", "bbcode")
    html = bgg_parser().format(text)
    assert "<ul>" in html and "<strong>" in html and "[b]" not in html and "[/li]" not in html
    assert not re.search(r"^#|\*\*|\\[#!*]", text, re.M)  # no Markdown shows through
    assert "<pre>" in html  # the trackers' tables, and the dice of a game that rolled some
    if game in ("epm", "kraken"):
        assert "█" in html.split("<pre>")[-1]


def test_player_text_is_never_bbcode_and_never_cuts_a_boardgamegeek_post(journal):
    journal("epm", "new", "x", "--character", "[b]Ana[/b]", "--planet", "Zorb:blue", "--seed", "1", ok=True)
    journal("note", HOSTILE, ok=True)
    journal("note", "[/c][/li][/ul] end", ok=True)
    text = journal("report", "--format", "bbcode", ok=True).stdout
    html = bgg_parser().format(text)
    assert "<strong>bold</strong>" not in html and "<strong>Ana</strong>" not in html
    assert "<b>" not in text and "＜b>tag＜/b>" in text  # BoardGameGeek drops a post from a "<" on
    assert "[\u200bb]bold[\u200b/b]" in text and "[\u200b/c][\u200b/li][\u200b/ul] end" in html


@pytest.mark.parametrize("fmt", ["md", "bbcode"])
@pytest.mark.parametrize("game", ["epm", "titans", "kraken", "pulp"])
def test_short_fits_a_chat_message(demos, game, fmt):
    text = report(demos, game, "--short", "--format", fmt)
    assert len(text) <= 2000
    lines = text.splitlines()
    assert "Turning points" not in lines[0] and ("Your dice" in lines[-1] or "dice" in lines[-1].lower())
    if fmt == "md":
        assert not [t for t in parse_md(text) if t.type in ("heading_open", "table_open")]


def test_short_stays_within_2000_characters_whatever_the_names():
    from journal.report import bbcode as bb
    from journal.report import markdown
    from journal.report.model import Point, Report

    r = Report(name="x" * 900, game="epm", title="War", unit="Visit", cast=["A" * 900], status="visit 9",
               result=None, scope="the whole campaign", sessions=[], charts=[], total_entries=0,
               luck=luck.Tally().audit(), headline="A" * 5000, sittings=2,
               points=[Point(k, "Visit 9 · " + "Z" * 400, "B" * 400, "C" * 400) for k in range(60)])
    for render in (markdown.render_short, bb.render_short):
        text = render(r)
        assert len(text) <= 2000 and re.search(r"… and \d+ more", text)


def test_report_help_says_which_format_suits_which_place(journal):
    said = " ".join(journal("report", "--help", ok=True).stdout.split())
    for words in ("BoardGameGeek", "Discord", "--short", "blog"):
        assert words in said, words


def test_short_html_is_the_headline_the_card_the_turning_points_and_the_luck(demos):
    page = report(demos, "kraken", "--short", "--format", "html", "-o", "-")
    assert page.startswith("<!DOCTYPE html>") and '<svg xmlns="http://www.w3.org/2000/svg"' in page
    assert "Dax Orr is down" in page and "Your dice ran a little hot" in page
    assert "The full story" not in page and "Who did what" not in page and "<script" not in page


def test_the_last_roll_of_the_game_is_the_logs_last_whatever_part_is_reported(demos):
    assert "the last roll of the game" not in report(demos, "epm", "--turns", "1-3")
    assert "(#39): the last roll of the game" in report(demos, "epm", "--since", "30")
