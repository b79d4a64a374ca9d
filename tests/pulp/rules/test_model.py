"""Reading the state: each card's Engage Strength and icon in the line (P2), The Quietus (P6)."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import dice, engage_view, fresh, line, run, with_abilities

from journal.errors import RuleError
from journal.games.pulp.rules import engage, evade, model


def test_engage_strength_example_a():
    """Rulebook Example A: Guardforce 2 Combat, Hostile Agent 4 Super Science, the Nebula with no
    strength of its own, Guardforce 2 Diplomacy (the rightmost takes the leftmost card's icon)."""
    s = line(fresh(), ["G2D.w", "A4C.w", "ES", "G2C.w"]).state
    assert engage_view(s) == [(2, "C"), (4, "S"), (None, None), (2, "D")]


def test_engage_strength_example_b():
    """Rulebook Example B: the Location leaves the line; Guardforce 2 Combat; a card with strength 0
    must be evaded; Guardforce 4 Diplomacy (wrapping to the first card)."""
    s = line(fresh(), ["G2D.r", "A0C.o", "G4S.b", "L.rb"]).state
    assert engage_view(s) == [(2, "C"), (0, "S"), (4, "D")]
    s = run(engage.engage, s, dice(), 1, pay={"combat": 2}).state
    with pytest.raises(RuleError, match="must be evaded"):
        engage.engage(s, dice(), 2, pay={"combat": 1})
    s = run(evade.evade, s, dice(draws=["red", "blue"]), 2, "science").state
    assert engage_view(s)[2] == (4, "D")  # the first card was engaged, not evaded: its icon still counts
    # In Kah's sector the card's text adds 1 Combat: 4 Diplomacy and 1 Combat
    s = with_abilities(s, diplomacy=5)
    out = run(engage.engage, s, dice(), 3, pay={"diplomacy": 4, "combat": 1}, adds=[(1, "C")])
    assert out.data["need"] == {"combat": 1, "science": 0, "diplomacy": 4}
    with pytest.raises(RuleError, match="does not cover"):
        engage.engage(s, dice(), 3, pay={"diplomacy": 4}, adds=[(1, "C")])


def test_engage_icon_skips_evaded_cards():
    s = line(fresh(), ["G2C.w", "G2D.w", "G2S.w", "G3C.w"]).state
    s = run(engage.engage, s, dice(), 1, pay={"diplomacy": 2}).state
    s = run(evade.evade, s, dice(draws=["red", "red"]), 2, "combat").state
    # card 3 now takes card 4's icon; card 4 wraps past nothing evaded to card 1
    assert engage_view(s)[2:] == [(2, "C"), (3, "C")]
    s2 = line(fresh(), ["G2C.w", "G2D.w", "G2S.w", "G3C.w"]).state
    s2 = run(evade.evade, s2, dice(draws=["red", "red"]), 1, "science").state
    s2 = run(evade.evade, s2, dice(draws=["blue", "blue"]), 2, "combat").state
    s2 = run(evade.evade, s2, dice(draws=["orange", "red"]), 3, "combat").state
    assert engage_view(s2)[3] == (3, "C")  # every other card evaded: alone, its own icon


def test_engage_icon_wraps_past_evaded_cards_from_the_rightmost():
    s = line(fresh(), ["G1D.w", "G1S.w", "G1C.w", "G2C.w"]).state
    s = run(evade.evade, s, dice(draws=["red", "red"]), 1, "science").state
    s = run(engage.engage, s, dice(), 2, pay={"combat": 1}).state
    s = run(engage.engage, s, dice(), 3, pay={"combat": 1}).state
    assert engage_view(s)[3] == (2, "S")  # card 1 evaded: the icon comes from card 2


def test_past_the_quietus_means_its_deck_is_empty():
    s = fresh(aliens=[("Kah", None), ("The Quietus", None), ("Zorn", None)])
    assert not model.past_quietus(s)
    s["decks"] = [0, 0, 16]
    s["alien"] = 2
    assert model.past_quietus(s)


def test_an_engaged_card_keeps_the_icon_it_was_encountered_with():
    """Derived, not stored: card 1 engaged with card 2's icon keeps it when card 2 is evaded later;
    only an icon a card's text set (--icon) is stored (icon_override)."""
    s = line(fresh(), ["G1D.w", "A1C.w", "G1S.w", "G2S.w"]).state
    s = run(engage.engage, s, dice(), 1, pay={"combat": 1}).state
    s = run(evade.evade, s, dice(draws=["red", "blue"]), 2, "science").state
    assert engage_view(s) == [(1, "C"), (1, "S"), (1, "S"), (2, "D")]
    assert all("engage_strength" not in c and "engage_icon" not in c and "icon_override" not in c
               for c in s["line"])
    s = run(engage.engage, s, dice(), 3, pay={"diplomacy": 1}, icon="D").state
    assert s["line"][2]["icon_override"] == "D" and engage_view(s)[2] == (1, "D")
    s = run(engage.engage, with_abilities(s, diplomacy=4), dice(), 4, pay={"diplomacy": 2}, icon="D").state
    assert "icon_override" not in s["line"][3]  # --icon as the line gives it: nothing to record


def test_each_cube_drawn_is_asked_with_the_games_letters_when_the_dice_ask():
    """Issue 20 §1: the cubes a search (or an evade, any draw) takes from the bag are asked for, as dice
    are, when the runtime asks (the table shell): the player types a letter or a colour; Enter lets
    journal draw the rest. The bag the question names is the bag as it is at that draw."""
    from journal.dice import Dice
    from journal.games.pulp.rules import planet_search
    from pulp.pulp_helpers import searching

    asked = []

    def ask(what, pool, names):
        asked.append((what, pool["white"], names["k"]))
        return "white" if len(asked) == 1 else None

    s = searching()
    d = Dice(5, 0, ask_draw=ask)
    out = run(planet_search.search, s, d)
    white = s["bag"]["white"]  # typed, then Enter: journal draws the rest; the bag asked about is the bag then
    assert asked == [("bag", white, "black"), ("bag", white - 1, "black")]
    assert out.data["drawn"][0] == "white" and len(out.data["drawn"]) == out.data["count"] > 1
    assert [r.source for r in d.rolls] == ["entered"] + ["rolled"] * (out.data["count"] - 1)
