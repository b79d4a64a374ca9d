"""The documentation stays true: the command reference is the command tree's, and no
relative link leads nowhere."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_command_reference_is_generated_from_the_command_tree():
    script = runpy.run_path(str(ROOT / "scripts" / "command_reference.py"))
    assert script["main"](["--check"]) == 0, "run: python scripts/command_reference.py"


PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(text: str) -> set[str]:
    """GitHub's anchors for a page's headings."""
    out = set()
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        out.add(slug)
    return out


def test_no_relative_link_leads_nowhere():
    broken = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):  # https:, mailto:
                continue
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            if not dest.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest.read_text(encoding="utf-8")):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert broken == []


def test_the_docs_carry_no_drafting_notes_and_name_no_file_outside_the_project():
    bad = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for word in ("TODO", "TBD", "To be added", "RULINGS.md", "../shared", "FIXME"):
            if word in text:
                bad.append(f"{page.relative_to(ROOT)}: {word}")
    assert bad == []


def test_the_code_names_the_rules_notes_of_its_guides_not_a_file_outside_the_project():
    bad = []
    for path in sorted((ROOT / "journal").rglob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        for word in ("rulings", "../shared"):  # in any case: "Rulings K8" in a docstring too
            if word in text:
                bad.append(f"{path.relative_to(ROOT)}: {word}")
    assert bad == []


def test_the_readme_is_short():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 250


def test_each_guide_is_there_for_journal_guide():
    from journal import guides

    for name in guides.names():
        assert guides.text(name).startswith("# ")


def test_journal_guide_prints_a_games_guide_and_lists_them_all(journal):
    assert journal("guide", "pulp", ok=True).stdout == (ROOT / "docs" / "pulp.md").read_text(encoding="utf-8")
    listed = journal("guide", ok=True).stdout
    assert all(name in listed for name in ("epm", "titans", "kraken", "pulp", "saves", "templates"))
    r = journal("guide", "chess")
    assert r.exit_code == 2 and "'chess' is not a guide" in r.stderr


def test_help_ends_with_where_the_guide_is(journal):
    assert journal("--help", ok=True).stdout.rstrip().endswith("lists them all.")
    assert "journal guide titans" in " ".join(journal("titans", "--help", ok=True).stdout.splitlines()[-3:])


def test_ci_runs_the_test_command_the_readme_gives():
    """The README's second command (install and run the tests) is what .ci/run runs."""
    blocks = re.findall(r"```sh\n(.*?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    demo, tests = blocks[0].strip(), blocks[1].strip()
    assert demo.endswith("journal demo") and "pytest" in tests
    assert tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
