"""The save's [state]: types and ranges (the validators), then the rules' invariants, each problem
naming its key."""

from __future__ import annotations

import pytest
from epm.epm_helpers import JET, en_route, fresh, with_items

from journal.games.epm.schema import validate


def broken(edit, state=None) -> list[str]:
    s = state or fresh()
    edit(s)
    return validate(s)


def test_a_new_campaign_is_valid():
    assert validate(fresh()) == [] and validate(fresh(signal=25)) == []


def test_types_and_ranges_come_first():
    assert broken(lambda s: s.update(signal=31, epm=-2)) == ["state.signal = 31 is outside 0..25",
                                                              "state.epm = -2 is outside 0..25"]


@pytest.mark.parametrize("edit,problem", [
    (lambda s: s["characters"].update({" ": {"active": True}}), "state.characters has a character with an empty name"),
    (lambda s: s.update(planet="Mars"), 'state.planet = "Mars" is not one of the planets (Zorb, Kell, Vex)'),
    (lambda s: s["planets"]["Zorb"].update(status="discarded"),
     'state.phase = "exploring" but state.planets.Zorb.status is "discarded": a planet is explored while its disc '
     'is face down'),
    (lambda s: [c.update(active=False) for c in s["characters"].values()],
     "state.characters: no character is Active (when the last one acts, all become Active again)"),
    (lambda s: s["planets"]["Kell"].update(status="flipped"),
     "state.planets.Kell.boost is missing: a flipped disc shows its number"),
    (lambda s: s["planets"]["Kell"].update(status="flipped", boost=5),
     "state.planets.Kell.boost = 5 is outside 8..10 (a pink disc)"),
    (lambda s: s["planets"]["Kell"].update(boost=9),
     'state.planets.Kell.boost: only a flipped disc shows its number (status is "face_down")'),
    (lambda s: s.update(epm=25), 'state.epm = 25 but state.phase = "exploring": at 25 the Evil Power Master wins '
                                 '(phase "lost")'),
    (lambda s: s.update(signal=25), 'state.signal = 25 but state.phase = "exploring": Signal 25 starts the Final '
                                    'Showdown (phase "showdown")'),
    (lambda s: s.update(showdown_card=2), "state.showdown_card is only kept during the Final Showdown"),
    (lambda s: s.update(last_challenge={"type": "piloting", "character": "Zed", "result": "win"}),
     'state.last_challenge.character = "Zed" is not a character'),
])
def test_each_invariant_names_its_key(edit, problem):
    assert broken(edit) == [problem]


def test_items_are_held_by_characters_and_boosters_say_what_they_boost():
    s = with_items(fresh(), **{"Jet Pack": {**JET, "owner": "Zed"}, "Medkit": {"owner": "Bo", "kind": "assist",
                                                                            "effect": "+1"}})
    del s["items"]["Jet Pack"]["type"]
    assert validate(s) == ['state.items."Jet Pack".owner = "Zed" is not a character (Ana, Bo, Cy)',
                           'state.items."Jet Pack".type is missing: a booster has a type and an effect',
                           "state.items.Medkit.effect: an assist item has no effect (only boosters do)"]


def test_en_route_the_current_disc_may_be_discarded():
    assert validate(en_route()) == []
