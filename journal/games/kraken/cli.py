"""`journal kraken ...`: thin Click commands over journal.games.kraken.rules.

A campaign refers to its pack by path and SHA-256 (`[state.pack]`): the cells are not
copied into the save, which stays small and quick to rewrite; a pack that moved is
pointed to again with `pack use`, and one whose cells changed is refused until adopted.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from journal.options import OrderedGroup, rolls_option, save_option
from journal.errors import InputError, JournalError, RuleError
from journal.games import kraken as game
from journal.games.kraken import cgm, rules
from journal.games.kraken.state import ATTRIBUTES, DIFFICULTIES, FREE_ACTIONS, INVENTORY, SPECIALS
from journal.runtime import pass_rt

NEGATIVES = {"ignore_unknown_options": True}  # `crew hp Ray -3`, `var A -2 --line 1`
AB = click.Choice(["A", "B"], case_sensitive=False)
ACHIEVEMENTS_FILE = ".kraken-achievements.toml"   # one file in the saves folder (rulings K9)
TEMPLATES_PREFIX = "templates:"


class LazyGroup(OrderedGroup):
    """A group whose issue-6 commands (flights, combat, dungeons, ground combat, gear,
    Treasure; cli_adventure.py) are loaded only when asked for, so the other commands
    start as fast as before."""

    def _load(self) -> None:
        from journal.games.kraken import cli_adventure  # noqa: F401 (registers its commands)

    def get_command(self, ctx, name):
        cmd = super().get_command(ctx, name)
        if cmd is None:
            self._load()
            cmd = super().get_command(ctx, name)
        return cmd

    def list_commands(self, ctx):
        self._load()
        return super().list_commands(ctx)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
def kraken():
    """Space Kraken: the Crypted Game Master, story lines, crew, ship, quests.

    Rulings K1-K14 apply (README, "Rules notes"): coordinates are sheet digits then two
    characters (3HC); lines have 7 cells and 6 slots; a line stops on a red coordinate
    or '/'. Follow lines by hand with `step`, or from a pack with `advance` and `turn`.
    Outside Just a Simulation, `undo` will not take back a die roll or a revealed event
    (K8): reload a save point instead.
    """


# --- helpers ---------------------------------------------------------------------------

_DELTA = re.compile(r"([+-]?)(\d{1,7})|=(\d{1,7})")


def parse_delta(text: str, what: str = "DELTA") -> tuple[int | None, int | None]:
    m = _DELTA.fullmatch(str(text).strip())
    if not m:
        raise InputError(f"'{text}' is not a {what}: type +N or -N to change it, =N to set it (e.g. -3, +2, =12)")
    if m.group(3) is not None:
        return None, int(m.group(3))
    return int(m.group(1) + m.group(2)), None


def parse_trait(spec: str, option: str = "--trait") -> tuple[str, int]:
    head, sep, tail = str(spec).rpartition(":")
    try:
        value = int(tail)
    except ValueError:
        value = None
    if not sep or not head.strip() or value is None:
        raise InputError(f"{option} '{spec}': expected NAME:VALUE, e.g. Tough:+2 or Slow:-1")
    return head.strip(), value


def run(rt, save, fn, **params):
    return rt.run(save, fn, **params)


def run_choosing(rt, save, fn, choices: list, **params):
    """Run a line-following rule; a decision nobody gave (--choose A|B) is asked for on a
    terminal, then the command runs again with it; otherwise the error names the options."""
    return rt.run(save, fn, choices=list(choices), choice_params={"--choose": "choices"}, **params)


def catalogue() -> dict:
    from journal.games.kraken import catalogue as catmod

    return catmod.load()


# --- packs -------------------------------------------------------------------------------

_PACKS: dict[str, dict] = {}   # sha256 -> parsed pack (a batch reads a pack once)


def _templates_root() -> Path:
    from journal import templates

    return templates.root().resolve()


def stored_path(path: Path) -> str:
    """How a save names its pack: inside the installed templates folder as
    'templates:kraken/...' (it moves with the install), anywhere else absolute."""
    p = path.resolve()
    try:
        return TEMPLATES_PREFIX + p.relative_to(_templates_root()).as_posix()
    except ValueError:
        return str(p)


def real_path(stored: str) -> Path:
    if stored.startswith(TEMPLATES_PREFIX):
        return _templates_root() / stored[len(TEMPLATES_PREFIX):]
    return Path(stored)


def read_pack(path: Path, shown: str | None = None) -> tuple[dict, dict, list[str]]:
    """(pack, info for the save, problems) of a pack file; refuses unreadable files."""
    import tomllib

    from journal.hashes import sha256

    shown = shown or str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"no pack at {shown}") from None
    except OSError as e:
        raise InputError(f"cannot read the pack {shown}: {e.strerror}") from None
    digest = sha256(data).hexdigest()
    if digest in _PACKS:
        pack = _PACKS[digest]
        return pack, {"path": stored_path(path), "sha256": digest, "title": pack["title"]}, []
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(f"the pack {shown} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"the pack {shown} is not valid TOML: {e}") from None
    pack, problems = cgm.parse_pack(doc, shown)
    if not problems:
        _PACKS[digest] = pack
    return pack, {"path": stored_path(path), "sha256": digest, "title": pack["title"] or path.stem}, problems


def pack_file(path_text: str) -> Path:
    """A pack the player names: a file, or a shipped one as 'templates:kraken/demo-pack.toml'."""
    return real_path(path_text) if path_text.startswith(TEMPLATES_PREFIX) else Path(path_text)


def read_pack_like(path: Path, shown: str) -> tuple[dict, dict]:
    """A TOML file the player supplies (flight table, generator, enemy profiles): its
    parsed document and {path, sha256} to record it like a pack."""
    import tomllib

    from journal.hashes import sha256

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"no file at {shown}") from None
    except OSError as e:
        raise InputError(f"cannot read {shown}: {e.strerror}") from None
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(f"{shown} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{shown} is not valid TOML: {e}") from None
    return doc, {"path": stored_path(path), "sha256": sha256(data).hexdigest(), "title": path.stem}


def load_pack(path_text: str) -> tuple[dict, dict]:
    pack, info, problems = read_pack(pack_file(path_text), path_text)
    if problems:
        more = f" (and {len(problems) - 1} more: journal kraken pack check {path_text})" if len(problems) > 1 else ""
        raise InputError(problems[0] + more)
    return pack, info


def campaign_pack(rt, save, state: dict | None = None) -> dict:
    """The pack this campaign follows, checked against the SHA-256 the save recorded."""
    if state is None:
        state = rt.current_state(save)
    info = state.get("pack") if isinstance(state, dict) else None
    if not info:
        raise RuleError("this campaign has no pack: follow lines by hand (journal kraken step LINE CELL …) "
                        "or add one (journal kraken pack use FILE)")
    path = real_path(info["path"])
    try:
        pack, now, problems = read_pack(path, str(path))
    except InputError:
        raise RuleError(f"the pack {info['title']} is missing from {path}: if it moved, point to it again "
                        f"with `journal kraken pack use FILE`") from None
    if now["sha256"] != info["sha256"]:
        raise RuleError(f"the pack {path} changed since this campaign recorded it: check it "
                        f"(journal kraken pack check {path}) and adopt it with `journal kraken pack use {path}`")
    if problems:
        raise RuleError(problems[0])
    return pack


# --- a new campaign ----------------------------------------------------------------------

@kraken.command()
@click.argument("name")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES, case_sensitive=False),
              help="simulation, adventurer, real-life or hardcore (3.2; save rules by rulings K8).")
@click.option("--backstory", metavar="TEXT", help="The crew backstory you chose (book p. 10).")
@click.option("--pack", "pack_path", metavar="FILE", help="A pack TOML transcribing CGM sheets (for advance/turn).")
@click.option("--line", "lines", multiple=True, metavar="COORD", help="A start coordinate (repeat: lines 1, 2, …).")
@click.option("--credits", "credit", type=int, default=100, show_default=True, help="Starting Credits (3.7).")
@click.option("--seed", type=int, help="Seed for the dice (default: random).")
@pass_rt
def new(rt, name, difficulty, backstory, pack_path, lines, credit, seed):
    """Start a campaign: difficulty, start lines, pack."""
    if difficulty is None:
        difficulty = rt.choose("--difficulty", list(DIFFICULTIES), "Difficulty")
    pack = info = None
    if pack_path:
        pack, info = load_pack(pack_path)
    out = rules.new(difficulty.lower(), list(lines), info, backstory, credit)
    if pack:
        for slot, line in out.state["lines"].items():
            if line["coords"][0] not in pack["cells"]:
                out.lines.insert(-1, f"Note: the pack has no cell {line['coords'][0]} (line {slot}): you will "
                                     f"step it by hand there.")
    rt.create(name, game, out.state, rt.new_seed(seed), out)


# --- the CGM -------------------------------------------------------------------------------

@kraken.command(context_settings=NEGATIVES)
@save_option
@click.argument("line")
@click.argument("cell")
@click.argument("nexts", nargs=-1, metavar="[NEXT [NEXT]]")
@click.option("--choose", type=AB, help="A decision event's option: A (first coordinate) or B (second).")
@rolls_option
@click.option("--standby", is_flag=True, help="Put this STANDBY event on hold: the line waits on it (K6).")
@click.option("--leader", metavar="NAME", help="The crew member who leads (default: the previous leader).")
@pass_rt
def step(rt, save, line, cell, nexts, choose, rolls, standby, leader):
    """Manual: type the cell found at the line's coordinate.

    CELL as printed (a red coordinate, / or a command), then the coordinates to its right:

    \b
      journal kraken step 1 'A>4' 3FR 4BB    compare the line's A with 4
      journal kraken step 1 '!A7' 3TT        read event A7, then 3TT
      journal kraken step 1 4MB              a red coordinate: the line stops
      journal kraken step 1 /                end of line: erased
    """
    parsed = cgm.parse_cell(cell, nexts)
    events, pack_cell = None, None
    state = rt.current_state(save)
    if isinstance(state, dict) and state.get("pack"):
        try:
            pack = campaign_pack(rt, save, state)
        except JournalError:
            pack = None
        if pack:
            events = pack["events"]
            slot = str(line).strip()
            if slot in state.get("lines", {}):
                pack_cell = pack["cells"].get(state["lines"][slot]["coords"][-1])
    rt.run(save, rules.step, entered=rolls, choose=choose, line=line, cell=parsed, standby=standby, leader=leader,
           events=events, pack_cell=pack_cell)


@kraken.command()
@save_option
@click.argument("line")
@click.option("--choose", "choices", multiple=True, type=AB, help="Decisions, in the order they come up (repeat).")
@rolls_option
@click.option("--leader", metavar="NAME", help="The crew member who leads (default: the previous leader).")
@click.option("--standby", is_flag=True, help="Hold a STANDBY event this line reaches (K6).")
@click.option("--activate", is_flag=True, help="Read the STANDBY event this line holds, and go on.")
@pass_rt
def advance(rt, save, line, choices, rolls, leader, standby, activate):
    """Pack: follow one line until it stops.

    For Phase 3's extra activation, an event that activates a line, or catching up.
    """
    pack = campaign_pack(rt, save)
    run_choosing(rt, save, rules.advance, [c.upper() for c in choices], entered=rolls, line=line, pack=pack,
                 standby=standby, activate=activate, leader=leader)


@kraken.command()
@save_option
@click.option("--skip", metavar="LINE", help="Skip one line this turn (not the one skipped last turn, K5).")
@click.option("--choose", "choices", multiple=True, type=AB, help="Decisions, in the order they come up (repeat).")
@rolls_option
@click.option("--leader", metavar="NAME", help="The crew member who leads (default: the previous leader).")
@click.option("--standby", "standby", multiple=True, metavar="LINE", help="Hold STANDBY events on LINE (repeat).")
@click.option("--activate", "activate", multiple=True, metavar="LINE",
              help="Read the STANDBY event LINE holds (repeat).")
@click.option("--savepoint", is_flag=True, help="Just a Simulation: save as the turn begins (K8).")
@pass_rt
def turn(rt, save, skip, choices, rolls, leader, standby, activate, savepoint):
    """A new turn: Phase 1 activates every line once (K5).

    The turn ending first gets what its remaining phases do by themselves (repairs,
    finished builds, quest ticks).

    With a pack every line is followed at once, slot 1 first; without one the command
    lists the lines to step by hand.
    """
    state = rt.current_state(save)
    pack = campaign_pack(rt, save, state) if isinstance(state, dict) and state.get("pack") else None
    run_choosing(rt, save, rules.turn, [c.upper() for c in choices], entered=rolls, pack=pack, skip=skip,
                 standby=standby, activate=activate, leader=leader, savepoint=savepoint)


@kraken.command()
@save_option
@click.argument("to", metavar="N|next")
@pass_rt
def phase(rt, save, to):
    """Go on to Phase N of this turn (2-5, or next).

    Entering Phase 2 repairs damaged systems and finishes due builds; entering Phase 5
    ticks urgent quests (K13).
    """
    if to != "next" and not re.fullmatch(r"[1-5]", str(to)):
        raise InputError(f"phase '{to}': a phase 1-5, or next")
    run(rt, save, rules.phase, to=to)


@kraken.command("free-action")
@save_option
@click.argument("kind", type=click.Choice([k for k in FREE_ACTIONS if k != "line"], case_sensitive=False))
@pass_rt
def free_action(rt, save, kind):
    """Phase 3's one free action (a line again: use advance/step)."""
    run(rt, save, rules.free_action, kind=kind.lower())


