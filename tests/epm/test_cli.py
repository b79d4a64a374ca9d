"""`journal epm ...` end to end through the CLI: exact forms, JSON keys, table instructions."""

from __future__ import annotations

import json


def j(camp, *args):
    r = camp("--json", *args)
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


def test_challenge_json_has_the_documented_keys(camp):
    d = j(camp, "epm", "challenge", "-s", "camp", "piloting", "--character", "Ana", "--roll", "3")
    assert {"level", "dice", "proficiency", "bonus", "total", "result", "booster_destroyed"} <= set(d)
    assert (d["level"], d["dice"], d["proficiency"], d["bonus"], d["total"], d["result"]) == (4, [3], 1, 0, 4, "win")


def test_challenge_tells_the_table_what_to_flip(camp):
    out = camp("epm", "challenge", "-s", "camp", "piloting", "--character", "ana", "--roll", "2", ok=True).stdout
    assert "Flip Ana to Inactive." in out and "LOSE" in out


def test_challenge_with_a_booster_that_breaks(camp):
    camp("epm", "item", "add", "-s", "camp", "Jet Pack", "--owner", "Ana", "--booster", "piloting:+2", ok=True)
    d = j(camp, "epm", "challenge", "-s", "camp", "piloting", "--character", "Ana", "--booster", "jet pack",
          "--roll", "1")
    assert d["total"] == 4 and d["result"] == "win" and d["booster_destroyed"] is True
    assert "Jet Pack" not in camp.state("camp")["items"]


def test_challenge_messages_discard_the_booster(camp):
    camp("epm", "item", "add", "-s", "camp", "Jet Pack", "--owner", "Ana", "--booster", "piloting:+2", ok=True)
    out = camp("epm", "challenge", "-s", "camp", "piloting", "--character", "Ana", "--booster", "Jet Pack",
               "--roll", "1", ok=True).stdout
    assert "Discard the Jet Pack booster" in out


def test_all_characters_active_again_message(camp):
    for who in ("Ana", "Bo"):
        camp("epm", "challenge", "-s", "camp", "strength", "--character", who, ok=True)
    out = camp("epm", "challenge", "-s", "camp", "strength", "--character", "Cy", ok=True).stdout
    assert "All characters are Active again" in out


def test_retry_from_the_cli(camp):
    camp("epm", "challenge", "-s", "camp", "dexterity", "--character", "Ana", "--roll", "1", ok=True)
    r = camp("epm", "challenge", "-s", "camp", "dexterity", "--character", "Ana", "--retry", "--roll", "5")
    assert r.exit_code == 1 and "Inactive" in r.stderr
    d = j(camp, "epm", "challenge", "-s", "camp", "dexterity", "--character", "Bo", "--retry", "--roll", "5")
    assert d["result"] == "win"


def test_wrong_number_of_physical_dice(camp):
    before = camp.files("camp")
    r = camp("epm", "challenge", "-s", "camp", "piloting", "--character", "Ana", "--roll", "3", "--roll", "4")
    assert r.exit_code == 2 and "unused 4" in r.stderr
    assert camp.files("camp") == before


def test_odds_before_rolling(camp):
    d = j(camp, "epm", "odds", "-s", "camp", "piloting", "--character", "Ana")
    assert d["level"] == 4 and abs(d["p_win"] - 4 / 6) < 1e-9
    assert "Chance to win: 66.7%" in camp("epm", "odds", "-s", "camp", "piloting", "--character", "Ana").stdout


def test_track_takes_plain_negative_numbers(camp):
    camp("epm", "track", "-s", "camp", "signal", "+9", ok=True)
    d = j(camp, "epm", "track", "-s", "camp", "signal", "-3")
    assert d["after"] == 6 and camp.state("camp")["signal"] == 6
    assert j(camp, "epm", "track", "-s", "camp", "signal", "=12")["after"] == 12
    assert camp("epm", "track", "-s", "camp", "signal", "x3").exit_code == 2


def test_a_planet_visit_and_travel(camp):
    d = j(camp, "epm", "data-find", "-s", "camp", "--boost", "5")
    assert d["signal"] == 5 and d["phase"] == "en_route"
    out = camp("epm", "travel", "-s", "camp", "Kell", "--segments", "2", ok=True).stdout
    assert "Raise the EPM Meter 0 → 4" in out and "Kell" in out
    st = camp.state("camp")
    assert (st["planet"], st["phase"], st["epm"], st["planets"]["Zorb"]["status"]) == \
        ("Kell", "exploring", 4, "flipped")


def test_data_find_boost_out_of_range(camp):
    r = camp("epm", "data-find", "-s", "camp", "--boost", "8")
    assert r.exit_code == 2 and "a blue disc shows 4-6" in r.stderr


