"""Shared calls for the Pulp Invasion CLI tests: a command on save "g", its --json document."""

from __future__ import annotations

import json


def p(journal, *args, **kw):
    """`journal pulp COMMAND -s g ARGS...`"""
    return journal("pulp", args[0], "-s", "g", *args[1:], **kw)


def j(journal, *args) -> dict:
    """The JSON document of `journal --json ARGS...`, which must succeed."""
    r = journal("--json", *args)
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)
