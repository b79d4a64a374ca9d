"""The components and the card token (`G2C.r.PK`): the notation a card is typed and kept in."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games.pulp.rules import components


@pytest.mark.parametrize("token,parsed", [
    ("G2C.r.PK", {"kind": "G", "strength": 2, "shows": "C", "cubes": "r", "planets": 1, "key": True, "code": False}),
    ("A4S.o.PP", {"kind": "A", "strength": 4, "shows": "S", "cubes": "o", "planets": 2, "key": False, "code": False}),
    ("L.rb", {"kind": "L", "strength": None, "shows": None, "cubes": "rb", "planets": 0, "key": False,
              "code": False}),
    ("ES", {"kind": "E", "strength": None, "shows": "S", "cubes": "", "planets": 0, "key": False, "code": False}),
    ("g0d.PO", {"kind": "G", "strength": 0, "shows": "D", "cubes": "", "planets": 1, "key": False, "code": True}),
])
def test_card_token_grammar(token, parsed):
    assert components.parse_card(token) == parsed


@pytest.mark.parametrize("bad", ["X2C", "G12C", "G2Q", "G2C.rq", "G2C.Pk", "G2C.r.b", "L3C.rb", "G2C.r.PK.o",
                                 "G2C.rrrrr", ""])
def test_bad_card_tokens_show_the_grammar_and_an_example(bad):
    with pytest.raises(InputError) as e:
        components.parse_card(bad)
    assert "G2C.r.PK" in e.value.message
