"""Random turns (hypothesis): the trackers stay in range, pawns and cards are conserved, refused
commands change nothing, and the game ends exactly at the printed conditions (T1, T7).

Besides random commands, a turn holds "advance" steps: the player whose turn it is goes for a
rift (a card clears its guardians, the Titan steps onto it and passes the Trial; a turn later
it defeats the Tyrant). With them random games reach the Final Episode too: the campaign test
checks that some of its examples do. Each command runs as the CLI runs it: what was typed is
read against the campaign (the command's parse hook), then the rules function."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from journal.errors import InputError, NeedChoice, RuleError
from journal.games import titans as game
from journal.games.titans.cli import (
    byhand as cli_byhand, ending as cli_ending, fight as cli_fight, setup as cli_setup, upgrade as cli_upgrade,
)
from journal.games.titans.cli.names import read_titan
from journal.games.titans.rules import (
    board, byhand, ending, fight, model, opening, order, phases, pilots, rifts, turn, upgrade,
)
from titans.titans_helpers import CITIES, DICE_TABLE, RIFTS, dice, fresh

CITY = st.sampled_from(sorted(CITIES))
RIFT = st.sampled_from(sorted(RIFTS))
PLACE = st.sampled_from(sorted(CITIES) + sorted(RIFTS))
WHO = st.integers(0, 3)                          # a Titan / player by seat (wrapped to the table size)
PAWN = st.sampled_from([f"{c}{i}" for c in "FAMT" for i in range(1, 6)])
CARD = st.sampled_from(["Gun", "Visor", "Core", "Maul"])
SLOT = st.sampled_from(["hand", "hands", "head", "core", "tools"])
TITAN_NAMES = ["Atlas", "Brute", "Cora", "Dyna"]
PLAYER_NAMES = ["Ana", "Bo", "Cy", "Di"]

# what happens during a turn, between its Opening Phase and its Ending Phase
STEP = st.one_of(
    st.tuples(st.just("next")),
    st.tuples(st.just("invade"), RIFT, CITY),
    st.tuples(st.just("invade"), RIFT, CITY),
    st.tuples(st.just("move"), WHO, PLACE, st.booleans()),
    st.tuples(st.just("move"), WHO, PLACE, st.booleans()),
    st.tuples(st.just("attack"), WHO, st.integers(0, 9), st.booleans(), RIFT, st.lists(PAWN, max_size=3)),
    st.tuples(st.just("attack"), WHO, st.integers(0, 9), st.just(False), RIFT, st.just([])),
    st.tuples(st.just("repair"), WHO, st.one_of(st.none(), st.integers(0, 5)), st.booleans(), CARD),
    st.tuples(st.just("skip"), WHO),
    st.tuples(st.just("develop"), WHO, st.sampled_from(model.ACTIONS), CITY, st.integers(1, 3), CARD, SLOT),
    st.tuples(st.just("supports"), WHO, CITY, CITY, st.integers(1, 2)),
    st.tuples(st.just("tech"), WHO, st.sampled_from(["equip", "discard", "spend", "charge", "disable", "enable"]),
              CARD, st.integers(0, 3), SLOT),
    st.tuples(st.just("damage"), st.sampled_from(["city", "titan", "support"]), CITY, WHO, st.integers(-2, 7)),
    st.tuples(st.just("damage"), st.just("titan"), CITY, WHO, st.integers(3, 12)),
    st.tuples(st.just("trial"), WHO, RIFT, st.sampled_from(["pass", "pass", "fail"]), st.integers(0, 4),
              st.integers(0, 3)),
    st.tuples(st.just("close"), RIFT, WHO, st.integers(0, 3)),
    st.tuples(st.just("close"), RIFT, WHO, st.integers(0, 3)),
    st.tuples(st.just("clear"), RIFT, WHO),
    st.tuples(st.just("pilot_check"), WHO, st.one_of(st.none(), st.booleans())),
    st.tuples(st.just("pilot_dies"), WHO),
    st.tuples(st.just("reenter"), WHO, CITY, st.sampled_from([None, "Nova"])),
    st.tuples(st.just("threat"), st.integers(-3, 4)),
    st.tuples(st.just("final"), st.sampled_from(["won", "lost"])),
    st.tuples(st.just("pass"), st.one_of(st.none(), WHO)),
    st.tuples(st.just("pass"), st.none()),
    st.tuples(st.just("advance"), RIFT),
    st.tuples(st.just("advance"), RIFT),
    st.tuples(st.just("advance"), RIFT),
    st.tuples(st.just("invader"), PAWN, CITY),
    st.tuples(st.just("ending"), st.lists(st.tuples(PAWN, st.sampled_from(["city", "Atlas", "Brute", "blue",
                                                                           "yellow"]),
                                                    st.one_of(st.none(), st.integers(1, 2))), max_size=2)),
)
TURN = st.lists(STEP, max_size=14)


def calls(state, step, n):
    """The rules calls a step makes (most make one), as (name, function, kwargs)."""
    kind, *a = step
    def titan(i):
        return TITAN_NAMES[i % n]

    def player(i):
        return PLAYER_NAMES[i % n]

    if kind == "opening":
        return [(kind, opening.opening, {})]
    if kind == "next":
        return [(kind, turn.next_phase, {})]
    if kind == "invade":
        return [(kind, opening.invade, {"rift": a[0], "city": a[1]})]
    if kind == "move":
        return [(kind, fight.move, {"titan": titan(a[0]), "dest": a[1], "anywhere": a[2]})]
    if kind == "attack":
        return [(kind, fight.attack, {"declared": fight.Attack(titan(a[0]), tuple(a[4]), a[1], a[2],
                                                               a[3] if a[2] else None)})]
    if kind == "repair":
        return [(kind, fight.repair, {"declared": fight.Repair(titan(a[0]), a[1], upgrade=a[2],
                                                               charge=(a[3],) if a[1] else ())})]
    if kind == "skip":
        return [(kind, fight.repair, {"declared": fight.Repair(titan(a[0]), upgrade=True, skip=True)})]
    if kind == "turn_end":
        return turn_end(state, a[0])
    if kind == "develop":
        who, action, city, count, card, slot = a
        kw = {"player": player(who), "action": action}
        if action == "army":
            kw.update(city=city, count=count)
        elif action == "research":
            kw.update(card=card, slot=slot, cost=count - 1)
        return [(kind, upgrade.develop, kw)]
    if kind == "supports":
        return [(kind, upgrade.supports_move, {"player": player(a[0]), "src": a[1], "dst": a[2], "count": a[3]})]
    if kind == "tech":
        who, action, card, k, slot = a
        kw = {"titan": titan(who), "action": action, "card": card}
        if action == "equip":
            kw["slot"] = slot
        elif action in ("spend", "charge"):
            kw["n"] = k
        return [(kind, upgrade.tech, kw)]
    if kind == "damage":
        what, city, who, k = a
        target = {"city": {"city": city}, "titan": {"titan": titan(who)}, "support": {"support": city}}[what]
        return [(kind, byhand.damage, {"n": k, **target})]
    if kind == "ending":
        return [(kind, ending.ending, {"assign": tuple(f"{p}={t}" + (f":{k}" if k else "") for p, t, k in a[0])})]
    if kind == "trial":
        fail = a[2] == "fail"
        near = state["rifts"][a[1]]["threatens"]
        return [(kind, rifts.trial, {"titan": titan(a[0]), "rift": a[1], "result": a[2],
                                     "damage": a[3] if fail else 0, "to": near[a[4] % len(near)] if fail else None})]
    if kind == "close":
        near = state["rifts"][a[0]]["threatens"]
        who = state["rifts"][a[0]].get("challenger") or titan(a[1])
        return [(kind, rifts.rift_close, {"rift": a[0], "titan": who, "city": near[a[2] % len(near)]})]
    if kind == "clear":           # a card empties a rift, and a Titan goes there
        r = state["rifts"][a[0]]
        out = [("invader", byhand.invader, {"pawn": p, "lair": True}) for p in r["guardians"]]
        return out + [("move", fight.move, {"titan": titan(a[1]), "dest": a[0], "anywhere": True}),
                      ("trial", rifts.trial, {"titan": titan(a[1]), "rift": a[0], "result": "pass"})]
    if kind == "pilot_check":
        return [(kind, pilots.pilot_check, {"titan": titan(a[0]), "red": a[1]})]
    if kind == "pilot_dies":
        return [(kind, pilots.pilot_dies, {"titan": player(a[0])})]
    if kind == "reenter":
        return [(kind, pilots.reenter, {"titan": titan(a[0]), "city": a[1], "pilot_name": a[2]})]
    if kind == "threat":
        return [(kind, byhand.threat, {"delta": a[0], "reason": "a card"})]
    if kind == "final":
        return [(kind, ending.end, {"result": a[0]})]
    if kind == "pass":
        return [(kind, turn.pass_turn, {"player": None if a[0] is None else player(a[0])})]
    if kind == "advance":
        return advance(state, a[0])
    return [(kind, byhand.invader, {"pawn": a[0], "city": a[1]})]


def advance(state: dict, prefer: str) -> list:
    """The player whose turn it is in the Fight Phase goes for a rift: the Tyrant it faces (a turn
    after its Trial), else the `prefer`red open rift (or the first open one), cleared by a card."""
    if state["phase"] not in ("opening", "fight"):
        return []
    who = order.whose_turn(state, "fight")
    if who is None:
        return []
    titan = state["players"][who]["titan"]
    for rname, r in state["rifts"].items():
        if r.get("challenger") == titan:
            if r.get("trial_turn", state["turn"]) < state["turn"]:
                return [("close", rifts.rift_close, {"rift": rname, "titan": titan, "city": r["threatens"][0]})]
            return [("pass", turn.pass_turn, {"player": who})]
    open_ = [r for r in board.open_rifts(state) if state["rifts"][r]["trial"] != "tyrant"]
    if not open_:
        return [("pass", turn.pass_turn, {"player": who})]
    rname = prefer if prefer in open_ else open_[0]
    r = state["rifts"][rname]
    out = [("invader", byhand.invader, {"pawn": p, "lair": True}) for p in r["guardians"]]
    if state["titans"][titan].get("rift") != rname:
        out.append(("move", fight.move, {"titan": titan, "dest": rname, "anywhere": True}))
    return out + [("trial", rifts.trial, {"titan": titan, "rift": rname, "result": "pass"})]


def check_invariants(s: dict) -> None:
    assert game.validate(s) == []
    assert 0 <= s["threat"] <= model.THREAT_MAX and "tier" not in s
    for p in s["players"].values():
        assert len(p["supports"]) <= model.SUPPORTS_MAX and p["credits"] >= 0
        assert all(0 <= sp["damage"] < model.SUPPORT_HP for sp in p["supports"])
    for t in s["titans"].values():
        assert all(0 <= tc["charges"] <= model.CHARGES_MAX for tc in t["tech"].values())
        assert 0 <= t["damage"] <= t["hp"]
    for c in s["cities"].values():
        assert 0 <= c["damage"] <= model.CITY_HP[c["type"]]
    # every pawn in exactly one place
    places = [p for r in s["rifts"].values() for p in r["guardians"] + list(r["lair"].values())] + list(s["invaders"])
    assert sorted(places) == sorted(s["cards"])
    d = s["decks"]
    assert d["episode"] + d["episode_discard"] + d["invasion_discard"] == model.EPISODE_CARDS


# each rules function with its command's reading of the typed values (the command's `parse=` hook)
READ = {opening.invade: cli_setup.read_invade, fight.move: cli_fight.read_move, fight.attack: cli_fight.read_attack,
        fight.repair: cli_fight.read_repair, rifts.trial: cli_fight.read_trial, rifts.rift_close: cli_fight.read_rift_close,
        turn.pass_turn: cli_fight.read_pass, upgrade.develop: cli_upgrade.read_develop,
        upgrade.supports_move: cli_upgrade.read_supports, upgrade.tech: cli_upgrade.read_tech,
        ending.ending: cli_ending.read_assign, pilots.reenter: cli_ending.read_reenter,
        pilots.pilot_check: read_titan, pilots.pilot_dies: read_titan, byhand.damage: cli_byhand.read_damage,
        byhand.invader: cli_byhand.read_invader}


def command(fn, state: dict, d, kw: dict):
    """The rules function as its command runs it: what was typed read against the campaign first."""
    read = READ.get(fn)
    return fn(state, d, **(read(state, dict(kw)) if read else kw))


def answered(fn, state: dict, d, kw: dict):
    """The Ending Phase with its choices answered as a player at a terminal would: where an
    invader's damage goes, when a Titan or Supports share its city (the first choice offered)."""
    kw = dict(kw)
    for _ in range(20):
        try:
            return command(fn, state, d, kw)
        except NeedChoice as need:
            need.answer(kw, need.values[0])
    raise AssertionError("the Ending Phase kept asking")


