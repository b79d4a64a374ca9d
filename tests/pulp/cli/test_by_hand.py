"""The by-hand commands (A2), end to end: negative numbers typed plainly, --reason kept in the
log, `end won|lost`."""

from __future__ import annotations

from pulp.pulp_helpers import j, p


def test_negative_numbers_are_typed_plainly(g):
    assert j(g, "pulp", "ability", "-s", "g", "combat", "-2")["after"] == {"value": 2, "max": 6}
    assert j(g, "pulp", "ability", "-s", "g", "science", "=5", "--max", "6")["after"] == {"value": 5, "max": 6}
    assert j(g, "pulp", "deck", "-s", "g", "2", "-4")["decks"] == [16, 12, 16]
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G1C.PP", "G1C", "G1D", "G1S", ok=True)
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
    p(g, "hand", "--gain", "G2C.K", "--reason", "card 5", ok=True)
    p(g, "location", "L.rb", "--reason", "card 6", ok=True)
    p(g, "die", "red", "--to", "4", "--reason", "card 7", ok=True)
    reasons = [e.get("reason") for e in j(g, "log", "-s", "g", "--tail", "7")]
    assert reasons == [f"card {n}" for n in range(1, 8)]
    p(g, "ability", "combat", "+1", ok=True)                           # optional


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
