"""Cards, where the rulebook defines what they do: bonus dice (Tech Cards, Tyrant Artifacts, Final
Blows), re-rolls, immunities against every equipped Tech Card, the face-up Tech Cards by name,
and the pilot O.N.E. printed in the rulebook."""

from __future__ import annotations

import pytest
from titans_helpers import typed, table, DICE_TABLE, TITANS, apply, dice, do, fighting, fresh, put, with_threat

from journal.games.titans.cli import upgrade as cli_upgrade
from journal.games.titans.cli.values import rolled_only
from journal.errors import InputError, RuleError
from journal.games import titans as game
from journal.games.titans.rules import byhand, checks, ending, fight, opening, rifts, setup, turn, upgrade
from journal.games.titans.rules.fight import Attack

# the sample face table: 1 red, 2 bolt, 3 bolt, 4 gear, 5 wing, 6 blank; combat counts red and bolt


def _upgrade(s):
    return do(turn.next_phase, s)


def _sword(s, **over):
    """Atlas equips the two-handed Plasma Sword [energy], +1 combat die."""
    return do(upgrade.tech, s, "Atlas", "equip", "Plasma Sword", slot="hands", tags=("energy",),
              bonus={"combat": 1}, **over)


# --- bonus dice (rulebook: Dice and Ability Checks) --------------------------------------------------

def test_tech_card_bonus_dice_join_the_ability_check():
    s = put(_sword(fighting(die_table=DICE_TABLE)), "F5", "Tokyo")
    assert s["titans"]["Atlas"]["tech"]["Plasma Sword"]["dice"] == {"combat": 1}
    d = dice(2, 2, 6, 6, 6)
    out = apply(fight.attack, s, Attack("Atlas"), dice=d)
    assert len(d.rolls) == 5 and out.data["successes"] == 2            # Combat 4 + 1
    assert "5 dice (Combat 4, Plasma Sword +1)" in out.lines[1]
    assert checks.dice_pool(s, "Atlas", "repair") == (2, [("Repair", 2)])   # a combat bonus only


def test_disabled_tech_card_gives_no_bonus_dice():
    s = put(_sword(fighting(die_table=DICE_TABLE)), "F5", "Tokyo")
    s = do(upgrade.tech, s, "Atlas", "disable", "Plasma Sword")
    d = dice(2, 2, 6, 6)
    apply(fight.attack, s, Attack("Atlas"), dice=d)
    assert len(d.rolls) == 4


def test_final_blow_bonus_dice():
    spec = [{**TITANS[0], "blow_dice": 2}, TITANS[1]]
    s = setup.new(table(spec, die_table=DICE_TABLE), dice()).state
    s = put(do(turn.next_phase, do(opening.opening, s)), "F5", "Tokyo")
    d = dice(*[6] * 6)
    out = apply(fight.attack, s, Attack("Atlas", final_blow=True), dice=d)
    assert len(d.rolls) == 6 and "Final Blow +2" in " ".join(out.lines)


def test_tyrant_artifact_bonus_dice_are_never_disabled_nor_ignored():
    s = fighting(2)
    s["rifts"]["North"]["lair"] += s["rifts"]["North"]["guardians"]
    s["rifts"]["North"]["guardians"] = []
    s = do(rifts.trial, do(fight.move, s, "Atlas", "North"), "Atlas", "North", "pass")
    s = do(turn.next_phase, do(opening.opening, do(ending.ending, s)))          # turn 2: Bo leads
    s = do(turn.pass_turn, s, "Bo")
    out = apply(rifts.rift_close, s, "North", "Atlas", city="Toronto", artifact="Storm Crown",
                bonus={"repair": 1, "combat": 2})
    p = out.state["players"]["Ana"]
    assert p["artifacts"] == ["Storm Crown"] and p["artifact_dice"] == {"Storm Crown": {"repair": 1, "combat": 2}}
    s = out.state
    s["dice"] = dict(DICE_TABLE)
    s = do(byhand.damage, s, 10, titan="Atlas", direct=True)                  # Tech Cards disabled; not artifacts
    assert checks.dice_pool(s, "Atlas", "combat") == (6, [("Combat", 4), ("Storm Crown", 2)])
    s2 = out.state                                                    # a second Tyrant, same artifact name
    south = s2["rifts"]["South"]
    south.update(trial="tyrant", challenger="Atlas", trial_turn=1, lair=south["lair"] + south["guardians"],
                 guardians=[])
    s2["titans"]["Atlas"].pop("city")
    s2["titans"]["Atlas"]["rift"] = "South"
    s2["round"]["done"] = []
    assert game.validate(s2) == []
    with pytest.raises(RuleError, match="already holds an artifact named Storm Crown"):
        rifts.rift_close(s2, dice(), "South", "Atlas", city="Sao Paulo", artifact="Storm Crown")


