"""`journal titans ending`, `end` and the pilots' commands (cli/ending.py): the damage assigned
as typed, asked on a terminal, refused in a script naming the choices."""

from __future__ import annotations

import json
import tomllib

import tomli_w

from titans.titans_helpers import j, shown_state, skip_repairs, t


def _to_the_final_episode(journal, name: str) -> None:
    """Every rift closed and the Final Episode drawn, as a hand edit of the save."""
    path = journal.saves / f"{name}.toml"
    doc = tomllib.loads(path.read_text("utf-8"))
    st = doc["state"]
    for r in st["rifts"].values():
        pawns = sorted(r["guardians"] + list(r["lair"].values()))
        r.update(closed=True, trial="defeated", lair={str(i): p for i, p in enumerate(pawns, 1)}, guardians=[])
    st["phase"], st["decks"]["final"], st["turn"] = "final", 3, 1
    path.write_text(tomli_w.dumps(doc), "utf-8")


def test_ending_assigns_damage(game):
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    t(game, "set", "titans.Atlas.armor", "0", ok=True)
    skip_repairs(game, "Atlas", "Brute")
    d = j(game, "titans", "ending", "-s", "g", "--assign", "F1=Atlas")
    assert d["damage"] == [{"invader": "F1", "target": "Atlas", "kind": "titan", "damage": 1}]
    assert shown_state(game)["titans"]["Atlas"]["damage"] == 1
    r = game("titans", "ending", "-s", "g", "--assign", "F1")
    assert r.exit_code == 2 and "INVADER=TARGET" in r.stderr


def test_destroyed_titan_pilot_and_reentry(game):
    t(game, "opening", ok=True)
    out = t(game, "damage", "--titan", "Atlas", "10", "--direct", ok=True).stdout
    assert "pilot-check Atlas" in out
    d = j(game, "titans", "pilot-check", "-s", "g", "Atlas", "--red")
    assert d["red"] is True and d["threat"] == 3
    skip_repairs(game, "Brute")
    t(game, "ending", ok=True)
    t(game, "opening", ok=True)
    d = j(game, "titans", "reenter", "-s", "g", "Atlas", "Cairo", "--pilot", "Nova")
    assert d["damage"] == 9 and d["pilot"] == "Nova"
    d = j(game, "titans", "pilot-dies", "-s", "g", "Bo")
    assert d["pilot"] == "Kira"
    t(game, "pilot", "Brute", "Rook", ok=True)
    assert shown_state(game)["titans"]["Brute"]["pilot"] == "Rook"


def test_ending_in_a_script_is_refused_naming_the_choices(journal):
    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,city=Tokyo",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,city=London", "--seed", "7", ok=True)
    journal("titans", "opening", ok=True)
    journal("titans", "invade", "--rift", "North", "--city", "London", ok=True)
    invader = journal.state("g")["invaders"]
    (pid,) = invader
    skip_repairs(journal, "Atlas", "Brute", save=None)
    before = journal.files("g")
    r = journal("titans", "ending")
    assert r.exit_code == 2 and f"--assign {pid}=city|Brute" in r.stderr
    assert journal.files("g") == before
    journal("titans", "ending", "--assign", f"{pid}=Brute", ok=True)


def test_ending_asks_a_player_at_a_terminal_where_the_damage_goes(journal, monkeypatch):
    from journal.runtime import Runtime

    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=0,combat=4,movement=3,repair=2,city=Tokyo",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,city=London", "--seed", "7", ok=True)
    journal("titans", "opening", ok=True)
    journal("titans", "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    (pid,) = journal.state("g")["invaders"]
    skip_repairs(journal, "Atlas", "Brute", save=None)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = journal("titans", "ending", input="nobody\n" + f"{pid}=atlas\n")
    assert r.exit_code == 0, r.stderr
    assert f"{pid} deals 1 damage on Tokyo: to whom?" in r.stdout and f"{pid}=city" in r.stdout   # the menu
    st = journal.state("g")
    assert st["titans"]["Atlas"]["damage"] == 1 and st["cities"]["Tokyo"]["damage"] == 1  # the invasion's only


def test_end_won_or_lost_ends_the_game_and_final_stays_an_unlisted_alias(game):
    r = t(game, "end", "won")
    assert r.exit_code == 1 and "the game ends with the Final Episode" in r.stderr
    assert "journal titans threat =21 --reason TEXT" in r.stderr
    _to_the_final_episode(game, "g")
    game("check", "-s", "g", ok=True)
    assert "journal titans end won or journal titans end lost" in game("show", "-s", "g", ok=True).stdout
    d = j(game, "titans", "end", "-s", "g", "WON", "--reason", "Final Episode: the Tyrant Queen falls")
    assert d["result"] == "won" and d["phase"] == "over"
    assert j(game, "log", "-s", "g", "--tail", "1")[0]["reason"] == "Final Episode: the Tyrant Queen falls"
    game("undo", "-s", "g", ok=True)
    t(game, "final", "lost", ok=True)
    assert game.state("g")["result"] == "lost"
    listed = game("titans", "--help", ok=True).stdout
    assert " end " in listed and " final " not in listed


def test_ending_before_the_repair_checks_names_each_command_on_a_line_of_its_own(game):
    """Issue 30 item 8: the refusal is one Error line, then the commands it names, one a line (with
    --json, as "commands"); the save is unchanged."""
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    before = game.files("g")
    r = t(game, "ending")
    assert r.exit_code == 1 and r.stderr.splitlines() == [
        "Error: at the start of the Upgrade Phase each player rolls a Repair Check: Atlas, Brute have not rolled or "
        "skipped it:",
        "  journal titans repair Atlas --upgrade --successes N",
        "  journal titans repair Atlas --upgrade --skip",
        "  journal titans repair Brute --upgrade --successes N",
        "  journal titans repair Brute --upgrade --skip"]
    d = json.loads(game("--json", "titans", "ending", "-s", "g").stdout)
    assert d["exit"] == 1 and d["commands"] == [line.strip() for line in r.stderr.splitlines()[1:]]
    assert game.files("g") == before