def test_showdown_message_names_story_card_13(camp):
    camp("epm", "track", "-s", "camp", "signal", "=20", ok=True)
    camp("epm", "the-end", "-s", "camp", ok=True)
    camp("epm", "travel", "-s", "camp", "Kell", "--segments", "1", ok=True)
    out = camp("epm", "data-find", "-s", "camp", "--boost", "9", ok=True).stdout
    assert "Signal 25: go to Story Card 13 of Kell — Final Showdown" in out
    st = j(camp, "show", "-s", "camp")["state"]
    assert st["phase"] == "showdown" and all(c["active"] for c in st["characters"].values())
    camp("epm", "card", "-s", "camp", "2", ok=True)
    camp("epm", "outcome", "-s", "camp", "won", ok=True)
    assert camp.state("camp")["phase"] == "won"
    r = camp("epm", "card", "-s", "camp", "3")
    assert r.exit_code == 1 and "over" in r.stderr


def test_epm_meter_at_25_loses(camp):
    out = camp("epm", "track", "-s", "camp", "epm", "+25", ok=True).stdout
    assert "the Evil Power Master wins" in out and camp.state("camp")["phase"] == "lost"


def test_items_add_give_use_discard(camp):
    camp("epm", "item", "add", "-s", "camp", "Medkit", "--owner", "Bo", "--assist", ok=True)
    camp("epm", "item", "add", "-s", "camp", "Lucky Dice", "--owner", "Cy", "--booster", "strength:twice", ok=True)
    assert camp("epm", "item", "add", "-s", "camp", "X", "--owner", "Cy").exit_code == 2
    assert camp("epm", "item", "add", "-s", "camp", "Y", "--owner", "Cy", "--booster", "flying:+1").exit_code == 2
    assert camp("epm", "item", "give", "-s", "camp", "Medkit", "--to", "Ana").exit_code == 1  # exploring
    camp("epm", "the-end", "-s", "camp", ok=True)
    camp("epm", "item", "give", "-s", "camp", "Medkit", "--to", "Ana", ok=True)
    items = j(camp, "show", "-s", "camp")["state"]["items"]
    assert items["Medkit"]["owner"] == "Ana" and items["Lucky Dice"] == {
        "owner": "Cy", "kind": "booster", "type": "strength", "effect": "twice"}
    assert "follow the card" in camp("epm", "item", "use", "-s", "camp", "Medkit", ok=True).stdout
    camp("epm", "item", "discard", "-s", "camp", "Lucky Dice", ok=True)
    assert camp.state("camp")["items"] == {}


def test_card_and_flip_and_disc_by_hand(camp):
    assert j(camp, "epm", "card", "-s", "camp", "7")["card"] == 7
    camp("epm", "flip", "-s", "camp", "Bo", ok=True)
    assert camp.state("camp")["characters"]["Bo"]["active"] is False
    camp("epm", "disc", "-s", "camp", "Vex", "--discard", ok=True)
    assert camp.state("camp")["planets"]["Vex"]["status"] == "discarded"
    assert camp("epm", "disc", "-s", "camp", "Zorb", "--discard").exit_code == 1  # being explored


def test_new_with_options_and_starters(journal):
    d = json.loads(journal("--json", "epm", "new", "g", "--character", "Zoë <&>:perception=+1", "--planet",
                           "Mars:pink", "--planet", "Io:yellow", "--at", "io", "--signal", "7", "--epm", "3",
                           "--starter", "Stun Baton:zoë <&>", "--seed", "1", ok=True).stdout)
    st = d["state"]
    assert st["planet"] == "Io" and st["signal"] == 7 and st["epm"] == 3
    assert st["characters"]["Zoë <&>"]["perception"] == 1
    assert st["items"]["Stun Baton"] == {"owner": "Zoë <&>", "kind": "assist"}


def test_new_rejects_bad_specs(journal):
    for args in (["--character", "Ana:flying=1", "--planet", "P:blue"],
                 ["--character", "Ana:piloting=2", "--planet", "P:blue"],
                 ["--character", "Ana", "--planet", "P:green"],
                 ["--character", "Ana", "--planet", "P:blue", "--at", "Q"],
                 ["--planet", "P:blue"],
                 ["--character", "Ana", "--planet", "P:blue", "--epm", "25"]):
        r = journal("epm", "new", "g", *args)
        assert r.exit_code == 2 and r.stderr.startswith("Error:"), args
    assert not (journal.saves / "g.toml").exists()


def _to_showdown(camp):
    camp("epm", "track", "signal", "=20", ok=True)
    camp("epm", "the-end", ok=True)
    camp("epm", "travel", "Kell", "--segments", "1", ok=True)
    camp("epm", "data-find", "--boost", "9", ok=True)


def test_end_won_or_lost_ends_the_game_and_outcome_stays_an_alias(camp):
    _to_showdown(camp)
    out = camp("epm", "card", "2", ok=True).stdout
    assert "Record it with `journal epm end won` or `journal epm end lost`." in out
    camp("epm", "end", "lost", ok=True)
    assert camp.state("camp")["phase"] == "lost"
    camp("undo", ok=True)
    camp("epm", "outcome", "won", ok=True)
    assert camp.state("camp")["phase"] == "won"
    assert "outcome" not in camp("epm", "--help", ok=True).stdout


