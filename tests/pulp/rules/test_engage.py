"""1a. Engage: the Engage Strength, paying it (P3), the captain's dice that help."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import dice, fresh, line, run, with_abilities

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.pulp.cli.values import parse_payment
from journal.games.pulp.rules import engage, evade, payment


def test_a_missing_icon_asks_for_icon():
    s = line(fresh(), ["G2C.w", "G2.w", "G2S.w", "G3C.w"]).state
    with pytest.raises(NeedChoice, match="--icon is required"):
        engage.engage(s, dice(), 1)
    assert run(engage.engage, s, dice(), 1, icon="C").data["need"]["combat"] == 2


def test_a_card_without_strength_is_engaged_without_paying():
    s = line(fresh(), ["ES.PP", "G2D.w", "G2S.w", "G3C.w"]).state
    out = run(engage.engage, s, dice(), 1)
    assert out.data["paid"] == {"combat": 0, "science": 0, "diplomacy": 0}
    assert out.state["line"][0]["status"] == "engaged"


def test_engage_payment_with_the_matching_ability():
    s = line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(engage.engage, s, dice(), 1)  # default: point for point with Combat
    assert out.data["paid"]["combat"] == 2 and out.state["abilities"]["combat"]["value"] == 2


def test_engage_payment_two_points_of_one_ability_pay_one_of_another():
    s = line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(engage.engage, s, dice(), 1, pay={"combat": 1, "diplomacy": 2})
    assert out.state["abilities"]["combat"]["value"] == 3 and out.state["abilities"]["diplomacy"]["value"] == 1
    with pytest.raises(RuleError, match="does not cover"):
        engage.engage(s, dice(), 1, pay={"combat": 1, "diplomacy": 1, "science": 1})  # pairs of ONE ability
    assert payment.covers({"combat": 2}, 0, {"diplomacy": 2, "science": 2})
    assert not payment.covers({"combat": 2}, 0, {"diplomacy": 3})


def test_engage_cannot_pay_more_than_an_ability_holds():
    s = line(fresh(), ["G5D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    with pytest.raises(RuleError, match="Combat is only 4"):
        engage.engage(s, dice(), 1, pay={"combat": 5})
    with pytest.raises(NeedChoice, match="--pay"):
        engage.engage(s, dice(), 1)  # 5 Combat cannot be paid point for point


def test_a_payment_the_player_must_choose_lists_every_payment_that_works():
    """P3 leaves the choice to the player when point for point cannot pay: NeedChoice lists complete
    --pay answers, the fewest points first; each of them engages the card."""
    s = line(fresh(), ["G5D.w", "A3C.w", "G1S.w", "G2C.w"]).state  # 5 Combat; Combat 4, Science 3, Diplomacy 3
    with pytest.raises(NeedChoice) as asked:
        engage.engage(s, dice(), 1)
    need = asked.value
    assert (need.option, need.param) == ("--pay", "pay")
    assert need.values == ["combat=4,diplomacy=2", "combat=4,science=2", "combat=3,science=2,diplomacy=2"]
    assert "--pay combat=4,diplomacy=2; --pay combat=4,science=2; --pay combat=3,science=2,diplomacy=2" in need.message
    for answer in need.values:  # the runtime runs the command again with the answer as typed
        out = run(engage.engage, s, dice(), 1, pay=parse_payment(answer))
        assert out.data["paid"] == {**{"combat": 0, "science": 0, "diplomacy": 0}, **parse_payment(answer)}
    poor = with_abilities(s, combat=2, science=1, diplomacy=1)
    with pytest.raises(RuleError, match="nor 2 points for 1 .*: evade it"):
        engage.engage(poor, dice(), 1)


def test_engage_overpayment_is_allowed_and_noted():
    s = line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(engage.engage, s, dice(), 1, pay={"combat": 3})
    assert any("more than needed" in m for m in out.lines)


def test_loss_when_two_abilities_reach_zero_during_an_encounter():
    s = with_abilities(line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state, science=0)
    out = run(engage.engage, s, dice(), 1, pay={"combat": 4})
    assert out.state["phase"] == "over" and out.state["result"] == "lost"
    with pytest.raises(RuleError, match="over"):
        evade.evade(out.state, dice(), 2, "diplomacy")
    # journal never proposes a losing payment on its own
    s2 = with_abilities(line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state, science=0, combat=2)
    with pytest.raises(NeedChoice, match="lose the game") as asked:
        engage.engage(s2, dice(), 1)
    assert asked.value.values == ["combat=1,diplomacy=2"]  # the payment that does not lose


def test_captains_dice_add_engage_strength_as_their_faces_say():
    s = line(fresh(), ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state  # 4 Combat; red die on 6: +3 vs Combat
    out = run(engage.engage, s, dice(), 1, die=("red", None, None), pay={"combat": 1})
    assert out.data["dice_bonus"]["combat"] == 3 and out.state["abilities"]["combat"]["value"] == 3
    assert out.state["dice"]["red"] == 5  # turned down one face


def test_dice_against_any_type_cover_any_icon():
    s = line(fresh(faces={"gray": 3, "red": 4}), ["G3D.w", "A3S.w", "G1S.w", "G2D.w"]).state  # 3 Science; red 4: +2 any
    out = run(engage.engage, s, dice(), 1, die=("red", 4, 1))
    assert out.data["dice_any"] == 2 and out.data["paid"]["science"] == 1 and out.state["dice"]["red"] == 1


def test_a_die_that_cannot_help_is_refused():
    s = line(fresh(), ["G2D.w", "A3S.w", "G1S.w", "G2C.w"]).state  # 2 Science: red 6 is +3 vs Combat
    with pytest.raises(RuleError, match="would not help"):
        engage.engage(s, dice(), 1, die=("red", None, None))


def test_artificial_intelligence_rolls_an_unowned_crew_die_for_this_engage():
    s = line(fresh(chosen=("orange", "yellow"), faces={"yellow": 1}), ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(engage.engage, s, dice(6), 1, die=("yellow", None, None), pay={"combat": 1})
    assert out.data["dice"][0]["rolled"] == {"red": 6} and out.data["dice_bonus"]["combat"] == 3
    assert out.state["dice"] == {"orange": 6, "yellow": 1}
    s = line(fresh(chosen=("red", "yellow"), faces={"yellow": 1}), ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    with pytest.raises(RuleError, match="is yours"):
        engage.engage(s, dice(6), 1, die=("yellow", None, None))


def test_engineer_2_upgrades_instead_of_adding_strength_when_told():
    s = line(fresh(chosen=("orange", "gray"), faces={"orange": 2, "gray": 3}), ["G1D.w", "A3S.w", "G1S.w", "G2C.w"]).state
    out = run(engage.engage, s, dice(), 1, die=("orange", None, None), upgrade="gray", pay={"science": 1})
    assert out.state["dice"] == {"orange": 1, "gray": 4} and out.data["dice_bonus"]["science"] == 0
    out = run(engage.engage, s, dice(), 1, die=("orange", None, None))
    assert out.state["dice"] == {"orange": 1, "gray": 3} and out.data["paid"]["science"] == 0
    with pytest.raises(InputError, match="only the orange die on 2 or 6"):
        engage.engage(s, dice(), 1, upgrade="gray", pay={"science": 1})


def test_the_engineer_on_6_asks_which_systems_die_it_upgrades():
    """Engineer 6: "+2 ... and upgrade any Captain's System die 2 sides": with two Systems dice, the
    player says which (a terminal asks; a script is told the option and the dice)."""
    s = line(fresh(captain="Mina Tormelson", chosen=("orange", "gray", "yellow"),
                   faces={"orange": 6, "gray": 3, "yellow": 2}), ["G4D.w", "A3S.w", "G1S.w", "G2C.w"]).state
    with pytest.raises(NeedChoice) as asked:
        engage.engage(s, dice(), 1, die=("orange", None, None), pay={"science": 2})
    assert (asked.value.option, asked.value.param, asked.value.values) == ("--upgrade", "upgrade", ["yellow", "gray"])
    out = run(engage.engage, s, dice(), 1, die=("orange", None, None), pay={"science": 2}, upgrade="yellow")
    assert out.state["dice"] == {"orange": 5, "gray": 3, "yellow": 4}


def ai_game(crew_face: int, chosen=("red", "yellow", "gray"), yellow=5):
    """Mina Tormelson with the yellow die on `yellow` (5 rolls the unowned orange die), engaging
    4 Science; the die roll `crew_face`."""
    faces = {"yellow": yellow, **({"gray": 3} if "gray" in chosen else {})}
    s = line(fresh(captain="Mina Tormelson", chosen=chosen, faces=faces), ["G4D.w", "A3S.w", "G1S.w", "G2C.w"]).state
    return s, dice(crew_face)


def test_a_rolled_face_applies_whole_the_engineer_on_6_adds_strength_and_upgrades_a_systems_die():
    """Artificial Intelligence 5: "Roll 1 orange Engineer die when Engaging. Use the rolled die face for
    this current Engage turn"; Engineer 6: "Gain +2 ... against Super Science Enemy Engage Strength and
    upgrade any Captain's System die 2 sides": both halves apply. The yellow die is turned down first."""
    s, d = ai_game(6)
    with pytest.raises(NeedChoice) as asked:  # two Systems dice: which one goes up
        engage.engage(s, d, 1, die=("yellow", None, None), pay={"science": 2})
    assert (asked.value.option, asked.value.values) == ("--upgrade", ["yellow", "gray"])
    out = run(engage.engage, s, dice(6), 1, die=("yellow", None, None), pay={"science": 2}, upgrade="gray")
    assert out.data["dice_bonus"]["science"] == 2 and out.state["dice"] == {"red": 6, "yellow": 4, "gray": 5}
    assert out.data["dice"] == [{"die": "yellow", "face": 5, "rolled": {"orange": 6}, "upgrade": 2}]
    assert "Upgrade the gray die 3 → 5." in out.lines
    out = run(engage.engage, s, dice(6), 1, die=("yellow", None, None), pay={"science": 2}, upgrade="yellow")
    assert out.state["dice"]["yellow"] == 6  # turned down to 4, then up 2
    s1, d1 = ai_game(6, chosen=("red", "yellow"))  # the only Systems die: no question
    out = run(engage.engage, s1, d1, 1, die=("yellow", None, None), pay={"science": 2})
    assert out.state["dice"] == {"red": 6, "yellow": 6}