def test_bonus_dice_are_checked():
    with pytest.raises(InputError, match="bonus dice go to a check"):
        cli_upgrade.tech_details("equip", None, "hand", (), False, ("armor+1",), ())
    with pytest.raises(InputError, match="--bonus combat\\+12: expected -9..\\+9 dice, not 0"):
        cli_upgrade.tech_details("equip", None, "hand", (), False, ("combat+12",), ())
    s = fighting()
    s["titans"]["Atlas"]["tech"]["Gun"] = {"slot": "hand1", "charges": 0, "disabled": False, "dice": {"hp": 1}}
    s["decks"]["tech"] -= 1
    assert any("state.titans.Atlas.tech.Gun.dice.hp is not a known key" in p for p in game.validate(s))


def test_reroll_rolls_failed_dice_again_once_each():
    s = put(fighting(die_table=DICE_TABLE), "F5", "Tokyo")
    d = dice(2, 6, 4, 6, 1, 5)                         # bolt, blank, gear, blank; re-roll 2: red, wing
    out = apply(fight.attack, s, Attack("Atlas", reroll=2), dice=d)
    assert out.data["successes"] == 2 and len(d.rolls) == 6
    assert "Re-roll 2 failed dice once each: blank → red, gear → wing: 2 successes." in out.lines
    with pytest.raises(InputError, match="--reroll only goes with a roll by journal"):
        rolled_only(2, 0, 1)
    d = dice(1, 2, 3, 1)
    apply(fight.attack, s, Attack("Atlas", reroll=3), dice=d)                 # no failed die: nothing more is rolled
    assert len(d.rolls) == 4


# --- immunities against every equipped card (Attack Tag, Red only) ------------------------------------

def test_immunity_ignores_every_equipped_tech_card_bearing_the_tag():
    s = put(_sword(fighting(die_table=DICE_TABLE)), "M3", "Tokyo")     # M3 at Red: immune to energy
    red = with_threat(s, 16)
    d = dice(1, 1, 1, 1)                                               # four red symbols
    out = apply(fight.attack, red, Attack("Atlas"), dice=d)                    # Plasma Sword not declared
    assert out.data["ignored_tech"] == ["Plasma Sword"] and len(d.rolls) == 4      # no +1 die
    assert out.data["successes"] == 4                                  # and no two-handed double red
    assert "Atlas ignores Plasma Sword (energy) in this attack: no bonus from it." in out.lines
    d = dice(1, 1, 1, 1, 1)
    assert apply(fight.attack, with_threat(s, 15), Attack("Atlas"), dice=d).data["successes"] == 10   # Blue: 5 reds × 2


# --- face-up Tech Cards by name (RESEARCH buys one of them) ---------------------------------------------

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


# --- O.N.E., the pilot card printed in the rulebook -------------------------------------------------------

def _one(players=2):
    spec = [{**TITANS[0], "pilot": "O.N.E."}] + [dict(t) for t in TITANS[1:players]]
    return setup.new(table(spec), dice()).state


