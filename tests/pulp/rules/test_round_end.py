"""Round End: the hand, the planet, the next alien; the decks run out (P6)."""

from __future__ import annotations

from pulp.pulp_helpers import dice, fresh, line, resolve_all, run, searching

from journal.games.pulp.rules import model, planet_search, round_end


def test_round_end_keys_and_codes_of_engaged_cards_go_to_the_hand():
    s = run(planet_search.search, searching(evaded=(1,)), dice(draws=["red", "white", "blue"])).state
    out = run(round_end.end_round, s, dice())
    assert out.state["hand"] == ["G1S.w.PO", "G1C.w.K"]  # the evaded card keeps nothing
    assert out.state["drawn"] == {"red": 0, "orange": 0, "blue": 0, "black": 0}
    assert out.state["supply"]["red"] == s["supply"]["red"] + 1
    assert out.state["line"] == [] and "planet" not in out.state and out.state["planets"]["searched"] == ["Mars"]
    assert run(round_end.end_round, s, dice(), leave=[4]).state["hand"] == ["G1S.w.PO"]


def test_an_empty_deck_moves_play_to_the_next_alien():
    s = fresh()
    for _ in range(4):
        s = line(s, ["G1C.w", "G1C.w", "G1C.w", "G1D.w"]).state
        s = round_end.end_round(resolve_all(s), dice()).state
    assert s["decks"] == [0, 16, 16] and s["alien"] == 1 and model.past_quietus(s)


def test_the_game_is_lost_when_the_decks_are_exhausted():
    s = fresh()
    s["decks"], s["alien"] = [0, 0, 4], 2
    s = line(s, ["G1C.w", "G1C.w", "G1C.w", "G1D.w"]).state
    out = run(round_end.end_round, resolve_all(s), dice())
    assert out.state["result"] == "lost" and out.state["phase"] == "over"
