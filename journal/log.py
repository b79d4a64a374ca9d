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

from journal.errors import RuleError
from journal.hashes import sha256
from journal.schema import key_path, show_value

PUBLIC_KEYS = ("n", "command", "summary", "reason", "rolls", "time", "turn", "kind", "meta")


def sha(text: str) -> str:
    return sha256(text.encode("utf-8")).hexdigest()


def public(entry: dict) -> dict:
    """The documented view of an entry: {"n","command","summary","rolls",...}."""
    return {k: entry[k] for k in PUBLIC_KEYS if k in entry}


# --- exact text: line patches -----------------------------------------------

def make_patch(after: str, before: str) -> list:
    """Operations [i1, i2, lines] replacing after-lines i1:i2 to give `before`."""
    a = after.splitlines(keepends=True)
    b = before.splitlines(keepends=True)
    # trim the common ends first: most commands change a few lines in the middle
    lo = 0
    top = min(len(a), len(b))
    while lo < top and a[lo] == b[lo]:
        lo += 1
    hi = 0
    while hi < top - lo and a[-1 - hi] == b[-1 - hi]:
        hi += 1
    a_mid, b_mid = a[lo:len(a) - hi], b[lo:len(b) - hi]
    ops = []
    import difflib  # only a command that changes the save needs it

    matcher = difflib.SequenceMatcher(None, a_mid, b_mid, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            ops.append([lo + i1, lo + i2, b_mid[j1:j2]])
    return ops


def apply_patch(after: str, ops: list) -> str:
    a = after.splitlines(keepends=True)
    out, pos = [], 0
    for i1, i2, lines in ops:
        out.extend(a[pos:i1])
        out.extend(lines)
        pos = i2
    out.extend(a[pos:])
    return "".join(out)


# --- values: changes ----------------------------------------------------------

def diff_values(before: dict, after: dict, path: tuple = ()) -> list[dict]:
    """Leaf-level differences between two parsed documents."""
    out = []
    for key in list(before) + [k for k in after if k not in before]:
        p = path + (key,)
        b_has, a_has = key in before, key in after
        bv, av = before.get(key), after.get(key)
        if b_has and a_has and isinstance(bv, dict) and isinstance(av, dict):
            out.extend(diff_values(bv, av, p))
        elif not (b_has and a_has and bv == av and type(bv) is type(av)):
            change = {"path": list(p)}
            if b_has:
                change["from"] = bv
            if a_has:
                change["to"] = av
            out.append(change)
    return out


def _show_path(parts) -> str:
    text = ""
    for part in parts:
        text = key_path(text, part)
    return text


_MISSING = object()


def _get(doc: dict, path: list):
    node = doc
    for part in path:
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return node


def _same(a, b) -> bool:
    return a is b or (a is not _MISSING and b is not _MISSING and type(a) is type(b) and a == b)


def revert_values(doc: dict, changes: list[dict], n: int, *, lenient: bool = False, shown: str = "the save"
                  ) -> bool:
    """Put each changed value back in `doc` (in place); refuse if one was edited since.

    `lenient`: skip the values changed since instead (a crash's leftovers: put back what
    can be). Returns whether anything changed.
    """
    keep = []
    for ch in changes:
        current = _get(doc, ch["path"])
        if _same(current, ch.get("to", _MISSING)):
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
