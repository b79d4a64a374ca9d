"""Every hint in Space Kraken's messages is a whole command a player can paste (issue 10):
`journal kraken …` down to a command that exists, one command per hint (no `a|b` in a
command's name, no "…" for one), options of that command only, and no short forms like
"(combat escape)" without `journal kraken` in front. Checked on the source's messages, so
a hint no test happens to print is checked too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import click
from hints import find_hints, problems

import journal.games.kraken as kraken_pkg

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


# --- the known defects (issue 10) ------------------------------------------------------------------

CREW = ("--agility", "3", "--strength", "4", "--tech", "3", "--charisma", "2", "--ranged", "2", "--melee", "2")


def test_dungeon_enemy_outside_a_dungeon_names_no_option_of_another_command(journal):
    journal("kraken", "new", "g", "--difficulty", "simulation", "--line", "1AA", ok=True)
    journal("kraken", "crew", "add", "Ray", *CREW, ok=True)
    r = journal("kraken", "dungeon", "enemy", "E1")
    assert r.exit_code == 1 and "--level is required" not in r.stderr
    assert "journal kraken dungeon enter SLOT" in r.stderr and "journal kraken ground start --level N" in r.stderr


def test_a_ground_combat_won_by_the_last_blow_gives_no_turn_hint(journal):
    journal("kraken", "new", "g", "--difficulty", "simulation", "--line", "1AA", ok=True)
    for name in ("Ray", "Mila"):
        journal("kraken", "crew", "add", name, *CREW, ok=True)
    journal("kraken", "crew", "weapon", "Ray", "Rifle (3) 4+, 3 A5 RG G2", ok=True)
    journal("kraken", "ground", "start", "--level", "2", "--roll", "1", "--roll", "6", "--roll", "2", ok=True)
    journal("kraken", "ground", "add", "K", "--hp", "1", "--agility", "2", "--xp", "3", "--action", "1-6: idle",
            ok=True)
    journal("kraken", "ground", "initiative", "--roll", "6", "--roll", "1", ok=True)
    journal("kraken", "ground", "wait", "Mila", ok=True)
    out = journal("kraken", "ground", "attack", "Ray", "K", "--roll", "6", ok=True).stdout
    assert "The Ground Combat is won." in out
    assert "is over" not in out and "journal kraken ground turn" not in out