@kraken.command()
@save_option
@click.option("--after", is_flag=True,
              help="Phases 1 and 3: after a Dungeon Exploration or Ground Combat you played without journal.")
@pass_rt
def recover(rt, save, after):
    """Phase R, once a turn: +3 HP each, Oxygen refilled.

    Each working Med Bay and Advanced Med Bay adds 3 HP; the unconscious heal from 0.
    At the end of Phase 1 or 3 only after that phase's Dungeon Exploration or Ground
    Combat (ch. 5); at the end of Phase 5 if the turn had no Recovery yet.
    """
    run(rt, save, rules.recover, cat=catalogue(), after=after)


@kraken.command()
@save_option
@pass_rt
def lines(rt, save):
    """The CGM Line Tracker, as on the book's page 14."""
    from journal.games.kraken import views

    with rt.read(save) as s:
        state = s.state
    if s.game.ID != game.ID:
        raise RuleError("this save is not a Space Kraken campaign")
    rt.emit(views.tracker(state), {"lines": state["lines"], "interlink": state["interlink"],
                                   "locations": state["locations"], "turn": state["turn"],
                                   "phase": state["phase"], "pending": _pending(state)})


def _pending(state):
    from journal.games.kraken.state import pending

    return pending(state)


@kraken.group(cls=OrderedGroup)
def line():
    """Story line slots by hand: add, skip, set, note, end."""


