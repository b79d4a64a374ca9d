"""The Space Kraken campaign model, under every chapter: schema, invariants, constants, helpers.

`schema` (the save format) and `validate` (its invariants), `constants` (the rulebook's
numbers and names), and what several chapters share: `campaign` (guards, paying, save
points), `members` (wounds, healing, carrying), `systems` (the ship), `locations` (the
Starmap Locations Log), `weapons` (the book's notation), `flight_table`, and reading the
combats and the exploration in the state (`combat`, `ground`, `exploration`). It imports
no chapter's rules: every chapter module builds on it.
"""

from __future__ import annotations
