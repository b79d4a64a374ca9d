"""The by-hand commands (A2), end to end: negative numbers typed plainly, --reason kept in the
log, `end won|lost`."""

from __future__ import annotations

from pulp.pulp_helpers import j, p


def test_negative_numbers_are_typed_plainly(g):
    assert j(g, "pulp", "ability", "-s", "g", "combat", "-2")["after"] == {"value": 2, "max": 6}
    assert j(g, "pulp", "ability", "-s", "g", "science", "=5", "--max", "6")["after"] == {"value": 5, "max": 6}
    assert j(g, "pulp", "deck", "-s", "g", "2", "-4")["decks"] == [16, 12, 16]
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G1C.w.PP", "G1C.w", "G1D.w", "G1S.w", ok=True)
    for pos in (1, 2, 3, 4):
        g("pulp", "engage", "-s", "g", str(pos), ok=True)
    assert j(g, "pulp", "search", "-s", "g", "--extra", "-1", "--draw", "w")["count"] == 1


def test_cubes_move_between_places_and_check_still_passes(g):
    g("pulp", "cubes", "-s", "g", "k,k", "--from", "supply", "--to", "bag", ok=True)
    g("pulp", "cubes", "-s", "g", "k", "--from", "bag", "--to", "quietus", ok=True)
    st = g.state("g")
    assert st["bag"]["black"] == 5 and st["quietus"] == 1 and st["supply"]["black"] == 9
    assert g("pulp", "cubes", "-s", "g", "r", "--from", "bag", "--to", "quietus").exit_code == 1
    assert g("pulp", "cubes", "-s", "g", "r", "--from", "shelf", "--to", "bag").exit_code == 2
    g("check", "-s", "g", ok=True)


def test_every_by_hand_change_takes_an_optional_reason_kept_in_the_log(g):
    p(g, "ability", "combat", "-1", "--reason", "card 1", ok=True)
    p(g, "cubes", "k", "--from", "bag", "--to", "supply", "--reason", "card 2", ok=True)
    p(g, "deck", "2", "-1", "--reason", "card 3", ok=True)
    p(g, "planets", "--deck", "8", "--reason", "card 4", ok=True)
    p(g, "hand", "--gain", "G2C.w.K", "--reason", "card 5", ok=True)
    p(g, "location", "L.rb", "--reason", "card 6", ok=True)
    p(g, "die", "red", "--to", "4", "--reason", "card 7", ok=True)
    reasons = [e.get("reason") for e in j(g, "log", "-s", "g", "--tail", "7")]
    assert reasons == [f"card {n}" for n in range(1, 8)]
    p(g, "ability", "combat", "+1", ok=True)                           # optional
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G1C.w.PP", "G1C.w", "G1D.w", "G1S.w", ok=True)
    for pos in (1, 2, 3, 4):
        p(g, "engage", str(pos), ok=True)
    p(g, "search", "--draw", "y,w", ok=True)
    p(g, "weapon", "1", "--understood", "--reason", "card 8", ok=True)  # a weapon Understood by a card's text
    assert j(g, "log", "-s", "g", "--tail", "1")[0]["reason"] == "card 8"


def test_end_records_a_result_a_card_gives_by_hand(g):
    """The rules end the game by themselves (weapons found, two abilities at 0, no cards left);
    a card whose text ends it is recorded with end won|lost."""
    d = j(g, "pulp", "end", "-s", "g", "LOST", "--reason", "Event: the Hegemony's doomsday device")
    assert (d["result"], d["phase"]) == ("lost", "over")
    assert g.state("g")["result"] == "lost"
    assert j(g, "log", "-s", "g", "--tail", "1")[0]["reason"] == "Event: the Hegemony's doomsday device"
    r = p(g, "end", "won")
    assert r.exit_code == 1 and "the game is over" in r.stderr
    assert p(g, "end", "maybe").exit_code == 2
    g("check", "-s", "g", ok=True)


def test_a_bare_number_to_a_tracker_names_both_readings(g):
    """Issue 20 §3: `pulp ability combat 1` (or `pulp deck 2 3`) could mean +N or =N: a usage error
    naming both."""
    before = g.files("g")
    r = p(g, "ability", "combat", "1")
    assert r.exit_code == 2 and "type +1 to add 1, or =1 to set it to 1" in r.stderr
    r = p(g, "deck", "2", "3")
    assert r.exit_code == 2 and "type +3 to add 3, or =3 to set it to 3" in r.stderr
    assert g.files("g") == before


def test_every_number_is_bounded_by_what_the_table_shows(g):
    """Issue 20 §3: an ability track holds at most 10, a card prints a strength 0-9, the bag holds what it
    holds, the game has 15 red cubes and 76 in all."""
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G1C.w.PP", "G1C.w", "G1D.w", "G1S.w", ok=True)
    before = g.files("g")
    for args, says in ((["ability", "combat", "+11"], "moves at most 10"),
                       (["ability", "combat", "=7"], "Combat runs 0-6, not 7"),
                       (["engage", "1", "--add", "10C"], "a strength 0-9"),
                       (["odds", "--draws", "99"], "--draws 99: the number of draws is 1-30 (the bag holds 30 cubes)"),
                       (["bag", "--odds", "31"], "1-30"), (["odds", "--search", "40"], "0-30"),
                       (["search", "--extra", "99"], "at most the 76 cubes")):
        r = p(g, *args)
        assert r.exit_code in (1, 2) and says in r.stderr, (args, r.stderr)
    for pos in (1, 2, 3, 4):
        p(g, "engage", str(pos), ok=True)
    p(g, "search", "--draw", "y,w", ok=True)
    r = p(g, "weapon", "1", "--needs", "r16")
    assert r.exit_code == 2 and "the game has 15 red cubes" in r.stderr
    assert g.files("g") != before  # the round went on; nothing refused changed it


def test_an_option_typed_twice_is_a_usage_error(g):
    """Issue 19 §28: an option that takes one value, typed twice, is refused, not "the last one wins"."""
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G2D.w", "A3C.w", "G1S.w", "G2C.w", ok=True)
    before = g.files("g")
    for args in (["evade", "1", "--pay", "combat", "--pay", "science"], ["evade", "1", "--take", "k", "--take", "w"],
                 ["engage", "1", "--icon", "C", "--icon", "D"], ["ability", "combat", "+1", "--reason", "a",
                                                                 "--reason", "b"],
                 ["weapon", "1", "--understood", "--not-understood"], ["die", "red", "--to", "3", "--to", "4"]):
        r = p(g, *args)
        assert r.exit_code == 2 and ("is given twice" in r.stderr or "given together" in r.stderr), (args, r.stderr)
    assert g.files("g") == before
