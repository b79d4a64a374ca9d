"""One exception family; the CLI turns each into a one-line message and an exit code."""


class JournalError(Exception):
    """Anything a user can cause: a refused rule, bad input, an invalid save.

    The CLI prints ``Error: <message>`` on one line and exits 1.
    """

    exit_code = 1
    json_done = False  # the command already printed its JSON document

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class RuleError(JournalError):
    """The rules refuse the command (it is legal input, but not now)."""


class InputError(JournalError):
    """A value the user typed is malformed or out of range."""


class SaveError(JournalError):
    """The save file (or its log) is missing, unreadable or invalid."""

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.problems = problems or []
