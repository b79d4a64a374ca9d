"""Space Kraken as a whole: the conventions every command keeps (--reason on a by-hand change, data
files named as shipped templates, exit codes 1 and 2, 100 columns, hints that are whole
commands), batches, the demo campaign, and random campaigns that stay valid."""

from __future__ import annotations

import ast
import copy
import json
import re
import shlex
from pathlib import Path

import click
import pytest
from hints import find_hints, problems
from hypothesis import given, settings, strategies as st
from kraken.kraken_helpers import ATTRS, CAT, HUGE, demo_pack, dice, j, new_state, state, with_crew, with_ship

import journal.games.kraken as kraken_pkg
from journal import templates
from journal.errors import InputError, RuleError
from journal.games.kraken import crew, equipment, phases, quests, resources, ship, story_lines
from journal.games.kraken.schema import validate
from journal.text import wrap


OPS = st.lists(st.tuples(st.sampled_from(["hp", "credits", "oxygen", "xp", "level", "equip", "turn", "phase",
                                          "recover", "quest", "line", "buy"]),
                         st.integers(-15, 15)), max_size=30)


ATTRS_LIST = list(ATTRS)


def last_entry(journal, save="sk") -> dict:
    return json.loads(journal("--json", "log", "-s", save, "--tail", "1", ok=True).stdout)[0]


def play_demo_until(journal, stop: str) -> None:
    """The demo campaign 'demo-kraken' (templates/kraken/demo.toml), played up to `stop`."""
    spec = templates.load("kraken", "demo.toml")
    folder = str(templates.root())
    for line in [spec["new"]] + spec["commands"].splitlines():
        if not line.strip() or line.strip().startswith("#"):
            continue
        journal(*shlex.split(line.replace("{templates}", folder)), ok=True)
        if line.startswith(stop):
            return
    raise AssertionError(f"the demo has no line {stop}")


@pytest.fixture
def exploring(journal):
    play_demo_until(journal, "kraken dungeon enter 1")
    return journal


def refused(journal, code: int, *args) -> str:
    before = journal.files("demo-kraken")
    r = journal("kraken", *args, "-s", "demo-kraken")
    assert r.exit_code == code, (args, r.exit_code, r.stderr)
    assert "internal error" not in r.stderr and len(r.stderr) < 400, r.stderr
    assert journal.files("demo-kraken") == before
    return r.stderr


ROOT = Path(kraken_pkg.__file__).parent


SKIP = ("sheets",)          # the PDF pages print no command hints


VALUE = "NAME"              # a value formatted into a message ({name}) stands in as a placeholder


