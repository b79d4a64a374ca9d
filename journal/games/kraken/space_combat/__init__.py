"""Chapter 10, Space combat: one module per sub-phase of a combat turn, in the book's order.

`page` holds the SPACE COMBAT page's shared rules (who may act, the sub-phases' order, a
combat an event starts, the page by hand); then `timeline` (1), `objectives` (2, and
repairs), `fire` (3), `enemy_fire` (4), `boarding` (5), `escape` (6), `recharge` (7 and
the loop) and `after` (AFTER SPACE COMBAT). Every command is ``fn(state, dice, **params)
-> Outcome``; the ship catalogue is passed in by the CLI (``cat``).

Rules notes A1 (every die can be typed with --roll), A2 (`combat set` changes anything by
hand), K8 (dice are rolled through `dice`, so undo refuses them outside Just a
Simulation), K11 (boarding wounds), K12 (paying a smuggler is a purchase), K14 (halves
round up).
"""

from __future__ import annotations
