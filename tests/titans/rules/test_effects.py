"""The effect vocabulary of invader abilities (rules/effects.py): checked as the invaders file is
read, kept per section, described for `show` and the sheets."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games.titans.cli import files
from journal.games.titans.rules import effects, model
from titans.titans_helpers import fresh, invader_card


def _types(category, section):
    cards = [invader_card(section) if r != 2 else invader_card(section, reward=2) for r in (1, 1, 2, 2, 3)]
    for c, r in zip(cards, (1, 1, 2, 2, 3)):
        c["reward"] = r
    return {"X": {"category": category, "code": "X", "card": cards}}


@pytest.mark.parametrize("category,effect,message", [
    ("flying", {"city": "two"}, "effect.city = 'two' should be a whole number 0..99"),
    ("flying", {"fire": 1}, "effect.fire is not a known effect"),
    ("flying", {"titan": 1}, "titan acts on the Titan that triggered the ability"),
    ("mechanical", {"dice": -1}, "dice changes the attacker's Combat Check"),
    ("mechanical", {"direct": True}, "direct goes with titan or titans"),
    ("terrestrial", {"threat_if": "refuge"}, "threat_if goes with threat"),
    ("terrestrial", {"threat": 1, "threat_if": "village"}, "threat_if should be \"refuge\" or \"metropolis\""),
    ("amphibious", {"knock_down": 1}, "knock_down = 1 should be true or false"),
    ("amphibious", "city 1", "should be a table"),
])
def test_effect_vocabulary_is_checked_in_the_invaders_file(category, effect, message):
    with pytest.raises(InputError, match=message.replace("(", "\\(").replace(")", "\\)")):
        files.load_invaders(_types(category, {"effect": effect}), "invaders")


def test_effect_vocabulary_loads_per_section():
    cards = files.load_invaders(_types("amphibious", {"effect": {"dice": -1, "city": 0}}), "inv")[1]
    assert cards["X1"]["effect"] == [{"dice": -1}] * 4          # zeros are left out
    assert "effect" not in files.load_invaders(_types("amphibious", {}), "inv")[1]["X1"]


def test_sample_cards_carry_their_abilities_as_effects():
    s = fresh()
    assert model.stats(s, "F1")["effect"] == {"city": 1}
    assert s["cards"]["M1"]["effect"][0] == {"titan": 1, "direct": True}
    assert s["cards"]["A5"]["effect"][3] == {"dice": -2, "titan": 1}
    assert effects.describe({"city": 2, "threat": 1, "threat_if": "refuge"}) == \
        "city 2, threat +1, THREAT only on a refuge city"
