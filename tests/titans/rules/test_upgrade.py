"""The Upgrade Phase (rules/upgrade.py): Development (INDUSTRY, ARMY, RESEARCH, REFRESH), the Tech
Cards on a Titan Sheet and the face-up ones by name, Support Movement."""

from __future__ import annotations

import pytest

from journal.errors import InputError, RuleError
from journal.games import titans as game
from journal.games.titans.cli import upgrade as cli_upgrade
from journal.games.titans.rules import byhand, opening, order, rifts, turn, upgrade
from titans.titans_helpers import (
    apply, dice, do, ended, equipped, fighting, fresh, on_empty_north, passed, repairs_skipped, to_development,
    typed,
)


def _upgrade(s):
    return repairs_skipped(do(turn.next_phase, s))


def test_research_buys_a_named_face_up_card_and_names_its_replacement():
    s = fresh(2, face_up=("Plasma Sword", "Ion Shield", "Jump Jets"))
    assert s["decks"]["face_up_cards"] == ["Plasma Sword", "Ion Shield", "Jump Jets"]
    s = _upgrade(do(turn.next_phase, do(opening.opening, s)))
    with pytest.raises(RuleError, match="Rail Gun is not face up; the face-up Tech Cards are "
                                        "Plasma Sword, Ion Shield, Jump Jets"):
        upgrade.develop(s, dice(), "Ana", "research", card="Rail Gun", slot="hand")
    out = typed(cli_upgrade.read_develop, upgrade.develop, s, player="Ana", action="research", card="ion shield",
                slot="core", draw=("Rail Gun",))
    assert "Ion Shield" in out.state["titans"]["Atlas"]["tech"] and out.data["card"] == "Ion Shield"
    assert out.state["decks"]["face_up_cards"] == ["Plasma Sword", "Jump Jets", "Rail Gun"]
    assert "Face-up Tech Cards: 3: Plasma Sword, Jump Jets, Rail Gun (deck 71, discarded 0)." in out.lines


def test_research_of_an_unnamed_face_up_card_and_a_redraw():
    s = _upgrade(do(turn.next_phase, do(opening.opening, fresh(2))))
    s = do(upgrade.face_up, s, ("Plasma Sword",))                       # two face-up cards were never named
    out = apply(upgrade.develop, s, "Ana", "research", card="Rail Gun", slot="hand")
    assert out.state["decks"]["face_up_cards"] == ["Plasma Sword"]
    assert "Face-up Tech Cards: 3: Plasma Sword and 2 unnamed" in out.lines[-2]
    with pytest.raises(InputError, match="4 cards named as drawn but 3 Tech Cards were drawn"):
        upgrade.develop(out.state, dice(), "Bo", "research", redraw=True, draw=("A", "B", "C", "D"))
    out = apply(upgrade.develop, out.state, "Bo", "research", redraw=True, draw=("A", "B", "C"))
    assert out.state["decks"]["face_up_cards"] == ["A", "B", "C"]


def test_face_up_names_the_cards_beside_the_board():
    s = fresh()
    out = apply(upgrade.face_up, s, ("A", "B"))
    assert out.lines == ["Face-up Tech Cards: A, B and 1 unnamed."]
    with pytest.raises(RuleError, match="4 names for 3 face-up Tech Cards"):
        upgrade.face_up(s, dice(), ("A", "B", "C", "D"))
    assert "face_up_cards" not in apply(upgrade.face_up, out.state, ()).state["decks"]
    out.state["decks"]["face_up_cards"] = ["A", "B", "C", "D"]
    assert any("state.decks.face_up_cards has 4 items" in p for p in game.validate(out.state))


def test_equip_a_face_up_card_by_name():
    s = fresh(2, face_up=("Plasma Sword", "Ion Shield", "Jump Jets"))
    with pytest.raises(RuleError, match="Rail Gun is not face up"):
        upgrade.tech(s, dice(), "Atlas", "equip", "Rail Gun", slot="hand", face_up=True)
    out = typed(cli_upgrade.read_tech, upgrade.tech, s, titan="Atlas", action="equip", card="jump jets",
                slot="tools", face_up=True, draw=("Rail Gun",))
    assert "Jump Jets" in out.state["titans"]["Atlas"]["tech"]
    assert out.state["decks"]["face_up_cards"] == ["Plasma Sword", "Ion Shield", "Rail Gun"]
    with pytest.raises(InputError, match="--draw names the card drawn to replace a face-up one"):
        cli_upgrade.tech_details("equip", None, "hand", (), False, (), ("X",))


