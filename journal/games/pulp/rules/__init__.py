"""Pulp Invasion: the rules as pure functions, one module per step of the round.

Every command is ``fn(state, dice, **params) -> Outcome``: it never touches files,
clocks or global randomness, and never mutates the state it is given. Cubes drawn
from the bag come from ``dice.draw(bag, "bag")`` (physical draws typed with
``--draw``), captain's dice from ``dice.roll(6)`` (``--roll``). Values arrive as the rules
name them (abilities, colours, parsed cards, payments): the commands (cli/) read what the
player typed, and hints are values (journal.hints). Rules notes P1-P6 and
A1-A2 are in docs/pulp.md; "our reading" marks choices the rulebook
leaves open (docs/pulp.md, "Rules notes").

Where to look (a module imports only modules listed above it; views.py renders what components,
model and phase read, and no rules module imports it):

- ``components``     the cubes, abilities, icons, decks, phases and dice; the card token
- ``model``          reading the state: the line and its icons, aliens, weapons, the bag, the loss
- ``phase``          where the round stands: the game's end (``result``), the step that is due
                     (``next_step``), the refusal of a command out of phase or once the game is over
- ``odds``           the odds of the next draws from the bag
- ``setup_game``     Setup (``new``)
- ``captains_dice``  dice in hand, turning them down, upgrades, and ``pulp die``
- ``payment``        paying an engage, 2 points for 1 (P3)
- ``encounter``      1. Encounter Phase: the round's line, and encountering its cards in turn
- ``engage``         1a. Engage
- ``evade``          1b. Evade
- ``super_weapons``  the Super Weapons found: requirement, Understanding, use
- ``planet_search``  2. Planet Search Phase: the search, placing the cubes drawn
- ``round_end``      Round End
- ``by_hand``        set by hand (A2): abilities, cubes, decks, planets, hand, Location, the end

This file imports nothing, so that `journal show` loads only the modules it reads.
"""
