"""A round through the CLI (`round`, `engage`, `evade`, `search`, `assign`, `weapon`, `die`,
`end-round`): exact forms, JSON keys, messages, refusals that change nothing; and the rulebook's
examples (rules fidelity, issue 11) played as a player types them, each case quoting the book."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import LINE, j, p


def test_a_round_from_the_table(g):
    out = g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True).stdout
    assert "Put into the bag from the supply: 2 red, 1 orange, 2 blue." in out
    assert "Location L.rb goes below Mars." in out
    assert "Encounter Line: 1 G2C.r.PK (2 Science) · 2 A4S.o.PP (4 Diplomacy) · 3 G2D.b.P (2 Combat)" in out
    d = j(g, "pulp", "engage", "-s", "g", "1", "--pay", "science=2")
    assert d["paid"] == {"combat": 0, "science": 2, "diplomacy": 0} and d["abilities"]["science"]["value"] == 1
    out = g("pulp", "evade", "-s", "g", "2", "--pay", "combat", "--draw", "k,r,w,b", ok=True).stdout
    assert "Drew black: back into the bag, draw again." in out and "Drew blue: Diplomacy 3 → 2" in out
    out = g("pulp", "engage", "-s", "g", "3", "--die", "red:6:4", ok=True).stdout
    assert "The red die on 6: +3 Engage Strength against Combat." in out and "Turn the red die down to 4." in out
    d = j(g, "pulp", "search", "-s", "g", "--draw", "y,r")
    assert d["count"] == 2 and d["drawn"] == ["yellow", "red"] and d["weapons_found"] == [1]
    assert [r["source"] for r in d["rolls"]] == ["entered", "entered"]
    g("pulp", "weapon", "-s", "g", "1", "--needs", "r1,b1", "--name", "Zeta Ray", ok=True)
    out = g("pulp", "assign", "-s", "g", "r", "--weapon", "1", ok=True).stdout
    assert "Put the red cube on Super Weapon 1 (red 1/1, blue 0/1)." in out
    out = g("pulp", "end-round", "-s", "g", ok=True).stdout
    assert "Take into your hand: G2C.r.PK" in out
    st = g.state("g")
    assert st["phase"] == "ready" and st["hand"] == ["G2C.r.PK"] and st["planets"]["searched"] == ["Mars"]
    log = g("log", "-s", "g", ok=True).stdout
    assert "— Round 1 · The Quietus —" in log and "bag=black (entered)" in log


def test_a_bad_card_token_shows_the_grammar_and_changes_nothing(g):
    before = g.files("g")
    r = g("pulp", "round", "-s", "g", "--planet", "Mars", "G2C.r.PK", "A4X", "L.rb", "G2D.b.P")
    assert r.exit_code == 2 and r.stderr.startswith("Error: card 'A4X'")
    assert "KIND[STRENGTH][ICON][.CUBES][.FLAGS]" in r.stderr and "G2C.r.PK" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert g.files("g") == before


def test_a_drawn_cube_must_be_in_the_bag(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    before = g.files("g")
    g("pulp", "cubes", "-s", "g", "y,y,y,y,y", "--from", "bag", "--to", "supply", ok=True)
    r = g("pulp", "evade", "-s", "g", "1", "--pay", "combat", "--draw", "y,r,b")
    assert r.exit_code == 2 and "the bag holds no yellow" in r.stderr
    r = g("pulp", "evade", "-s", "g", "1", "--pay", "combat", "--draw", "r,b,o")
    assert r.exit_code == 2 and "unused orange" in r.stderr
    r = g("pulp", "evade", "-s", "g", "1", "--pay", "combat", "--draw", "r,q")
    assert r.exit_code == 2 and "'q' is not a cube" in r.stderr
    g("undo", "-s", "g", ok=True)
    assert g.files("g") == before


def test_evade_without_pay_in_a_script_names_the_option(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    r = g("pulp", "evade", "-s", "g", "1")
    assert r.exit_code == 2 and "--pay is required: one of combat, science, diplomacy" in r.stderr


def test_a_missing_payment_in_a_script_names_the_option_and_the_payments(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G5D.w", "A0C.w", "G4S.w", "L.rb", ok=True)
    before = g.files("g")
    r = g("pulp", "engage", "-s", "g", "1")  # 5 Combat, and Combat is 4
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert r.stderr.startswith("Error: --pay is required: card 1 (G5D.w) needs 5 Combat")
    assert "--pay combat=4,diplomacy=2; --pay combat=4,science=2; --pay combat=3,science=2,diplomacy=2" in r.stderr
    assert g.files("g") == before


def test_a_missing_payment_is_asked_for_on_a_terminal(g, monkeypatch):
    from journal.runtime import Runtime

    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G5D.w", "A0C.w", "G4S.w", "L.rb", ok=True)
    r = g("pulp", "engage", "-s", "g", "1", input="combat=4,science=2\n")
    assert r.exit_code == 0, r.stderr
    assert "Card 1 (G5D.w) needs 5 Combat" in r.stdout and "combat=3,science=2,diplomacy=2" in r.stdout  # the menu
    assert "Move the Combat cube down 4 → 0." in r.stdout and "Move the Science cube down 3 → 1." in r.stdout
    r = g("pulp", "evade", "-s", "g", "2", "--draw", "r,b", input="diplomacy\n")
    assert r.exit_code == 0, r.stderr
    assert "Which ability pays the evade?" in r.stdout and "Pay 1 Diplomacy: 3 → 2." in r.stdout
    assert [c["status"] for c in g.state("g")["line"]] == ["engaged", "evaded", "pending"]


def test_seeded_draws_are_shown_and_replay(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    d1 = j(g, "pulp", "evade", "-s", "g", "1", "--pay", "combat")
    assert d1["rolls"] and all(r["source"] == "rolled" and r["die"] == "bag" for r in d1["rolls"])
    g("undo", "-s", "g", ok=True)
    d2 = j(g, "pulp", "evade", "-s", "g", "1", "--pay", "combat")
    assert d1["drawn"] == d2["drawn"]


def test_dice_by_hand_and_rerolled_with_a_physical_die(g):
    assert j(g, "pulp", "die", "-s", "g", "red", "--to", "2")["face"] == 2
    d = j(g, "pulp", "die", "-s", "g", "gray", "--reroll", "--roll", "5")
    assert d["face"] == 5 and d["rolls"] == [{"die": "gray d6", "value": 5, "source": "entered"}]
    r = g("pulp", "die", "-s", "g", "gray", "--reroll", "--roll", "7")
    assert r.exit_code == 2 and "expected 1-6" in r.stderr
    assert g("pulp", "die", "-s", "g", "blue", "--to", "3").exit_code == 1


def test_engage_refusals_are_one_line_and_change_nothing(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G5D.w", "A0C.w", "G4S.w", "L.rb", ok=True)
    before = g.files("g")
    for args, message in ((["2"], "left to right"), (["1"], "--pay"), (["1", "--pay", "combat=2"], "does not cover"),
                          (["1", "--pay", "combat=9"], "Combat is only 4"), (["1", "--pay", "x=1"], "not an ability"),
                          (["1", "--die", "blue"], "no blue die"), (["1", "--add", "C1"], "--add 'C1'")):
        r = g("pulp", "engage", "-s", "g", *args)
        assert r.exit_code in (1, 2) and message in r.stderr and len(r.stderr.strip().splitlines()) == 1, \
            (args, r.stderr)
    assert g.files("g") == before


def test_assign_weapon_and_hand_commands(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G1C.w.PPP", "G1C.w", "G1D.w", "G1S.w", ok=True)
    for pos in (1, 2, 3, 4):
        g("pulp", "engage", "-s", "g", str(pos), ok=True)
    g("pulp", "search", "-s", "g", "--draw", "y,o,k", ok=True)
    assert g.state("g")["quietus"] == 1
    assert g("pulp", "assign", "-s", "g", "o", "--weapon", "1").exit_code == 1  # requirement not recorded
    d = j(g, "pulp", "weapon", "-s", "g", "1", "--needs", "o1")
    assert d["needs"] == {"orange": 1} and d["understood"] is False
    d = j(g, "pulp", "assign", "-s", "g", "orange", "--weapon", "1")
    assert d["weapons"][0]["understood"] is True
    assert g("pulp", "assign", "-s", "g", "o", "--ability", "--supply").exit_code == 2
    g("pulp", "end-round", "-s", "g", ok=True)
    assert j(g, "pulp", "hand", "-s", "g", "--gain", "A2D.w.K")["hand"] == ["A2D.w.K"]
    assert j(g, "pulp", "hand", "-s", "g", "--discard", "K")["hand"] == []


def test_undo_restores_the_exact_bytes(g):
    before = g.files("g")
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    g("pulp", "evade", "-s", "g", "1", "--pay", "diplomacy", ok=True)
    g("undo", "-s", "g", "--steps", "2", ok=True)
    assert g.files("g") == before


def test_the_game_ends_and_later_commands_are_refused(g):
    g("pulp", "ability", "-s", "g", "science", "=0", ok=True)
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    out = g("pulp", "engage", "-s", "g", "1", "--pay", "combat=4", ok=True).stdout
    assert "the game is lost" in out
    st = g.state("g")
    assert st["phase"] == "over" and st["result"] == "lost"
    r = g("pulp", "evade", "-s", "g", "2", "--pay", "diplomacy")
    assert r.exit_code == 1 and "the game is over" in r.stderr
    assert "LOST" in g("show", "-s", "g", ok=True).stdout


def test_a_card_whose_strength_card_text_lowers_to_0_must_be_evaded(book):
    """1a. Engage: "If a card has an Engage Strength of 0, it must be Evaded instead." However it
    got there: a card's text that lowers a Strength 1 card by 1 leaves it at 0."""
    p(book, "round", "--planet", "Mars", "G1C.r.PK", "A1S.w", "G2D.w", "G2S.w", ok=True)   # card 1: 1 Science
    before = book.files("g")
    r = p(book, "engage", "1", "--add", "-1S")
    assert r.exit_code == 1 and "has Engage Strength 0 with the card text" in r.stderr
    assert "it must be evaded: journal pulp evade 1" in r.stderr
    assert book.files("g") == before                                     # no Key card, no planet icon for free
    d = j(book, "pulp", "evade", "-s", "g", "1", "--pay", "combat", "--draw", "r,b")
    assert book.state("g")["line"][0]["status"] == "evaded" and d["paid"] == "combat"
    r = p(book, "engage", "2", "--add", "-1C")             # card 2 needs 1 Diplomacy: -1 Combat changes nothing
    assert r.exit_code == 0, r.stderr


