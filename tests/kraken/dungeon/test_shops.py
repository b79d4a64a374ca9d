"""journal/games/kraken/dungeon/shops.py: Chapter 13, Shops and the other traders, their prices by
grade; Phase 4's short visit (ch. 5)."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, HIRED, apply, dice, explorer, new_state, ship_state

from journal.errors import InputError, RuleError
from journal.games.kraken import crew as crew_rules, equipment, phases, quests, resources, ship, treasure
from journal.games.kraken.dungeon import maps, shops
from journal.games.kraken.model import campaign, weapons
from journal.games.kraken.model.constants import GRADE_PRICES
from journal.games.kraken.schema import validate


def visit_ready(teleport=2):
    s = explorer(teleport=teleport)
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state       # map 1 is cleared
    return apply(s, phases.phase, to=4).state


def test_the_grade_5_shop_of_phase_3_sells_as_a_dungeons_shop():
    """Ch. 5 Phase 3: "Visit a grade 5 Shop"; ch. 13 Shops: "Rare Equipment can also be bought
    at Shops, which is Equipment with one grade above the Shop's Level. But the price gets
    doubled"."""
    s = apply(ship_state(phase=3), phases.free_action, kind="shop").state
    assert s["shop"] == {"grade": 5, "by": "phase 3"}
    s["grade_prices"] = {"5": 60, "6": 100}                              # copied from the book's price list
    out = apply(s, shops.dungeon_buy, item="Railgun", grade=5)
    assert out.data["cost"] == 60
    with pytest.raises(RuleError, match="up to grade 5"):
        shops.dungeon_buy(s, dice(), item="Plasma cannon", grade=6)
    assert apply(s, shops.dungeon_buy, item="Plasma cannon", grade=6, rare=True).data["cost"] == 200
    assert apply(s, shops.dungeon_sell, item="Helmet", value=5).data["gain"] == 3
    assert apply(s, ship.ship_buy, system="Laser", cat=CAT).data["price"] == 5
    assert apply(s, crew_rules.crew_add, name="Zed", attrs=dict(HIRED), level=2, hire=True).state["crew"]["Zed"]
    s = apply(s, phases.phase, to=4).state                               # the Shop is left as Phase 3 ends
    assert "shop" not in s
    with pytest.raises(RuleError, match="not at a shop"):
        shops.dungeon_buy(s, dice(), item="Railgun", grade=5)


def test_an_events_shop_offers_the_same_service():
    """Ch. 6: "In some Events you will find Shops, Ammo dealers, Gamblers and Modders which
    offer you the same service as when you find them during Dungeon Exploration"."""
    s = apply(ship_state(phase=1), shops.event_shop, grade=3).state
    assert apply(s, shops.dungeon_buy, item="Rifle", grade=3).data["cost"] == 12
    assert apply(s, ship.ship_buy, system="Laser", cat=CAT).data["price"] == 5
    assert "shop" not in apply(s, phases.phase, to=2).state


def test_gambler_does_not_take_back_what_it_gave_this_turn():
    s = explorer()
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Helmet").state
    s = apply(s, shops.dungeon_shop, tile="G", kind="gambler", how="free").state
    out = apply(s, shops.dungeon_gamble, 6, item="Helmet", grade=3)
    assert out.data["grade"] == 4 and "1" not in out.state["crew"]["Ann"]["inventory"]
    s = apply(out.state, shops.dungeon_gamble, item=None, grade=None, got="Plasma pistol").state
    with pytest.raises(RuleError, match="bad for business"):
        shops.dungeon_gamble(s, dice(3), item="plasma pistol", grade=4)
    s = apply(s, maps.dungeon_leave, way="entrance", how="none").state
    s = apply(s, phases.turn).state
    assert "gambled" not in s


def test_quest_master_once_per_exploration_and_the_quest_remembers_it():
    s = apply(explorer(), shops.dungeon_shop, tile="Q", kind="quest-master", how="free").state
    out = apply(s, quests.quest_add, name="Ore", urgent=True)
    assert out.state["quests"]["Ore"]["master"] == "MAP1 map 1 Q"
    with pytest.raises(RuleError, match="once per exploration"):
        shops.dungeon_shop(s, dice(), tile="Q", kind="quest-master")


