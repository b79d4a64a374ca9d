"""`validate` (schema.py) catches every hand-edit mistake in a War Titans save, naming the key."""

from __future__ import annotations

import copy

import pytest

from journal.games import titans as game
from journal.games.titans.rules import byhand
from titans.titans_helpers import DICE_TABLE, do, fighting, fresh, put, t


def edited(fn, base=None):
    s = copy.deepcopy(base if base is not None else fighting())
    fn(s)
    return game.validate(s)


CASES = [
    (lambda s: s.update(threat=31), "state.threat = 31 is outside 0..21"),
    (lambda s: s.update(threat="7"), 'state.threat = "7" is a string: expected a whole number 0..21'),
    (lambda s: s.update(tier="red"), "state.tier is not a known key"),           # derived from THREAT (schema 3)
    (lambda s: s.update(threat=21), "state.threat = 21 but the game is not lost"),
    (lambda s: s.update(phase="lunch"), 'state.phase = "lunch" is not one of setup'),
    (lambda s: s.update(colour=1), "state.colour is not a known key"),
    (lambda s: s.pop("lead"), "state.lead is missing"),
    (lambda s: s.update(lead="Zed"), 'state.lead = "Zed" is not a player'),
    (lambda s: s.update(result="won"), 'state.result is kept exactly when state.phase = "over"'),
    (lambda s: s.update(turn=0), "turn 0 is the setup"),
    (lambda s: s.update(invasions=2), "invasions wait only during the Opening Phase"),
    (lambda s: s["cities"]["Tokyo"].update(damage=6), "state.cities.Tokyo.damage = 6 is outside 0..5"),
    (lambda s: s["cities"]["Tokyo"].update(damage=5), "state.cities.Tokyo.damage = 5 is outside 0..4"),
    (lambda s: s["cities"]["Tokyo"].update(damage=-1), "state.cities.Tokyo.damage = -1 is outside 0..5"),
    (lambda s: s["cities"]["Tokyo"].update(damage=4), "state.cities.Tokyo.destroyed = false but damage is 4/4"),
    (lambda s: s["cities"]["Tokyo"].update(destroyed=True), "state.cities.Tokyo.destroyed = true but damage is 0/4"),
    (lambda s: s["cities"]["Tokyo"].update(yellow="Atlantis"), 'state.cities.Tokyo.yellow = "Atlantis" is not'),
    (lambda s: s["cities"]["Tokyo"].update(green="Sydney"), "state.cities.Tokyo: the yellow and green trails"),
    (lambda s: s["cities"]["Lima"].update(type="village"), 'state.cities.Lima.type = "village" is not one of'),
    (lambda s: s["titans"]["Atlas"].update(damage=11), "state.titans.Atlas.damage = 11 is above its hp 10"),
    (lambda s: s["titans"]["Atlas"].update(damage=10), "state.titans.Atlas.damage = 10 reaches its hp 10"),
    (lambda s: s["titans"]["Atlas"].update(city="Atlantis"), 'state.titans.Atlas.city = "Atlantis" is not a city'),
    (lambda s: s["titans"]["Atlas"].update(rift="North"), "a Titan stands on a city or on a rift, not both"),
    (lambda s: s["titans"]["Atlas"].pop("city"), "state.titans.Atlas: a Titan that is not destroyed stands"),
    (lambda s: s["titans"]["Atlas"].update(destroyed=True), "state.titans.Atlas.city: a destroyed Titan is off"),
    (lambda s: s["titans"]["Atlas"].update(pilot_check=True), "state.titans.Atlas.pilot_check is only kept"),
    (lambda s: s["titans"]["Atlas"].update(player="Bo"), 'state.players.Ana.titan = "Atlas" but that Titan'),
    (lambda s: s["titans"]["Atlas"]["tech"].update(Gun={"slot": "hand1", "charges": 4, "disabled": False}),
     'state.titans.Atlas.tech.Gun.charges = 4 is outside 0..3'),
    (lambda s: s["titans"]["Atlas"]["tech"].update(Gun={"slot": "arm", "charges": 0, "disabled": False}),
     'state.titans.Atlas.tech.Gun.slot = "arm" is not one of'),
    (lambda s: s["titans"]["Atlas"]["tech"].update(A={"slot": "hands", "charges": 0, "disabled": False},
                                                   B={"slot": "hand1", "charges": 0, "disabled": False}),
     "a two-handed card (slot hands) leaves no hand slot free"),
    (lambda s: s["titans"]["Atlas"]["tech"].update(A={"slot": "head", "charges": 0, "disabled": False},
                                                   B={"slot": "head", "charges": 0, "disabled": False}),
     "A, B share the head slot"),
    (lambda s: s["players"]["Bo"].update(supports=[{"city": "London", "damage": 0}] * 4),
     "state.players.Bo.supports has 4 items: at most 3"),
    (lambda s: s["players"]["Bo"].update(supports=[{"city": "London", "damage": 2}]),
     "state.players.Bo.supports[0].damage = 2 is outside 0..1"),
    (lambda s: s["players"]["Bo"].update(supports=[{"city": "Atlantis", "damage": 0}]),
     'state.players.Bo.supports[0].city = "Atlantis" is not a city'),
    (lambda s: s["players"]["Bo"].update(credits=-1), "state.players.Bo.credits = -1 is outside 0..999"),
    (lambda s: s["players"]["Bo"].update(color="blue"), "two players have the same support colour"),
    (lambda s: s["decks"].update(episode=80), "state.decks.episode = 80 is outside 0..72"),
    (lambda s: s["decks"].update(episode=60), "should be the 72 Episode Cards"),
    (lambda s: s["decks"].update(pilots=6), "should be the 8 Pilot Cards"),
    (lambda s: s["decks"].update(tech_face_up=4), "state.decks.tech_face_up = 4 is outside 0..3"),
    (lambda s: s["decks"].update(tech_discard=10), "more than the 75 Tech Cards"),
    (lambda s: s["rifts"]["North"]["guardians"].append("T1"), "T1 is a Terrestrial, not a Flying"),
    (lambda s: s["rifts"]["North"]["guardians"].append("F3"), "the pawn must be in exactly one place"),
    (lambda s: s["rifts"]["North"]["lair"].pop("1"), "state.cards.F3: the pawn must be in exactly one place"),
    (lambda s: s["rifts"]["North"]["lair"].update({"3": "Q9"}), '"Q9" has no invader card'),
    (lambda s: s["rifts"]["North"]["lair"].update({"6": "F1"}), "state.rifts.North.lair.6: the name is not a spot 1-5"),
    (lambda s: s["rifts"]["North"].update(closed=True), "a rift closes when its Tyrant is defeated"),
    (lambda s: s["rifts"]["North"].update(trial="tyrant"), "trial = \"tyrant\" goes with challenger"),
    (lambda s: s["rifts"]["North"].update(type="Terrestrial"), "two rifts have the same invader type"),
    (lambda s: s["rifts"]["North"].update(guardian_damage={"F3": 1}), "F3 is not a guardian of this rift"),
    (lambda s: s["cards"]["F1"].update(hp=[1, 2]), "state.cards.F1.hp has 2 values"),
    (lambda s: s["cards"]["F1"].update(reward=4), "state.cards.F1.reward = 4 is outside 1..3"),
    (lambda s: s["round"].update(moved=["Zed"]), 'state.round.moved: "Zed" is not a Titan'),
    (lambda s: s.update(dice={"faces": ["a"] * 5, "red": "a", "combat": [], "movement": [], "repair": []}),
     "state.dice.faces has 5 faces"),
    (lambda s: s.update(dice={**DICE_TABLE, "red": "star"}), 'state.dice.red = "star" is on no face'),
]


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


