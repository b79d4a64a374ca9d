"""Commands as a player reads them: the log keeps each command as `shlex.join` wrote it (exact,
but `note 'Kell'"'"'s queen'` for an apostrophe); shown, a word with an apostrophe is put in
double quotes instead (`note "Kell's queen is suspicious"`), still a line a shell runs as typed."""

from __future__ import annotations

import re
import shlex

_PLAIN = re.compile(r"[\w@%+=:,./-]+", re.ASCII)
_DOUBLE_SAFE = re.compile(r'[^"$`\\!]*')


def readable_word(word: str) -> str:
    if word and _PLAIN.fullmatch(word):
        return word
    if "'" in word and _DOUBLE_SAFE.fullmatch(word):
        return f'"{word}"'
    return shlex.quote(word)


def readable_command(command: str) -> str:
    """The command as a player would type it (as it is, when it cannot be read as shell words)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    return " ".join(readable_word(w) for w in words)
