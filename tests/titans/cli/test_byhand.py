"""The by-hand commands (cli/byhand.py, A2): damage, THREAT, Credits, `set`, `defeat`, each with an
optional --reason kept in the log."""

from __future__ import annotations

from journal.games.titans.rules import byhand
from journal_testing import TITANS_NEW
from titans.titans_helpers import apply, fresh, j, shown_state, t


def test_cli_one_and_face_up(journal):
    journal("titans", "new", "g", "--titan",
            "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,pilot=O.N.E.,player=Ana,city=Tokyo,blow_dice=2",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,player=Bo,city=London",
            "--face-up", "Plasma Sword", "--face-up", "Ion Shield", "--seed", "3", ok=True)
    st = journal.state("g")
    assert st["titans"]["Atlas"]["blow_dice"] == 2 and st["decks"]["face_up_cards"] == ["Plasma Sword", "Ion Shield"]
    out = journal("titans", "opening", "-s", "g", "--pilot-draw", ok=True).stdout
    assert "O.N.E. (Ana's pilot) draws two Episode Cards" in out
    journal("titans", "invader", "-s", "g", "F1", "--city", "Lima", ok=True)
    journal("titans", "defeat", "-s", "g", "F1", "--titan", "Atlas", "--pilot-ability", ok=True)
    journal("titans", "face-up", "-s", "g", "A", "B", "C", ok=True)
    assert journal.state("g")["decks"]["face_up_cards"] == ["A", "B", "C"]
    r = journal("titans", "tech", "-s", "g", "Atlas", "equip", "Gun", "--slot", "hand", "--bonus", "combat+x")
    assert r.exit_code == 2 and "expected CHECK+N" in r.stderr
    journal("titans", "tech", "-s", "g", "Atlas", "equip", "Gun", "--slot", "hand", "--bonus", "combat+1", ok=True)
    assert journal.state("g")["titans"]["Atlas"]["tech"]["Gun"]["dice"] == {"combat": 1}
    assert "dice with bonuses: combat 5" in journal("show", "-s", "g", ok=True).stdout


def test_damage_takes_plain_negative_numbers_and_supports(game):
    t(game, "opening", ok=True)
    t(game, "damage", "--city", "Tokyo", "3", ok=True)
    d = j(game, "titans", "damage", "-s", "g", "--city", "Tokyo", "-2")
    assert d["damage"] == 1
    d = j(game, "titans", "threat", "-s", "g", "-1", "--reason", "Episode card")
    assert d["threat"] == 0
    d = j(game, "titans", "threat", "-s", "g", "=7", "--reason", "Episode card")
    assert d["tier"] == "white"
    t(game, "set", "players.Bo.supports", '[{city = "Toronto", damage = 0}, {city = "Toronto", damage = 0}]',
      ok=True)
    t(game, "damage", "--support", "Toronto", "3", ok=True)
    assert shown_state(game)["players"]["Bo"]["supports"] == [{"city": "Toronto", "damage": 1}]
    r = t(game, "damage", "--city", "Tokyo", "--titan", "Atlas", "1")
    assert r.exit_code == 2 and "exactly one of" in r.stderr


def test_loss_at_threat_21_and_result_in_show(game):
    t(game, "opening", ok=True)
    d = j(game, "titans", "threat", "-s", "g", "+25", "--reason", "Episode card")
    assert d["threat"] == 21 and d["result"] == "lost"
    st = shown_state(game)
    assert st["result"] == "lost" and st["phase"] == "over"
    r = t(game, "opening")
    assert r.exit_code == 1 and "the game is over" in r.stderr


def test_set_by_hand_with_quoted_keys(game):
    t(game, "set", 'cities."New York".damage', "2", ok=True)
    assert shown_state(game)["cities"]["New York"]["damage"] == 2
    r = t(game, "set", 'cities."New York".destroyed', "true")
    assert r.exit_code == 2 and "destroyed exactly when its damage reaches its HP" in r.stderr
    t(game, "set", "threat", "12", ok=True)
    assert shown_state(game)["tier"] == "blue"
    assert t(game, "set", "lead", "Bo", ok=True)
    assert shown_state(game)["lead"] == "Bo"


def test_threat_command_needs_a_change_and_takes_an_optional_reason(journal):
    journal(*TITANS_NEW, ok=True)
    out = apply(byhand.threat, fresh(), delta=1, reason=" ")
    assert out.state["threat"] == 1 and "THREAT 0 → 1 (by hand): move the Alert Token up." in out.lines
    r = journal("titans", "threat", "-s", "t", "+0")
    assert r.exit_code == 2 and "a DELTA of 0 changes nothing" in r.stderr
    out = apply(byhand.threat, fresh(), value=9, reason="card")
    assert out.data["tier"] == "white" and "THREAT 0 → 9 (card): move the Alert Token up." in out.lines


def test_every_by_hand_change_takes_an_optional_reason_kept_in_the_log(game):
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    out = t(game, "threat", "+1", ok=True).stdout                         # no longer required
    assert "THREAT 1 → 2 (by hand): move the Alert Token up." in out
    out = t(game, "threat", "+2", "--reason", "Episode card: the Tyrants stir", ok=True).stdout
    assert "THREAT 2 → 4 (Episode card: the Tyrants stir)" in out
    t(game, "credits", "Ana", "+2", "--reason", "card 12", ok=True)
    t(game, "damage", "--city", "Paris", "1", "--reason", "card 13", ok=True)
    t(game, "lead", "Bo", "--reason", "card 14", ok=True)
    t(game, "invader", "F1", "--damage", "1", "--reason", "card 15", ok=True)
    t(game, "set", "players.Bo.credits", "3", "--reason", "card 16", ok=True)
    t(game, "defeat", "F1", "--titan", "Atlas", "--reason", "card 17", ok=True)
    t(game, "pilot-dies", "Bo", "--reason", "card 18", ok=True)
    t(game, "pilot", "Bo", "Rook", "--reason", "card 19", ok=True)
    t(game, "tech", "Atlas", "equip", "Gun", "--slot", "hand", "--reason", "card 20", ok=True)
    t(game, "face-up", "Rail Gun", "--reason", "card 21", ok=True)
    t(game, "move", "Brute", "Sydney", "--anywhere", "--reason", "card 22", ok=True)
    t(game, "repair", "Atlas", "--upgrade", "--skip", "--reason", "card 23", ok=True)
    log = game("log", "-s", "g", "--tail", "13", ok=True).stdout
    assert "THREAT 2 → 4 (reason: Episode card: the Tyrants stir)" in log
    for n in range(12, 24):
        assert f"(reason: card {n})" in log, n
    t(game, "damage", "--titan", "Atlas", "1", ok=True)                   # optional everywhere
