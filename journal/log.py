"""Log entries and undo.

Each log entry records what a command did to the save, twice over:

* ``undo``: a line patch that turns the save's text after the command back into the
  exact text before it (comments and hand formatting included), checked by the
  ``before``/``after`` SHA-256 of the text;
* ``changes``: the values the command changed (path, from, to), used when the save
  was edited by hand since: undo then reverts just those values, and refuses if a hand
  edit touched one of them.
"""

from __future__ import annotations

import itertools
import json
import operator
import re
from hashlib import sha256
from typing import Any

from journal.errors import RuleError
from journal.schema import key_path, show_value, type_name

# A line of the log (or of its undone file) as journal writes it: compact JSON, its text as it is
# (not \u escapes). What it encodes is a tree journal built, with no cycle for the encoder to look for.
LINE_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)

PUBLIC_KEYS = ("n", "command", "summary", "reason", "rolls", "time", "turn", "kind", "meta", "undone")


def sha(text: str) -> str:
    return sha256(text.encode("utf-8")).hexdigest()


def public(entry: dict) -> dict:
    """The documented view of an entry: {"n","command","summary","rolls",...}."""
    return {k: entry[k] for k in PUBLIC_KEYS if k in entry}


# --- the shape of an entry ---------------------------------------------------

HEX_DIGITS = frozenset("0123456789abcdef")  # a SHA-256 as the log writes it: 64 of these
# a side file is a plain file in the saves folder: no folder in its name, never a hidden path
_SIDE_NAME = r"[A-Za-z0-9._-]+\.toml"


def is_sha(value: Any) -> bool:
    """A SHA-256 as the log writes it: 64 lowercase hex digits."""
    return isinstance(value, str) and len(value) == 64 and HEX_DIGITS.issuperset(value)


def side_name_problem(name: Any) -> str | None:
    """What is wrong with the name of a side file (None: it is a .toml file in the saves folder)."""
    if isinstance(name, str) and re.fullmatch(_SIDE_NAME, name) and not name.startswith(".."):
        return None
    return f"side names {show_value(name)}: a side file is a .toml file in the saves folder"


def patch_problem(ops: Any, key: str = "undo") -> str | None:
    """What is wrong with a line patch (None: it is one), naming it `key`."""
    problem = _undo_problem(ops)
    return problem.replace("undo", key, 1) if problem and key != "undo" else problem


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def whole(v: Any) -> bool:
    """A whole number 0 or more (not a bool): a byte offset, a seed, a count."""
    return _is_int(v) and v >= 0


def _holds_null(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, dict):
        return any(_holds_null(v) for v in value.values())
    if isinstance(value, list):
        return any(_holds_null(v) for v in value)
    return False


def _changes_problem(changes: Any, where: str) -> str | None:
    if not isinstance(changes, list):
        return f"{where} is {type_name(changes)}: expected an array of changes"
    for i, ch in enumerate(changes):
        if not _plain_change(ch):  # the common case at a glance; anything else is named exactly
            problem = _change_problem(ch, f"{where}[{i}]")
            if problem:
                return problem
    return None


_SCALARS = (str, int, float, bool)  # a value that cannot hold a null


def _plain_change(ch: Any) -> bool:
    """Whether a change is sound as journal writes nearly every one: a path of key names, a from
    and a to (or one of them) that are plain values, no other key. A change that is not (a table
    or array as its value, a missing key) is checked by `_change_problem`, which names the fault."""
    if type(ch) is not dict:
        return False
    path = ch.get("path")
    if type(path) is not list or not path:
        return False
    for part in path:
        if type(part) is not str:
            return False
    keys = 1
    for key in ("from", "to"):
        if key in ch:
            if not isinstance(ch[key], _SCALARS):
                return False
            keys += 1
    return 1 < keys == len(ch)


def _change_problem(ch: Any, at: str) -> str | None:
    """One change {path, from, to} (`at` names it)."""
    if not isinstance(ch, dict):
        return f"{at} is {type_name(ch)}: expected a change {{path, from, to}}"
    path = ch.get("path")
    if not isinstance(path, list) or not path or not all(isinstance(p, str) for p in path):
        return f"{at}.path is not a list of key names"
    if "from" not in ch and "to" not in ch:
        return f"{at} has neither from nor to"
    if any(_holds_null(ch[k]) for k in ("from", "to") if k in ch):
        return f"{at} holds a null: TOML has no null"
    extra = [k for k in ch if k not in ("path", "from", "to")]
    if extra:
        return f"{at}.{extra[0]} is not a key of a change (path, from, to)"
    return None


