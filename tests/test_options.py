"""journal/options.py: the Click pieces every game shares (DELTA, aliases, -s)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from journal.options import DELTA, Delta, DeltaType, OrderedGroup, add_alias


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("delta", type=DELTA)
def moved(delta):
    click.echo(repr(tuple(delta)))


@pytest.mark.parametrize("typed, read", [("+3", (3, None)), ("-2", (-2, None)), ("=12", (None, 12)),
                                         (" +0 ", (0, None)), ("=0", (None, 0))])
def test_a_delta_moves_by_plus_or_minus_n_and_sets_with_equals(typed, read):
    r = CliRunner().invoke(moved, [typed])
    assert r.exit_code == 0 and r.output.strip() == repr(read)
    assert DELTA.convert(typed, None, None) == Delta(*read)


def test_a_bare_number_as_a_delta_is_refused_naming_both_readings():
    r = CliRunner().invoke(moved, ["3"])
    assert r.exit_code == 2
    assert "'3' could mean either: type +3 to add 3, or =3 to set it to 3" in r.output


@pytest.mark.parametrize("typed", ["abc", "+", "=", "+1234", "1.5", "++1", "=-3"])
def test_what_is_no_delta_is_refused_with_the_forms_allowed(typed):
    r = CliRunner().invoke(moved, [typed])
    assert r.exit_code == 2 and "is not a DELTA: type +N or -N to change it, =N to set it" in r.output


def test_a_wider_delta_takes_more_digits():
    assert DeltaType(digits=7).convert("+1234567", None, None) == Delta(1234567, None)
    with pytest.raises(click.BadParameter):
        DELTA.convert("+1234", None, None)


def test_an_alias_runs_its_command_and_is_not_listed():
    @click.group(cls=OrderedGroup)
    def game():
        """A game."""

    @game.command()
    @click.argument("result")
    def end(result):
        """End it."""
        click.echo(f"ended: {result}")

    add_alias(game, "outcome", end)
    runner = CliRunner()
    assert runner.invoke(game, ["outcome", "won"]).output == "ended: won\n"
    assert runner.invoke(game, ["end", "lost"]).output == "ended: lost\n"
    listed = runner.invoke(game, ["--help"]).output
    assert "end" in listed and "outcome" not in listed


def test_a_game_keeps_its_old_command_names(camp):
    r = camp("epm", "outcome", "--help", ok=True)
    assert "Usage: journal epm outcome [OPTIONS]" in r.stdout
    assert "outcome" not in camp("epm", "--help", ok=True).stdout


@pytest.mark.parametrize("args", [["show", "-s"], ["-s"]])
def test_an_option_typed_last_without_its_value_is_named_as_typed(journal, args):
    r = journal(*args)
    assert r.exit_code == 2 and "Option '-s' requires an argument" in r.stderr


@pytest.mark.parametrize("args, said", [
    (["epm", "challenge", "piloting", "--character", "Ana", "--character", "Bo"], "--character is given twice"),
    (["epm", "flip", "Ana", "--active", "--inactive"], "--active and --inactive are given together"),
    (["epm", "track", "signal", "+1", "--reason", "a", "--reason=b"], "--reason is given twice"),
    (["note", "-s", "camp", "-s", "camp", "hello"], "-s is given twice"),
])
def test_an_option_that_takes_one_value_typed_twice_is_a_usage_error(camp, args, said):
    before = camp.files("camp")
    r = camp(*args)
    assert r.exit_code == 2 and said in r.stderr and len(r.stderr.splitlines()) == 1
    assert camp.files("camp") == before


def test_a_repeatable_option_and_a_value_that_looks_like_an_option_stay_allowed(camp):
    camp("epm", "item", "add", "Gun", "--owner", "Ana", "--booster", "piloting:+1", ok=True)
    camp("epm", "track", "signal", "+1", "--reason", "--reason", ok=True)  # the reason's text is "--reason"
    camp("note", "--", "--character", "--character", ok=True)