def test_short_visit_in_phase_4_to_a_cleared_map():
    """Ch. 5 Phase 4: teleport to a cleared map with a trader, do one thing, come back."""
    s = visit_ready()
    out = apply(s, shops.short_visit, slot="1", map_no=1, kind="shop", tile="S3")
    v = out.state
    assert v["dungeon"]["visit"] and v["short_visit"] and v["credits"] == 100   # Charisma 2 - 2: no trash bonus
    v = apply(v, shops.dungeon_buy, item="Laser rifle", grade=3).state
    assert v["credits"] == 88
    with pytest.raises(RuleError, match="short visit is one trade"):
        maps.dungeon_move(v, dice())
    v = apply(v, maps.dungeon_leave, way="teleport").state
    assert "dungeon" not in v and v["locations"]["1"]["cleared"] == [1]
    with pytest.raises(RuleError, match="was made already"):
        shops.short_visit(v, dice(), slot="1", map_no=1, kind="modder", tile="M")


@pytest.mark.parametrize("map_no, teleport, phase, message", [(2, 2, 4, "not cleared"), (1, 0, 4, "teleport value"),
                                                              (1, 2, 5, "Phase 4")])
def test_short_visit_conditions(map_no, teleport, phase, message):
    s = visit_ready(teleport)
    if phase == 5:
        s = apply(s, phases.phase, to=5).state
    with pytest.raises(RuleError, match=message):
        shops.short_visit(s, dice(), slot="1", map_no=map_no, kind="gambler", tile="G")


def test_item_prices_by_grade_the_text_gives():
    """Ch. 13-14: a grade 3 weapon costs 12 Credits, a grade 4 one 30; the others come from
    the book's pages 165/167, noted once with `grade-price`."""
    assert GRADE_PRICES == {3: 12, 4: 30}
    s = apply(explorer(difficulty=2), shops.dungeon_shop, tile="S3", kind="shop", how="free").state
    with pytest.raises(InputError, match="grade-price 5 PRICE"):
        shops.dungeon_buy(s, dice(), item="Railgun", grade=5)
    s = apply(s, resources.grade_price, grade=5, price=60).state
    assert apply(s, shops.dungeon_buy, item="Railgun", grade=5).state["credits"] == 40
    with pytest.raises(RuleError, match="the rulebook prints it"):
        resources.grade_price(s, dice(), grade=3, price=15)
    s["grade_prices"]["4"] = 31
    assert any("grade 4 at 30¢" in p for p in validate(s))


def test_shop_trash_bonus_once_and_the_grade_limit():
    s = explorer(difficulty=3)
    s["crew"]["Ben"]["charisma"] = 6
    out = apply(s, shops.dungeon_shop, tile="S2", how="free")
    assert out.state["credits"] == 100 + 4 and out.data["limit"] == 5          # 3 + 2
    out = apply(out.state, shops.dungeon_shop, tile="S2", how="stay")
    assert out.state["credits"] == 104
    s = out.state
    out = apply(s, shops.dungeon_buy, item="Laser rifle", grade=3)
    assert out.state["credits"] == 104 - 12
    out = apply(s, shops.dungeon_buy, item="Rare gun", grade=6, price=50, rare=True)
    assert out.state["credits"] == 104 - 100
    with pytest.raises(RuleError, match="up to grade 5"):
        shops.dungeon_buy(s, dice(), item="x", grade=6, price=5)
    assert apply(s, shops.dungeon_buy, item="Rifle", grade=3, ammo=True).state["credits"] == 101


def test_ammo_dealer_two_magazines_for_the_grade_up_to_difficulty_plus_1():
    s = apply(explorer(difficulty=2), shops.dungeon_shop, tile="A", kind="ammo-dealer", how="free").state
    assert apply(s, shops.dungeon_buy, item="Rifle", grade=3, ammo=True).state["credits"] == 97
    with pytest.raises(RuleError, match="up to grade 3"):
        shops.dungeon_buy(s, dice(), item="Rail", grade=4, ammo=True)


