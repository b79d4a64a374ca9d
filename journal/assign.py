"""A key path and a value typed on the command line, read as TOML (`journal set`, a game's own
`set`): each is one line, one key, one value, or a one-line refusal naming it."""

from __future__ import annotations

import tomllib

from journal.errors import InputError, typed
from journal.files import MAX_DEPTH, too_deep

KEY_HINT = 'write a dotted path such as crew.Ray.hp or cities."New York".damage'


def _one_line(text: str, what: str) -> None:
    if len(text.splitlines()) > 1 or "\n" in text or "\r" in text:
        raise InputError(f"{what} {typed(text)} is more than one line: a {what.lower()} is one line")


def key_path(text: str, hint: str = KEY_HINT) -> list[str]:
    """`cities."New York".damage` → ["cities", "New York", "damage"] (TOML dotted keys)."""
    _one_line(text, "KEY")
    try:
        doc = tomllib.loads(f"{text} = 0")
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        doc = None
    path, node = [], doc
    while isinstance(node, dict) and len(node) == 1:
        (key, node), = node.items()
        path.append(key)
    if not path or node != 0 or isinstance(node, (bool, float)):
        raise InputError(f"{typed(text)} is not a key: {hint}")
    return path


def value(text: str, bare_text: bool = True):
    """A TOML value (2, -3, true, "text", [1, 2]); anything else is the typed text itself
    (with `bare_text`), else refused."""
    _one_line(text, "VALUE")
    try:
        parsed = tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        if bare_text:
            return text
        raise InputError(f"VALUE {typed(text)} is not a TOML value (3, -2, true, \"text\")") from None
    except ValueError:  # more than 4,300 digits
        raise InputError(f"VALUE {typed(text[:20] + '…')}: a number has at most 4300 digits") from None
    except RecursionError:
        parsed = None
    if parsed is None or too_deep(parsed, MAX_DEPTH):
        raise InputError(f"VALUE: arrays or tables nested more than {MAX_DEPTH} deep")
    return parsed
