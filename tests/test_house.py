"""The house rules of the code (docs/development.md): imports point one way, a `_private`
name stays in its module, and no source file grows past what a reader holds in their head.

The graph is built from the source with `ast`, so an import inside a function counts
as much as one at the top of a file.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "journal"
MAX_LINES = 1000
MAX_FUNCTION_LINES = 60   # a book step you can read against the book (def line to last line)
MAX_COMPLEXITY = 15       # cyclomatic complexity as radon counts it: each `and`/`or` is a branch too
PARTS = ("core", "epm", "titans", "kraken", "pulp")  # the core, then each game's package


def modules() -> dict[str, Path]:
    """Module name → file, for every source file of the package."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, str | None, int]]:
    """(module imported, name taken from it or None, line) for each import of journal code."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, None, node.lineno) for a in node.names if a.name in known]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                if f"{target}.{alias.name}" in known:  # `from journal.games import epm`
                    out.append((f"{target}.{alias.name}", None, node.lineno))
                elif target in known:
                    out.append((target, alias.name, node.lineno))
    return out


@functools.cache  # read once for the tests that ask it (the cycle, the private names)
def graph() -> tuple[dict[str, set[str]], list[str]]:
    known = modules()
    edges: dict[str, set[str]] = {m: set() for m in known}
    private = []
    for name, path in known.items():
        for target, taken, line in imports(name, path, known):
            if target != name:
                edges[name].add(target)
            if taken and taken.startswith("_") and not taken.startswith("__"):
                private.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {taken} from {target}")
    return edges, private


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the list of modules around it, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(edges[m]):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(edges):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_no_import_cycle_in_journal():
    cycle = find_cycle(graph()[0])
    assert cycle is None, "import cycle: " + " → ".join(cycle)


def test_no_private_name_is_imported_from_another_module():
    assert graph()[1] == []


def test_no_source_file_is_over_1000_lines():
    long = {str(p.relative_to(PACKAGE.parent)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def part_of(path: Path) -> str:
    """The part of the tree a source file belongs to: a game's id, else "core"."""
    rel = path.relative_to(PACKAGE).parts
    return rel[1] if len(rel) > 2 and rel[0] == "games" else "core"


def oversized(source: str, where: str) -> list[str]:
    """Every function of `source` over MAX_FUNCTION_LINES lines or MAX_COMPLEXITY, as
    'where:line name: N lines, complexity C'."""
    from radon.complexity import cc_visit

    complexity = {(block.lineno, block.name): block.complexity for block in cc_visit(source)
                  if not hasattr(block, "methods")}  # functions and methods, not their classes
    tree = ast.parse(source, where)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = node.end_lineno - node.lineno + 1
            score = complexity.get((node.lineno, node.name), 0)
            if lines > MAX_FUNCTION_LINES or score > MAX_COMPLEXITY:
                found.append(f"{where}:{node.lineno} {node.name}: {lines} lines, complexity {score}")
    return found


@pytest.mark.parametrize("part", PARTS)
def test_no_function_is_over_60_lines_or_complexity_15(part):
    """A book step is a function you can read against the book: short, few branches. The
    offenders are printed with their figures, a part of the tree at a time."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if part_of(path) == part:
            found += oversized(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)))
    assert found == [], f"{len(found)} function(s) over {MAX_FUNCTION_LINES} lines or complexity " \
                        f"{MAX_COMPLEXITY}:\n" + "\n".join(found)


HINT_TEXT = re.compile(r"(?<![\w/.-])journal (?:epm|titans|kraken|pulp|show|log|undo|note|set|check|pdf|sheet|play|"
                       r"use|list|roll|batch|demo|guide|games)\b")


def typed_hints(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal that spells a `journal ...` command, docstrings aside:
    rules, views and sheets give hints as values (journal.hints.cmd), the runtime renders them."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            and HINT_TEXT.search(node.value)]


@pytest.mark.parametrize("part", PARTS[1:])
def test_no_rule_view_or_sheet_spells_a_command_as_text(part):
    found = []
    for path in sorted((PACKAGE / "games" / part).rglob("*.py")):
        rel = path.relative_to(PACKAGE / "games" / part)
        if rel.parts[0] in ("cli", "cli.py"):
            continue
        found += [f"{path.relative_to(PACKAGE.parent)}:{line}: {text[:70]!r}"
                  for line, text in typed_hints(path.read_text(encoding="utf-8"))]
    assert found == [], f"{len(found)} hint(s) typed as text:\n" + "\n".join(found)


def test_the_hint_text_check_finds_a_command_in_a_string_but_not_in_a_docstring():
    source = 'def f():\n    """Use `journal epm card N`."""\n    return f"then journal epm card {n}"\n'
    assert typed_hints(source) == [(3, "then journal epm card ")]
    assert typed_hints('x = "a journal entry"\n') == []


def test_the_size_check_counts_lines_and_branches():
    long = "def f():\n" + "    x = 1\n" * 60
    branchy = "def g(x):\n" + "".join(f"    if x == {i}:\n        return {i}\n" for i in range(15))
    assert oversized(long, "m.py") == ["m.py:1 f: 61 lines, complexity 1"]
    assert oversized(branchy, "m.py") == ["m.py:1 g: 31 lines, complexity 16"]
    assert oversized("def h(x):\n    return x\n", "m.py") == []
    boolean = "def b(x):\n    return " + " or ".join(f"x == {i}" for i in range(16)) + "\n"
    assert oversized(boolean, "m.py") == ["m.py:1 b: 2 lines, complexity 16"]  # each `or` is a branch


def test_the_house_test_sees_cycles_and_private_imports():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    known = modules()
    assert "journal.games.epm.rules" in known and "journal.cli" in known
    edges, _ = graph()
    assert "journal.runtime" in edges["journal.cli"]  # `from journal.runtime import ...` is an edge
    assert "journal.games.epm.rules" in edges["journal.games.epm.cli"]  # `from journal.games.epm import rules`


# --- start-up: a command imports its own game and nothing heavy (issue 9) ------------------------

HEAVY = ("reportlab", "prompt_toolkit", "pathlib", "copy")


def test_a_command_imports_only_its_own_game_and_nothing_heavy(journal):
    """`show` and one of each game's commands, in a fresh process: no other game, no ReportLab or
    prompt-toolkit, no pathlib (with urllib.parse and ipaddress), no copy (rules copy TOML data
    with outcome.copy_state)."""
    import subprocess
    import sys

    journal("demo", ok=True)
    runs = {"epm": ["epm", "log", "--tail", "1"], "titans": ["titans", "odds", "Atlas", "combat"],
            "kraken": ["kraken", "lines"], "pulp": ["pulp", "log", "--tail", "1"]}
    for game, words in runs.items():
        for args in (["show"], words):
            code = ("import sys\nbefore = set(sys.modules)  # what the interpreter loads anyway (an editable install)\n"
                    "from journal.cli import main\n"
                    f"try:\n    main(['--saves', {str(journal.saves)!r}, *{args!r}, '-s', 'demo-{game}'])\n"
                    "except SystemExit:\n    pass\n"
                    "print(sorted(m for m in sys.modules if m.startswith('journal.games.') and m.count('.') == 2))\n"
                    f"print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] in {HEAVY!r}))")
            r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
            games, heavy = r.stdout.strip().split("\n")[-2:]
            assert games == f"['journal.games.{game}']", (args, r.stdout, r.stderr)
            assert heavy == "[]", (args, heavy)
