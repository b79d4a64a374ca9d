"""Pulp Invasion: hypothesis plays whole random games to their end through the rules,
checking the invariants after every step: the 76 cubes are conserved, decks never go
negative, abilities stay within 0..max, the save stays valid and inputs are not mutated."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games import pulp as game
from journal.games.pulp.rules import (
    by_hand, captains_dice, components, encounter, engage, evade, model, planet_search, round_end, setup_game,
    super_weapons,
)
from journal.games.pulp.rules.components import parse_card


KINDS = "GGGAAEL"


def random_token(rng: random.Random) -> str:
    kind = rng.choice(KINDS)
    if kind == "L":
        return "L." + "".join(rng.choice("robkyw") for _ in range(2))
    token = kind
    if rng.random() < 0.9:
        token += str(rng.choice([0, 1, 1, 2, 2, 3, 4, 5]))
    if rng.random() < 0.95:
        token += rng.choice("CDS")
    shown = components.CUBES_SHOWN.get(kind)                    # an Event's cubes the book does not count
    cubes = "".join(rng.choice("robkyww") for _ in range(rng.choice([0, 1, 1, 1, 2]) if shown is None else shown))
    flags = "P" * rng.choice([0, 1, 1, 2]) + ("K" if rng.random() < 0.2 else "") + ("O" if rng.random() < 0.2 else "")
    return token + ("." + cubes if cubes else "") + ("." + flags if flags else "")


def invariants(s: dict) -> None:
    assert game.validate(s) == [], game.validate(s)
    for c in components.COLOURS:
        total = s["bag"][c] + s["supply"][c] + s["drawn"].get(c, 0) + (s["quietus"] if c == "black" else 0) + \
            sum(w["cubes"].get(c, 0) for w in s["weapons"])
        assert total == components.TOTALS[c], c
    assert all(0 <= d <= components.DECK_SIZE for d in s["decks"])
    for a in components.ABILITIES:
        assert 0 <= s["abilities"][a]["value"] <= s["abilities"][a]["max"]
    assert len(s["weapons"]) <= model.n_weapons(s)


class Player:
    """Plays legal-looking moves at random; a refusal must leave the state untouched."""

    def __init__(self, seed: int, heals: bool = True):
        self.rng = random.Random(seed)
        self.heals = heals
        self.k = 0
        self.refusals = 0

    def dice(self) -> Dice:
        self.k += 1
        return Dice(self.rng.getrandbits(62), 0)

    def step(self, s: dict, fn, *args, **kw) -> dict:
        before = copy.deepcopy(s)
        try:
            out = fn(s, self.dice(), *args, **kw)
        except (RuleError, InputError):
            assert s == before
            self.refusals += 1
            return s
        assert s == before, f"{fn.__name__} mutated its input"
        invariants(out.state)
        assert out.summary and out.lines
        said = [out.summary, *out.lines]
        assert not any("(s)" in line for line in said), said  # "1 cube", "2 cubes": as a person writes them
        return out.state

    def dice_spec(self, s: dict) -> tuple | None:
        """The one Captain's die an action uses, now and then."""
        if not s["dice"] or self.rng.random() < 0.6:
            return None
        return self.rng.choice(list(s["dice"])), None, None

    def move(self, s: dict) -> dict:
        rng = self.rng
        phase = s["phase"]
        low = sorted(components.ABILITIES, key=lambda a: s["abilities"][a]["value"])
        if self.heals and s["abilities"][low[0]]["value"] + s["abilities"][low[1]]["value"] <= 4 \
                and s["abilities"][low[0]]["value"] < s["abilities"][low[0]]["max"] and rng.random() < 0.95:
            # a kindly card text (A2) keeps most games going long enough to reach later sectors
            return self.step(s, by_hand.set_ability, low[0], delta=3)
        if rng.random() < 0.04:  # now and then a card's text changes something by hand (A2)
            return self.by_hand(s)
        if phase == "ready":
            n = min(components.LINE_SIZE, s["decks"][s["alien"]])
            cards = [random_token(rng) for _ in range(n)]
            return self.step(s, encounter.begin_round, f"Planet {s['round'] + 1}", [parse_card(t) for t in cards])
        if phase == "encounter":
            pos = model.pending(s)[0] + 1
            card = components.parse_card(s["line"][pos - 1]["card"])
            if card["strength"] != 0 and rng.random() < 0.7:
                pay = None
                if rng.random() < 0.3:
                    pay = {a: rng.randint(0, s["abilities"][a]["value"]) for a in components.ABILITIES}
                new = self.step(s, engage.engage, pos, pay=pay, die=self.dice_spec(s))
                if new is not s:
                    return new
            above = [a for a in components.ABILITIES if s["abilities"][a]["value"] > 0]
            new = self.step(s, evade.evade, pos, rng.choice(above), die=self.dice_spec(s),
                            take=[rng.choice(["black", "white"])] if rng.random() < 0.2 else [])
            if new is s:  # a die or --take that did not fit: plain evade
                new = self.step(s, evade.evade, pos, rng.choice(above))
            return new
        if phase == "search":
            spend = [rng.choice("KO")] if s["hand"] and rng.random() < 0.3 else []
            new = self.step(s, planet_search.search, extra=rng.choice([0, 0, 0, 1, -1]), die=self.dice_spec(s),
                            spend=spend)
            return new if new is not s else self.step(s, planet_search.search)
        if phase == "searched":
            waiting = [c for c in components.DRAWN if s["drawn"][c]]
            if waiting and rng.random() < 0.85:
                c = rng.choice(waiting)
                if c == "black":
                    above = [a for a in components.ABILITIES if s["abilities"][a]["value"] > 0]
                    return self.step(s, planet_search.assign, "black", lose=rng.choice(above))
                for k, w in enumerate(s["weapons"]):
                    if "needs" not in w and rng.random() < 0.8:
                        needs = {x: rng.randint(1, 3) for x in ("red", "orange", "blue") if rng.random() < 0.6}
                        return self.step(s, super_weapons.weapon, k + 1, needs=needs)
                choice = rng.random()
                if choice < 0.4 and s["weapons"]:
                    return self.step(s, planet_search.assign, c, weapon=rng.randint(1, len(s["weapons"])))
                if choice < 0.8:
                    return self.step(s, planet_search.assign, c, ability=True)
                return self.step(s, planet_search.assign, c, supply=True)
            if s["drawn"]["black"]:
                above = [a for a in components.ABILITIES if s["abilities"][a]["value"] > 0]
                return self.step(s, planet_search.assign, "black", lose=rng.choice(above))
            return self.step(s, round_end.end_round)
        raise AssertionError(f"no move in phase {phase}")

    def by_hand(self, s: dict) -> dict:
        rng = self.rng
        pick = rng.randrange(5)
        if pick == 0:
            return self.step(s, by_hand.set_ability, rng.choice(components.ABILITIES), delta=rng.choice([-1, 1, 2]))
        if pick == 1:
            c = rng.choice(components.COLOURS)
            places = ["bag", "supply"] + (["quietus"] if c == "black" else [])
            src, dst = rng.sample(places, 2)
            return self.step(s, by_hand.move_cubes, [c], src, dst)
        if pick == 2 and s["dice"]:
            return self.step(s, captains_dice.die, rng.choice(list(s["dice"])), to=rng.randint(1, 6))
        if pick == 3:
            return self.step(s, by_hand.hand, gain=parse_card(rng.choice(["G1C.w.K", "A2D.w.O"])))
        return self.step(s, by_hand.set_deck, rng.randint(1, 3), delta=-rng.randint(0, 2))