@line.command("add")
@save_option
@click.argument("coord")
@click.option("--note", metavar="TEXT", help="The note beside the line.")
@pass_rt
def line_add(rt, save, coord, note):
    """A new line in the first free slot of six (refused when none is free, K4)."""
    run(rt, save, rules.line_add, coord=coord, note=note)


@line.command("skip")
@save_option
@click.argument("line_no", metavar="LINE")
@pass_rt
def line_skip(rt, save, line_no):
    """Skip one line in this turn's Phase 1 (not last turn's, K5)."""
    run(rt, save, rules.line_skip, line=line_no)


@line.command("set")
@save_option
@click.argument("line_no", metavar="LINE")
@click.argument("coord")
@pass_rt
def line_set(rt, save, line_no, coord):
    """Write a coordinate into a line by hand (an event sends it elsewhere)."""
    run(rt, save, rules.line_set, line=line_no, coord=coord)


@line.command("note")
@save_option
@click.argument("line_no", metavar="LINE")
@click.argument("text", nargs=-1)
@pass_rt
def line_note(rt, save, line_no, text):
    """The note beside a line (no TEXT erases it)."""
    run(rt, save, rules.line_note, line=line_no, text=" ".join(text))


@line.command("end")
@save_option
@click.argument("line_no", metavar="LINE")
@pass_rt
def line_end(rt, save, line_no):
    """End a line as an event says (like '/'): erase it and its variables."""
    run(rt, save, rules.line_end, line=line_no)


@kraken.command(context_settings=NEGATIVES)
@save_option
@click.argument("var")
@click.argument("value", required=False)
@click.option("--line", "line_no", metavar="N", help="The line of a variable A-H.")
@click.option("--clear", is_flag=True, help="Erase the variable (unset counts as 0).")
@pass_rt
def var(rt, save, var, value, line_no, clear):
    """Show or set a variable: A-H (--line N) or I-Z."""
    if value is None and not clear:
        state = rt.current_state(save)
        if "lines" not in state:
            raise RuleError("this save is not a Space Kraken campaign")
        v = var.strip().upper()
        if v in cgm.LINE_VARS:
            if line_no is None:
                raise InputError(f"{v} is a line variable: say which line with --line N")
            table = state["lines"].get(str(line_no), {}).get("vars")
            if table is None:
                raise RuleError(f"line {line_no} is free")
        elif len(v) == 1 and v in cgm.INTERLINK:
            table = state["interlink"]
        else:
            raise InputError(f"'{var}' is not a variable: A-H (a line's), I-Z (interlink)")
        value_now = table.get(v, 0)
        rt.emit(f"{v} = {value_now}" + ("" if v in table else " (unset)"), {"var": v, "value": value_now,
                                                                             "set": v in table})
        return
    if clear and value is not None:
        raise click.UsageError("give a VALUE or --clear, not both")
    number = None
    if value is not None:
        try:
            number = int(value.replace("=", "", 1) if value.startswith("=") else value)
        except ValueError:
            raise InputError(f"'{value}' is not a whole number (variables may be negative: -3)") from None
    run(rt, save, rules.var_set, var=var, value=number, line=line_no)


@kraken.command()
@save_option
@rolls_option
@click.option("--choose", "choices", multiple=True, type=AB, help="Decisions the new line meets (repeat).")
@click.option("--leader", metavar="NAME")
@click.option("--standby", is_flag=True, help="Hold a STANDBY event the new line reaches.")
@pass_rt
def lt(rt, save, rolls, choices, leader, standby):
    """LT tile: d20 starts a line at 1AA-1AT, at once.

    With no free line slot nothing happens.
    """
    state = rt.current_state(save)
    pack = campaign_pack(rt, save, state) if isinstance(state, dict) and state.get("pack") else None
    if pack is None and (choices or standby):
        raise InputError("--choose and --standby follow a pack; without one, step the new line by hand")
    if pack is None:
        run(rt, save, rules.lt, entered=rolls, leader=leader)
    else:
        run_choosing(rt, save, rules.lt, [c.upper() for c in choices], entered=rolls, pack=pack, leader=leader,
                     standby=standby)


@kraken.group(cls=OrderedGroup)
def pack():
    """CGM packs: check a file, point a campaign to one."""