def _text(node) -> str | None:
    """A message as printed, values standing in as NAME (adjacent and + joined)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else VALUE for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text(node.left), _text(node.right)
        if left is not None or right is not None:
            return (left or VALUE) + (right or VALUE)
    if isinstance(node, ast.IfExp):
        return "\n".join(t for t in (_text(node.body), _text(node.orelse)) if t)
    return None


def messages():
    for path in sorted(ROOT.rglob("*.py")):
        if any(part in SKIP for part in path.relative_to(ROOT).parts):
            continue
        tree = ast.parse(path.read_text("utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                      and isinstance(n.body[0], ast.Expr)}
        seen = set()
        for node in ast.walk(tree):
            if id(node) in docstrings or id(node) in seen:
                continue
            text = _text(node)
            if text is None:
                continue
            for child in ast.walk(node):
                seen.add(id(child))
            yield f"{path.relative_to(ROOT)}:{node.lineno}", text


def _kraken():
    from journal.games.kraken.cli import kraken

    return kraken, click.Context(kraken, info_name="kraken")


def short_forms(text: str) -> list[str]:
    """`combat escape`, (ship buy …), "or ground end": a kraken command without `journal kraken`."""
    group, ctx = _kraken()
    out = []
    for m in re.finditer(r"(?=(?:[(`]|, |\bor |\bthen |/ )([a-z][a-z-]*) ([a-z][a-z-]*|--[a-z-]+))", text):
        if text[max(0, m.start() - 15):m.start(1)].rstrip("(` ").endswith("journal kraken"):
            continue
        cmd = group.get_command(ctx, m.group(1))
        if cmd is None:
            continue
        word = m.group(2)
        if isinstance(cmd, click.Group) and cmd.get_command(ctx, word) is not None \
                or not isinstance(cmd, click.Group) and word.startswith("--"):
            out.append(f"{m.group(1)} {word}")
    return out


def bad_hint(hint: str) -> list[str]:
    """What is wrong with a hint: hints.problems, and a command's name that is not one name
    (`combat board|escape`, `advance/step`, a formatted value: checked when printed instead)."""
    group, ctx = _kraken()
    words = hint.split()[2:] if hint.startswith("journal kraken ") else []
    cmd = group
    for w in words:
        if not isinstance(cmd, click.Group):
            break
        if w.rstrip(".,;:)") == VALUE:
            return []
        if "|" in w or "/" in w:
            return [f"{hint}: one command per hint (write each as a whole command)"]
        cmd = cmd.get_command(ctx, w)
        if cmd is None:
            break
    return problems(hint)


WIDTH = 100


def too_wide(text: str) -> list[str]:
    """Lines over 100 columns (the core's "Saved as '…' (PATH)" holds a path: not prose)."""
    return [line for line in text.splitlines() if len(line) > WIDTH and not line.startswith("Saved as '")]


def demo_commands() -> list[list[str]]:
    spec = templates.load("kraken", "demo.toml")
    folder = str(templates.root())
    lines = [spec["new"]] + spec["commands"].splitlines()
    return [shlex.split(x.replace("{templates}", folder), comments=True) for x in lines if x.strip()
            and not x.strip().startswith("#")]


@settings(deadline=None)
@given(ops=OPS, seed=st.integers(0, 10 ** 6))
def test_random_campaign_commands_keep_a_valid_state_or_refuse(ops, seed):
    s = with_ship(with_crew(new_state("simulation", lines=("1AA", "1AF")), "Ray", "Mila"), "Med Bay")
    pack = demo_pack()
    calls = {
        "hp": lambda s, n: crew.crew_hp(s, dice(seed=seed), name="Mila", delta=n or 1),
        "credits": lambda s, n: resources.credits(s, dice(), delta=n or 1, buy=n % 2 == 0),
        "oxygen": lambda s, n: resources.oxygen(s, dice(), delta=n or 1),
        "xp": lambda s, n: resources.xp(s, dice(), delta=n or 1),
        "level": lambda s, n: crew.crew_level_up(s, dice(), name="Ray", attribute=ATTRS_LIST[abs(n) % 6]),
        "equip": lambda s, n: equipment.crew_equip(s, dice(), name="Ray", slot="LR1234"[abs(n) % 6], item="x"),
        "turn": lambda s, n: phases.turn(s, dice(seed=seed + abs(n)), pack=pack),
        "phase": lambda s, n: phases.phase(s, dice(), to="next"),
        "recover": lambda s, n: phases.recover(s, dice(), cat=CAT),
        "quest": lambda s, n: quests.quest_add(s, dice(), name=f"Q{n}", urgent=n % 2 == 0),
        "line": lambda s, n: story_lines.line_add(s, dice(), coord="1AK"),
        "buy": lambda s, n: ship.ship_buy(s, dice(), system=list(CAT)[abs(n) % len(CAT)], cat=CAT),
    }
    for op, n in ops:
        before = copy.deepcopy(s)
        try:
            out = calls[op](s, n)
        except (RuleError, InputError):
            assert s == before
            continue
        assert s == before
        assert validate(out.state) == [], (op, n, validate(out.state))
        s = out.state
        assert 0 <= s["oxygen"] <= 25 and s["credits"] >= 0 and s["xp"] >= 0 and len(s["crew"]) <= 4
        for c in s["crew"].values():
            assert 0 <= c["hp"] <= c["hp_max"]


def test_a_command_on_another_games_save_is_refused(journal):
    journal("epm", "new", "e", "--character", "Ana", "--planet", "Zorb:blue", ok=True)
    r = journal("kraken", "xp", "-s", "e", "+3")
    assert r.exit_code == 1 and "is a War With the Evil Power Master save: `journal kraken ...` commands" in r.stderr


def test_batch_runs_kraken_lines(camp, tmp_path):
    batch = tmp_path / "b.txt"
    batch.write_text("kraken turn\nkraken phase 3\nkraken free-action skip\nkraken phase 5\n", "utf-8")
    camp("batch", "-s", "sk", str(batch), ok=True)
    s = state(camp, "sk")
    assert (s["turn"], s["phase"], s["free_action"]) == (1, 5, "skip")


def test_demo_plays_a_few_turns_of_the_demo_pack(journal):
    doc = j(journal, "demo")
    made = {d["game"]: d for d in doc["demos"]}["kraken"]
    s = state(journal, made["save"])
    assert s["turn"] == 3 and s["interlink"] == {"K": 1, "L": -1, "M": 1}
    assert set(s["lines"]) == {"1", "2"} and s["crew"]["Dax Orr"]["status"] == "unconscious"
    assert s["savepoint"]["at"].startswith("clone station") and "Med Bay" in s["ship"]["systems"]
    log = journal("log", "-s", made["save"], ok=True).stdout
    assert "3AH !C4: option A → 3AI" in log and "!C3: STANDBY" in log and "%12: d20 7" in log


def test_the_demo_plays_a_flight_a_space_combat_a_map_and_a_ground_combat(journal):
    journal("demo", ok=True)
    log = j(journal, "log", "-s", "demo-kraken")
    commands = [e["command"] for e in log]
    for needle in ("kraken flight", "kraken combat objective", "kraken combat fire", "kraken location generate",
                   "kraken dungeon mine", "kraken dungeon bulkhead", "kraken ground attack", "kraken ground enemy",
                   "kraken treasure take"):
        assert any(c.startswith(needle) for c in commands), needle
    s = j(journal, "show", "-s", "demo-kraken")["state"]
    assert s["locations"]["1"]["type"] == "Mining Station" and s["locations"]["1"]["cleared"] == [1, 2]


@pytest.mark.parametrize("args", [
    ("credits", "+5"), ("xp", "+3"), ("oxygen", "-2"), ("crew", "hp", "Ray", "-1"),
    ("crew", "set", "Ray", "tech", "4"), ("crew", "trait", "Ray", "Brave:+1"), ("grade-price", "2", "14"),
    ("line", "set", "1", "1AB"), ("line", "end", "2"), ("var", "K", "3"), ("treasure", "add", "--grade", "2"),
])
def test_a_by_hand_change_takes_a_reason_and_logs_it(camp, args):
    camp("kraken", *args, "-s", "sk", "--reason", "event B2 says so", ok=True)
    assert last_entry(camp)["reason"] == "event B2 says so"
    assert camp("log", "-s", "sk", "--tail", "1", ok=True).stdout.rstrip().endswith("(reason: event B2 says so)")


def test_why_stays_a_hidden_alias_of_reason(camp):
    camp("kraken", "credits", "-s", "sk", "-12", "--buy", "--why", "a Rifle", ok=True)
    assert last_entry(camp)["reason"] == "a Rifle"
    assert "--why" not in camp("kraken", "credits", "--help", ok=True).stdout


def test_every_by_hand_command_offers_reason():
    import click

    from journal.games.kraken.cli import kraken

    ctx = click.Context(kraken)
    by_hand = [("credits",), ("xp",), ("oxygen",), ("grade-price",), ("var",), ("flight-end",), ("crew", "hp"),
               ("crew", "set"), ("crew", "trait"), ("quest", "tick"), ("captive", "add"), ("ship", "hull"),
               ("ship", "buy"), ("ship", "damage"), ("ship", "repair"), ("ship", "destroy"), ("combat", "set"),
               ("combat", "end"), ("ground", "set"), ("ground", "end"), ("dungeon", "value"), ("line", "set"),
               ("line", "end"), ("treasure", "add"), ("treasure", "discard"), ("location", "clear"),
               ("location", "remove")]
    for path in by_hand:
        cmd = kraken
        for word in path:
            cmd = cmd.get_command(ctx, word)
        assert any("--reason" in p.opts for p in cmd.params), path


@pytest.mark.parametrize("args", [
    ("flight-table", "--table", "templates:kraken/flight-table.toml"),
    ("treasure-table", "--table", "templates:kraken/treasure-table.toml"),
    ("ground", "profiles", "--profiles", "templates:kraken/enemies-sample.toml"),
    ("location", "check-generator", "templates:kraken/location-generator-sample.toml"),
    ("pack", "check", "templates:kraken/demo-pack.toml"),
])
def test_every_data_file_option_takes_a_shipped_template(journal, args):
    journal("kraken", *args, ok=True)


def test_a_template_name_stays_inside_the_templates_folder(journal):
    r = journal("kraken", "flight-table", "--table", "templates:../README.md")
    assert r.exit_code == 2 and "templates:GAME/FILE" in r.stderr
    r = journal("kraken", "flight-table", "--table", "templates:kraken/nope.toml")
    assert r.exit_code == 2 and "no file at templates:kraken/nope.toml" in r.stderr


@pytest.mark.parametrize("args, says", [
    (("credits", "nonsense"), "is not a DELTA"),
    (("credits", "5"), "'5' could mean either: type +5 to add 5, or =5 to set it to 5"),
    (("xp", "12345678"), "is not a DELTA"),
    (("oxygen", "2"), "'2' could mean either"),
    (("crew", "hp", "Ray", "abc"), "is not a DELTA"),
    (("crew", "hp", "Ray", "3"), "'3' could mean either: type +3 to add 3, or =3 to set it to 3"),
    (("crew", "level-up", "Ray", "--attribute", "luck"), "'luck' is not one of 'agility'"),
    (("crew", "hp", "Nobody", "-1"), "'Nobody' is not a crew member"),
    (("phase", "9"), "a phase 1-5"),
    (("quest", "add", "Ore", "--penalty-credits", "999999999999"), "--penalty-credits"),
    (("quest", "add", "Ore", "--penalty-credits", HUGE), "is outside 0..100000"),
    (("grade-price", "2", "999999999999"), "is outside 0..100000"),
    (("grade-price", "2", HUGE), "is outside 0..100000"),
    (("xp", "+1", "--reason", "two\nlines"), "is one line of text"),
    (("treasure", "add", "--grade", "2", "--from", " "), "where a drop comes from is one line of text"),
    (("treasure", "add", "--grade", "2", "--from", "a\nb"), "is one line of text"),
    (("treasure", "add", "--grade", HUGE), "--grade"),
    (("dungeon", "element", "A1", "disruptor", "--portals", "x"), "--portals 'x'"),
    (("dungeon", "tile", "P1", "teleportal", "--portals", "x"), "--portals 'x'"),
    (("dungeon", "tile", "P1", "teleportal", "--portals", HUGE), "teleportal numbers 1-6"),
])
def test_a_usage_error_exits_2_and_names_what_was_wrong(exploring, args, says):
    assert says in refused(exploring, 2, *args)


@pytest.mark.parametrize("args, says", [
    (("location", "remove", "1"), "the crew is exploring MAP1: leave it first"),
    (("savepoint",), "Adventurer saves only at clone stations"),
    (("xp", "-999"), "cannot take away 999"),
    (("score", "--record"), "when the campaign is won"),
    (("ground", "initiative"), "there is no Ground Combat going on"),
])
def test_a_rules_refusal_exits_1(exploring, args, says):
    assert says in refused(exploring, 1, *args)


def test_every_kraken_hint_is_a_whole_command_that_exists():
    bad = []
    for where, text in messages():
        for hint in find_hints(text):
            bad += [f"{where}: {p}" for p in bad_hint(hint)]
        bad += [f"{where}: `{s}` is a short form: write `journal kraken {s} …`" for s in short_forms(text)]
    assert not bad, "\n".join(bad)


def test_the_checker_finds_the_defects_it_looks_for():
    assert short_forms("try to escape (combat escape) or recharge")
    assert short_forms("(journal kraken ground exchange NAME, then crew unequip/equip)")
    assert bad_hint("journal kraken combat board|escape|recharge")
    assert bad_hint("journal kraken ship …")
    assert bad_hint("journal kraken advance/step 3")
    assert not bad_hint("journal kraken combat escape") and not short_forms("(journal kraken combat escape)")


def test_a_busy_campaign_fits_100_columns_at_every_step(journal):
    pages = 0
    for args in demo_commands():
        r = journal(*args, ok=True)
        assert not too_wide(r.stdout), (args, too_wide(r.stdout))
        state = journal.state("demo-kraken")
        views = [("show", "-s", "demo-kraken"), ("kraken", "lines", "-s", "demo-kraken")]
        views += [("kraken", what, "show", "-s", "demo-kraken") for what, key in
                  (("combat", "combat"), ("ground", "ground"), ("dungeon", "dungeon")) if state.get(key)]
        for view in views:
            out = journal(*view, ok=True).stdout
            assert not too_wide(out), (args, view, too_wide(out))
            pages += 1
    assert pages > 150      # the combat, ground and dungeon pages were shown along the way


@pytest.mark.parametrize("columns, width", [("60", 60), ("300", 100), (None, 100), ("x", 100)])
def test_prose_wraps_at_the_terminal_width_at_most_100(monkeypatch, columns, width):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    line = "Ray attacks the Kraken drone with the Rifle and hits it twice; " * 4
    out = wrap(["  " + line.strip()])
    assert all(len(x) <= width for x in out) and len(out) > 1
    assert out[1].startswith("    ")                     # continued under its indent + 2
    assert " ".join(" ".join(out).split()) == " ".join(line.split())


def test_a_command_in_a_wrapped_line_is_never_split(monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    text = ("Next: board an enemy (journal kraken combat board N --crew NAME), try to escape "
            "(journal kraken combat escape) or recharge (journal kraken combat recharge).")
    out = wrap([text])
    for hint in ("journal kraken combat board N --crew NAME", "journal kraken combat escape",
                 "journal kraken combat recharge"):
        assert any(hint in line for line in out), out
