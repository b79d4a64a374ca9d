"""journal/options.py: the Click pieces every game shares (DELTA, aliases, -s)."""

from __future__ import annotations

import re

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


@pytest.mark.parametrize("args, said", [
    (["c", "--pair", "a", "b", "z", "--pair", "c", "d"], "--pair is given twice"),
    (["c", "--on", "--off"], "--on and --off are given together"),
    (["c", "-xx"], "-x is given twice"),
])
def test_the_repeated_option_is_found_by_clicks_own_parser_for_any_nargs(args, said):
    """Issue: an option of nargs=2 broke the hand-written scan; Click's parser says what each word was."""
    @click.group(cls=OrderedGroup)
    def g():
        """A group."""

    @g.command()
    @click.option("--pair", nargs=2)
    @click.option("--on/--off", default=None)
    @click.option("-x", is_flag=True)
    @click.argument("rest", nargs=-1)
    def c(pair, on, x, rest):
        click.echo(f"{pair} {on} {x} {rest}")

    r = CliRunner().invoke(g, args)
    assert r.exit_code == 2 and said in r.output
    ok = CliRunner().invoke(g, ["c", "--pair", "--pair", "b", "--", "--pair", "a", "b"])  # values, not options
    assert ok.exit_code == 0 and ok.output == "('--pair', 'b') None False ('--pair', 'a', 'b')\n"


@pytest.mark.parametrize("args, logged", [
    (["epm", "card", "-s", "camp", "3", "--json"], "epm card 3"),
    (["--json", "epm", "--json", "card", "--save=camp", "3"], "epm card 3"),
    (["epm", "card", "-scamp", "3"], "epm card 3"),
    (["-s", "camp", "note", "--", "-s", "x"], "note -- -s x"),
    (["epm", "track", "epm", "-2", "-s", "camp", "--reason=why not"], "epm track epm -2 '--reason=why not'"),
])
def test_the_logged_command_is_what_click_read_less_the_global_options(camp, args, logged):
    """The root options (--saves, --json, -s) are accepted after the command as well as before it,
    and the log records the command without them, as Click attributed each word."""
    import json

    camp(*args, ok=True)
    entry = json.loads(camp("--json", "log", "-s", "camp", "--tail", "1", ok=True).stdout)[0]
    assert entry["command"] == logged


def test_global_options_after_the_command_act_as_before_it(camp, tmp_path):
    import json

    doc = json.loads(camp("show", "-s", "camp", "--json", ok=True).stdout)
    assert doc["name"] == "camp"
    r = camp("show", "--json", "--bogus")  # a usage error after --json: one JSON document too
    assert r.exit_code == 2 and json.loads(r.stdout)["exit"] == 2
    assert "--saves is given twice" in camp("show", "--saves", "elsewhere").stderr  # the tests give it first
    assert json.loads(camp("show", "--help", "--json", ok=True).stdout)["help"].startswith("Usage: journal show")


def test_saves_after_the_command_names_the_saves_folder(camp):
    import json

    from journal_testing import CLEAN_ENV, shown_folder

    from journal.cli import main

    class Journal:
        name = "journal"

        def main(self, args=(), prog_name=None, **_extra):
            main(list(args))

    r = CliRunner().invoke(Journal(), ["show", "-s", "camp", "--saves", shown_folder(camp.saves), "--json"],
                           env=CLEAN_ENV)
    assert r.exit_code == 0 and json.loads(r.stdout)["name"] == "camp"


def every_command(cmd: click.Command, ctx: click.Context):
    yield cmd
    if isinstance(cmd, click.Group):
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is not None:
                yield from every_command(sub, click.Context(sub, info_name=name, parent=ctx))


def test_every_command_is_declared_to_parse_as_journal_parses():
    """Each command is declared with journal's command class (no class swapped after the fact):
    Click's own parser reads its options, noting each one for the repeated-option refusal and
    the logged text."""
    from journal.cli import root
    from journal.options import Parsed

    found = list(every_command(root, click.Context(root, info_name="journal")))
    assert len(found) > 150
    assert [c.name for c in found if not isinstance(c, Parsed)] == []