def test_a_payment_that_would_leave_two_abilities_at_0_names_the_payments_that_work(book):
    """P3 / 1a: "If any two Abilities ever reach zero during an encounter you have lost the game",
    and "You may additionally pay any two points of one Ability to act as one point of another"."""
    p(book, "round", "--planet", "Mars", "G1D.w", "A1C.w", "G2D.w", "G2S.w", ok=True)       # card 1: 1 Combat
    p(book, "ability", "combat", "=1", ok=True)
    p(book, "ability", "science", "=0", ok=True)
    r = p(book, "engage", "1")                       # point for point: Combat 1 → 0 with Science 0 loses
    assert r.exit_code == 2
    assert ("--pay is required: card 1 (G1D.w) needs 1 Combat, which paid point for point would leave two "
            "abilities at 0 and lose the game: --pay diplomacy=2 ") in r.stderr
    r = p(book, "engage", "1", "--pay", "science=1")                        # what a refusal names too
    assert r.exit_code == 1 and "payments that work: --pay diplomacy=2" in r.stderr
    out = p(book, "engage", "1", "--pay", "combat=1", ok=True).stdout      # the player's own choice stands
    assert "the game is lost" in out
    assert "(Paid with --pay diplomacy=2 instead, the game would go on: journal undo" in out
    book("undo", "-s", "g", ok=True)
    d = j(book, "pulp", "engage", "-s", "g", "1", "--pay", "diplomacy=2")
    assert d["phase"] == "encounter" and d["abilities"]["combat"]["value"] == 1