def test_one_draws_two_episode_cards_and_chooses_which_one_resolves():
    s = _one()
    out = apply(opening.opening, s, pilot_draw=True)
    d = out.state["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (70, 2, 0)
    assert out.state["invasions"] == 1 and out.data["pilot_draw"] is True and out.data["episodes_drawn"] == 1
    assert "O.N.E. (Ana's pilot) draws two Episode Cards and chooses which one resolves" in " ".join(out.lines)
    s["invaded"] = True
    s = with_threat(s, 16)                                            # Red: 2 cards, +1 to choose from
    d = apply(opening.opening, s, pilot_draw=True).state["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (69, 2, 1)


def test_only_one_may_draw_two_episode_cards():
    with pytest.raises(RuleError, match="Ana's pilot is Ono: only O.N.E. draws two"):
        opening.opening(fresh(), dice(), pilot_draw=True)
    assert "resolves: journal titans opening --pilot-draw)" in setup.new(table([{**TITANS[0], "pilot": "one"}]),
                                                                         dice()).lines[-1]


def test_one_defeats_an_invader_in_a_city_once_in_every_game():
    s = put(put(do(turn.next_phase, do(opening.opening, _one())), "F5", "Lima"), "T1", "Paris")
    out = apply(byhand.defeat, s, "F5", "Atlas", pilot_ability=True)
    st = out.state
    assert "F5" not in st["invaders"] and st["rifts"]["North"]["lair"][-1] == "F5"
    assert st["players"]["Ana"]["credits"] == 3 and st["once_used"] == ["O.N.E."]
    with pytest.raises(RuleError, match="has been used already"):
        byhand.defeat(st, dice(), "T1", "Atlas", pilot_ability=True)
    with pytest.raises(RuleError, match="Brute's pilot is Kira: the once-a-game defeat is O.N.E.'s ability"):
        byhand.defeat(s, dice(), "T1", "Brute", pilot_ability=True)
    with pytest.raises(RuleError, match="F1 guards a rift: O.N.E. chooses an invader in a city"):
        byhand.defeat(s, dice(), "F1", "Atlas", pilot_ability=True)


def test_defeat_by_a_cards_text_gives_the_reward_and_triggers_terrestrial_abilities():
    s = put(fighting(), "T1", "Paris")
    out = apply(byhand.defeat, s, "T1", "Brute")
    assert out.state["players"]["Bo"]["credits"] == 1 and out.state["cities"]["Paris"]["damage"] == 1
    assert out.data["abilities"][0]["invader"] == "T1"
    with pytest.raises(RuleError, match="T3 is in its Lair"):
        byhand.defeat(s, dice(), "T3", "Brute")


def test_cli_one_and_face_up(journal):
    journal("titans", "new", "g", "--titan",
            "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,pilot=O.N.E.,player=Ana,city=Tokyo,blow_dice=2",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,player=Bo,city=London",
            "--face-up", "Plasma Sword", "--face-up", "Ion Shield", "--seed", "3", ok=True)
    st = journal.state("g")
    assert st["titans"]["Atlas"]["blow_dice"] == 2 and st["decks"]["face_up_cards"] == ["Plasma Sword", "Ion Shield"]
    out = journal("titans", "opening", "-s", "g", "--pilot-draw", ok=True).stdout
    assert "O.N.E. (Ana's pilot) draws two Episode Cards" in out
    journal("titans", "invader", "-s", "g", "F1", "--city", "Lima", ok=True)
    journal("titans", "defeat", "-s", "g", "F1", "--titan", "Atlas", "--pilot-ability", ok=True)
    journal("titans", "face-up", "-s", "g", "A", "B", "C", ok=True)
    assert journal.state("g")["decks"]["face_up_cards"] == ["A", "B", "C"]
    r = journal("titans", "tech", "-s", "g", "Atlas", "equip", "Gun", "--slot", "hand", "--bonus", "combat+x")
    assert r.exit_code == 2 and "expected CHECK+N" in r.stderr
    journal("titans", "tech", "-s", "g", "Atlas", "equip", "Gun", "--slot", "hand", "--bonus", "combat+1", ok=True)
    assert journal.state("g")["titans"]["Atlas"]["tech"]["Gun"]["dice"] == {"combat": 1}
    assert "dice with bonuses: combat 5" in journal("show", "-s", "g", ok=True).stdout


@pytest.mark.parametrize("edit,message", [
    (lambda s: s.update(once_used=["Kira"]), 'state.once_used: "Kira" is not a once-a-game ability'),
    (lambda s: s["players"]["Ana"].update(artifact_dice={"Crown": {"combat": 1}}),
     'state.players.Ana.artifact_dice.Crown: "Crown" is not one of Ana\'s artifacts'),
    (lambda s: s["players"]["Ana"].update(artifacts=["Crown"], artifact_dice={"Crown": {"combat": 12}}),
     "state.players.Ana.artifact_dice.Crown.combat = 12 is outside -9..9"),
    (lambda s: s["titans"]["Atlas"].update(blow_dice=0), "state.titans.Atlas.blow_dice = 0 is outside 1..99"),
    (lambda s: s["decks"].update(tech_face_up=1, face_up_cards=["A", "B"]),
     "state.decks.face_up_cards names 2 cards but tech_face_up is 1"),
    (lambda s: s["cards"]["F1"].update(effect=[{"city": "x"}, {}, {}, {}]),
     'state.cards.F1.effect[0].city = "x" is a string'),
])
def test_validate_names_a_bad_card_record(edit, message):
    s = fighting()
    edit(s)
    assert any(message in p for p in game.validate(s)), game.validate(s)


def test_check_adds_bonus_dice_and_rerolls():
    s = _sword(fighting(die_table=DICE_TABLE))
    d = dice(6, 6, 6, 6, 6, 2, 2)                  # five blanks; two re-rolled: bolt, bolt
    out = apply(checks.check, s, "Atlas", "combat", reroll=2, dice=d)
    assert out.data["successes"] == 2 and len(d.rolls) == 7 and out.state == s
