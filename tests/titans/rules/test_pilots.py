"""Destroyed Titans and their pilots (rules/pilots.py): the pilot's die, a pilot who dies, a new
Pilot Card, re-entering the turn after."""

from __future__ import annotations

import pytest

from journal.errors import InputError, RuleError
from journal.games.titans.rules import byhand, opening, pilots
from titans.titans_helpers import DICE_TABLE, apply, dice, do, ended, fighting, put


def _destroyed(red: bool | None = False):
    s = do(byhand.damage, fighting(), 10, titan="Atlas", direct=True)
    if red is not None:
        s = do(pilots.pilot_check, s, "Atlas", red=red)
    return s


def test_threat_rises_1_for_a_pilot_who_dies():
    out = apply(pilots.pilot_dies, fighting(), "Atlas")
    assert out.state["threat"] == 2 and "pilot" not in out.state["titans"]["Atlas"]


def test_pilot_check_red_symbol_kills_the_pilot():
    out = apply(pilots.pilot_check, _destroyed(None), "Atlas", red=True)
    t = out.state["titans"]["Atlas"]
    assert "pilot" not in t and "pilot_check" not in t and out.state["threat"] == 3
    assert out.state["decks"]["pilot_discard"] == 3


def test_pilot_check_other_symbols_keep_the_pilot():
    out = apply(pilots.pilot_check, _destroyed(None), "Atlas", red=False)
    assert out.state["titans"]["Atlas"]["pilot"] == "Ono" and out.state["threat"] == 2


def test_pilot_check_rolls_the_face_table():
    s = do(byhand.damage, fighting(die_table=DICE_TABLE), 10, titan="Atlas", direct=True)
    assert apply(pilots.pilot_check, s, "Atlas", dice=dice(1)).data["red"] is True
    assert apply(pilots.pilot_check, s, "Atlas", dice=dice(5)).data["red"] is False
    with pytest.raises(InputError, match="say what the die shows: journal titans pilot-check Atlas --red or journal "
                                         "titans pilot-check Atlas --not-red"):
        pilots.pilot_check(_destroyed(None), dice(), "Atlas")


def test_destroyed_titan_reenters_next_turn_with_one_hit_point_on_a_city_without_invaders():
    s = _destroyed(False)
    with pytest.raises(RuleError, match="next turn"):
        pilots.reenter(s, dice(), "Atlas", "Cairo")
    s = do(opening.opening, ended(s))
    with pytest.raises(RuleError, match="holds invaders"):
        pilots.reenter(put(s, "F1", "Cairo"), dice(), "Atlas", "Cairo")
    out = apply(pilots.reenter, s, "Atlas", "Cairo")
    t = out.state["titans"]["Atlas"]
    assert not t["destroyed"] and t["city"] == "Cairo" and t["damage"] == 9 and t["pilot"] == "Ono"


def test_reenter_with_a_new_pilot_after_the_pilot_died():
    s = do(opening.opening, ended(_destroyed(True)))
    with pytest.raises(InputError, match="cockpit is empty: draw a Pilot Card and name it: journal titans reenter "
                                         "Atlas Cairo --pilot NAME"):
        pilots.reenter(s, dice(), "Atlas", "Cairo")
    out = apply(pilots.reenter, s, "Atlas", "Cairo", pilot_name="Nova")
    assert out.state["titans"]["Atlas"]["pilot"] == "Nova" and out.state["decks"]["pilots"] == 3


def test_reenter_waits_for_the_pilot_die():
    s = do(opening.opening, ended(_destroyed(None)))
    with pytest.raises(RuleError, match="pilot die first"):
        pilots.reenter(s, dice(), "Atlas", "Cairo")


def test_pilot_deck_is_remade_from_the_discards():
    s = fighting(4)
    assert s["decks"]["pilots"] == 0
    s = do(pilots.pilot_dies, s, "Dyna")
    out = apply(pilots.pilot, s, "Dyna", "Nova")
    assert out.state["decks"]["pilots"] == 4 and out.state["decks"]["pilot_discard"] == 0
