"""A campaign over time: the states of a campaign entry by entry, rebuilt from the save and its
log (what a game knows of its own history is its `History`: journal/games/__init__.py).

The log keeps, for each command, the values it changed (`changes`: path, from, to); the save holds
the state after the last entry. Walking back from the save through the changes gives the state
after every entry, at the cost of the changes themselves: no command is replayed.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator

from journal.games.interface import Check
from journal.text import plural


def _undo(state: dict, change: dict) -> None:
    """Put one changed value back as it was before its command (a key the command added goes)."""
    *parents, key = change["path"][1:]
    node = state
    for part in parents:
        child = node.get(part)
        if not isinstance(child, dict):
            child = node[part] = {}
        node = child
    if "from" in change:
        value = change["from"]
        node[key] = copy.deepcopy(value) if isinstance(value, (dict, list)) else value
    else:
        node.pop(key, None)


def states_back(state: dict, entries: list[dict]) -> Iterator[tuple[int, dict]]:
    """(i, the state after entries[i]) from the last entry to the first, then (-1, the state
    before the first): one state object changed in place, to be read before the next step.
    `state` (the save's, after the last entry) is not changed. Changes outside [state] (the
    `[journal]` counters, side files) are not states of the game and are skipped."""
    return states_back_from(state, reversed(entries), len(entries))


def states_back_from(state: dict, newest_first: Iterable[dict], count: int) -> Iterator[tuple[int, dict]]:
    """`states_back` of the `count` entries `newest_first` yields, last first (a log read from its
    end as a stream: no entry is kept once its changes are undone)."""
    current = copy.deepcopy(state)
    i = count - 1
    for entry in newest_first:
        if i < 0:
            break
        yield i, current
        for change in reversed(entry.get("changes") or ()):
            path = change.get("path")
            if isinstance(path, list) and len(path) > 1 and path[0] == "state":
                _undo(current, change)
        i -= 1
    yield -1, current


def recorded_checks(entry: dict) -> list[Check]:
    """The checks a rules function recorded in its log entry as it made them (`meta.checks`: each
    {"kind", "chance", "success"}, the odds journal knew then); none for an entry without."""
    meta = entry.get("meta")
    found = meta.get("checks") if isinstance(meta, dict) else None
    if not isinstance(found, list):
        return []
    return [Check(str(c["kind"]), float(c["chance"]), bool(c["success"])) for c in found
            if isinstance(c, dict) and isinstance(c.get("kind"), str) and isinstance(c.get("chance"), (int, float))
            and not isinstance(c.get("chance"), bool) and 0 <= c["chance"] <= 1 and isinstance(c.get("success"), bool)]



def changed(entry: dict, *prefix: str) -> list[tuple[list, object, object]]:
    """The values of [state] an entry changed under `prefix` ("cities"): (the path below the
    prefix, from, to); a value the command added has from None, one it removed has to None."""
    out = []
    want = ["state", *prefix]
    for change in entry.get("changes") or ():
        path = change.get("path") if isinstance(change, dict) else None
        if isinstance(path, list) and path[:len(want)] == want:
            out.append((path[len(want):], change.get("from"), change.get("to")))
    return out


def listed(names: list[str]) -> str:
    """Names as a sentence lists them: "Ana", "Ana and Bo", "Ana, Bo and Cy"."""
    names = [str(n) for n in names]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def in_words(n: int, noun: str, many: str | None = None) -> str:
    """A small count in words ("two evenings"), a larger one in figures: plural() spelled out."""
    said = plural(n, noun, many)
    return f"{NUMBER_WORDS[n]}{said[len(str(n)):]}" if 0 <= n < len(NUMBER_WORDS) else said
