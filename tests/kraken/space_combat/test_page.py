"""journal/games/kraken/space_combat/page.py: General space combat rules: what every sub-phase
shares, an event's combat, the page by hand."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, TABLE, apply, dice, ship_state

from journal.errors import RuleError
from journal.games.kraken import flight
from journal.games.kraken.space_combat import recharge, timeline as timeline_rules


def test_an_empty_page_must_be_filled_before_the_combat_goes_on():
    out = apply(ship_state(), flight.flight, 6, difficulty=3, cat=CAT, table=TABLE)
    with pytest.raises(RuleError, match="page is empty"):
        recharge.combat_recharge(out.state, dice(), cat=CAT)
    with pytest.raises(RuleError, match="page is empty"):
        timeline_rules.combat_timeline(out.state, dice(), cat=CAT)
