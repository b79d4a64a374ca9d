"""journal/games/kraken/construction.py: Chapter 7, Ship construction: a system or a hull built in
Phase 2, for a discount."""

from __future__ import annotations

from kraken.kraken_helpers import CAT, apply, in_turn, new_state, with_crew, with_ship

from journal.games.kraken import construction, phases


def test_construction_discount_is_d6_plus_tech_per_builder_doubled_over_two_turns():
    s = with_ship(with_crew(new_state(lines=()), "Ray", "Mila"), "Laser")
    s["credits"] = 40
    s = in_turn(s, 2)
    out = apply(s, construction.build_start, 4, 2, system="Combat Bridge", crew=["Ray", "Mila"], turns=2, cat=CAT)
    assert out.data["discount"] == 2 * ((4 + 3) + (2 + 3)) and out.data["due"] == 3
    s = out.state
    s = apply(s, phases.phase, to=5).state
    s = apply(s, phases.turn).state
    s = apply(s, phases.phase, to=2).state          # turn 2: still building
    assert "Combat Bridge" in s["builds"]
    s = apply(s, phases.turn).state
    done = apply(s, phases.phase, to=2)             # turn 3: done, pays max(0, 20 - 24) = 0
    assert "Combat Bridge" in done.state["ship"]["systems"] and done.state["credits"] == 40
    assert done.state["builds"] == {}


def test_construction_that_cannot_be_paid_fails():
    s = with_ship(with_crew(new_state(lines=()), "Ray"), "Laser")
    s = in_turn(s, 2)
    s = apply(s, construction.build_start, 1, system="Boarding Shields", crew=["Ray"], turns=1, cat=CAT).state
    s["credits"] = 10
    s = apply(s, phases.turn).state
    out = apply(s, phases.phase, to=2)
    assert "Boarding Shields" not in out.state["ship"]["systems"] and out.state["credits"] == 10
    assert "build fails" in out.summary
