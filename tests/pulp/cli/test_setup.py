"""`journal pulp new`, end to end: the issue's exact form, dice logged, bad setups refused."""

from __future__ import annotations

from pulp.pulp_helpers import NEW, j


def test_new_in_the_exact_form_of_the_issue(journal):
    d = j(journal, *NEW)
    st = d["state"]
    assert st["level"] == "normal" and st["captain"] == "Mina Tormelson" and st["dice"] == {"red": 6, "gray": 3}
    assert [h["name"] for h in st["hegemony"]] == ["The Quietus", "Kah", "Zorn"]
    out = journal("show", "-s", "g", ok=True).stdout
    assert "Next: choose one of the 3 face-up planets" in out


def test_systems_dice_rolled_at_setup_are_logged_with_their_source(journal):
    args = [a for a in NEW if a not in ("--face", "gray=3")]
    state = j(journal, *args)["state"]
    first = j(journal, "log", "-s", "g")[0]
    assert first["rolls"] == [{"die": "gray d6", "value": state["dice"]["gray"], "source": "rolled"}]
    assert j(journal, "show", "-s", "g")["state"]["dice"]["gray"] == state["dice"]["gray"]


def test_new_refuses_bad_setups(journal):
    def swap(old, new):
        return [new if a == old else a for a in NEW]

    for args, message in ((swap("4/6", "7/6"), "at most the maximum"), (swap("4/6", "x"), "VALUE/MAX"),
                          (swap("gray=3", "blue=3"), "not one of the chosen"), (swap("gray=3", "gray=9"), "1-6"),
                          (swap("The Quietus", "Vex"), "The Quietus"), (swap("red", "gray"), "once"),
                          (swap("normal", "easy"), "'easy' is not one of")):
        r = journal(*args)
        assert r.exit_code in (1, 2) and message in r.stderr, (args, r.stderr)
    assert not (journal.saves / "g.toml").exists()
    r = journal(*NEW[:-2], "--die", "blue", "--seed", "1")  # three dice: fine for Mina Tormelson
    assert r.exit_code == 0, r.stderr
    r = journal(*swap("Mina Tormelson", "Rex Nova")[:-2], "--die", "blue", "--seed", "1")
    assert r.exit_code == 2 and "only Mina Tormelson keeps 3" in r.stderr


def test_new_refuses_a_face_for_a_crew_die_and_a_face_given_twice(journal):
    """Setup 2: "Set values of the chosen Crew dice to 6"; a Systems die's face may be given once."""
    swapped = [("red=4" if a == "gray=3" else a) for a in NEW]
    r = journal(*swapped)
    assert r.exit_code == 1 and "the red die is a Crew die and starts on 6" in r.stderr
    r = journal(*NEW, "--face", "gray=4")
    assert r.exit_code == 2 and "--face gray is given twice" in r.stderr
    assert not (journal.saves / "g.toml").exists()