@pack.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@pass_rt
def pack_check(rt, file):
    """Lint a pack: bad cells, dangling coordinates, loops with no red stop."""
    p, _info, problems = read_pack(pack_file(file), file)
    errors, warnings = list(problems), []
    if not problems:
        errors, warnings = cgm.lint(p)
    ok = not errors
    head = (f"{file}: {p['title'] or '(untitled)'}: {len(p['cells'])} cells, {len(p['events'])} events: "
            + ("OK" if ok else f"{len(errors)} problem(s)"))
    lines_out = [head] + [f"  error: {e}" for e in errors] + [f"  warning: {w}" for w in warnings]
    rt.emit(lines_out, {"file": file, "title": p["title"], "cells": len(p["cells"]), "events": len(p["events"]),
                        "ok": ok, "errors": errors, "warnings": warnings})
    if not ok:
        err = JournalError(f"{file} has {len(errors)} problem(s)")
        err.json_done = True
        raise err


@pack.command("use")
@save_option
@click.argument("file", type=click.Path(dir_okay=False))
@pass_rt
def pack_use(rt, save, file):
    """Follow FILE from now on (a pack that moved, or a corrected one)."""
    _pack, info = load_pack(file)
    run(rt, save, rules.pack_use, pack=info)


@pack.command("forget")
@save_option
@pass_rt
def pack_forget(rt, save):
    """Stop using a pack: follow lines by hand."""
    run(rt, save, rules.pack_forget)


# --- crew ----------------------------------------------------------------------------------

@kraken.group(cls=LazyGroup)
def crew():
    """Crew: add, remove, HP, level up, inventory."""


def _attr_options(f):
    for a in reversed(ATTRIBUTES):
        f = click.option(f"--{a}", a, type=int, metavar="N", help=f"{a.capitalize()} 1-8.")(f)
    return f


@crew.command("add")
@save_option
@click.argument("name")
@_attr_options
@click.option("--trait", "traits", multiple=True, metavar="NAME:VALUE", help="A trait, e.g. Tough:+2 (repeat).")
@click.option("--psi", is_flag=True, help="The PSI trait at level 1 (one crew member at most).")
@click.option("--level", type=int, default=1, show_default=True, help="A higher level (a hired member).")
@click.option("--hire", is_flag=True, help="Hired at a Shop: pay 10¢ per level.")
@pass_rt
def crew_add(rt, save, name, traits, psi, level, hire, **attrs):
    """A new crew member: six attributes 1-8 summing to 16, traits summing to 0."""
    given = {a: v for a, v in attrs.items() if v is not None}
    run(rt, save, rules.crew_add, name=name, attrs=given, traits=[parse_trait(t) for t in traits], psi=psi,
        level=level, hire=hire)


@crew.command("remove")
@save_option
@click.argument("name")
@click.option("--sell", is_flag=True, help="Sold at a Shop for 5¢ per level.")
@click.option("--died", is_flag=True, help="Killed or abandoned (a preset member may not rejoin, K11).")
@pass_rt
def crew_remove(rt, save, name, sell, died):
    """A crew member leaves the crew."""
    if sell and died:
        raise click.UsageError("--sell or --died, not both")
    run(rt, save, rules.crew_remove, name=name, sell=sell, died=died)


@crew.command("hp", context_settings=NEGATIVES)
@save_option
@click.argument("name")
@click.argument("delta", metavar="DELTA")
@pass_rt
def crew_hp(rt, save, name, delta):
    """Damage -N or healing +N (or =N): 0 to -3 unconscious, -4 killed (K11)."""
    change, value = parse_delta(delta)
    run(rt, save, rules.crew_hp, name=name, delta=change, value=value)


@crew.command("level-up")
@save_option
@click.argument("name")
@click.option("--attribute", metavar="ATTR", help=f"+1 to one of {', '.join(ATTRIBUTES)} (or psi).")
@click.option("--trait", "traits", multiple=True, metavar="NAME:VALUE",
              help="Instead: one positive trait (two levels) or a positive and a negative one (one level).")
@click.option("--psi", is_flag=True, help="Gain the PSI trait (a positive trait).")
@pass_rt
def crew_level_up(rt, save, name, attribute, traits, psi):
    """Spend (new level)² XP: +1 attribute, or new traits."""
    run(rt, save, rules.crew_level_up, name=name, attribute=attribute,
        traits=[parse_trait(t) for t in traits], psi=psi)


@crew.command("leader")
@save_option
@click.argument("name")
@pass_rt
def crew_leader(rt, save, name):
    """The crew member who leads (events call them 'you')."""
    run(rt, save, rules.crew_leader, name=name)


@crew.command("set")
@save_option
@click.argument("name")
@click.argument("field", metavar="FIELD")
@click.argument("value", type=int)
@pass_rt
def crew_set(rt, save, name, field, value):
    """Set an attribute, level, hp_max or psi by hand (a card says so)."""
    run(rt, save, rules.crew_set, name=name, field=field, value=value)


@crew.command("trait")
@save_option
@click.argument("name")
@click.argument("trait", metavar="TRAIT[:VALUE]")
@click.option("--remove", is_flag=True, help="Erase the trait.")
@pass_rt
def crew_trait(rt, save, name, trait, remove):
    """Add, change or erase a trait by hand."""
    if remove:
        run(rt, save, rules.crew_trait, name=name, trait=trait.rpartition(":")[0] or trait, remove=True)
    else:
        t, v = parse_trait(trait, "TRAIT")
        run(rt, save, rules.crew_trait, name=name, trait=t, value=v)


@crew.command("equip")
@save_option
@click.argument("name")
@click.argument("slot", type=click.Choice(INVENTORY, case_sensitive=False))
@click.argument("item")
@click.option("--from-storage", is_flag=True, help="Take it out of the ship's storage.")
@pass_rt
def crew_equip(rt, save, name, slot, item, from_storage):
    """Put an item in a slot: L, R (hands) or 1-4 (backpack)."""
    run(rt, save, rules.crew_equip, name=name, slot=slot, item=item, from_storage=from_storage)


@crew.command("use")
@save_option
@click.argument("name")
@click.argument("item")
@click.option("--heal", "heal_hp", type=int, help="HP the item heals (half in a Hell atmosphere).")
@click.option("--target", metavar="NAME", help="Who it heals (default: the user).")
@click.option("--oxygen", type=int, help="Oxygen it gives (an Oxygen item).")
@pass_rt
def crew_use(rt, save, name, item, heal_hp, target, oxygen):
    """Use an item outside Ground Combat (no action); a use of a U item is erased."""
    run(rt, save, rules.crew_use, name=name, item=item, heal_hp=heal_hp, target=target, oxygen=oxygen)