def test_a_command_declared_with_another_class_is_named_when_added():
    @click.group(cls=OrderedGroup)
    def g():
        """A group."""

    @click.command()
    def plain():
        """Plain."""

    with pytest.raises(TypeError, match="'plain'.*cls=JournalCommand"):
        g.add_command(plain)


# --- a batch line's lean parse ---------------------------------------------------------------------

LINE_WORDS = ["camp", "--character", "Ana", "--booster", "Jet", "--retry", "--rolls",
              "3", "-2", "+1", "=4", "piloting", "signal", "epm", "--", "-x", "--jso", "--hel", "--sav", "--sa", "--reason",
              "why", "--reason=why", "x y", ""]
LINE_COMMANDS = [["note"], ["roll", "2d6"], ["set"], ["epm", "challenge"], ["epm", "card"], ["epm", "track"],
                 ["epm"], ["titans", "credits"], ["kraken", "credits"], ["pulp", "ability"]]


def parse_line(words: list[str], lean: bool):
    """What Click reads of a batch line (its command's values and logged words, or the usage
    error), with or without the options every command takes (help, --json, --saves)."""
    from journal.cli import root
    from journal.options import LEAN_LINE
    from journal.runtime import Batch, Runtime

    rt = Runtime(".", False, [])
    rt.batch = Batch(None)  # type: ignore[arg-type]  # (nothing runs: the line is only read)
    top = click.Context(root, info_name="journal", obj=rt)
    top.meta[LEAN_LINE] = lean
    try:
        cmd, ctx, rest = root, top, list(words)
        while isinstance(cmd, click.Group):
            name, cmd, rest = cmd.resolve_command(ctx, rest)
            ctx = cmd.context_class(cmd, info_name=name, parent=ctx)
            with ctx.scope(cleanup=False):
                left = cmd.parse_args(ctx, rest)
            if isinstance(cmd, click.Group):  # Click kept its command's name apart: the word before `left`
                rest = rest[len(rest) - len(left) - 1:]
        return "read", dict(ctx.params), getattr(ctx, "words", None), left
    except click.exceptions.NoArgsIsHelpError as e:  # the batch names the group (its help is not shown)
        return "group", e.ctx.command_path if e.ctx else None
    except click.UsageError as e:
        # a typo's suggestions, which may name an option a batch line refuses (--json), set aside
        said = re.split(r" \(?(?:Did you mean|Possible options)", e.format_message())[0]  # (Click 8.2's words)
        return "refused", type(e).__name__, said


from hypothesis import given, strategies as st  # noqa: E402


@given(st.sampled_from(LINE_COMMANDS), st.lists(st.sampled_from(LINE_WORDS), max_size=6))
def test_a_lean_batch_line_is_read_as_the_whole_parse_reads_it(command, words):
    """A batch line none of whose words could be -h/--help, --json, --saves or -s/--save parses
    without those options (`lean_words`), -s then None: Click reads it exactly as it does with
    them, values, logged words and usage errors alike (less a typo's suggestions, which may name
    --json: no batch line may take it)."""
    from journal.options import lean_words

    line = [*command, *words]
    assert lean_words(line)
    assert parse_line(line, lean=True) == parse_line(line, lean=False)


@pytest.mark.parametrize("word", ["-h", "--help", "--json", "--saves", "--saves=x", "--json=1", "-xh", "-s", "-scamp",
                                  "--save", "--save=camp", "-xs"])
def test_a_batch_line_that_may_name_help_json_saves_or_save_is_read_whole(word):
    from journal.options import lean_words

    assert not lean_words(["note", "a", word])
    assert lean_words(["note", "a", "camp", "--reason=why", "-5", "--", "x"])


def test_a_batch_line_names_its_campaign_with_s_as_before(camp):
    """-s on a batch line (not lean: read whole) names the batch's campaign, as it did."""
    camp("batch", "-s", "camp", "-", input="epm card -s camp 4\nepm card 5 --save=camp\n", ok=True)
    assert camp.state("camp")["card"] == 5
