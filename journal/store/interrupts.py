"""Ctrl-C while files are being committed: held until they are whole, then it takes effect.

A command is committed the instant its save is renamed into place; a Ctrl-C arriving around that
instant must neither cut a commit in half nor make journal roll back what is already committed.
So the commit runs with SIGINT held: a Ctrl-C in the middle is recorded, the commit runs to its
end, and the caller then stops the command, saying that it was saved.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import FrameType


class Held:
    """Whether a Ctrl-C came while SIGINT was held."""

    def __init__(self) -> None:
        self.pending = False

    def hold(self, _signum: int, _frame: FrameType | None) -> None:
        self.pending = True


@contextmanager
def held() -> Iterator[Held]:
    """Hold SIGINT over a block. Nothing is held when another handler than Python's own is in
    place (SIGINT ignored, a block already holding it: the outer one reports) or off the main
    thread (Python sets handlers there only)."""
    state = Held()
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield state
        return
    try:
        previous = signal.signal(signal.SIGINT, state.hold)
    except ValueError:  # not the main thread
        yield state
        return
    try:
        yield state
    finally:
        signal.signal(signal.SIGINT, previous)
