"""One exception family; the CLI turns each into a one-line message and an exit code."""

from __future__ import annotations

from collections.abc import Iterable


def typed(text: str) -> str:
    """What a user typed, quoted for a one-line message: 'like this', control characters escaped."""
    return repr(str(text))


class JournalError(Exception):
    """Anything a user can cause: a refused rule, bad input, an invalid save.

    The CLI prints ``Error: <message>`` on one line and exits 1 (a refusal by the rules
    or the save), or 2 for a usage error (InputError). `commands`: what the player may type
    instead, when there are several (each Titan's Repair Check): printed one a line under the
    `Error:` line (with --json, as "commands").
    """

    exit_code = 1
    json_done = False  # the command already printed its JSON document

    def __init__(self, message: str, commands: Iterable[object] = ()):
        super().__init__(message)
        self.message = message
        self.commands = tuple(str(c) for c in commands)


class RuleError(JournalError):
    """The rules refuse the command (it is legal input, but not now)."""


class InputError(JournalError):
    """A value the user typed is malformed or out of range, or a choice is missing: a usage
    error, like Click's own (exit 2)."""

    exit_code = 2


class SaveError(JournalError):
    """The save file (or its log) is missing, unreadable or invalid."""

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.problems = problems or []


class NeedChoice(InputError):
    """A decision a rule needs and the command was not given.

    Any rules function may raise it. On a terminal the runtime asks the player (listing
    ``values``) and runs the command again with the answer in ``param``; in a script or a
    batch the command is refused with ``message``, which names the option that answers it.
    """

    def __init__(self, message: str, option: str, values: list[str], prompt: str, param: str | None = None):
        super().__init__(message)
        self.option, self.values, self.prompt = option, list(values), prompt
        self.param = param or option.lstrip("-").replace("-", "_")

    def answer(self, params: dict, value: str, param: str | None = None) -> None:
        """Put the player's answer where the rules function reads it (appended to a list)."""
        key = param or self.param
        current = params.get(key)
        params[key] = [*current, value] if isinstance(current, (list, tuple)) else value


class Interrupted(KeyboardInterrupt):
    """Ctrl-C that came while a command's files were being committed: it waited until they were
    whole, and the command took effect. `message` says what was saved."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