def _undo_problem(ops: Any) -> str | None:
    if not isinstance(ops, list):
        return f"undo is {type_name(ops)}: expected an array of line patches"
    pos = 0
    for i, op in enumerate(ops):
        if not _plain_op(op) and not (isinstance(op, list) and len(op) == 3 and _is_int(op[0]) and _is_int(op[1])
                                      and isinstance(op[2], list) and all(isinstance(line, str) for line in op[2])):
            return f"undo[{i}] is not a line patch [from, to, [lines]]"
        if not pos <= op[0] <= op[1]:
            return f"undo[{i}] = [{op[0]}, {op[1]}, ...]: line numbers out of order"
        pos = op[1]
    return None


def _plain_op(op: Any) -> bool:
    """A line patch as journal writes it, at a glance (type() is: a bool is not a line number)."""
    return type(op) is list and len(op) == 3 and type(op[0]) is int and type(op[1]) is int and _plain_lines(op[2])


def _plain_lines(lines: Any) -> bool:
    if type(lines) is not list:
        return False
    for line in lines:
        if type(line) is not str:
            return False
    return True


def _rolls_problem(rolls: Any) -> str | None:
    if not isinstance(rolls, list):
        return f"rolls is {type_name(rolls)}: expected an array"
    for i, r in enumerate(rolls):
        if not (isinstance(r, dict) and isinstance(r.get("die"), str) and r.get("source") in ("rolled", "entered")
                and (_is_int(r.get("value")) or isinstance(r.get("value"), str))):
            return f"rolls[{i}] is not a roll {{die, value, source}}"
    return None


def _plain_entry(e: Any) -> bool:
    """Whether an entry is sound as journal writes it, in one look (exact types, no side files):
    True only when `entry_problem` would find nothing; anything else, it names."""
    if type(e) is not dict or "side" in e or "command" not in e or "summary" not in e:
        return False
    n = e.get("n")
    if type(n) is not int or n < 1 or not _plain_keys(e):
        return False
    if "undo" in e:
        if _undo_problem(e["undo"]) is not None:
            return False
    elif n > 1:
        return False
    return _plain_parts(e)


def _plain_keys(e: dict) -> bool:
    """An entry's text, SHA-256 and whole-number keys, sound at a glance."""
    for key in TEXT_KEYS:
        if type(e.get(key, "")) is not str:
            return False
    for key in ("before", "after"):
        if not is_sha(e.get(key)):
            return False
    for key in ("seed", "at"):
        value = e.get(key, 0)
        if type(value) is not int or value < 0:
            return False
    return True


def _plain_parts(e: dict) -> bool:
    """An entry's rolls, changes and meta, sound at a glance."""
    if type(e.get("rolls", [])) is not list or type(e.get("changes", [])) is not list \
            or type(e.get("meta", {})) is not dict:
        return False
    for r in e.get("rolls", ()):
        if type(r) is not dict or type(r.get("die")) is not str or r.get("source") not in ("rolled", "entered") \
                or type(r.get("value")) not in (int, str):
            return False
    for ch in e.get("changes", ()):
        if not _plain_change(ch):
            return False
    return True


def entry_problem(entry: Any) -> str | None:
    """What is wrong with the shape of a log entry (None: nothing), naming the key.

    Required: n, command, summary, before, after, and undo past entry 1; the optional
    keys have their types checked too. Unknown keys are left alone (a newer journal's).
    """
    if _plain_entry(entry):  # sound at a glance, as journal writes nearly every entry
        return None
    problem = number_problem(entry)
    if problem:
        return problem
    problem = _missing_key(entry) or _keys_problem(entry) or _parts_problem(entry)
    if problem:
        return f"entry {entry['n']}: {problem}"
    return side_problem(entry)


TEXT_KEYS = ("command", "summary", "time", "kind", "turn", "reason", "game")  # an entry's keys that hold text


def _missing_key(entry: dict) -> str | None:
    """A required key the entry lacks: undo is required past entry 1."""
    required = ["command", "summary", "before", "after"] + (["undo"] if entry["n"] > 1 else [])
    return next((f"{key} is missing" for key in required if key not in entry), None)