def test_titan_on_a_rift_skips_development():
    s = to_development(do(rifts.trial, on_empty_north(), "Brute", "North", "pass"))
    with pytest.raises(RuleError, match="skips the Development"):
        upgrade.develop(s, dice(), "Bo", "industry")
    assert "Bo" not in order.waiting(s, "development")


def test_industry_gains_two_credits():
    out = apply(upgrade.develop, to_development(fighting()), "Ana", "industry")
    assert out.state["players"]["Ana"]["credits"] == 2


def test_army_supports_cost_one_credit_at_most_three_each_on_a_non_destroyed_city():
    s = passed(to_development(do(byhand.damage, fighting(), 4, city="Tokyo")), "Ana")
    s["players"]["Bo"]["credits"] = 5
    with pytest.raises(RuleError, match="destroyed"):
        upgrade.develop(s, dice(), "Bo", "army", city="Tokyo")
    with pytest.raises(RuleError, match="at most 3"):
        upgrade.develop(s, dice(), "Bo", "army", city="London", count=4)
    out = apply(upgrade.develop, s, "Bo", "army", city="London", count=3)
    assert out.state["players"]["Bo"]["credits"] == 2 and len(out.state["players"]["Bo"]["supports"]) == 3
    s["players"]["Bo"]["credits"] = 1
    with pytest.raises(RuleError, match="cost 2 Credits"):
        upgrade.develop(s, dice(), "Bo", "army", city="London", count=2)


def test_one_development_action_per_player_per_turn():
    s = do(upgrade.develop, to_development(fighting()), "Ana", "industry")
    with pytest.raises(RuleError, match="already taken"):
        typed(cli_upgrade.read_develop, upgrade.develop, s, player="Atlas", action="industry")


def test_research_buys_a_face_up_card_into_an_empty_slot_and_draws_a_replacement():
    s = to_development(fighting())
    s["players"]["Ana"]["credits"] = 3
    out = apply(upgrade.develop, s, "Ana", "research", card="Plasma Sword", slot="hands", cost=2,
                tags=("energy",))
    st = out.state
    assert st["titans"]["Atlas"]["tech"]["Plasma Sword"] == {"slot": "hands", "charges": 0, "disabled": False,
                                                             "tags": ["energy"]}
    assert (st["decks"]["tech"], st["decks"]["tech_face_up"], st["players"]["Ana"]["credits"]) == (71, 3, 1)


def test_research_redraw_discards_the_three_face_up_cards():
    out = apply(upgrade.develop, to_development(fighting()), "Ana", "research", redraw=True)
    d = out.state["decks"]
    assert (d["tech"], d["tech_face_up"], d["tech_discard"]) == (69, 3, 3)


def test_research_remakes_an_empty_tech_deck_from_the_discards():
    s = to_development(fighting())
    s["decks"].update(tech=1, tech_discard=71)
    d = apply(upgrade.develop, s, "Ana", "research", redraw=True).state["decks"]
    assert (d["tech"], d["tech_face_up"], d["tech_discard"]) == (72, 3, 0)


def test_tech_slot_must_be_empty_and_two_handed_takes_both_hands():
    s = fighting()
    s = do(upgrade.tech, s, "Atlas", "equip", "Blade", slot="hand")
    assert s["titans"]["Atlas"]["tech"]["Blade"]["slot"] == "hand1"
    with pytest.raises(RuleError, match="both hands .* taken by Blade"):
        upgrade.tech(s, dice(), "Atlas", "equip", "Maul", slot="hands")
    s = do(upgrade.tech, s, "Atlas", "equip", "Knife", slot="hand")
    assert s["titans"]["Atlas"]["tech"]["Knife"]["slot"] == "hand2"
    with pytest.raises(RuleError, match="both hand slots are taken"):
        upgrade.tech(s, dice(), "Atlas", "equip", "Spoon", slot="hand")
    s = do(upgrade.tech, s, "Atlas", "discard", "Blade")
    assert s["decks"]["tech_discard"] == 1
    with pytest.raises(InputError, match="--slot wings"):
        cli_upgrade.slot_name("Wings")