@pytest.mark.slow
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), level=st.sampled_from(list(components.LEVELS)),
       quietus=st.integers(0, 2), mina=st.booleans(), heals=st.booleans())
def test_random_games_play_to_their_end_keeping_every_invariant(seed, level, quietus, mina, heals):
    rng = random.Random(seed)
    names = ["Kah", "Zorn"]
    names.insert(quietus, "The Quietus")
    chosen = rng.sample(components.DIE_COLOURS, 3 if mina else 2)
    abilities = {}
    for a in components.ABILITIES:
        top = rng.randint(3, 7)
        abilities[a] = (rng.randint(1, top), top)
    out = setup_game.new(Dice(seed, 0), level, "Mina Tormelson" if mina else "Rex Nova", abilities, chosen, {},
                         [(n, rng.choice(["C", "D", "S", None])) for n in names])
    s = out.state
    invariants(s)
    player = Player(seed, heals)
    for _ in range(600):
        if s["phase"] == "over":
            break
        s = player.move(s)
    assert s["phase"] == "over" and s["result"] in ("won", "lost"), (s["phase"], s["round"], player.refusals)
    if s["result"] == "won":
        assert len(s["weapons"]) == model.n_weapons(s)
    elif s["round"] and not [a for a in components.ABILITIES if s["abilities"][a]["value"] == 0][1:]:
        assert sum(s["decks"]) == 0 or s["phase"] == "over"
