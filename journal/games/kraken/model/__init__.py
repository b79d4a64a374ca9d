"""The Space Kraken campaign model: the save's schema and invariants, the rulebook's constants,
and the helpers several chapters share (guards, paying, wounds, ship systems, Locations,
weapons in the book's notation, and reading the flight, combats and exploration in the
state). It imports no chapter's rules: every chapter module builds on it.
"""

from __future__ import annotations
