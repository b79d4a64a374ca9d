"""The Space Kraken campaign model, under every chapter: invariants, constants, helpers.

`invariants` (what the save's schema, journal/games/kraken/schema.py, cannot express),
`constants` (the rulebook's numbers, names and flags), `commands` (the hints several chapters
give, as values), and what several chapters share: `campaign` (guards, paying, save points),
`members` (wounds, healing, carrying), `systems` (the ship), `locations` (the Starmap
Locations Log), `weapons` (the book's notation), `flight_table`, and reading the combats and
the exploration in the state (`combat`, `ground`, `exploration`); the sequence of play: whether
the campaign is over and what the table does next (`sequence`, and `away` from the ship). It
imports no chapter's rules: every chapter module builds on it. (`validate` is the old import path of the schema's
validate.)
"""

from __future__ import annotations
