"""--reason: why something was changed by hand, optional, kept in the log."""

from __future__ import annotations

import json

import click
from click.testing import CliRunner

from journal.options import reason_option


def test_set_takes_a_reason_and_the_log_shows_it(camp):
    camp("set", "signal", "3", "--reason", "card 4 says so", ok=True)
    assert camp("log", "--tail", "1", ok=True).stdout.splitlines()[-1].endswith("(reason: card 4 says so)")
    entry = json.loads(camp("--json", "log", "--tail", "1", ok=True).stdout)[0]
    assert entry["reason"] == "card 4 says so"


def test_a_reason_is_optional_and_one_line(camp):
    camp("set", "signal", "3", ok=True)
    assert "reason" not in json.loads(camp("--json", "log", "--tail", "1", ok=True).stdout)[0]
    before = camp.files("camp")
    r = camp("set", "signal", "4", "--reason", "two\nlines")
    assert r.exit_code != 0 and "is one line of text" in r.stderr
    assert camp.files("camp") == before


def test_an_old_spelling_stays_a_hidden_alias_of_reason():
    @click.command()
    @reason_option(old=("--why",))
    def cmd(reason):
        click.echo(f"reason={reason}")

    assert CliRunner().invoke(cmd, ["--why", "a card"]).output == "reason=a card\n"
    assert CliRunner().invoke(cmd, ["--reason", "a rule"]).output == "reason=a rule\n"
    assert "--why" not in CliRunner().invoke(cmd, ["--help"]).output
