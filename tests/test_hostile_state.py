"""Issue #13, item 2: `check` validates the state as strictly as `new`, and a command runs on
every state `check` passes (or refuses it cleanly, naming the key)."""

from __future__ import annotations

import copy

import pytest

from journal.errors import RuleError
from journal.schema import Int, List, Map, Str, Table
from journal_testing import EPM_NEW, PULP_NEW, TITANS_NEW, Runner, one_error





def edit(camp: Runner, old: str, new: str, name: str = "camp") -> None:
    path = camp.saves / f"{name}.toml"
    text = path.read_text("utf-8")
    assert old in text, text
    path.write_text(text.replace(old, new, 1), "utf-8")


# --- a key the docs say may be left out ---------------------------------------------------

def test_a_proficiency_removed_by_hand_counts_as_0(camp):
    """README: "proficiencies -1, 0 or +1 (a missing one is 0)"."""
    edit(camp, "[state.characters.Bo]\nactive = true\npiloting = 0\n", "[state.characters.Bo]\nactive = true\n")
    camp("check", "-s", "camp", ok=True)
    out = camp("epm", "odds", "-s", "camp", "piloting", "--character", "Bo", ok=True).stdout
    assert "d6 +0 proficiency" in out
    out = camp("epm", "challenge", "-s", "camp", "piloting", "--character", "Bo", "--roll", "4", ok=True).stdout
    assert "WIN" in out
    camp("pdf", "-s", "camp", "-o", str(camp.saves / "c.pdf"), ok=True)


# --- names that differ only in case -------------------------------------------------------

@pytest.mark.parametrize("table, extra", [
    ("characters", "[state.characters.ana]\nactive = true\n"),
    ("planets", "[state.planets.zorb]\ncolor = \"blue\"\nstatus = \"face_down\"\n"),
    ("items", "[state.items.\"stun baton\"]\nowner = \"Bo\"\nkind = \"assist\"\n"),
])
def test_epm_names_that_differ_only_in_case_fail_check_as_new_refuses_them(journal, table, extra):
    journal(*EPM_NEW, "--starter", "Stun Baton:Ana", ok=True)
    path = journal.saves / "camp.toml"
    path.write_text(path.read_text("utf-8") + "\n" + extra, "utf-8")
    before = path.read_bytes()
    r = journal("check", "-s", "camp")
    one_error(r)
    assert f"state.{table}:" in r.stdout and "differ only in case" in r.stdout
    assert "differ only in case" in one_error(journal("epm", "odds", "-s", "camp", "piloting", "--character", "Ana"))
    assert path.read_bytes() == before


def test_new_refuses_the_same_names(journal):
    """What check now refuses, `new` refused already."""
    r = journal("epm", "new", "x", "--character", "Ana", "--character", "ana", "--planet", "Zorb:blue")
    assert r.exit_code == 2 and "names must differ (ignoring case)" in r.stderr


def test_titans_players_and_titans_differing_only_in_case_fail_validation(journal):
    from journal.games import titans

    journal(*TITANS_NEW, ok=True)
    state = journal.state("t")
    bad = copy.deepcopy(state)
    bad["players"]["ana"] = copy.deepcopy(bad["players"]["Ana"])
    assert any("state.players:" in p and "differ only in case" in p for p in titans.validate(bad))
    bad = copy.deepcopy(state)
    bad["titans"]["atlas"] = copy.deepcopy(bad["titans"]["Atlas"])
    assert any("state.titans:" in p and "differ only in case" in p for p in titans.validate(bad))


def test_pulp_hegemony_names_differing_only_in_case_fail_check(journal):
    journal(*PULP_NEW, ok=True)
    path = journal.saves / "p.toml"
    text = path.read_text("utf-8")
    assert 'name = "Zorn"' in text
    path.write_text(text.replace('name = "Zorn"', 'name = "kah"'), "utf-8")
    r = journal("check", "-s", "p")
    one_error(r)
    assert 'state.hegemony: "Kah" and "kah" differ only in case' in r.stdout


def test_map_and_list_can_require_names_that_differ_ignoring_case():
    problems: list[str] = []
    Map(Int(), unique_casefold=True).check({"Ana": 1, "Bo": 2, "ANA": 3}, "state.crew", problems)
    assert problems == ['state.crew: "Ana" and "ANA" differ only in case: names must differ ignoring case']
    problems = []
    Map(Int()).check({"Ana": 1, "ana": 2}, "state.crew", problems)
    assert problems == []
    problems = []
    List(Table({"name": Str()}), unique_casefold="name").check([{"name": "Kah"}, {"name": "KAH"}], "state.h",
                                                               problems)
    assert problems == ['state.h: "Kah" and "KAH" differ only in case: names must differ ignoring case']


# --- the journal table ------------------------------------------------------------------------

@pytest.mark.parametrize("key, value", [("dice", "18446744073709551616"), ("seed", "18446744073709551616"),
                                        ("entries", "18446744073709551616"), ("dice", "-1")])
def test_journal_counters_are_bounded(camp, key, value):
    path = camp.saves / "camp.toml"
    text = path.read_text("utf-8")
    lines = [f"{key} = {value}" if line.startswith(f"{key} = ") else line for line in text.split("\n")]
    path.write_text("\n".join(lines), "utf-8")
    r = camp("check", "-s", "camp")
    one_error(r)
    assert f"journal.{key} = {value} is outside 0..9223372036854775807" in r.stdout
    assert f"journal.{key}" in one_error(camp("roll", "d6", "-s", "camp"))


# --- a result outside the schema is a refusal, not an internal error ------------------------------

def test_a_result_the_rules_did_not_bound_is_refused_naming_the_key(camp):
    from journal.store.paths import resolve
    from journal.session import Session
    from journal.outcome import Outcome

    def push_signal(state, dice, to):
        return Outcome({**state, "signal": to}, "signal", [], {})

    before = camp.files("camp")
    with Session(resolve("camp", camp.saves)) as s:
        with pytest.raises(RuleError) as err:
            s.apply(push_signal, {"to": 10 ** 30}, command="x", time="t")
    assert "state.signal = 1000000000000000000000000000000 is outside 0..25" in err.value.message
    assert "internal error" not in err.value.message
    assert camp.files("camp") == before


def test_titans_threat_to_21_before_the_game_begins_is_refused(journal):
    journal(*TITANS_NEW, ok=True)
    before = journal.files("t")
    line = one_error(journal("titans", "threat", "-s", "t", "+99", "--reason", "a card"))
    assert "it has not begun" in line
    assert journal.files("t") == before


def test_huge_numbers_in_int_options_are_clean_refusals(camp):
    for args in (["epm", "card", "-s", "camp", "99999999999999999999"],
                 ["epm", "track", "-s", "camp", "signal", "+99999999999999999999"],
                 ["epm", "data-find", "-s", "camp", "--boost", "99999999999999999999"],
                 ["undo", "-s", "camp", "--steps", "99999999999999999999"],
                 ["log", "-s", "camp", "--tail", "99999999999999999999"]):
        r = camp(*args)
        assert "internal error" not in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