def test_by_hand_changes_take_a_reason_kept_in_the_log(camp):
    camp("epm", "track", "epm", "+2", "--reason", "card 7: the EPM grows stronger", ok=True)
    camp("epm", "flip", "Bo", "--reason", "card 8", ok=True)
    camp("epm", "disc", "Vex", "--discard", "--reason", "card 9", ok=True)
    log = camp("log", "--tail", "3", ok=True).stdout
    assert "(reason: card 7: the EPM grows stronger)" in log and "(reason: card 8)" in log
    assert "(reason: card 9)" in log
    camp("epm", "track", "signal", "+1", ok=True)  # optional


def test_hints_name_whole_commands_with_quoted_names(camp):
    camp("epm", "item", "add", "Stun Baton", "--owner", "Bo", "--assist", ok=True)
    r = camp("epm", "challenge", "strength", "--character", "Bo", "--booster", "Stun Baton", "--roll", "3")
    assert "`journal epm item use 'Stun Baton'`" in r.stderr
    r = camp("epm", "travel", "Kell", "--segments", "1")
    assert "`journal epm data-find --boost N` or `journal epm the-end`" in r.stderr


def test_track_refuses_a_zero_delta_and_a_bare_number(camp):
    before = camp.files("camp")
    r = camp("epm", "track", "epm", "+0")
    assert r.exit_code == 2 and "a DELTA of 0 changes nothing" in r.stderr
    r = camp("epm", "track", "epm", "3")
    assert r.exit_code == 2 and "'3' could mean either: type +3 to add 3, or =3 to set it to 3" in r.stderr
    assert camp.files("camp") == before


def test_unknown_names_are_listed_with_the_right_article(camp):
    r = camp("epm", "item", "use", "Medkit")
    assert r.exit_code == 2 and "'Medkit' is not an item: known items are none yet" in r.stderr
    r = camp("epm", "challenge", "piloting", "--character", "Zed")
    assert r.exit_code == 2
    assert "--character 'Zed' is not a character: known characters are Ana, Bo, Cy" in r.stderr


def test_a_bare_number_to_a_tracker_names_both_readings(camp):
    """Issue 20 §3: `epm track signal 3` could mean +3 or =3: a usage error naming both."""
    before = camp.files("camp")
    for tracker in ("signal", "epm"):
        r = camp("epm", "track", tracker, "3")
        assert r.exit_code == 2 and "type +3 to add 3, or =3 to set it to 3" in r.stderr, r.stderr
    assert camp.files("camp") == before


def test_every_number_is_bounded_by_what_the_table_shows(camp):
    """Issue 20 §3: a Story Card is 1-13, even typed -3; a tracker shows 0-25 (E1); 13 path segments
    already fill the EPM Meter (E6)."""
    before = camp.files("camp")
    for args, says in ((["card", "-3"], "Story Card -3: a planet has Story Cards 1-13"),
                       (["card", "14"], "Story Cards 1-13"),
                       (["track", "signal", "=26"], "=26: the Signal Tracker runs 0-25 (E1)"),
                       (["track", "epm", "+26"], "+26: the EPM Meter runs 0-25"),
                       (["track", "epm", "-99"], "a move of at most 25")):
        r = camp("epm", *args)
        assert r.exit_code == 2 and says in r.stderr, (args, r.stderr)
    camp("epm", "the-end", ok=True)
    r = camp("epm", "travel", "Kell", "--segments", "14")
    assert r.exit_code == 2 and "the path segments travelled are 1-13" in r.stderr
    camp("undo", ok=True)
    assert camp.files("camp") == before


def test_every_by_hand_command_takes_a_reason(camp):
    """Issue 20 §3: `--reason` on every command that changes something by hand, item discard among them."""
    camp("epm", "item", "add", "Medkit", "--owner", "Bo", "--assist", "--reason", "DATA card 4", ok=True)
    camp("epm", "item", "discard", "Medkit", "--reason", "card 5: the medkit is stolen", ok=True)
    reasons = [e.get("reason") for e in json.loads(camp("--json", "log", "--tail", "2", ok=True).stdout)]
    assert reasons == ["DATA card 4", "card 5: the medkit is stolen"]


def test_an_option_typed_twice_is_a_usage_error(camp):
    """Issue 19 §28: an option that takes one value, typed twice, is refused, not "the last one wins"."""
    camp("epm", "item", "add", "Jet Pack", "--owner", "Ana", "--booster", "piloting:+2", ok=True)
    before = camp.files("camp")
    for args in (["challenge", "piloting", "--character", "Ana", "--booster", "Jet Pack", "--booster", "Jet Pack"],
                 ["track", "epm", "+1", "--reason", "a", "--reason", "b"], ["flip", "Bo", "--active", "--inactive"],
                 ["travel", "Kell", "--segments", "1", "--segments", "2"]):
        r = camp("epm", *args)
        assert r.exit_code == 2 and ("is given twice" in r.stderr or "given together" in r.stderr), (args, r.stderr)
    assert camp.files("camp") == before