def test_check_names_a_hand_edited_key(game):
    path = game.saves / "g.toml"
    path.write_text(path.read_text().replace("threat = 0", "threat = 30"))
    r = game("check", "-s", "g")
    assert r.exit_code == 1 and "state.threat = 30 is outside 0..21" in r.stdout
    assert t(game, "opening").exit_code == 1


def test_validate_names_an_effect_that_does_not_fit_its_invader():
    s = fighting()
    s["cards"]["F1"]["effect"] = [{"titan": 1}, {}, {}, {}]
    assert any("state.cards.F1.effect[0]: titan acts on the Titan" in p for p in game.validate(s))
    s["cards"]["F1"]["effect"] = [{"city": 1}]
    assert any("state.cards.F1.effect has 1 values" in p for p in game.validate(s))


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


def test_fresh_and_played_states_are_valid():
    assert game.validate(fresh(1)) == [] and game.validate(fresh(4, die_table=DICE_TABLE)) == []
    assert game.validate(put(fighting(), "F1", "Tokyo")) == []


@pytest.mark.parametrize("edit,message", CASES, ids=[m[:40] for _e, m in CASES])
def test_validate_names_the_key(edit, message):
    problems = edited(edit)
    assert any(message in p for p in problems), problems


def test_validate_an_invader_on_a_missing_city():
    s = put(fighting(), "F1", "Tokyo")
    problems = edited(lambda x: x["invaders"]["F1"].update(city="Atlantis"), s)
    assert any('state.invaders.F1.city = "Atlantis" is not a city' in p for p in problems)


def test_validate_destroyed_titan_needs_its_turn_and_full_damage():
    s = do(byhand.damage, fighting(), 10, titan="Atlas", direct=True)
    assert game.validate(s) == []
    assert any("destroyed_turn is missing" in p for p in edited(lambda x: x["titans"]["Atlas"].pop("destroyed_turn"), s))
    assert any("damage equal to its hp" in p for p in edited(lambda x: x["titans"]["Atlas"].update(damage=3), s))
