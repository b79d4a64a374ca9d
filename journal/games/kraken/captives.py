"""Captured aliens (ch. 4): each carried by a crew member, who cannot attack meanwhile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.locations import parse_species
from journal.games.kraken.model.members import carrying
from journal.hints import cmd, say
from journal.lookup import already
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def captive_add(state: State, dice: Dice, label: str, carrier: str, level: int, name: str | None = None,
                species: str | None = None) -> Outcome:
    """A2: a captured alien by hand (an event's, or one a Ground Combat played without
    journal brought down to 0, -1 or -2 HP): carried by one crew member, who cannot attack
    while carrying it."""
    s = copy_state(state)
    label = str(label).strip()
    if not label:
        raise InputError("name the captive (a label such as E1)")
    caps = s.setdefault("captives", {})
    if already(caps, label):
        raise RuleError(f"there is a captive {already(caps, label)} already")
    who = known(s["crew"], carrier, "crew member")
    held = carrying(s, who)
    if held:
        raise RuleError(f"{who} carries {held} already (one captive each)")
    if not 1 <= level <= 8:
        raise InputError(f"a captive's level is 1-8, not {level}")
    cap = {"name": (name or label).strip(), "level": level, "carrier": who}
    if species:
        cap["species"] = parse_species(species)
    caps[label] = cap
    msg = f"Captive {label} ({cap['name']}, LV{level}) carried by {who}"
    return Outcome(s, msg + " (by hand)", [msg + f": {who} cannot attack while carrying it."], {"captive": label,
                                                                                                 **cap})


def captive_give(state: State, dice: Dice, label: str, to: str) -> Outcome:
    """Ch. 4: the captive changes hands (outside Ground Combat; in one, it is an Exchange
    action: `ground exchange` with --captive-to)."""
    s = copy_state(state)
    if s.get("ground"):
        raise RuleError(say("during a Ground Combat a captive changes hands with an Exchange action (",
                            cmd("kraken ground exchange", "NAME", captive_to="OTHER"), ")"))
    caps = s.get("captives") or {}
    key = known(caps, label, "captive")
    who = known(s["crew"], to, "crew member")
    held = carrying(s, who)
    if held == key:
        raise RuleError(f"{who} carries {key} already")
    if held:
        raise RuleError(f"{who} carries {held} already (one captive each)")
    before = caps[key]["carrier"]
    caps[key]["carrier"] = who
    msg = f"Captive {key}: {before} hands it to {who}"
    return Outcome(s, msg, [msg + f" ({before} may attack again)."], {"captive": key, "carrier": who})


def captive_release(state: State, dice: Dice, label: str) -> Outcome:
    s = copy_state(state)
    caps = s.get("captives") or {}
    key = known(caps, label, "captive")
    cap = caps.pop(key)
    if not caps:
        del s["captives"]
    msg = f"Captive {key} ({cap['name']}) released"
    return Outcome(s, msg, [msg + f": {cap['carrier']} may attack again."], {"captive": key})