def turn_end(state: dict, assign) -> list:
    """What a table does to end the turn: the Trial a Titan must face (passed), each Repair Check
    still to roll (skipped), then the Ending Phase."""
    out = []
    due = phases.trial_due(state)
    if due:
        out.append(("trial", rifts.trial, {"titan": due[0], "rift": due[1], "result": "pass"}))
    out += [("skip", fight.repair, {"declared": fight.Repair(t, upgrade=True, skip=True)})
            for t, v in state["titans"].items() if not v["destroyed"] and t not in state["round"]["repaired"]]
    return out + [("ending", ending.ending, {"assign": assign})]


def run_script(players: int, roll: bool, turns) -> dict:
    """Play the turns (random commands, refusals included), checking every result; the last state."""
    state = fresh(players, die_table=DICE_TABLE if roll else None)
    counter = 0
    script = [step for turn in turns for step in [("opening",), *turn, ("turn_end", ())]]
    for step in script:
        if state["phase"] == "over" and step[0] == "opening":
            break                                   # refusals after the end were checked already
        for name, fn, kw in calls(state, step, players):
            before = copy.deepcopy(state)
            d = dice()
            d.seed, d.counter = 99, counter
            try:
                out = answered(fn, state, d, kw) if name == "ending" else command(fn, state, d, kw)
            except (RuleError, InputError) as e:
                assert state == before, f"{name} {kw} refused ({e.message}) but changed the state"
                assert "\n" not in e.message
                continue
            assert state == before, f"{name} {kw} changed its input state"
            counter = d.counter
            new = out.state
            check_invariants(new)
            check_ending(before, new, name)
            state = new
    return state