@pytest.mark.parametrize("roll, grade, worn, result", [(1, 3, False, 2), (4, 3, False, 3), (6, 3, False, 4),
                                                       (6, 6, False, 6), (3, 3, True, 2)])
def test_gambler_trades_for_another_grade(roll, grade, worn, result):
    s = apply(explorer(), shops.dungeon_shop, tile="G", kind="gambler", how="free").state
    assert apply(s, shops.dungeon_gamble, roll, item="Helmet", grade=grade, worn=worn).data["grade"] == result


def test_modder_adds_ammo_or_damage_for_the_grades_price():
    s = explorer()
    s["credits"] = 200
    s = apply(s, equipment.crew_weapon, name="Ann", spec="Laser gatling (2) 4+, 3x3 A10 RG G4").state
    s = apply(s, shops.dungeon_shop, tile="MOD", kind="modder", how="free").state
    out = apply(s, shops.dungeon_mod, name="Ann", weapon="Laser gatling", mod="damage", grade=None)
    assert out.state["credits"] == 170                                            # grade 4: 30
    assert weapons.weapon_spec(out.state["crew"]["Ann"]["weapons"]["Laser gatling"])["damage"] == 4   # 3x3 → 3x4
    out = apply(s, shops.dungeon_mod, name="Ann", weapon="Laser gatling", mod="both", grade=None)
    assert out.state["credits"] == 110 and weapons.weapon_spec(out.state["crew"]["Ann"]["weapons"]["Laser gatling"])[
        "ammo"] == 15


def test_the_gambler_costs_an_action_to_trade_or_to_sell():
    """Ch. 13 Gambler: "Spend an action here to sell Equipment, or to discard an Item or Weapon
    carried by a Crew Member on this Tile and roll a d6" (l.1011): each is an action on its
    tile (Oxygen by the atmosphere: outside here, 1)."""
    s = explorer()
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Helmet").state
    s = apply(s, shops.dungeon_shop, tile="G", kind="gambler", how="free").state
    out = apply(s, shops.dungeon_gamble, 4, item="Helmet", grade=3)
    assert (out.state["oxygen"], out.state["dungeon"]["actions"]) == (s["oxygen"] - 1, s["dungeon"]["actions"] + 1)
    out = apply(s, shops.dungeon_sell, item="Helmet", value=5)
    assert (out.state["oxygen"], out.state["dungeon"]["actions"]) == (s["oxygen"] - 1, s["dungeon"]["actions"] + 1)
    shop = apply(explorer(), shops.dungeon_shop, tile="S3", how="free").state
    assert apply(shop, shops.dungeon_sell, item="Helmet", value=5).state["oxygen"] == shop["oxygen"]   # a Shop: none


def test_a_short_visit_is_one_action():
    """Ch. 5 Phase 4: the crew "can visit that trader and perform one of these actions ... Once
    the action is complete, your Crew Members return to your Ship" (l.350, l.358): a second
    trade is refused, naming the way back."""
    s = visit_ready()
    v = apply(s, shops.short_visit, slot="1", map_no=1, kind="shop", tile="S3").state
    v = apply(v, shops.dungeon_buy, item="Laser rifle", grade=3).state
    for fn, params in ((shops.dungeon_buy, {"item": "Helmet", "grade": 1, "price": 2}),
                       (shops.dungeon_sell, {"item": "Helmet", "value": 4}),
                       (crew_rules.crew_add, {"name": "Zed", "attrs": dict(HIRED), "level": 2, "hire": True})):
        with pytest.raises(RuleError, match="a short visit is one action, and it was taken; back to the ship: journal "
                                            "kraken dungeon leave teleport"):
            fn(v, dice(), **params)
    g = apply(s, shops.short_visit, slot="1", map_no=1, kind="gambler", tile="G").state
    g = apply(g, shops.dungeon_gamble, 4, item="Helmet", grade=3).state           # no Oxygen: the visit's action
    assert g["oxygen"] == s["oxygen"]
    with pytest.raises(RuleError, match="one action"):
        shops.dungeon_gamble(g, dice(4), item="Boots", grade=3)


