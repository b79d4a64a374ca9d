"""Rules fidelity (issue 11) for Pulp Invasion, each case quoting the rulebook: Strength 0 must be
evaded however it got there, a payment the player must choose names the ways that work, and the
book's Examples A and B of Encounter Lines replayed as a player types them."""

from __future__ import annotations

import pytest
from pulp_helpers import j, p

NEW = ["pulp", "new", "g", "--level", "normal", "--captain", "Ana Vex", "--combat", "4/6", "--science", "4/5",
       "--diplomacy", "4/5", "--die", "red", "--die", "gray", "--face", "gray=3",
       "--hegemony", "The Quietus", "--hegemony", "Kah:C", "--hegemony", "Zorn", "--seed", "11"]


@pytest.fixture
def g(journal):
    journal(*NEW, ok=True)
    return journal


def test_a_card_whose_strength_card_text_lowers_to_0_must_be_evaded(g):
    """1a. Engage: "If a card has an Engage Strength of 0, it must be Evaded instead." However it
    got there: a card's text that lowers a Strength 1 card by 1 leaves it at 0."""
    p(g, "round", "--planet", "Mars", "G1C.r.PK", "A1S", "G2D", "G2S", ok=True)   # card 1: 1 Science
    before = g.files("g")
    r = p(g, "engage", "1", "--add", "-1S")
    assert r.exit_code == 1 and "has Engage Strength 0 with the card text" in r.stderr
    assert "it must be evaded (journal pulp evade 1 --pay ABILITY)" in r.stderr
    assert g.files("g") == before                                     # no Key card, no planet icon for free
    d = j(g, "pulp", "evade", "-s", "g", "1", "--pay", "combat", "--draw", "r,b")
    assert g.state("g")["line"][0]["status"] == "evaded" and d["paid"] == "combat"
    r = p(g, "engage", "2", "--add", "-1C")             # card 2 needs 1 Diplomacy: -1 Combat changes nothing
    assert r.exit_code == 0, r.stderr


def test_a_payment_that_would_leave_two_abilities_at_0_names_the_payments_that_work(g):
    """P3 / 1a: "If any two Abilities ever reach zero during an encounter you have lost the game",
    and "You may additionally pay any two points of one Ability to act as one point of another"."""
    p(g, "round", "--planet", "Mars", "G1D", "A1C", "G2D", "G2S", ok=True)       # card 1: 1 Combat
    p(g, "ability", "combat", "=1", ok=True)
    p(g, "ability", "science", "=0", ok=True)
    r = p(g, "engage", "1")                       # point for point: Combat 1 → 0 with Science 0 loses
    assert r.exit_code == 2
    assert ("--pay is required: card 1 (G1D) needs 1 Combat, which paid point for point would leave two "
            "abilities at 0 and lose the game: --pay diplomacy=2 ") in r.stderr
    r = p(g, "engage", "1", "--pay", "science=1")                        # what a refusal names too
    assert r.exit_code == 1 and "payments that work: --pay diplomacy=2" in r.stderr
    out = p(g, "engage", "1", "--pay", "combat=1", ok=True).stdout      # the player's own choice stands
    assert "the game is lost" in out
    assert "(Paid with --pay diplomacy=2 instead, the game would go on: journal undo" in out
    g("undo", "-s", "g", ok=True)
    d = j(g, "pulp", "engage", "-s", "g", "1", "--pay", "diplomacy=2")
    assert d["phase"] == "encounter" and d["abilities"]["combat"]["value"] == 1


def _engage_all(journal, plan) -> list[dict]:
    out = []
    for pos, extra in plan:
        if isinstance(extra, tuple):  # ("evade", ability that pays, cubes drawn)
            out.append(j(journal, "pulp", "evade", "-s", "g", str(pos), "--pay", extra[1], "--draw", extra[2]))
        else:
            out.append(j(journal, "pulp", "engage", "-s", "g", str(pos), *extra))
    return out


def test_example_a_of_the_rulebook_typed_as_the_cards_lie(g):
    """Example A: Guardforce (1st) Engage Strength 2, Engage Icon Combat; Hostile Agent (2nd) 4,
    Super Science; Nebula (3rd) no Engage Strength of its own; Guardforce (4th) 2, Diplomacy.

    "The card to its immediate right will show an Engage Strength icon": card 1 engages with the
    icon card 2 shows, card 2 with card 3's, and "The rightmost card uses the leftmost card's
    icon". So the cards are typed G2D A4C ES G2x: card 1 shows D (for card 4), card 2 shows C,
    the Nebula an Event showing S; card 4's own icon only matters to the Nebula, which has no
    Strength."""
    p(g, "round", "--planet", "Mars", "G2D", "A4C", "ES", "G2C", ok=True)
    st = j(g, "show", "-s", "g")["state"]
    assert [(c.get("engage_strength"), c.get("engage_icon")) for c in st["line"]] == [
        (2, "C"), (4, "S"), (None, None), (2, "D")]
    done = _engage_all(g, [(1, ["--pay", "combat=2"]), (2, ["--pay", "science=4"]), (3, []),
                           (4, ["--pay", "diplomacy=2"])])
    needs = [{a: n for a, n in d["need"].items() if n} for d in done]
    assert needs == [{"combat": 2}, {"science": 4}, {}, {"diplomacy": 2}]


def test_example_b_of_the_rulebook_typed_as_the_cards_lie_with_kahs_sector(g):
    """Example B: Guardforce (1st) 2 Combat; a card with Engage Strength 0 (2nd): "No Engaging
    possible. You must Evade this card."; Guardforce (3rd) 4 Diplomacy; the Location (4th) goes
    below your Player Board. "In Example B above, the Guardforce 5 would have an additional 1
    Engage Strength with a Combat icon added to it, if encountered in the Cosmic Hegemony - Kah's
    Sector. The new Engage Strength would be 4 Diplomacy and 1 Combat."

    The Location leaves the line, so the 3rd card is its rightmost and uses the leftmost card's
    icon: typed G2D G0C G4S L.rb, card 2 evaded, card 3 engaged with --add 1C in Kah's sector."""
    p(g, "deck", "1", "=0", "--reason", "Example B is encountered in Kah's sector", ok=True)
    assert g.state("g")["alien"] == 1
    p(g, "round", "--planet", "Mars", "G2D", "G0C", "G4S", "L.rb", ok=True)
    st = j(g, "show", "-s", "g")["state"]
    assert st["location"] == "L.rb" and [c["card"] for c in st["line"]] == ["G2D", "G0C", "G4S"]
    assert [(c["engage_strength"], c.get("engage_icon")) for c in st["line"]] == [(2, "C"), (0, "S"), (4, "D")]
    r = p(g, "engage", "2", "--pay", "combat=1")
    assert r.exit_code == 1                                             # card 1 first: left to right
    done = _engage_all(g, [(1, ["--pay", "combat=2"])])
    r = p(g, "engage", "2")
    assert r.exit_code == 1 and "has Engage Strength 0: it must be evaded" in r.stderr
    done += _engage_all(g, [(2, ("evade", "science", "o,o")), (3, ["--add", "1C", "--pay", "diplomacy=4,combat=1"])])
    assert {a: n for a, n in done[0]["need"].items() if n} == {"combat": 2}
    assert {a: n for a, n in done[2]["need"].items() if n} == {"diplomacy": 4, "combat": 1}