def _engage_all(journal, plan) -> list[dict]:
    out = []
    for pos, extra in plan:
        if isinstance(extra, tuple):  # ("evade", ability that pays, cubes drawn)
            out.append(j(journal, "pulp", "evade", "-s", "g", str(pos), "--pay", extra[1], "--draw", extra[2]))
        else:
            out.append(j(journal, "pulp", "engage", "-s", "g", str(pos), *extra))
    return out


def test_example_a_of_the_rulebook_typed_as_the_cards_lie(book):
    """Example A: Guardforce (1st) Engage Strength 2, Engage Icon Combat; Hostile Agent (2nd) 4,
    Super Science; Nebula (3rd) no Engage Strength of its own; Guardforce (4th) 2, Diplomacy.

    "The card to its immediate right will show an Engage Strength icon": card 1 engages with the
    icon card 2 shows, card 2 with card 3's, and "The rightmost card uses the leftmost card's
    icon". So the cards are typed G2D A4C ES G2x: card 1 shows D (for card 4), card 2 shows C,
    the Nebula an Event showing S; card 4's own icon only matters to the Nebula, which has no
    Strength."""
    p(book, "round", "--planet", "Mars", "G2D.w", "A4C.w", "ES", "G2C.w", ok=True)
    st = j(book, "show", "-s", "g")["state"]
    assert [(c.get("engage_strength"), c.get("engage_icon")) for c in st["line"]] == [
        (2, "C"), (4, "S"), (None, None), (2, "D")]
    done = _engage_all(book, [(1, ["--pay", "combat=2"]), (2, ["--pay", "science=4"]), (3, []),
                           (4, ["--pay", "diplomacy=2"])])
    needs = [{a: n for a, n in d["need"].items() if n} for d in done]
    assert needs == [{"combat": 2}, {"science": 4}, {}, {"diplomacy": 2}]


