"""journal/options.py: short options are read as their long spelling, exactly as Click reads
them (Click's own try of `-s` as a long option imports difflib on every command)."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from journal.cli import root
from journal.options import long_spellings, reason_option, save_option
from journal_testing import EPM_NEW


@click.command(context_settings={"ignore_unknown_options": True})
@save_option
@reason_option
@click.option("-o", "--output")
@click.option("--flag", is_flag=True)
@click.option("--pair", nargs=2)
@click.argument("words", nargs=-1)
def sample(save, reason, output, flag, pair, words):
    """A command with short and long options, a flag, a two-word option and free words."""


def parsed(command, args):
    """What Click reads from `args`: the parameters, or the error it gives."""
    try:
        with command.make_context("sample", list(args), resilient_parsing=False) as ctx:
            return ctx.params
    except click.UsageError as e:
        return f"error: {e.format_message()}"


def test_a_short_option_with_its_value_is_spelled_long():
    assert long_spellings(sample, ["-s", "camp", "x"]) == ["--save", "camp", "x"]
    assert long_spellings(sample, ["x", "-o", "out.pdf", "-s", "camp"]) == ["x", "--output", "out.pdf", "--save", "camp"]


def test_an_option_value_a_last_option_without_value_and_words_after_double_dash_stay_as_typed():
    assert long_spellings(sample, ["--reason", "-s", "-s", "camp"]) == ["--reason", "-s", "--save", "camp"]
    assert long_spellings(sample, ["--pair", "-s", "-o", "-s", "c"]) == ["--pair", "-s", "-o", "--save", "c"]
    assert long_spellings(sample, ["x", "-s"]) == ["x", "-s"]
    assert long_spellings(sample, ["--", "-s", "camp"]) == ["--", "-s", "camp"]
    assert long_spellings(sample, ["-scamp", "--save=c"]) == ["-scamp", "--save=c"]


def test_a_group_spells_only_its_own_options_before_its_command():
    assert long_spellings(root, ["-s", "camp", "epm", "-s", "other"], group=True) == [
        "--save", "camp", "epm", "-s", "other"]
    assert long_spellings(root, ["--saves", "-s", "show"], group=True) == ["--saves", "-s", "show"]


words = st.lists(st.sampled_from(["-s", "-o", "--save", "--reason", "--flag", "--pair", "--", "camp", "x", "-1",
                                  "-sx", "--output=o", "-h"]), max_size=7)


@settings(deadline=None)
@given(words)
def test_click_reads_the_long_spelling_exactly_as_the_words_typed(args):
    assert parsed(sample, long_spellings(sample, args)) == parsed(sample, args)


def test_a_command_with_s_does_not_import_difflib(journal):
    journal(*EPM_NEW, ok=True)
    code = ("import sys\nfrom journal.cli import main\n"
            f"try:\n    main(['--saves', {str(journal.saves)!r}, 'epm', 'track', 'signal', '+1', '-s', 'camp'])\n"
            "except SystemExit:\n    pass\nprint('difflib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out.strip().split("\n")[-1] == "False", out


@pytest.mark.parametrize("args", [["show", "-s"], ["-s"]])
def test_an_option_typed_last_without_its_value_is_named_as_typed(journal, args):
    r = journal(*args)
    assert r.exit_code == 2 and "Option '-s' requires an argument" in r.stderr
