"""Names the player types, matched to the names in a save (shared by every game's rules)."""

from __future__ import annotations

import shlex

from journal.errors import InputError, typed
from journal.schema import fold


def find(table, name: str, what: str, option: str | None = None) -> str:
    """The key of `table` the player meant: exact, else a unique match ignoring case and Unicode
    form (schema.fold).

    Otherwise a one-line error naming the option and listing the known keys:
    `--character 'Zed' is not a character: known characters are Ana, Bo`.
    """
    if name in table:
        return name
    folded = fold(str(name).strip())
    hits = [k for k in table if fold(k) == folded]
    if len(hits) == 1:
        return hits[0]
    known = ", ".join(table) or "none yet"
    label = f"{option} " if option else ""
    article = "an" if what[:1] in "aeiou" else "a"
    head, of, rest = what.partition(" of ")  # "weapon of Ray": the weapons of Ray
    raise InputError(f"{label}{typed(name)} is not {article} {what}: known {head}s{of}{rest} are {known}")


def already(names, name: str) -> str | None:
    """The name among `names` that `name` would be taken for (the same ignoring case and Unicode
    form: schema.fold), or None: what a new name may not repeat."""
    folded = fold(str(name).strip())
    return next((k for k in names if fold(k) == folded), None)


shell_quote = shlex.quote  # a name as a player pastes it into a hint: quoted when it holds spaces
