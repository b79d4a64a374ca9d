"""The Sequence of Play as the state stands: whether the game is over (result, E8) and the step
the table takes next (next_step), which every command's output and `journal show` end with."""

from __future__ import annotations

from epm.epm_helpers import dice, en_route, fresh

from journal.games.epm import rules, sequence


def test_result_says_whether_the_game_is_over():
    assert sequence.result(fresh()) is None and sequence.result(fresh(signal=25)) is None
    assert sequence.result(rules.outcome(fresh(signal=25), dice(), "won").state) == "won"
    assert sequence.result(rules.track(fresh(epm=20), dice(), "epm", delta=5).state) == "lost"


def test_next_step_on_a_planet_en_route_and_in_the_final_showdown():
    assert sequence.next_step(fresh()) == "Read Story Card 1 of Zorb and follow it."
    travel = sequence.next_step(en_route())
    assert travel == "Travel: journal epm travel PLANET --segments N (Kell, Vex)"
    assert [h.render() for h in travel.hints()] == ["journal epm travel PLANET --segments N"]
    showdown = sequence.next_step(fresh(signal=25))
    assert showdown == ("Play the Final Showdown deck; record its last card with `journal epm end won` or "
                        "`journal epm end lost`.")
    assert [h.words for h in showdown.hints()] == [("won",), ("lost",)]
    assert sequence.next_step(rules.outcome(fresh(signal=25), dice(), "lost").state) == "The campaign is over."


def test_next_step_when_no_disc_is_left_face_down():
    """Our reading where the book is silent: nowhere to travel; a card may turn a disc face down again,
    otherwise the table records the campaign lost. Both hints are whole commands."""
    s = en_route(fresh(planets=[("Zorb", "blue")]))
    step = sequence.next_step(s)
    assert step.startswith("No planet has a face-down disc left, so there is nowhere to travel")
    assert [h.render() for h in step.hints()] == ["journal epm disc PLANET --face-down", "journal epm end lost"]


def test_travel_names_the_planet_when_only_one_disc_is_face_down():
    s = en_route(fresh(planets=[("Zorb", "blue"), ("Vex", "yellow")]))
    assert [h.render() for h in sequence.next_step(s).hints()] == ["journal epm travel Vex --segments N"]
    assert [h.render() for h in sequence.next_step(en_route()).hints()] == ["journal epm travel PLANET --segments N"]
