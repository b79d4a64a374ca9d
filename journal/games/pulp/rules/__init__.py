"""Pulp Invasion: the rules as pure functions, one module per step of the round.

Every command is ``fn(state, dice, **params) -> Outcome``: it never touches files,
clocks or global randomness, and never mutates the state it is given. Cubes drawn
from the bag come from ``dice.draw(bag, "bag")`` (physical draws typed with
``--draw``), captain's dice from ``dice.roll(6)`` (``--roll``). Rules notes P1-P6 and
A1-A2 are in docs/pulp.md; "our reading" marks choices the rulebook
leaves open (docs/pulp.md, "Rules notes").

Where to look (a module imports only modules listed above it):

- ``components``     the cubes, abilities, icons, decks and dice; parsing what is typed
- ``model``          reading the state: the line and its icons, aliens, weapons, the loss
- ``next_steps``     the "Next:" hint, and the refusal of a command out of phase
- ``odds``           the odds of the next draws from the bag
- ``setup_game``     Setup (``new``)
- ``captains_dice``  turning dice down, upgrades, and ``pulp die``
- ``payment``        paying an engage, 2 points for 1 (P3)
- ``encounter``      1. Encounter Phase: the round's line; 1a. Engage; 1b. Evade
- ``planet_search``  2. Planet Search Phase: the search, placing cubes, Super Weapons
- ``round_end``      Round End
- ``by_hand``        set by hand (A2): abilities, cubes, decks, planets, hand, Location

This file imports nothing, so that `journal show` loads only the modules it reads.
"""
