"""What a rules function returns: the new state and what to tell the table."""

from __future__ import annotations


def copy_state(value):
    """A deep copy of TOML data (tables, arrays and plain values): what `copy.deepcopy` gives,
    several times faster, since such data holds no shared or exotic objects."""
    if type(value) is dict:
        return {k: copy_state(v) for k, v in value.items()}
    if type(value) is list:
        return [copy_state(v) for v in value]
    return value


def refuse_if_over(result: str | None, how: str = "") -> None:
    """Nothing more happens once the game is over (the game's `result(state)`): say how it
    ended, and that undo takes the last command back."""
    if result:
        from journal.errors import RuleError
        from journal.hints import cmd, say

        raise RuleError(say(f"the game is over: {how or ('won' if result == 'won' else 'lost')} (", cmd("undo"),
                            " takes the last command back; or start a new campaign)"))


class Outcome:
    __slots__ = ("state", "summary", "lines", "data", "meta", "side")

    def __init__(self, state: dict, summary: str, lines: list[str] | None = None, data: dict | None = None,
                 meta: dict | None = None, side: dict | None = None):
        self.state = state
        self.summary = summary          # one line, kept in the log
        self.lines = lines or []        # what changed, what to do at the table
        self.data = data or {}          # the command's --json payload
        self.meta = meta or {}          # kept in the log entry as "meta" (e.g. what undo may not revert)
        self.side = side or {}          # side file name -> its new content (see Session.apply)


def note(state: dict, dice, text: str) -> Outcome:
    """A free-text note: the state is unchanged, the text goes into the log and the PDF."""
    return Outcome(state, text, [f"Noted: {text}"], {"note": text})


def roll(state: dict, dice, expr) -> Outcome:
    """A loose roll (`journal roll 2d6+3 -s S`): logged, the state unchanged."""
    total, faces = expr.roll(dice)
    who = "journal rolled" if all(r.source == "rolled" for r in dice.rolls) else "Rolled"
    if len(faces) == 1 and total == faces[0]:
        summary = f"{who} {expr.text}: {total}"
    else:
        summary = f"{who} {expr.text}: {', '.join(str(f) for f in faces)} → {total}"
    return Outcome(state, summary, [summary], {"expr": expr.text, "dice": faces, "total": total})


def set_value(state: dict, dice, path: list, value=None, unset: bool = False, validate=None,
              shown_key: str = "", raw: str | None = None) -> Outcome:
    """A2: set (or remove) any value of the state by hand, as a card's text says.

    `value` is the typed text read as TOML; where the key holds text, the `raw` text is
    kept as it was typed (so `+3` stays "+3"). The result must still be a valid save:
    `validate(state)` problems refuse it.
    """
    from journal.errors import InputError
    from journal.schema import show_value

    s = copy_state(state)
    node = s
    for part in path[:-1]:
        node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, dict):
            raise InputError(f"state.{shown_key}: there is no table {part!r} to set it in")
    leaf = path[-1]
    had = leaf in node
    before = node.get(leaf)
    if unset:
        if not had:
            raise InputError(f"state.{shown_key} is not set")
        del node[leaf]
    else:
        if isinstance(before, str) and not isinstance(value, str) and raw is not None:
            value = raw
        node[leaf] = value
    problems = validate(s) if validate else []
    if problems:
        raise InputError(f"that would make the save invalid: {problems[0]}")
    now = "removed" if unset else show_value(value)
    was = show_value(before) if had else "unset"
    line = f"Set state.{shown_key} = {now} by hand (was {was})."
    return Outcome(s, line, [line], {"key": shown_key, "before": before, "value": None if unset else value})
