"""What the War Titans commands read from the command line: Titan specs, deltas, bonus dice, data
files, dotted keys; and the options several commands share."""

from __future__ import annotations

import re

import click

from journal.errors import InputError, typed
from journal.games.titans.rules import model

NEGATIVES = {"ignore_unknown_options": True}  # so `threat -1` and `damage --city X -2` read the number
TAG_CHOICE = click.Choice(model.TAGS, case_sensitive=False)
SAMPLE_BOARD = "board-sample.toml"
SAMPLE_INVADERS = "invaders-sample.toml"

ADJACENT = click.option("--adjacent", multiple=True, metavar="CITY",
                        help="The adjacent city an invader ability's effect damages (when there is a choice).")
DISABLE = click.option("--disable", multiple=True, metavar="CARD",
                       help="A Tech Card an invader ability's effect disables (when there is a choice; repeat).")


def whole_number(text: str, what: str) -> int:
    """`text` as a whole number, or an error naming `what`."""
    try:
        return int(text.strip())
    except ValueError:
        raise InputError(f"{what}: {typed(text)} is not a whole number") from None


def parse_titan(spec: str) -> dict:
    """"Atlas:hp=10,armor=1,combat=4,movement=3,repair=2[,refresh=2,blow=energy,pilot=..,player=..,
    color=..,city=..]" → a dict."""
    name, sep, rest = spec.partition(":")
    hint = ('e.g. "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2" (also refresh=N, blow=TAG+TAG, '
            'blow_dice=N, pilot=NAME, player=NAME, color=COLOUR, city=CITY)')
    if not sep or not name.strip():
        raise InputError(f"--titan {typed(spec)}: expected NAME:KEY=VALUE,..., {hint}")
    out: dict = {"name": name.strip()}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, val = part.partition("=")
        key, val = key.strip().lower(), val.strip()
        if not eq or not val:
            raise InputError(f"--titan {typed(spec)}: {typed(part)} should be KEY=VALUE, {hint}")
        if key in out:
            raise InputError(f"--titan {typed(spec)}: {key} is given twice")
        if key in model.ABILITIES or key == "refresh":
            n = whole_number(val, f"--titan {typed(spec)}: {key}")
            if not 0 <= n <= 99:
                raise InputError(f"--titan {typed(spec)}: {key}={n} is outside 0..99")
            out[key] = n
        elif key in ("blow_dice", "blowdice"):
            n = whole_number(val, f"--titan {typed(spec)}: {key}")
            if not 0 <= n <= 99:
                raise InputError(f"--titan {typed(spec)}: {key}={n} is outside 0..99")
            out["blow_dice"] = n
        elif key == "blow":
            tags = [t.strip().lower() for t in re.split(r"[+/ ]", val) if t.strip()]
            bad = [t for t in tags if t not in model.TAGS]
            if bad:
                raise InputError(f"--titan {typed(spec)}: blow={val}: Attack Tags are {', '.join(model.TAGS)} "
                                 f"(join several with +)")
            out["blow_tags"] = tags
        elif key in ("pilot", "player", "city"):
            out[key] = val
        elif key in ("color", "colour"):
            out["color"] = val.lower()
        else:
            raise InputError(f"--titan {typed(spec)}: unknown key {typed(key)}, {hint}")
    return out


def read_data_file(file: str | None, sample: str, option: str) -> tuple[dict, str]:
    """A data file named by an option: a path, or a shipped one (templates:titans/FILE), read by the
    core's guarded reader: a missing, non-regular, non-UTF-8, too big or too deeply nested file is
    refused naming it."""
    from journal import files, templates

    if file is None:
        path = templates.path("titans", sample)
        shown = sample
    else:
        path = templates.resolve(file)
        shown = path.name
    try:
        return files.read_toml(path, f"{option} {typed(file or sample)}", InputError), shown
    except (FileNotFoundError, NotADirectoryError):
        shipped = ", ".join(templates.shipped("titans"))
        raise InputError(f"{option} {typed(file)}: no such file (shipped files: {shipped})") from None


_BONUS = re.compile(r"\s*([A-Za-z]+)\s*([+-]\s*\d{1,2})\s*")


def parse_bonus(texts, option: str = "--bonus") -> dict | None:
    """("combat+1", "repair+2") → {"combat": 1, "repair": 2}: bonus dice a card adds to checks."""
    out: dict = {}
    for text in texts:
        m = _BONUS.fullmatch(text)
        if not m:
            raise InputError(f"{option} {typed(text)}: expected CHECK+N, e.g. combat+1 (checks: {', '.join(model.CHECKS)})")
        key = m.group(1).lower()
        if key not in model.CHECKS:
            raise InputError(f"{option} {typed(text)}: bonus dice go to a check: {', '.join(model.CHECKS)}")
        if key in out:
            raise InputError(f"{option} {key} is given twice")
        out[key] = int(m.group(2).replace(" ", ""))
    return out or None


_DELTA = re.compile(r"([+-]?)(\d{1,3})|=(\d{1,3})")


def parse_delta(text: str) -> tuple[int | None, int | None]:
    m = _DELTA.fullmatch(text.strip())
    if not m:
        raise InputError(f"{typed(text)} is not a DELTA: type +N or -N to move it, =N to set it (e.g. +1, -1, =7)")
    if m.group(3) is not None:
        return None, int(m.group(3))
    return int(m.group(1) + m.group(2)), None


def parse_path(text: str) -> list[str]:
    """`cities."New York".damage` → ["cities", "New York", "damage"] (TOML dotted keys)."""
    from journal import assign

    path = assign.key_path(text, hint="write it as in the save, e.g. threat, cities.Tokyo.damage or "
                                      "titans.Atlas.tech.\"Plasma Sword\".charges")
    return path[1:] if path[0] == "state" else path


def parse_value(text: str):
    """A TOML value (2, true, "text", ["a", "b"]); anything else is read as plain text."""
    from journal import assign

    return assign.value(text)
