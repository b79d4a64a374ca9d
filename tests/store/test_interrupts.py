"""journal/store/interrupts.py: SIGINT is held over a commit, then reported (issue 21, item 1)."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from journal.store import interrupts

pytestmark = pytest.mark.durable  # real fsync here: these tests are about what reaches the disk


def test_a_ctrl_c_while_held_waits_for_the_block_and_is_reported():
    ran = []
    with interrupts.held() as held:
        os.kill(os.getpid(), signal.SIGINT)
        ran.append("after the signal")  # the block runs to its end
    assert ran and held.pending
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_outside_a_held_block_ctrl_c_interrupts_as_ever():
    with interrupts.held():
        pass
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # the handler runs between two bytecodes
            pass


def test_an_inner_block_leaves_the_report_to_the_outer_one():
    with interrupts.held() as outer:
        with interrupts.held() as inner:
            os.kill(os.getpid(), signal.SIGINT)
        assert not inner.pending
    assert outer.pending


def test_nothing_is_held_off_the_main_thread_or_where_sigint_is_ignored():
    seen = []

    def work():
        with interrupts.held() as held:
            seen.append(held.pending)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert seen == [False]
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with interrupts.held():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)