def test_example_b_of_the_rulebook_typed_as_the_cards_lie_with_kahs_sector(book):
    """Example B: Guardforce (1st) 2 Combat; a card with Engage Strength 0 (2nd): "No Engaging
    possible. You must Evade this card."; Guardforce (3rd) 4 Diplomacy; the Location (4th) goes
    below your Player Board. "In Example B above, the Guardforce 5 would have an additional 1
    Engage Strength with a Combat icon added to it, if encountered in the Cosmic Hegemony - Kah's
    Sector. The new Engage Strength would be 4 Diplomacy and 1 Combat."

    The Location leaves the line, so the 3rd card is its rightmost and uses the leftmost card's
    icon: typed G2D G0C G4S L.rb, card 2 evaded, card 3 engaged with --add 1C in Kah's sector."""
    p(book, "deck", "1", "=0", "--reason", "Example B is encountered in Kah's sector", ok=True)
    assert book.state("g")["alien"] == 1
    p(book, "round", "--planet", "Mars", "G2D.w", "G0C.w", "G4S.w", "L.rb", ok=True)
    st = j(book, "show", "-s", "g")["state"]
    assert st["location"] == "L.rb" and [c["card"] for c in st["line"]] == ["G2D.w", "G0C.w", "G4S.w"]
    assert [(c["engage_strength"], c.get("engage_icon")) for c in st["line"]] == [(2, "C"), (0, "S"), (4, "D")]
    r = p(book, "engage", "2", "--pay", "combat=1")
    assert r.exit_code == 1                                             # card 1 first: left to right
    done = _engage_all(book, [(1, ["--pay", "combat=2"])])
    r = p(book, "engage", "2")
    assert r.exit_code == 1 and "has Engage Strength 0: it must be evaded" in r.stderr
    done += _engage_all(book, [(2, ("evade", "science", "o,o")), (3, ["--add", "1C", "--pay", "diplomacy=4,combat=1"])])
    assert {a: n for a, n in done[0]["need"].items() if n} == {"combat": 2}
    assert {a: n for a, n in done[2]["need"].items() if n} == {"diplomacy": 4, "combat": 1}


@pytest.mark.parametrize("args", [["engage", "1", "--pay", "combat=2"], ["search"], ["end-round"],
                                  ["cubes", "y,y", "--from", "supply", "--to", "bag"], ["location", "--discard"],
                                  ["hand", "--discard", "K"]])
def test_a_rules_refusal_is_exit_1(g, args):
    r = p(g, *args)
    assert r.exit_code == 1 and r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, r.stderr


def test_one_captains_die_per_engage_evade_or_search_a_second_die_is_refused(g):
    """Captain's Dice (and Dice Icons): "You may use the action of one of your Captain's dice": one die
    per engage (and so per evade and per search); a second --die is a usage error, nothing changes."""
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    before = g.files("g")
    for command in (["engage", "1"], ["evade", "1", "--pay", "combat"], ["search"]):
        r = g("pulp", *command, "-s", "g", "--die", "red", "--die", "gray")
        assert r.exit_code == 2 and "--die is given twice" in r.stderr, (command, r.stderr)
    assert g.files("g") == before
    out = g("pulp", "engage", "-s", "g", "1", "--die", "gray", ok=False).stderr
    assert "the gray die on 3" in out  # one die, used as its face says (gray 3 is used on its own)


def test_round_refuses_a_card_with_the_wrong_cubes_naming_it(g):
    """Book l.91: "Guardforce and Agents cards show 1 cube, Locations show 2 cubes": the issue's line
    (a Guardforce with two, an Agent with none, a Location with one) is refused at its first wrong
    card, a usage error of one line, and the save is byte-for-byte unchanged."""
    before = g.files("g")
    r = p(g, "round", "--planet", "Mars", "G2C.rr.P", "A3S", "L.r", "G2D.b.P")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert r.stderr == ("Error: card 1, G2C.rr.P, shows 2 cubes: Guardforce cards show 1 cube (Guardforce and "
                        "Agents 1, Locations 2), typed after a dot, e.g. G2C.r.P\n")
    assert g.files("g") == before