def _keys_problem(entry: dict) -> str | None:
    """A plain key of the wrong type: text, a SHA-256, a whole number."""
    for key in TEXT_KEYS:
        if key in entry and not isinstance(entry[key], str):
            return f"{key} = {show_value(entry[key])} is {type_name(entry[key])}: expected text"
    for key in ("before", "after"):
        if not is_sha(entry[key]):
            return f"{key} is not a SHA-256 (64 hex digits)"
    for key in ("seed", "at"):
        if key in entry and not whole(entry[key]):
            return f"{key} = {show_value(entry[key])} is not a whole number 0 or more"
    return None


def _parts_problem(entry: dict) -> str | None:
    """What is wrong with the entry's undo patch, rolls, changes or meta, when it holds them."""
    problem = (_undo_problem(entry["undo"]) if "undo" in entry else None) \
        or (_rolls_problem(entry["rolls"]) if "rolls" in entry else None) \
        or (_changes_problem(entry["changes"], "changes") if "changes" in entry else None)
    if problem:
        return problem
    if "meta" in entry and not isinstance(entry["meta"], dict):
        return f"meta is {type_name(entry['meta'])}: expected an object"
    return None


def number_problem(entry: Any) -> str | None:
    """An entry must at least be an object with its number."""
    if not isinstance(entry, dict):
        return f"a log entry is {type_name(entry)}: expected an object"
    num = entry.get("n")
    if not isinstance(num, int) or isinstance(num, bool) or num < 1:
        return "n is missing or not a whole number 1 or more"
    return None


def side_problem(entry: dict) -> str | None:
    """What is wrong with an entry's side-file changes (the part read even of an entry a crash
    left uncommitted, to put those changes back)."""
    num = entry["n"]
    side = entry.get("side", {})
    if not isinstance(side, dict):
        return f"entry {num}: side is {type_name(side)}: expected an object"
    for name, changes in side.items():
        problem = side_name_problem(name)
        if problem:
            return f"entry {num}: {problem}"
        problem = _changes_problem(changes, f"side.{key_path('', name)}")
        if problem:
            return f"entry {num}: {problem}"
    return None


def started_game(entry: dict) -> str | None:
    """The game entry 1 started: recorded since journal ties logs to saves, else the first
    word of its command (`epm new ...`); None when neither says."""
    if isinstance(entry.get("game"), str):
        return entry["game"]
    first = entry.get("command", "").split(" ", 1)[0]
    return first or None


# --- exact text: line patches -----------------------------------------------

def make_patch(after: str, before: str) -> list:
    """Operations [i1, i2, lines] replacing after-lines i1:i2 to give `before`."""
    return patch_lines(after.splitlines(keepends=True), before.splitlines(keepends=True))