def test_a_use_up_item_that_is_not_full_cannot_be_sold():
    """Ch. 13 Shops: "U/Use Items that do not have their full amount of uses cannot be sold"
    (l.1079). journal writes the uses left of the full amount once it erases one (U1/2); a
    Gambler counts such an item a grade lower."""
    s = explorer()
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Medkit U2").state
    s = apply(s, shops.dungeon_shop, tile="S3", how="free").state
    used = apply(s, equipment.crew_use, name="Ann", item="Medkit", heal_hp=1).state
    assert used["crew"]["Ann"]["inventory"]["1"] == "Medkit U1/2"
    with pytest.raises(RuleError, match="the Medkit U1/2 has spent some of its uses: U/Use Items that do not have "
                                        "their full amount of uses cannot be sold"):
        shops.dungeon_sell(used, dice(), item="Medkit", value=4)
    assert apply(s, shops.dungeon_sell, item="Medkit U2", value=4).data["gain"] == 2
    g = apply(used, shops.dungeon_shop, tile="G", kind="gambler").state
    assert apply(g, shops.dungeon_gamble, 4, item="Medkit", grade=3).data["counted"] == 2


def test_a_sold_item_leaves_the_crew_member_who_carried_it():
    """Ch. 13 Shops buy Equipment "at half its value" (K14): what is sold is the crew's no more:
    a weapon leaves the hand that held it, its Ammo with it (as a Gambler's trade does); on the
    ship, an item may come out of the ship's storage (issue 29 §3)."""
    s = explorer()
    s = apply(s, equipment.crew_weapon, name="Ann", spec="Rifle (1) 4+, 2x3 A6 RG G3").state
    slot = next(k for k, v in s["crew"]["Ann"]["inventory"].items() if v == "Rifle")
    s = apply(s, shops.dungeon_shop, tile="S3", how="free").state
    out = apply(s, shops.dungeon_sell, item="rifle", value=12)
    ann = out.state["crew"]["Ann"]
    assert out.data["gain"] == 6 and slot not in ann["inventory"] and "Rifle" not in (ann.get("weapons") or {})
    assert f"Ann hands over the Rifle: slot {slot} erased." in out.lines
    s = apply(ship_state(phase=3), phases.free_action, kind="shop").state
    s["storage"] = ["Helmet", "Boots"]
    out = apply(s, shops.dungeon_sell, item="Boots", value=4)
    assert out.state["storage"] == ["Helmet"] and "The Boots leaves the ship's storage." in out.lines
    out = apply(s, shops.dungeon_sell, item="Goggles", value=4)
    assert "Erase the Goggles (it is in none of the crew's inventory slots)." in out.lines


def test_the_grade_prices_have_one_name():
    """Ch. 13 (l.1079): "a Weapon of grade 3 costs 12 Credits"; (l.1055): "Pay 30 Credits to mod a
    grade 4 Weapon". The prices the text prints are one constant, and the rules read every known
    price through one function (`known_prices`: those two and the ones noted with `grade-price`),
    not through aliases a command passes in (issue 29 §16)."""
    from pathlib import Path

    import journal.games.kraken as kraken

    assert GRADE_PRICES == {3: 12, 4: 30}
    root = Path(kraken.__file__).parent
    defining = sorted(str(p.relative_to(root)) for p in root.rglob("*.py") if "GRADE_PRICES =" in p.read_text("utf-8"))
    assert defining == ["model/constants.py"]
    aliases = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                     if "GRADE_PRICES as" in p.read_text("utf-8") or "def grade_prices" in p.read_text("utf-8"))
    assert aliases == []
    for fn in (shops.dungeon_buy, shops.dungeon_mod, treasure.treasure_resolve):
        assert "prices" not in fn.__code__.co_varnames[:fn.__code__.co_argcount]
    s = new_state()
    s["grade_prices"] = {"5": 60}                                        # an old save's noted price keeps loading
    assert campaign.known_prices(s) == {3: 12, 4: 30, 5: 60}