@crew.command("unequip")
@save_option
@click.argument("name")
@click.argument("slot", type=click.Choice(INVENTORY, case_sensitive=False))
@click.option("--to-storage", is_flag=True, help="Put it in the ship's storage.")
@pass_rt
def crew_unequip(rt, save, name, slot, to_storage):
    """Take an item out of a slot."""
    run(rt, save, rules.crew_unequip, name=name, slot=slot, to_storage=to_storage)


# --- resources -------------------------------------------------------------------------------

@kraken.command("credits", context_settings=NEGATIVES)
@save_option
@click.argument("delta", metavar="DELTA")
@click.option("--buy", is_flag=True, help="A purchase: refused if you cannot pay (K12).")
@click.option("--why", metavar="TEXT", help="What it was for (kept in the log).")
@pass_rt
def credits_cmd(rt, save, delta, buy, why):
    """Credits: +N, -N (a penalty takes all you have, K12), =N."""
    change, value = parse_delta(delta)
    run(rt, save, rules.credits, delta=change, value=value, buy=buy, why=why)


@kraken.command("xp", context_settings=NEGATIVES)
@save_option
@click.argument("delta", metavar="DELTA")
@click.option("--why", metavar="TEXT", help="Where they came from (kept in the log).")
@pass_rt
def xp_cmd(rt, save, delta, why):
    """Experience points shared by the crew: +N, -N, =N."""
    change, value = parse_delta(delta)
    run(rt, save, rules.xp, delta=change, value=value, why=why)


@kraken.command("oxygen", context_settings=NEGATIVES)
@save_option
@click.argument("delta", metavar="DELTA", required=False)
@click.option("--tanks", type=int, metavar="N", help="Extra Oxygen the crew's tanks hold (max = 25 + N).")
@pass_rt
def oxygen_cmd(rt, save, delta, tanks):
    """Oxygen shared by the crew (25 + tanks): -N, +N, =N."""
    change = value = None
    if delta is not None:
        change, value = parse_delta(delta)
    run(rt, save, rules.oxygen, delta=change, value=value, tanks=tanks)


# --- ship --------------------------------------------------------------------------------------

@kraken.group(cls=OrderedGroup)
def ship():
    """The spaceship: hull, systems, damage (chapter 11)."""


@ship.command("hull")
@save_option
@click.argument("name")
@click.option("--price", type=int, required=True, metavar="P", help="The hull's price on the ship's page.")
@click.option("--sp", type=int, required=True, metavar="N", help="Its structure points.")
@click.option("--expansion-sp", type=int, metavar="X", help="What a Hull expansion adds on this ship.")
@click.option("--sell-old", is_flag=True, help="Sell the old hull for half its price.")
@click.option("--free", is_flag=True, help="Given by an event: no payment.")
@pass_rt
def ship_hull(rt, save, name, price, sp, expansion_sp, sell_old, free):
    """Buy a ship: its hull first (price and SP from its profile page)."""
    run(rt, save, rules.ship_hull, name=name, price=price, sp=sp, expansion_sp=expansion_sp, sell_old=sell_old,
        free=free)


@ship.command("buy")
@save_option
@click.argument("system")
@click.option("--free", is_flag=True, help="Given by an event: no payment.")
@pass_rt
def ship_buy(rt, save, system, free):
    """Buy a system or weapon from the catalogue ("Ammo:Missile" for a magazine)."""
    run(rt, save, rules.ship_buy, system=system, cat=catalogue(), free=free)


@ship.command("sell")
@save_option
@click.argument("label")
@pass_rt
def ship_sell(rt, save, label):
    """Sell a system for half its price (at a Shop)."""
    run(rt, save, rules.ship_sell, label=label, cat=catalogue())


for _action, _help in (("damage", "Mark a system damaged (damaged again: destroyed)."),
                       ("repair", "Repair a damaged system."),
                       ("destroy", "Erase a destroyed system.")):
    def _make(action, help_text):
        @ship.command(action, help=help_text)
        @save_option
        @click.argument("label")
        @pass_rt
        def _cmd(rt, save, label):
            run(rt, save, rules.ship_system, label=label, action=action)
        return _cmd
    _make(_action, _help)


@ship.command("catalogue")
@pass_rt
def ship_catalogue(rt):
    """Every system and weapon of chapter 11, with prices."""
    from journal.games.kraken.catalogue import CATEGORIES, CATEGORY_TEXT, half_up

    cat = catalogue()
    out = []
    for category in CATEGORIES:
        out.append(CATEGORY_TEXT[category] + ":")
        for name, info in cat.items():
            if info["category"] == category:
                ammo = f" (magazine {half_up(info['price'])}¢)" if info.get("ammo") else ""
                out.append(f"  {name:<19} {info['price']:>3}¢  {info['effect']}{ammo}")
    rt.emit(out, cat)


@kraken.group(cls=OrderedGroup)
def storage():
    """The ship's storage (and the EXPANSION storage)."""


@storage.command("add")
@save_option
@click.argument("item")
@click.option("--expansion", is_flag=True, help="In the EXPANSION storage (Storage Expansion).")
@pass_rt
def storage_add(rt, save, item, expansion):
    """Store an item in the ship."""
    run(rt, save, rules.storage, item=item, expansion=expansion)


@storage.command("remove")
@save_option
@click.argument("item")
@click.option("--expansion", is_flag=True, help="From the EXPANSION storage.")
@pass_rt
def storage_remove(rt, save, item, expansion):
    """Take an item out of the ship's storage."""
    run(rt, save, rules.storage, item=item, remove=True, expansion=expansion)


@kraken.group(cls=OrderedGroup)
def build():
    """Phase 2 construction in 1 or 2 turns (chapter 7)."""


@build.command("start")
@save_option
@click.argument("system", required=False)
@click.option("--crew", "crew_names", multiple=True, required=True, metavar="NAME", help="A builder (1-3, repeat).")
@click.option("--turns", type=click.IntRange(1, 2), required=True, help="1 or 2 (2 doubles the discount).")
@rolls_option
@click.option("--hull", metavar="NAME", help="Build a whole ship instead (with --price and --sp).")
@click.option("--price", type=int, metavar="P", help="The cost, if not the catalogue's.")
@click.option("--sp", type=int, metavar="N", help="The hull's structure points.")
@click.option("--expansion-sp", type=int, metavar="X")
@pass_rt
def build_start(rt, save, system, crew_names, turns, rolls, hull, price, sp, expansion_sp):
    """Start building: d6 + Tech per builder is the discount (x2 for 2 turns)."""
    if (system is None) == (hull is None):
        raise click.UsageError("name a SYSTEM, or --hull NAME")
    run(rt, save, rules.build_start, entered=rolls, system=system, crew=list(crew_names), turns=turns,
        cat=catalogue(), hull=hull, price=price, sp=sp, expansion_sp=expansion_sp)