def test_a_rolled_engineer_on_2_is_the_players_choice_strength_or_an_upgrade():
    """Engineer 2: "Gain +1 ... against Super Science Enemy Engage Strength or upgrade any Captain's System
    die 1 side": the face is rolled mid-command, so the player is asked (a script is told the option)."""
    s, d = ai_game(2)
    with pytest.raises(NeedChoice) as asked:
        engage.engage(s, d, 1, die=("yellow", None, None), pay={"science": 3})
    assert asked.value.values == ["none", "yellow", "gray"] and "the orange die rolled 2" in asked.value.message
    out = run(engage.engage, s, dice(2), 1, die=("yellow", None, None), pay={"science": 3}, upgrade="none")
    assert out.data["dice_bonus"]["science"] == 1 and out.state["dice"]["gray"] == 3
    out = run(engage.engage, s, dice(2), 1, die=("yellow", None, None), pay={"science": 3, "combat": 2}, upgrade="gray")
    assert out.data["dice_bonus"]["science"] == 0 and out.state["dice"] == {"red": 6, "yellow": 4, "gray": 4}


def test_a_rolled_face_with_nothing_for_an_engage_says_so_and_an_unused_upgrade_is_refused():
    """Infiltration Agent 1 ("Draw 1 additional cube in your Planet Search phase"): the rolled die is
    discarded after this engage, so its search cube does not come; the engage goes on."""
    s = line(fresh(captain="Mina Tormelson", chosen=("red", "yellow", "gray"), faces={"yellow": 3, "gray": 3}),
             ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(engage.engage, s, dice(1), 1, die=("yellow", None, None))
    assert "The blue die on 1 does nothing in an engage: it adds no Engage Strength." in out.lines
    assert out.data["paid"]["combat"] == 2
    with pytest.raises(InputError, match=r"upgrades a Systems die \(the blue die rolled 1\)"):
        engage.engage(s, dice(1), 1, die=("yellow", None, None), upgrade="gray")