@pytest.mark.slow
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(players=st.integers(1, 4), roll=st.booleans(), turns=st.lists(TURN, min_size=1, max_size=24))
def test_random_turns_keep_the_game_consistent_and_end_exactly_at_the_printed_conditions(players, roll, turns):
    run_script(players, roll, turns)


# a campaign: at least 8 turns, about half of the steps go for the rifts
CAMPAIGN_TURN = st.lists(st.one_of(st.tuples(st.just("advance"), RIFT), STEP), min_size=2, max_size=8)


@pytest.mark.slow
def test_random_campaigns_reach_the_final_episode_and_end_exactly_at_the_printed_conditions():
    """(f) Random games that go for the rifts (and do anything else in between) reach the Final
    Episode: some of the (derandomized, so repeatable) examples get there, all checked alike."""
    ends: list[str] = []

    @settings(max_examples=40, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(players=st.integers(1, 4), roll=st.booleans(), turns=st.lists(CAMPAIGN_TURN, min_size=8, max_size=20))
    def campaign(players, roll, turns):
        state = run_script(players, roll, turns)
        ends.append(state["phase"])
        if state["phase"] == "final":
            assert not board.open_rifts(state) and board.standing(state)
            assert state["decks"]["final"] == model.FINAL_EPISODES - 1

    campaign()
    assert "final" in ends, ends
    assert "over" in ends                           # and others are lost on the way


def check_ending(before: dict, new: dict, name: str) -> None:
    """The game ends exactly at the printed conditions (T1, T7), and only there."""
    if before["phase"] == "over":
        return
    if new["phase"] == "over":
        if new["result"] == "won":
            assert name == "final"
        elif name == "final":
            assert new["result"] == "lost"
        elif new["threat"] < model.THREAT_MAX:
            assert name == "ending" and not board.standing(new), name
        return
    assert new["threat"] < model.THREAT_MAX
    if name == "ending":
        assert board.standing(new), "no Titan stands after the Ending Phase yet the game goes on"
        assert new["phase"] in ("ending", "final")
        assert (new["phase"] == "final") == (not board.open_rifts(new))