@build.command("cancel")
@save_option
@click.argument("name")
@pass_rt
def build_cancel(rt, save, name):
    """Cancel a construction (no refund)."""
    run(rt, save, rules.build_cancel, name=name)


# --- the Starmap Locations Log --------------------------------------------------------------------

@kraken.group(cls=LazyGroup)
def location():
    """The Starmap Locations Log (chapter 12, K7)."""


@location.command("add")
@save_option
@click.option("--type", "type_", required=True, metavar="TYPE", help='e.g. "Mining Station", "Core Planet".')
@click.option("--difficulty", type=int, required=True, help="Location Difficulty 1-5.")
@click.option("--ao", required=True, metavar="YES|NO|HELL", help="Atmosphere outside.")
@click.option("--ai", required=True, metavar="YES|NO|HELL", help="Atmosphere inside.")
@click.option("--depth", type=int, required=True, help="Number of maps, 4-9.")
@click.option("--teleport", type=int, required=True, help="Deepest map a Teleporter reaches (0: none).")
@click.option("--special", type=click.Choice(SPECIALS, case_sensitive=False), help="A special condition.")
@click.option("--species", required=True, help="Kraken, Grey, Insectoids, Lost, Beasts or Renegades.")
@click.option("--name", metavar="TEXT", help="Your own label for it.")
@click.option("--maps", metavar="ID,ID,…", help="Map IDs as given (an event's Location).")
@click.option("--roll-maps", is_flag=True, help="Roll every Map ID now (a d20 each).")
@click.option("--event", is_flag=True, help="An event gives it: its values are fixed (no dice modifications).")
@rolls_option
@pass_rt
def location_add(rt, save, type_, difficulty, ao, ai, depth, teleport, special, species, name, maps, roll_maps,
                 event, rolls):
    """Note a new Location in the first free slot."""
    ids = []
    if maps:
        try:
            ids = [int(x) for x in maps.replace(" ", "").split(",") if x]
        except ValueError:
            raise InputError(f"--maps '{maps}': Map IDs separated by commas, e.g. 8,3,12") from None
    run(rt, save, rules.location_add, entered=rolls, type=type_, difficulty=difficulty, ao=ao, ai=ai, depth=depth,
        teleport=teleport, special=special.lower() if special else None, species=species, name=name, maps=ids,
        roll_maps=roll_maps, event=event)


@location.command("map")
@save_option
@click.argument("slot")
@click.option("--id", "map_id", type=int, help="The Map ID (default: roll a d20).")
@rolls_option
@pass_rt
def location_map(rt, save, slot, map_id, rolls):
    """The next map's ID: roll a d20 as you enter it (or --id N)."""
    run(rt, save, rules.location_map, entered=rolls, slot=slot, map_id=map_id)


@location.command("clear")
@save_option
@click.argument("slot")
@click.argument("map_no", metavar="MAP", type=int)
@pass_rt
def location_clear(rt, save, slot, map_no):
    """Underline a cleared map (its number in the Location, 1-9)."""
    run(rt, save, rules.location_clear, slot=slot, map_no=map_no)


@location.command("solve")
@save_option
@click.argument("slot")
@pass_rt
def location_solve(rt, save, slot):
    """Solved by the last map's exit: XP = maps x difficulty x 2."""
    run(rt, save, rules.location_solve, slot=slot)


@location.command("remove")
@save_option
@click.argument("slot")
@pass_rt
def location_remove(rt, save, slot):
    """Erase a Location from the log."""
    run(rt, save, rules.location_remove, slot=slot)


# --- quests --------------------------------------------------------------------------------------

@kraken.group(cls=OrderedGroup)
def quest():
    """Quests; urgent ones fail at the fourth tick (K13)."""


@quest.command("add")
@save_option
@click.argument("name")
@click.option("--urgent", is_flag=True, help="Urgent: a tick each turn it is not activated; the 4th fails it.")
@click.option("--reward", metavar="TEXT")
@click.option("--penalty", metavar="TEXT")
@click.option("--penalty-credits", type=int, metavar="N", help="Credits the penalty costs (paid as K12 says).")
@click.option("--note", metavar="TEXT")
@click.option("--capture", is_flag=True, help="A Capture quest: a carried captive completes it.")
@pass_rt
def quest_add(rt, save, name, urgent, reward, penalty, penalty_credits, note, capture):
    """Accept a quest (from a Quest Master's sheet, book p. 160, or an event)."""
    run(rt, save, rules.quest_add, name=name, urgent=urgent, reward=reward, penalty=penalty,
        penalty_credits=penalty_credits, note=note, capture=capture)


@quest.command("activate")
@save_option
@click.argument("name")
@pass_rt
def quest_activate(rt, save, name):
    """You worked on the quest this turn (no tick in Phase 5)."""
    run(rt, save, rules.quest_activate, name=name)


@quest.command("tick", context_settings=NEGATIVES)
@save_option
@click.argument("name")
@click.argument("delta", type=int, default=1, required=False)
@pass_rt
def quest_tick(rt, save, name, delta):
    """Add (or with -1 erase) timer ticks by hand."""
    run(rt, save, rules.quest_tick, name=name, delta=delta)


@quest.command("done")
@save_option
@click.argument("name")
@click.option("--credits", "credit", type=int, default=0, help="Credits received.")
@click.option("--xp", "xp_gain", type=int, default=0, help="XP received.")
@click.option("--captive", metavar="LABEL", help="The captive handed over (a Capture quest).")
@pass_rt
def quest_done(rt, save, name, credit, xp_gain, captive):
    """Solved: erase it and take the reward."""
    run(rt, save, rules.quest_done, name=name, credits=credit, xp=xp_gain, captive=captive)


@quest.command("fail")
@save_option
@click.argument("name")
@pass_rt
def quest_fail(rt, save, name):
    """Failed or given up: pay the penalty and erase it."""
    run(rt, save, rules.quest_fail, name=name)


