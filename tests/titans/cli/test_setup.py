"""`journal titans new`, `opening` and `invade` (cli/setup.py): the issue's exact command forms, the
Titans as typed, the seed, the dice's face table, the choices an invasion asks for."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games.titans.cli import setup as cli_setup
from titans.titans_helpers import BOARD, DICE, INVADERS, NEW, TITANS, j, t, white_flying_game


def test_new_in_the_exact_form_of_the_issue(journal):
    d = j(journal, "titans", "new", "x", "--players", "2",
          "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2",
          "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2", "--seed", "3")
    st = d["state"]
    assert set(st["titans"]) == {"Atlas", "Brute"} and set(st["players"]) == {"P1", "P2"}
    assert st["titans"]["Brute"]["hp"] == 12 and st["threat"] == 0 and st["phase"] == "setup"
    assert st["titans"]["Atlas"]["pilot"] == "Atlas's pilot" and st["decks"]["pilots"] == 4
    assert sorted(d["rifts"].values()) == ["Amphibious", "Flying", "Mechanical", "Terrestrial"]
    out = journal("titans", "opening", "-s", "x")
    assert out.exit_code == 1 and "place every Titan" in out.stderr
    journal("titans", "move", "-s", "x", "Atlas", "Tokyo", ok=True)
    journal("titans", "move", "-s", "x", "P2", "Lima", ok=True)
    journal("titans", "opening", "-s", "x", ok=True)


def test_new_with_the_same_seed_draws_the_same_rifts(journal):
    args = ["--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2", "--seed", "11"]
    a = j(journal, "titans", "new", "a", *args)["rifts"]
    assert j(journal, "titans", "new", "b", *args)["rifts"] == a


def test_new_refuses_bad_titans_with_one_line(journal):
    for spec, msg in (("Atlas", "expected NAME:KEY=VALUE"), ("Atlas:hp=x,armor=1,combat=1,movement=1,repair=1",
                                                              "not a whole number"),
                      ("Atlas:hp=1,armor=1,combat=1,movement=1,repair=1,wings=2", "unknown key 'wings'"),
                      ("Atlas:hp=1,armor=1,combat=1,movement=1,repair=1,blow=fire", "Attack Tags are")):
        r = journal("titans", "new", "z", "--titan", spec)
        assert r.exit_code == 2 and msg in r.stderr and r.stderr.count("\n") == 1
    assert not (journal.saves / "z.toml").exists()


def test_opening_json_has_threat_tier_and_episodes_to_draw(game):
    d = j(game, "titans", "opening", "-s", "g")
    assert (d["threat"], d["tier"], d["episodes_to_draw"]) == (1, "green", 1)
    assert d["turn"] == 1 and d["lead"] == "Ana" and d["invader_moves"] == []


def test_dice_face_table_lets_journal_roll(journal):
    from journal import templates

    journal(*NEW, "--dice", str(templates.path("titans", "dice-sample.toml")), ok=True)
    t(journal, "opening", ok=True)
    t(journal, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    d = j(journal, "titans", "attack", "-s", "g", "Atlas", "--roll", "1", "--roll", "2", "--roll", "6",
          "--roll", "6")
    assert d["successes"] == 2 and d["rolled"] and [r["source"] for r in d["rolls"]] == ["entered"] * 4
    r = t(journal, "check", "Atlas", "movement", "--roll", "7")
    assert r.exit_code == 2 and "expected 1-6" in r.stderr
    d = j(journal, "titans", "check", "-s", "g", "Brute", "repair")
    assert len(d["rolls"]) == 2 and all(x["source"] == "rolled" for x in d["rolls"])


def test_a_titan_sheet_gives_its_own_success_symbols_at_new_or_by_hand(journal, tmp_path):
    """Success symbols come from each Titan Sheet (Titan Abilities; Dice and Ability Checks): `new
    --titan "...,dice=FILE"` reads the sheet's own table (over the game's --dice, key by key); a
    card that changes them later is typed with `set` (and undone with `set --unset`)."""
    sheet = tmp_path / "atlas.toml"
    sheet.write_text('combat = ["gear"]\n')
    new = [arg.replace("city=Tokyo", f"city=Tokyo,dice={sheet}") for arg in NEW]
    journal(*new, *DICE, ok=True)
    assert j(journal, "titans", "odds", "-s", "g", "Atlas", "combat")["successes_on"] == ["gear"]
    assert j(journal, "titans", "odds", "-s", "g", "Brute", "combat")["successes_on"] == ["red", "bolt"]
    journal("titans", "set", "-s", "g", "titans.Brute.dice", '{combat = ["wing"]}', "--reason", "Tech card: Optics",
            ok=True)
    assert j(journal, "titans", "odds", "-s", "g", "Brute", "combat")["successes_on"] == ["wing"]
    r = journal("titans", "set", "-s", "g", "titans.Brute.dice.combat", '["skull"]')
    assert r.exit_code == 2 and 'state.titans.Brute.dice.combat: "skull" is on no face' in r.stderr
    r = journal("titans", "new", "h", *new[3:])                         # no --dice: the sheet lacks faces
    assert r.exit_code == 2 and f"--titan 'Atlas': dice={sheet.name}: faces is missing, and the game has no face " \
                                f"table (--dice) to take it from" in r.stderr


def test_cli_invade_with_an_adjacent_city(journal):
    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,city=Tokyo",
            "--rift", "North=Flying", "--seed", "1", ok=True)
    journal("titans", "opening", "-s", "g", ok=True)
    journal("titans", "threat", "-s", "g", "=6", "--reason", "card", ok=True)
    r = journal("titans", "invade", "-s", "g", "--rift", "North", "--city", "Lima")
    assert r.exit_code == 2 and "--adjacent CITY is required" in r.stderr
    out = journal("titans", "invade", "-s", "g", "--rift", "North", "--city", "Lima", "--adjacent", "Sao Paulo",
                  ok=True).stdout
    assert "Sao Paulo takes 1 damage (F1's ability)" in out
    assert journal.state("g")["cities"]["Lima"]["damage"] == 2


def test_cli_asks_for_the_adjacent_city_on_a_terminal(journal, monkeypatch):
    from journal.runtime import Runtime

    white_flying_game(journal)  # set up as a script (a terminal would be asked for the rifts' draws)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = journal("titans", "invade", "-s", "g", "--rift", "North", "--city", "Lima", input="sao paulo\n")
    assert r.exit_code == 0, r.stderr
    assert "F1's ability damages a city adjacent to Lima: which one?" in r.stdout
    assert "Sao Paulo takes 1 damage (F1's ability)" in r.stdout
    assert journal.state("g")["cities"]["Sao Paulo"]["damage"] == 1


@pytest.mark.parametrize("specs,players,message", [
    ([], 2, "--titan is required"),
    ([TITANS[0]], 2, "one Titan per player"),
    ([TITANS[0]] * 2, 2, "used twice"),
    ([{**TITANS[0], "player": "Atlas"}], 1, "different names"),
    ([{k: v for k, v in TITANS[0].items() if k != "repair"}], 1, "repair=N is missing"),
    ([{**TITANS[0], "color": "purple"}], 1, "not one of blue"),
    ([{**TITANS[0], "color": "red"}, {**TITANS[1], "color": "red"}], 2, "red supports are taken"),
    ([TITANS[0]], 5, "outside 1..4"),
    ([{**TITANS[0], "city": "Atlantis"}], 1, "'Atlantis' is not a city"),
])
def test_new_refuses_a_bad_set_up(specs, players, message):
    with pytest.raises(InputError, match=message):
        cli_setup.read_titans([dict(t) for t in specs], players, BOARD["cities"])


def test_new_refuses_two_rifts_with_one_type():
    with pytest.raises(InputError, match="on another rift"):
        cli_setup.read_rift_types(["North=Flying", "South=flying"], BOARD["rifts"], INVADERS["types"])


def test_invasions_beyond_the_episode_cards_drawn_are_refused_without_a_card(journal):
    """Book l.164: "Each Episode Card drawn in this way will indicate the Rift from which the Invader
    will arrive and the city it will be placed on": as many invasions as cards drawn; one more is a
    card's text (A2), given with --reason, and the save is untouched when it is refused."""
    journal(*NEW, ok=True)
    assert "(1 invasion to place)" in t(journal, "opening", ok=True).stdout
    first = t(journal, "invade", "--rift", "North", "--city", "Moscow", ok=True).stdout
    assert "Fight Phase next" in first
    before = (journal.saves / "g.toml").read_bytes()
    r = t(journal, "invade", "--rift", "North", "--city", "Moscow")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1
    assert ("no invasion is left to place: this Opening Phase's Episode Cards are all placed; an invasion a card's "
            "text calls for gives its text: journal titans invade --rift RIFT --city CITY --reason 'CARD TEXT'"
            in r.stderr)
    assert (journal.saves / "g.toml").read_bytes() == before
    out = t(journal, "invade", "--rift", "North", "--city", "Moscow", "--reason", "Episode: a second wave",
            ok=True).stdout
    assert "(An invasion beyond the Episode Cards drawn, as a card's text says.)" in out
