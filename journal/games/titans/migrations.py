"""The save's format version, and the steps that bring an older save up to it (applied in order
when a save is read: `journal.save`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

SCHEMA_VERSION = 4


def to_2(state: dict) -> dict:
    """Schema 2 records whose turn it is in the ordered steps (round.done, round.acting): a
    Titan that attacked this turn has had its Fight turn, one that only moved is acting; in
    the Development step, who took an action has had their turn."""
    rnd = dict(state.get("round", {}))
    if "done" not in rnd:
        owner = {v.get("titan"): p for p, v in state.get("players", {}).items() if isinstance(v, dict)}
        done: list = []
        if state.get("phase") in ("opening", "fight"):
            done = [owner[t] for t in rnd.get("attacked", []) if t in owner]
            busy = [owner[t] for t in rnd.get("moved", []) if t in owner and owner[t] not in done]
            if len(busy) == 1:
                rnd["acting"] = busy[0]
            else:
                done += busy
        elif state.get("phase") == "upgrade" and not rnd.get("supports_moved"):
            done = list(rnd.get("developed", []))
        rnd["done"] = list(dict.fromkeys(done))
    return {**state, "round": rnd}


def to_3(state: dict) -> dict:
    """Schema 3 derives THREAT's tier instead of storing it (`public_state` shows it)."""
    if not isinstance(state, dict):
        return state            # validate names what is wrong with it
    return {k: v for k, v in state.items() if k != "tier"}


def to_4(state: dict) -> dict:
    """Schema 4 keeps each Lair as the row of spots the board shows ({spot: pawn}, "1" to "5"):
    the older list was the order the pawns would leave in, so its first pawn takes spot 1."""
    rifts = state.get("rifts") if isinstance(state, dict) else None
    if not isinstance(rifts, dict):
        return state            # validate names what is wrong with it
    out = {}
    for name, r in rifts.items():
        if isinstance(r, dict) and isinstance(r.get("lair"), list):
            r = {**r, "lair": {str(i): pid for i, pid in enumerate(r["lair"], 1)}}
        out[name] = r
    return {**state, "rifts": out}


# {from_version: fn(state) -> state}, applied in order on load
MIGRATIONS: Mapping[int, Callable[[dict], dict]] = {1: to_2, 2: to_3, 3: to_4}