@kraken.group(cls=OrderedGroup)
def captive():
    """Captured aliens, each carried by a crew member who cannot attack meanwhile (chapter 4)."""


@captive.command("add")
@save_option
@click.argument("label")
@click.option("--carrier", required=True, metavar="NAME", help="Who carries it.")
@click.option("--level", type=int, required=True, help="Its level.")
@click.option("--name", metavar="TEXT", help="What it is (default: the label).")
@click.option("--species", metavar="S")
@pass_rt
def captive_add(rt, save, label, carrier, level, name, species):
    """A captured alien by hand (an event's, or a combat played without journal)."""
    run(rt, save, rules.captive_add, label=label, carrier=carrier, level=level, name=name, species=species)


@captive.command("give")
@save_option
@click.argument("label")
@click.argument("to")
@pass_rt
def captive_give(rt, save, label, to):
    """Hand a captive to another crew member."""
    run(rt, save, rules.captive_give, label=label, to=to)


@captive.command("release")
@save_option
@click.argument("label")
@pass_rt
def captive_release(rt, save, label):
    """Let a captive go."""
    run(rt, save, rules.captive_release, label=label)


@kraken.command("grade-price")
@save_option
@click.argument("grade", type=int)
@click.argument("price", type=int, required=False)
@pass_rt
def grade_price_cmd(rt, save, grade, price):
    """Note an item/weapon grade's price from your book's pages 165/167 (no PRICE: erase it)."""
    run(rt, save, rules.grade_price, grade=grade, price=price)


# --- saving and loading (K8) -------------------------------------------------------------------------

@kraken.command()
@save_option
@pass_rt
def savepoint(rt, save):
    """Just a Simulation: a save point at the start of a turn."""
    run(rt, save, rules.savepoint)


@kraken.command("clone-station")
@save_option
@click.option("--heal/--no-heal", default=True, show_default=True, help="Heal each crew member 4 HP.")
@click.option("--savepoint/--no-savepoint", "make_save", default=True, show_default=True,
              help="A save point (Just a Simulation and Adventurer).")
@pass_rt
def clone_station(rt, save, heal, make_save):
    """A clone station: heal 4 HP each, save (K8)."""
    run(rt, save, rules.clone_station, heal=heal, keep=make_save)


@kraken.command()
@save_option
@pass_rt
def reload(rt, save):
    """Go back to the save point (K8)."""
    if rt.batch is not None:
        raise InputError("reload reads the campaign log: run it on its own, not in a batch")
    from journal.games.kraken import state as statemod

    with rt.read(save) as s:
        state = s.state
        if s.game.ID != game.ID:
            raise RuleError("this save is not a Space Kraken campaign")
        sp = state.get("savepoint")
        if state["difficulty"] not in statemod.SAVE_DIFFICULTIES or not sp:
            snapshot, point = {}, 0          # the rules explain the refusal
        else:
            snapshot, point = _find_snapshot(s, sp["id"]), sp["id"]
    run(rt, save, rules.reload, snapshot=snapshot, point=point)


def _find_snapshot(session, point: int) -> dict:
    """The state kept in the log entry that made save point `point` (newest first)."""
    want, total = 16, session.entries
    while True:
        for _offset, entry in session.log.scan(min(want, total)):
            meta = entry.get("meta") or {}
            if meta.get("savepoint") == point and "snapshot" in meta:
                snapshot, version = meta["snapshot"], meta.get("schema", 1)
                while version < game.SCHEMA_VERSION:       # a save point from an older journal
                    snapshot = game.MIGRATIONS[version](snapshot)
                    version += 1
                return snapshot
        if want >= total:
            raise RuleError(f"save point {point} is not in the campaign log any more: it cannot be reloaded")
        want *= 4


@kraken.command()
@save_option
@click.argument("result", type=click.Choice(["won", "lost"], case_sensitive=False))
@pass_rt
def end(rt, save, result):
    """The campaign is won (a plot point says so) or lost."""
    run(rt, save, rules.end, result=result.lower())


@kraken.command()
@save_option
@click.option("--record", is_flag=True, help="Write the score of a won campaign into the achievements file.")
@pass_rt
def score(rt, save, record):
    """Campaign score: crew levels by difficulty (K9).

    Surviving crew levels x 1/2 (rounded up), 1, 2 or 3 for Just a Simulation,
    Adventurer, Real Life, Hardcore.
    """
    from journal.games.kraken.state import DIFFICULTY_TEXT
    from journal.games.kraken.state import score as score_of

    with rt.read(save) as s:
        if s.game.ID != game.ID:
            raise RuleError("this save is not a Space Kraken campaign")
        state, name = s.state, s.paths.name
    sc = score_of(state)
    factor = {0.5: "halved (rounded up)", 1.0: "unmodified", 2.0: "doubled", 3.0: "tripled"}[sc["factor"]]
    out = [f"Campaign score: crew levels {sc['levels']}, {DIFFICULTY_TEXT[sc['difficulty']]}: {factor} "
           f"→ {sc['score']}."]
    data = {**sc, "campaign": name, "recorded": False}
    if record:
        if state.get("result") != "won":
            raise RuleError("a score is claimed when the campaign is won (journal kraken end won)")

        def add(doc):
            if any(x.get("campaign") == name for x in doc["scores"]):
                raise RuleError(f"the score of '{name}' is recorded already")
            doc["scores"].append({"campaign": name, "score": sc["score"], "levels": sc["levels"],
                                  "difficulty": sc["difficulty"], "date": rt.now()[:10]})
        update_achievements(rt, add)
        data["recorded"] = True
        out.append(f"Recorded in {achievements_path(rt)}.")
    rt.emit(out, data)


# --- achievements (one file in the saves folder, rulings K9) ------------------------------------------

def achievements_path(rt) -> Path:
    return Path(rt.saves_dir) / ACHIEVEMENTS_FILE


def read_achievements(rt) -> dict:
    import tomllib

    path = achievements_path(rt)
    try:
        doc = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return {"achievements": {}, "scores": []}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise InputError(f"cannot read {path}: {e}") from None
    ach, scores = doc.get("achievements", {}), doc.get("scores", [])
    if not isinstance(ach, dict) or not all(isinstance(v, dict) for v in ach.values()) \
            or not isinstance(scores, list) or not all(isinstance(x, dict) for x in scores):
        raise InputError(f"{path}: expected [achievements.NAME] tables and [[scores]]")
    return {"achievements": ach, "scores": scores}