def test_tech_spend_charges():
    s = equipped(fighting(), Gun={"slot": "hand1", "charges": 2, "disabled": False})
    out = typed(cli_upgrade.read_tech, upgrade.tech, s, titan="Atlas", action="spend", card="gun", n=2)
    assert out.state["titans"]["Atlas"]["tech"]["Gun"]["charges"] == 0
    with pytest.raises(RuleError, match="has 2 Charges, not 3"):
        upgrade.tech(s, dice(), "Atlas", "spend", "Gun", n=3)
    s["titans"]["Atlas"]["tech"]["Gun"]["disabled"] = True
    with pytest.raises(RuleError, match="disabled"):
        upgrade.tech(s, dice(), "Atlas", "spend", "Gun", n=1)


def test_support_movement_up_to_three_cities():
    s = to_development(fighting())
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 1}, {"city": "London", "damage": 0}]
    out = apply(upgrade.supports_move, s, "Bo", "London", "Beijing", count=1)   # London-Moscow-Beijing
    sups = out.state["players"]["Bo"]["supports"]
    assert sorted((x["city"], x["damage"]) for x in sups) == [("Beijing", 0), ("London", 1)]
    with pytest.raises(RuleError, match="up to 3 cities"):
        upgrade.supports_move(s, dice(), "Bo", "London", "Sydney")
    after = out.state
    with pytest.raises(RuleError, match="step 3"):
        upgrade.develop(after, dice(), "Ana", "industry")


def test_a_support_moves_at_most_three_cities_in_an_upgrade_phase():
    """The book, Supports: "In the Support Movement Subphase of the Upgrade Phase a player can move
    Supports up to 3 cities distance"; Upgrade Phase, step 4: "may move their own Support Tokens up
    to 3 city spaces". In all, across commands: London → Moscow (1) → Beijing (1) → Tokyo (1) is 3;
    one more city is refused. The count starts again with the next Upgrade Phase."""
    s = passed(to_development(fighting()), "Ana")
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 0}, {"city": "London", "damage": 0}]
    s = do(upgrade.supports_move, s, "Bo", "London", "Moscow")
    out = apply(upgrade.supports_move, s, "Bo", "Moscow", "Beijing")
    assert out.lines[0] == ("Move 1 Support of Bo (yellow) from Moscow to Beijing (1 city; it may move 1 more city "
                            "this Upgrade Phase).")
    s = do(upgrade.supports_move, out.state, "Bo", "Beijing", "Tokyo")
    with pytest.raises(RuleError, match="a Support moves up to 3 cities in an Upgrade Phase, in all: Bo's on Tokyo "
                                        "may still move 0"):
        upgrade.supports_move(s, dice(), "Bo", "Tokyo", "Beijing")
    s = do(upgrade.supports_move, s, "Bo", "London", "Moscow")         # the other one has its 3 cities
    assert sorted((sp["city"], sp["moved"]) for sp in s["players"]["Bo"]["supports"]) == [("Moscow", 1), ("Tokyo", 3)]
    s = ended(s)
    assert [sp for sp in s["players"]["Bo"]["supports"] if "moved" in sp] == []
    s["players"]["Bo"]["supports"][0]["moved"] = 1
    assert game.validate(s) == ["state.players.Bo.supports[0].moved is only kept during the Upgrade Phase"]


def test_destroyed_supports_can_be_bought_again():
    s = passed(to_development(fighting()), "Ana")
    s["players"]["Bo"].update(credits=1, supports=[{"city": "London", "damage": 0} for _ in range(3)])
    with pytest.raises(RuleError, match="at most 3"):
        upgrade.develop(s, dice(), "Bo", "army", city="London")
    s = do(byhand.damage, s, 2, support="London")
    assert len(apply(upgrade.develop, s, "Bo", "army", city="London").state["players"]["Bo"]["supports"]) == 3