def patch_lines(a: list[str], b: list[str]) -> list:
    """`make_patch` of two texts split into lines (their ends kept): `a`, after, and `b`, before."""
    if len(a) == len(b):
        # values changed in place (most commands): each run of differing lines is replaced as it
        # stands, without a general diff (and its import); the lines that differ found in C
        ops: list = []
        for i in itertools.compress(itertools.count(), map(operator.ne, a, b)):
            if ops and ops[-1][1] == i:
                ops[-1][1] = i + 1
                ops[-1][2].append(b[i])
            else:
                ops.append([i, i + 1, [b[i]]])
        return ops
    # trim the common ends first: most commands change a few lines in the middle
    lo = 0
    top = min(len(a), len(b))
    while lo < top and a[lo] == b[lo]:
        lo += 1
    hi = 0
    while hi < top - lo and a[-1 - hi] == b[-1 - hi]:
        hi += 1
    a_mid, b_mid = a[lo:len(a) - hi], b[lo:len(b) - hi]
    import difflib  # only a command that adds or removes lines needs it

    matcher = difflib.SequenceMatcher(None, a_mid, b_mid, autojunk=False)
    return [[lo + i1, lo + i2, b_mid[j1:j2]] for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def apply_patch(after: str, ops: list) -> str:
    return "".join(patch_applied(after.splitlines(keepends=True), ops))


def patch_applied(a: list[str], ops: list) -> list[str]:
    """`apply_patch` of a text split into lines (their ends kept): the lines it gives."""
    out, pos = [], 0
    for i1, i2, lines in ops:
        out.extend(a[pos:i1])
        out.extend(lines)
        pos = i2
    out.extend(a[pos:])
    return out


# --- values: changes ----------------------------------------------------------

_MISSING = object()


def diff_values(before: dict, after: dict, path: tuple = (), differ: set[tuple] | None = None) -> list[dict]:
    """Leaf-level differences between two parsed documents.

    `differ`, when given, collects the path of every value that is not the same to TOML: each one
    changed, added or removed, a value Python finds equal to its old one of another text (1 and
    true in an array, -0.0 and 0.0), and a table whose keys come in another order. The tables
    above such a path are the ones whose text may differ (journal.store.tomltext)."""
    differ = set() if differ is None else differ
    out: list[dict] = []
    for key, bv in before.items():  # a key's path is built only for a change (this runs every command)
        av = after.get(key, _MISSING)
        if av is bv:  # the very value (rules copy tables and arrays, and keep the plain values they leave)
            continue
        if type(bv) is dict and type(av) is dict:
            if len(bv) == len(av) and all(map(operator.is_, bv, av)):  # the same keys, in the same order
                if all(map(operator.is_, bv.values(), av.values())):  # each holding the very same value
                    continue
            elif list(bv) != list(av):
                differ.add((*path, key))
            out.extend(diff_values(bv, av, (*path, key), differ))
        else:
            leaf_change(out, differ, (*path, key), bv, av)
    for key, av in after.items():
        if key not in before:
            out.append({"path": [*path, key], "to": av})
            differ.add((*path, key))
    return out


def leaf_change(out: list[dict], differ: set[tuple], path: tuple, before, after) -> None:
    """`diff_values` of a value that is not a table on both sides (`after` _MISSING: removed)."""
    if after is _MISSING:
        out.append({"path": list(path), "from": before})
    elif not (before == after and type(before) is type(after)):
        out.append({"path": list(path), "from": before, "to": after})
    elif written_alike(before, after):
        return
    differ.add(path)


# the types whose equal values (of the same type) TOML writes alike: others (an array, a float,
# a date) are compared by their text too
SAME_WHEN_EQUAL = frozenset((str, int, bool))


def written_alike(before, after) -> bool:
    """Whether two values of one type that Python finds equal are written alike in TOML: a string,
    a whole number or a boolean always; an array whose items are the very same ones (as a copy of
    it holds); anything else when its text is the same."""
    if type(before) in SAME_WHEN_EQUAL:
        return True
    if type(before) is list and len(before) == len(after) and all(map(operator.is_, before, after)):
        return True
    return repr(before) == repr(after)


def _show_path(parts: list[str]) -> str:
    text = ""
    for part in parts:
        text = key_path(text, part)
    return text


def _get(doc: dict, path: list) -> Any:
    node = doc
    for part in path:
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return node


def _same(a: Any, b: Any) -> bool:
    return a is b or (a is not _MISSING and b is not _MISSING and type(a) is type(b) and a == b)


def _holds_tables(doc: dict, parents: list) -> bool:
    """Whether a value can be put back under `parents`: each one is a table, or absent."""
    node = doc
    for part in parents:
        if part not in node:
            return True
        node = node[part]
        if not isinstance(node, dict):
            return False
    return True


def revert_values(doc: dict, changes: list[dict], n: int, *, lenient: bool = False, shown: str = "the save"
                  ) -> bool:
    """Put each changed value back in `doc` (in place); refuse if one was edited since.

    `lenient`: skip the values changed since instead (a crash's leftovers: put back what
    can be). Returns whether anything changed.
    """
    keep = []
    for ch in changes:
        current = _get(doc, ch["path"])
        if _same(current, ch.get("to", _MISSING)) and _holds_tables(doc, ch["path"][:-1]):
            keep.append(ch)
        elif not lenient:
            path = _show_path(ch["path"])
            now = "absent" if current is _MISSING else show_value(current)
            left = show_value(ch["to"]) if "to" in ch else "absent"
            raise RuleError(f"cannot undo entry {n}: {path} was edited by hand since (now {now}, the "
                            f"command left {left}); put it back or edit {shown} by hand")
    for ch in keep:
        *parents, leaf = ch["path"]
        table = doc
        for part in parents:
            table = table.setdefault(part, {})
        if "from" in ch:
            table[leaf] = ch["from"]
        else:
            del table[leaf]
    return bool(keep)