def update_achievements(rt, change) -> dict:
    """Read, change and write the achievements file under the saves folder's lock."""
    import tomli_w

    from journal import save as savemod

    if rt.batch is not None:
        raise InputError("achievements live in their own file: run this command on its own, not in a batch")
    folder = Path(rt.saves_dir)
    folder.mkdir(parents=True, exist_ok=True)
    with savemod.locked(folder, True):
        doc = read_achievements(rt)
        change(doc)
        savemod.atomic_write(achievements_path(rt), tomli_w.dumps(doc).encode("utf-8"))
    return doc


def _note_achievement(state, dice, name):
    from journal.outcome import Outcome

    return Outcome(state, f"Achievement unlocked: {name}", [f"Achievement unlocked: {name}."], {"achievement": name})


@kraken.command()
@pass_rt
def achievements(rt):
    """Achievements and recorded campaign scores."""
    doc = read_achievements(rt)
    out = ["Achievements:" if doc["achievements"] else "Achievements: none unlocked yet"]
    for name, a in doc["achievements"].items():
        out.append(f"  {name}" + (f": {a['bonus']}" if a.get("bonus") else "")
                   + (f" (unlocked in {a['campaign']})" if a.get("campaign") else ""))
    if doc["scores"]:
        out.append("Campaign scores:")
        for x in doc["scores"]:
            out.append(f"  {x.get('campaign')}: {x.get('score')} ({x.get('difficulty')}, {x.get('date', '')})")
    rt.emit(out, doc)


@kraken.group(cls=OrderedGroup)
def achievement():
    """Unlock or remove achievements (kept for good)."""


@achievement.command("unlock")
@click.option("-s", "--save", "save", metavar="SAVE", help="Also note it in this campaign's log.")
@click.argument("name")
@click.option("--bonus", metavar="TEXT", help="The bonus it grants in future campaigns.")
@pass_rt
def achievement_unlock(rt, save, name, bonus):
    """Unlock an achievement (book p. 11): it stays for every future campaign."""
    name = name.strip()
    if not name:
        raise InputError("name the achievement")

    def add(doc):
        if any(k.casefold() == name.casefold() for k in doc["achievements"]):
            raise RuleError(f"'{name}' is unlocked already")
        entry = {"unlocked": rt.now()}
        if bonus:
            entry["bonus"] = bonus.strip()
        if save:
            entry["campaign"] = save
        doc["achievements"][name] = entry

    if rt.batch is not None:
        raise InputError("achievements live in their own file: run this command on its own, not in a batch")
    if save:  # the campaign's log first: a refused save changes nothing
        quiet, rt.quiet = rt.quiet, True
        try:
            run(rt, save, _note_achievement, name=name)
        finally:
            rt.quiet = quiet
    update_achievements(rt, add)
    rt.emit([f"Achievement unlocked: {name}" + (f" ({bonus})" if bonus else "") + ".",
             f"Kept in {achievements_path(rt)} for every future campaign."],
            {"achievement": name, "bonus": bonus, "file": str(achievements_path(rt))})


@achievement.command("remove")
@click.argument("name")
@pass_rt
def achievement_remove(rt, name):
    """Remove an achievement unlocked by mistake."""
    def drop(doc):
        key = rules.find(doc["achievements"], name, "achievement")
        del doc["achievements"][key]
    update_achievements(rt, drop)
    rt.emit(f"Achievement removed: {name}.", {"removed": name})


# --- odds --------------------------------------------------------------------------------------------

@kraken.command(context_settings=NEGATIVES)
@save_option
@click.option("--crew", "member", metavar="NAME", help="The crew member who checks.")
@click.option("--attribute", metavar="ATTR", help=f"One of {', '.join(ATTRIBUTES)}, psi.")
@click.option("--value", type=int, metavar="N", help="An attribute value, instead of --crew/--attribute.")
@click.option("--target", type=int, metavar="N", help="d6 + attribute >= N (an attribute check).")
@click.option("--bulkhead", type=int, metavar="N", help="2d6 + Tech >= 10 + N (B# bulkhead).")
@click.option("--mine", type=int, metavar="N", help="2d6 + Tech >= 10 + N (disarm an M# mine).")
@click.option("--laser", type=int, metavar="N", help="2d6 + Tech >= 10 + N (disarm an L# laser barrier).")
@click.option("--modifier", type=int, default=0, metavar="N", help="A bonus or malus on the roll.")
@pass_rt
def odds(rt, save, member, attribute, value, target, bulkhead, mine, laser, modifier):
    """The chance of a check, before rolling.

    d6 + attribute >= N (--target), or 2d6 + Tech >= 10 + level for bulkheads, mines
    and laser barriers.
    """
    kinds = [(k, v) for k, v in (("target", target), ("bulkhead", bulkhead), ("mine", mine), ("laser", laser))
             if v is not None]
    if len(kinds) != 1:
        raise click.UsageError("give one of --target N, --bulkhead N, --mine N, --laser N")
    kind, n = kinds[0]
    attr = (attribute or ("tech" if kind != "target" else "")).strip().lower()
    who = None
    if value is None:
        if member is None or not attr:
            raise click.UsageError("give --crew NAME --attribute ATTR (or --value N)")
        with rt.read(save) as s:
            crew_ = s.state.get("crew", {})
        who = rules.find(crew_, member, "crew member", "--crew")
        if attr not in ATTRIBUTES + ("psi",) or attr not in crew_[who]:
            raise InputError(f"--attribute {attribute}: one of {', '.join(ATTRIBUTES)}"
                             + (", psi" if "psi" in crew_[who] else ""))
        value = crew_[who][attr]
    dice_count, goal = (1, n) if kind == "target" else (2, 10 + n)
    p = rules.check_odds(value, goal, dice_count, modifier)
    dice_text = "d6" if dice_count == 1 else "2d6"
    label = f"{who}'s {attr.capitalize()}" if who else f"attribute {value}"
    mod = f" {modifier:+d}" if modifier else ""
    what = {"target": "", "bulkhead": f" (B{n} bulkhead)", "mine": f" (M{n} mines)", "laser": f" (L{n} laser)"}[kind]
    lines_out = [f"{dice_text} + {label} ({value}){mod} >= {goal}{what}: {p:.1%}."]
    data = {"dice": dice_text, "attribute": value, "modifier": modifier, "target": goal, "p": p}
    if kind == "bulkhead":
        three = 1 - (1 - p) ** 3
        lines_out.append(f"Within three attempts (then it locks): {three:.1%}.")
        data["p_three"] = three
    rt.emit(lines_out, data)

