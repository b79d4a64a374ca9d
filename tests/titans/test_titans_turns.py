"""War Titans: "starting from the Lead Character", clockwise — the order of the players' turns.

The rulebook orders the Titans' placement (Setup 13), the Fight Phase (movement, then the
attack), the Development actions and the Support Movement that way. An out-of-turn action
is refused naming whose turn it is; `pass` lets a player skip their turn.
"""

from __future__ import annotations

import copy
import tomllib

import pytest
import tomli_w
from titans_helpers import table, BOARD, INVADERS, RIFT_TYPES, TITANS, apply, dice, do, fighting, put

from journal.errors import InputError, RuleError
from journal.games import titans as game
from journal.games.titans.rules import byhand, ending, fight, opening, order, rifts, setup, turn
from journal.games.titans.rules import upgrade as upgrade_phase
from journal.games.titans.rules.fight import Attack, Repair


def upgrade(state):
    return do(turn.next_phase, state)


def refused(fn, state, *args, **kw) -> str:
    """The one-line refusal of an out-of-turn action; the input state is left as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as e:
        fn(state, dice(), *args, **kw)
    assert state == before and "\n" not in e.value.message
    return e.value.message


# --- Setup 13 ------------------------------------------------------------------------------------

def _unplaced(players=3, lead=None):
    specs = [{k: v for k, v in t.items() if k != "city"} for t in TITANS[:players]]
    return setup.new(table(specs, lead=lead), dice()).state


def test_setup_titans_are_placed_starting_with_the_lead_character_clockwise():
    s = _unplaced(3, lead="Bo")                       # seats Ana, Bo, Cy: Bo, then Cy, then Ana
    msg = refused(fight.move, s, "Atlas", "Cairo")
    assert "it is Bo's turn to place a Titan" in msg and "journal titans move Brute CITY" in msg
    out = apply(fight.move, s, "Brute", "Lima")
    assert out.data["next"] == "Cy" and "Next to place a Titan (Setup 13): Cy" in out.lines[-1]
    s = out.state
    assert "it is Cy's turn" in refused(fight.move, s, "Atlas", "Cairo")
    s = do(fight.move, do(fight.move, s, "Cora", "Sydney"), "Atlas", "Cairo")
    assert do(opening.opening, s)["turn"] == 1


def test_setup_places_each_titan_once():
    s = do(fight.move, _unplaced(2), "Atlas", "Cairo")
    assert "already placed on Cairo" in refused(fight.move, s, "Atlas", "Lima")


def test_setup_city_at_new_follows_the_placement_order():
    specs = [{k: v for k, v in t.items() if k != "city"} for t in TITANS[:2]]
    specs[1]["city"] = "London"                        # Brute placed, but Atlas (the lead's) not
    with pytest.raises(InputError, match="Brute cannot be placed before Atlas, who comes first"):
        setup.new(table(specs), dice())
    s = setup.new(table(specs, lead="Bo"), dice()).state
    assert s["titans"]["Brute"]["city"] == "London"    # Bo leads: Brute is placed first
    assert order.whose_turn(s, "setup") == "Ana"


def test_setup_has_no_pass():
    with pytest.raises(RuleError, match="nobody passes"):
        turn.pass_turn(_unplaced(2), dice())


# --- the Fight Phase ---------------------------------------------------------------------------------

def test_fight_phase_goes_from_the_lead_character_clockwise():
    s = fighting(3)                                   # Ana leads: Ana, Bo, Cy
    msg = refused(fight.move, s, "Brute", "Paris")
    assert msg == ("it is Ana's turn in the Fight Phase (starting from the Lead Character, Ana, clockwise): "
                   "move or attack with Atlas, or journal titans pass Ana")
    s = do(fight.move, s, "Atlas", "Beijing")
    assert "it is Bo's turn" in refused(fight.move, s, "Cora", "Lima")       # Bo has not acted yet
    s = do(fight.move, s, "Brute", "Paris")                                  # Ana's turn ends
    assert "Ana's turn in the Fight Phase is over" in refused(fight.attack, put(s, "F1", "Beijing"), Attack("Atlas", successes=1))
    s = do(fight.move, s, "Cora", "Lima")
    assert s["round"]["done"] == ["Ana", "Bo"] and s["round"]["acting"] == "Cy"


def test_fight_turn_is_movement_then_attack_and_the_attack_ends_it():
    s = put(put(fighting(2), "F1", "Beijing"), "F2", "Paris")
    s = do(fight.move, s, "Atlas", "Beijing")
    out = apply(fight.attack, s, Attack("Atlas", successes=1))
    assert out.state["round"]["done"] == ["Ana"] and "acting" not in out.state["round"]
    assert out.lines[-1] == "Next in the Fight Phase: Bo (move or attack with Brute, or journal titans pass Bo)."
    s = do(fight.move, out.state, "Brute", "Paris")
    out = apply(fight.attack, s, Attack("Brute", successes=1))
    assert out.lines[-1] == "Every Titan has had its turn: journal titans next (Upgrade Phase)."


def test_fight_order_follows_the_lead_character_token():
    s = do(opening.opening, do(ending.ending, fighting(3)))        # the token passed right: Cy leads
    assert s["lead"] == "Cy" and order.seat_order(s) == ["Cy", "Ana", "Bo"]
    assert "it is Cy's turn" in refused(fight.move, s, "Atlas", "Beijing")
    assert "it is Ana's turn" in refused(fight.move, do(turn.pass_turn, s, "Cy"), "Brute", "Paris")


def test_pass_skips_a_players_fight_turn():
    s = fighting(2)
    out = apply(turn.pass_turn, s)                              # no name: whoever's turn it is
    assert out.data == {"player": "Ana", "step": "fight", "next": "Bo", "phase": "fight"}
    assert out.lines[0] == "Ana passes in the Fight Phase."
    s = do(fight.move, out.state, "Brute", "Paris")
    out = apply(turn.pass_turn, s, "Bo")
    assert out.lines[0] == "Bo ends its turn in the Fight Phase." and out.data["next"] is None
    with pytest.raises(RuleError, match="nobody is waiting"):
        turn.pass_turn(out.state, dice())


def test_pass_out_of_turn_is_refused():
    s = fighting(3)
    assert "it is Ana's turn" in refused(turn.pass_turn, s, "Bo")
    s = do(turn.pass_turn, s, "Ana")
    assert "Ana's turn in the Fight Phase is over" in refused(turn.pass_turn, s, "Ana")
    with pytest.raises(RuleError, match="turn 1 is over"):
        turn.pass_turn(do(ending.ending, s), dice())


def test_destroyed_titans_are_skipped_in_the_fight_order():
    s = do(byhand.damage, fighting(2), 10, titan="Atlas", direct=True)
    assert order.whose_turn(s, "fight") == "Bo"
    assert apply(fight.move, s, "Brute", "Paris").state["titans"]["Brute"]["city"] == "Paris"
    assert "nothing to pass" in refused(turn.pass_turn, s, "Ana")


def test_combat_repair_trial_and_tyrant_fights_take_their_turn_in_order():
    s = do(byhand.damage, fighting(2), 3, titan="Brute", direct=True)
    assert "it is Ana's turn" in refused(fight.repair, s, Repair("Brute", successes=1))
    s = do(fight.repair, do(turn.pass_turn, s, "Ana"), Repair("Brute", successes=1))
    assert s["round"]["acting"] == "Bo"
    s = fighting(2)
    s["rifts"]["North"]["lair"] += s["rifts"]["North"]["guardians"]
    s["rifts"]["North"]["guardians"] = []
    s["titans"]["Brute"].pop("city")
    s["titans"]["Brute"]["rift"] = "North"                            # Brute waits on the empty rift
    assert "it is Ana's turn" in refused(rifts.trial, s, "Brute", "North", "pass")
    s = do(rifts.trial, do(turn.pass_turn, s, "Ana"), "Brute", "North", "pass")
    s = do(turn.next_phase, do(opening.opening, do(ending.ending, s)))     # turn 2: Bo leads, then Ana
    s = put(s, "F3", "Tokyo")
    assert "it is Bo's turn" in refused(fight.attack, s, Attack("Atlas", successes=1))
    s = do(rifts.rift_close, s, "North", "Brute", city="Toronto")       # the Tyrant fight ends Bo's turn
    assert s["round"]["done"] == ["Bo"] and order.whose_turn(s, "fight") == "Ana"
    assert apply(fight.attack, s, Attack("Atlas", successes=1)).state["round"]["done"] == ["Bo", "Ana"]


def test_closing_the_fight_phase_says_who_did_not_act():
    s = do(fight.move, fighting(3), "Atlas", "Beijing")
    out = apply(turn.next_phase, s)
    assert "(The Fight Phase is over: Bo, Cy did not take a turn.)" in out.lines
    assert out.state["round"]["done"] == [] and "acting" not in out.state["round"]


def test_out_of_turn_refusals_come_after_the_actions_own_checks():
    s = put(fighting(2), "F1", "Tokyo")
    with pytest.raises(RuleError, match="no invader on London"):
        fight.attack(s, dice(), Attack("Brute", successes=2))
    assert "it is Ana's turn" in refused(fight.attack, put(s, "F2", "London"), Attack("Brute", successes=2))


# --- the Upgrade Phase ------------------------------------------------------------------------------

def test_development_goes_from_the_lead_character_clockwise():
    s = upgrade(do(turn.next_phase, do(opening.opening, do(ending.ending, fighting(2)))))   # turn 2: Bo leads
    msg = refused(upgrade_phase.develop, s, "Ana", "industry")
    assert msg == ("it is Bo's turn to take a Development action (starting from the Lead Character, Bo, "
                   "clockwise): journal titans develop Bo ACTION, or journal titans pass Bo")
    out = apply(upgrade_phase.develop, s, "Bo", "industry")
    assert out.lines[-1] == "Still to take a Development action: Ana."
    out = apply(upgrade_phase.develop, out.state, "Ana", "industry")
    assert out.lines[-1].startswith("Development done.")


def test_pass_takes_no_development_action():
    s = upgrade(fighting(2))
    out = apply(turn.pass_turn, s, "Ana")
    assert out.lines[0] == "Ana takes no Development action this turn." and out.data["step"] == "development"
    assert out.state["round"]["charged"]                    # Gain Charges comes before Development
    assert "Ana" not in out.state["round"]["developed"] and order.waiting(out.state, "development") == ["Bo"]
    with pytest.raises(RuleError, match="Ana's turn to take a Development action is over"):
        upgrade_phase.develop(out.state, dice(), "Ana", "industry")


def test_titan_on_a_rift_is_skipped_in_the_development_order():
    s = fighting(3)
    s["rifts"]["North"]["lair"] += s["rifts"]["North"]["guardians"]
    s["rifts"]["North"]["guardians"] = []
    s = upgrade(do(fight.move, s, "Atlas", "North"))
    assert order.waiting(s, "development") == ["Bo", "Cy"]
    assert apply(upgrade_phase.develop, s, "Bo", "industry").state["players"]["Bo"]["credits"] == 2


def test_support_movement_goes_from_the_lead_character_clockwise():
    s = upgrade(fighting(2))
    s["players"]["Ana"]["supports"] = [{"city": "Tokyo", "damage": 0}, {"city": "Cairo", "damage": 0}]
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 0}]
    s = do(upgrade_phase.develop, do(upgrade_phase.develop, s, "Ana", "industry"), "Bo", "industry")
    assert "it is Ana's turn to move Supports" in refused(upgrade_phase.supports_move, s, "Bo", "London", "Paris")
    out = apply(upgrade_phase.supports_move, s, "Ana", "Tokyo", "Beijing")
    assert "Ana may move more Supports; then Bo" in out.lines[-1]
    s = do(upgrade_phase.supports_move, out.state, "Ana", "Cairo", "Mumbai")          # her turn goes on
    s = do(upgrade_phase.supports_move, s, "Bo", "London", "Paris")                    # Bo's ends hers
    assert "Ana's turn to move Supports is over" in refused(upgrade_phase.supports_move, s, "Ana", "Beijing", "Tokyo")


def test_players_without_supports_are_skipped_in_support_movement():
    s = do(turn.pass_turn, do(turn.pass_turn, upgrade(fighting(2)), "Ana"), "Bo")
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 0}]
    assert order.step_of(s) == "supports" and order.whose_turn(s) == "Bo"
    out = apply(upgrade_phase.supports_move, s, "Bo", "London", "Paris")
    assert out.lines[-1] == "When every player has moved their Supports: journal titans ending."


def test_support_movement_closes_development_and_says_who_did_not_develop():
    s = upgrade(fighting(2))
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 0}]
    out = apply(upgrade_phase.supports_move, s, "Bo", "London", "Paris")
    assert "(The Development step is over: Ana, Bo did not take an action.)" in out.lines
    with pytest.raises(RuleError, match="step 3"):
        upgrade_phase.develop(out.state, dice(), "Ana", "industry")


# --- the saves ---------------------------------------------------------------------------------------

def test_schema_1_saves_gain_the_turn_record():
    s = fighting(3)
    old = copy.deepcopy(s)
    del old["round"]["done"]
    assert any("state.round.done is missing" in p for p in game.validate(old))
    assert game.validate(game.MIGRATIONS[1](old)) == []
    old["round"].update(moved=["Atlas", "Brute"], attacked=["Atlas"])      # Ana attacked, Bo has moved
    new = game.MIGRATIONS[1](old)
    assert new["round"]["done"] == ["Ana"] and new["round"]["acting"] == "Bo" and game.validate(new) == []
    old["round"].update(moved=[], attacked=[], developed=["Ana"])
    old["phase"] = "upgrade"
    assert game.MIGRATIONS[1](old)["round"]["done"] == ["Ana"]


def test_a_schema_1_save_file_is_read_and_upgraded(journal):
    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,city=Tokyo",
            "--seed", "1", ok=True)
    path = journal.saves / "g.toml"
    doc = tomllib.loads(path.read_text())
    doc["journal"]["schema"] = 1
    del doc["state"]["round"]["done"]
    path.write_text(tomli_w.dumps(doc))
    journal("check", "-s", "g", ok=True)
    journal("titans", "opening", "-s", "g", ok=True)
    assert journal.state("g")["round"]["done"] == []


@pytest.mark.parametrize("edit,message", [
    (lambda s: s["round"].update(done=["Zed"]), 'state.round.done: "Zed" is not a player'),
    (lambda s: s["round"].update(done=["Ana", "Ana"]), "state.round.done names a player twice"),
    (lambda s: s["round"].update(acting="Ana", done=["Ana"]), 'state.round.acting = "Ana" but that player'),
    (lambda s: s["round"].update(acting="Zed"), 'state.round.acting = "Zed" is not a player'),
])
def test_validate_names_a_bad_turn_record(edit, message):
    s = fighting(2)
    edit(s)
    assert any(message in p for p in game.validate(s)), game.validate(s)


def test_cli_pass_and_an_out_of_turn_refusal(journal):
    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,player=Ana,city=Tokyo",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,player=Bo,city=London", "--seed", "1",
            ok=True)
    journal("titans", "opening", "-s", "g", ok=True)
    before = journal.files("g")
    r = journal("titans", "move", "-s", "g", "Brute", "Paris")
    assert r.exit_code == 1 and r.stderr.startswith("Error: it is Ana's turn") and r.stderr.count("\n") == 1
    assert journal.files("g") == before
    out = journal("titans", "pass", "-s", "g", ok=True).stdout
    assert out.startswith("Ana passes in the Fight Phase.")
    journal("titans", "move", "-s", "g", "Brute", "Paris", ok=True)
    shown = journal("show", "-s", "g", ok=True).stdout
    assert "turn order Ana, Bo" in shown and "Next: Bo's turn: move or attack with Brute" in shown
