"""`journal titans ...`: thin Click commands over the rules modules (journal.games.titans.rules)."""

from __future__ import annotations

import re

import click

from journal.options import OrderedGroup, add_alias, reason_option, rolls_option, save_option
from journal.errors import InputError, typed
from journal.games import titans as game
from journal.games.titans import rules  # each part of the turn is imported when a command uses it
from journal.games.titans.rules import model
from journal.runtime import pass_rt

NEGATIVES = {"ignore_unknown_options": True}  # so `threat -1` and `damage --city X -2` read the number
TAG_CHOICE = click.Choice(model.TAGS, case_sensitive=False)
SAMPLE_BOARD = "board-sample.toml"
SAMPLE_INVADERS = "invaders-sample.toml"


@click.group(cls=OrderedGroup, context_settings={"help_option_names": ["-h", "--help"]})
def titans():
    """War Titans: Invaders Must Die!: THREAT, Titans, cities, invaders and rifts, turn by turn.

    One command per step of the turn: opening → invade → move/attack/trial → repair →
    develop → supports → ending. Successes come from your custom dice: type them with
    --successes N. Rules notes T1-T7 (journal guide titans): THREAT 0-21 (21 loses at
    once); Episode Cards 1, then max(1, players-1), `players` at Red.

    Players act in turn, from the Lead Character clockwise (the order of --titan at
    `new`): the Titans' placement, the Fight Phase, Development and Support Movement.
    A player who does nothing in a step passes: `journal titans pass PLAYER`.
    """


# --- parsing typed values -------------------------------------------------------------

def _int(text: str, what: str) -> int:
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
            n = _int(val, f"--titan {typed(spec)}: {key}")
            if not 0 <= n <= 99:
                raise InputError(f"--titan {typed(spec)}: {key}={n} is outside 0..99")
            out[key] = n
        elif key in ("blow_dice", "blowdice"):
            n = _int(val, f"--titan {typed(spec)}: {key}")
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


def _read_toml(file: str | None, sample: str, option: str) -> tuple[dict, str]:
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


# --- set-up ------------------------------------------------------------------------------

@titans.command()
@click.argument("name")
@click.option("--players", type=int, metavar="N", help="How many players (1-4; default: one per --titan).")
@click.option("--titan", "titan_specs", multiple=True, metavar='"NAME:hp=N,armor=N,..."',
              help="A player's Titan: hp, armor, combat, movement, repair; optional refresh=N (Final Blow "
                   "Refresh Cost), blow=TAG[+TAG], pilot=NAME, player=NAME, color=blue|yellow|red|green, "
                   "city=CITY (its starting city). One per player, in clockwise seating order.")
@click.option("--board", metavar="FILE", help="Your board: cities, trails, rifts (default: the sample board, "
                                             "templates:titans/board-sample.toml).")
@click.option("--invaders", metavar="FILE", help="Your invader cards (default: the sample cards, "
                                                 "templates:titans/invaders-sample.toml).")
@click.option("--dice", "dice_file", metavar="FILE",
              help="Optional custom-die face table, so journal can roll checks (a sample: "
                   "templates:titans/dice-sample.toml).")
@click.option("--rift", "rift_specs", multiple=True, metavar="RIFT=TYPE",
              help="The invader type you put on a rift (repeat); the others are drawn from the seed.")
@click.option("--lead", metavar="PLAYER", help="The first Lead Character (default: the first player).")
@click.option("--face-up", "face_up", multiple=True, metavar="NAME",
              help="A Tech Card drawn face up at setup, by name (repeat, up to 3; optional).")
@click.option("--seed", type=int, help="Seed for the dice (default: random).")
@pass_rt
def new(rt, name, players, titan_specs, board, invaders, dice_file, rift_specs, lead, face_up, seed):
    """Set up a game save NAME (rules note T5): Titans, board, rifts and their invaders."""
    specs = [parse_titan(t) for t in titan_specs]
    board_doc, board_name = _read_toml(board, SAMPLE_BOARD, "--board")
    inv_doc, inv_name = _read_toml(invaders, SAMPLE_INVADERS, "--invaders")
    cities, rifts_ = rules.setup.load_board(board_doc, f"--board {board_name}")
    types, cards = rules.setup.load_invaders(inv_doc, f"--invaders {inv_name}")
    table = None
    if dice_file:
        dice_doc, dice_name = _read_toml(dice_file, "", "--dice")
        table = rules.setup.load_dice(dice_doc, f"--dice {dice_name}")
    assigned = {}
    for spec in rift_specs:
        r, eq, kind = spec.partition("=")
        if not eq or not r.strip() or not kind.strip():
            raise InputError(f"--rift {typed(spec)}: expected RIFT=TYPE, e.g. North=Flying")
        assigned[r.strip()] = kind.strip()
    seed = rt.new_seed(seed)
    dice = rt.setup_dice(seed, draw_option="--rift")  # draws the invader types of unassigned rifts
    out = rules.setup.new(specs, players, {"cities": cities, "rifts": rifts_}, {"types": types, "cards": cards},
                    dice, rifts=assigned, lead=lead, die_table=table,
                    board_name=board_name, invaders_name=inv_name, face_up=face_up)
    dice.finish()
    rt.create(name, game, out.state, seed, out, dice=dice)


# --- Opening Phase -------------------------------------------------------------------------

@titans.command()
@save_option
@click.option("--pilot-draw", is_flag=True,
              help="The Lead Character's pilot O.N.E. draws two Episode Cards and chooses which one resolves.")
@pass_rt
def opening(rt, save, pilot_draw):
    """Start a turn: THREAT +1, Episode Cards to draw (T3), invader movements.

    --json: threat, tier, episodes_to_draw, invader_moves, turn, lead, phase, order.
    """
    rt.run(save, rules.opening.opening, pilot_draw=pilot_draw)


_ADJACENT = click.option("--adjacent", multiple=True, metavar="CITY",
                         help="The adjacent city an invader ability's effect damages (when there is a choice).")
_DISABLE = click.option("--disable", multiple=True, metavar="CARD",
                        help="A Tech Card an invader ability's effect disables (when there is a choice; repeat).")


@titans.command()
@save_option
@click.option("--rift", required=True, metavar="RIFT", help="The rift on the Episode Card's invasion symbol.")
@click.option("--city", required=True, metavar="CITY", help="The city on the Episode Card's invasion symbol.")
@_ADJACENT
@pass_rt
def invade(rt, save, rift, city, adjacent):
    """An invasion: the rift's first invader (spot order), else its Lair's; 1 Invasion Damage."""
    rt.run(save, rules.opening.invade, rift=rift, city=city, adjacent=adjacent)


# --- Fight Phase ---------------------------------------------------------------------------

@titans.command()
@save_option
@click.argument("titan")
@click.argument("dest", metavar="CITY")
@click.option("--bonus", type=int, default=0, metavar="N", help="Extra cities a card allows this move.")
@click.option("--anywhere", is_flag=True, help="A card places the Titan: no distance check.")
@_ADJACENT
@_DISABLE
@pass_rt
def move(rt, save, titan, dest, bonus, anywhere, adjacent, disable):
    """Move a Titan up to Movement cities (or onto a rift), in turn; at setup, place it."""
    rt.run(save, rules.fight.move, titan=titan, dest=dest, bonus=bonus, anywhere=anywhere, adjacent=adjacent,
           disable=disable)


@titans.command()
@save_option
@click.argument("titan")
@click.option("--successes", type=int, metavar="N",
              help="Successes on your Combat Check (each is 1 damage). Leave out to let journal roll (--dice).")
@click.option("--target", "targets", multiple=True, metavar="ID",
              help="Invader to damage, in order: excess goes to the next one named (repeat).")
@click.option("--provoke", is_flag=True, help="Provoke the first invader of a rift onto this city first.")
@click.option("--rift", metavar="RIFT", help="The rift to provoke (when more than one has invaders).")
@click.option("--tech", multiple=True, metavar="CARD", help="A Tech Card used in this attack (checked against "
                                                            "immunities at Red; repeat).")
@click.option("--final-blow", is_flag=True, help="The Titan's Final Blow is used (turn its token over).")
@click.option("--bonus-dice", type=int, default=0, metavar="N", help="Extra dice when journal rolls.")
@click.option("--reroll", type=int, default=0, metavar="N", help="Re-roll up to N failed dice once (a card allows "
                                                                 "it), when journal rolls.")
@_ADJACENT
@_DISABLE
@rolls_option
@pass_rt
def attack(rt, save, titan, successes, targets, provoke, rift, tech, final_blow, bonus_dice, reroll, adjacent,
           disable, rolls):
    """Attack the invaders on the Titan's city (or guarding its rift); ends its Fight turn."""
    rt.run(save, rules.fight.attack, entered=rolls, titan=titan, successes=successes, targets=targets,
           provoke=provoke, rift=rift, tech=tech, final_blow=final_blow, bonus_dice=bonus_dice, reroll=reroll,
           adjacent=adjacent, disable=disable)


@titans.command()
@save_option
@click.argument("titan")
@click.option("--rift", required=True, metavar="RIFT", help="The rift the Titan stands on.")
@click.argument("result", type=click.Choice(["pass", "fail"], case_sensitive=False))
@click.option("--damage", type=int, default=0, metavar="N", help="Damage the Rift Token deals on a failure.")
@click.option("--to", metavar="CITY", help="The threatened city the Titan returns to on a failure.")
@click.option("--direct", is_flag=True, help="The damage ignores Armor.")
@_ADJACENT
@_DISABLE
@pass_rt
def trial(rt, save, titan, rift, result, damage, to, direct, adjacent, disable):
    """The Tyrant Trial on an unguarded rift: pass (face the Tyrant next turn) or fail."""
    rt.run(save, rules.rifts.trial, titan=titan, rift=rift, result=result.lower(), damage=damage, to=to, direct=direct,
           adjacent=adjacent, disable=disable)


@titans.group(cls=OrderedGroup)
def rift():
    """Rifts: close one when its Tyrant is defeated."""


@rift.command("close")
@save_option
@click.argument("rift_name", metavar="RIFT")
@click.option("--titan", required=True, metavar="TITAN", help="The Titan that defeated the Tyrant.")
@click.option("--city", metavar="CITY", help="The threatened city the Titan goes to.")
@click.option("--artifact", metavar="NAME", help="The Tyrant Artifact Card's name.")
@click.option("--bonus", multiple=True, metavar="CHECK+N", help="Bonus dice the artifact gives a check, e.g. "
                                                                "combat+1 (repeat).")
@_ADJACENT
@_DISABLE
@pass_rt
def rift_close(rt, save, rift_name, titan, city, artifact, bonus, adjacent, disable):
    """The Tyrant is defeated: THREAT -1, the Rift Token and Artifact to the player."""
    rt.run(save, rules.rifts.rift_close, rift=rift_name, titan=titan, city=city, artifact=artifact,
           bonus=parse_bonus(bonus), adjacent=adjacent, disable=disable)


@titans.command()
@save_option
@click.argument("titan")
@click.option("--successes", type=int, metavar="N",
              help="Successes on your Repair Check. Leave out on a Refuge City (Upgrade) or to let journal roll.")
@click.option("--heal", type=int, metavar="N", help="Damage Tokens to remove (default: as many as possible "
                                                    "when nothing else is chosen).")
@click.option("--charge", multiple=True, metavar="CARD", help="1 Charge for a Tech Card (repeat).")
@click.option("--enable", multiple=True, metavar="CARD", help="Re-enable a disabled Tech Card (repeat).")
@click.option("--upgrade", is_flag=True, help="The Upgrade Phase's Repair Action (ends the Fight Phase).")
@click.option("--bonus-dice", type=int, default=0, metavar="N", help="Extra dice when journal rolls.")
@click.option("--reroll", type=int, default=0, metavar="N", help="Re-roll up to N failed dice once, when journal "
                                                                 "rolls.")
@rolls_option
@pass_rt
def repair(rt, save, titan, successes, heal, charge, enable, upgrade, bonus_dice, reroll, rolls):
    """Spend Repair Check successes: heal, charge, re-enable (Combat Repair in the Fight Phase)."""
    rt.run(save, rules.fight.repair, entered=rolls, titan=titan, successes=successes, heal=heal, charge=charge,
           enable=enable, upgrade=upgrade, bonus_dice=bonus_dice, reroll=reroll)


@titans.command("pass")
@save_option
@click.argument("player", required=False)
@pass_rt
def pass_cmd(rt, save, player):
    """PLAYER passes their turn (Fight Phase, Development or Support Movement); default: whose turn it is."""
    rt.run(save, rules.turn.pass_turn, player=player)


@titans.command("next")
@save_option
@pass_rt
def next_cmd(rt, save):
    """Close the current phase and start the next (Opening → Fight → Upgrade)."""
    rt.run(save, rules.turn.next_phase)


# --- Upgrade Phase -------------------------------------------------------------------------

@titans.command()
@save_option
@click.argument("player")
@click.argument("action", type=click.Choice(model.ACTIONS, case_sensitive=False))
@click.option("--city", metavar="CITY", help="army: the non-destroyed city for the Supports.")
@click.option("--count", type=int, default=1, show_default=True, metavar="N", help="army: Supports to buy.")
@click.option("--card", metavar="NAME", help="research: the face-up Tech Card bought.")
@click.option("--redraw", is_flag=True, help="research: discard the 3 face-up cards and draw 3 new ones.")
@click.option("--slot", metavar="SLOT", help="research: hand1, hand2, hands (two-handed), head, core, tools, "
                                             "or hand.")
@click.option("--cost", type=int, default=0, metavar="N", help="research: the card's cost in Credits.")
@click.option("--tag", "tags", multiple=True, type=TAG_CHOICE, help="research: an Attack Tag on the card: melee, "
                                                                     "ranged, energy or physical (repeat).")
@click.option("--bonus", multiple=True, metavar="CHECK+N", help="research: bonus dice the card gives a check while "
                                                                "enabled, e.g. combat+1 (repeat).")
@click.option("--draw", multiple=True, metavar="NAME", help="research: the Tech Card drawn face up to replace it "
                                                            "(with --redraw: the three new ones; optional).")
@pass_rt
def develop(rt, save, player, action, city, count, card, redraw, slot, cost, tags, bonus, draw):
    """A Development action, in turn: industry | army --city C [--count N] | research --card NAME|--redraw |
    refresh."""
    rt.run(save, rules.upgrade.develop, player=player, action=action.lower(), city=city, count=count, card=card,
           redraw=redraw, slot=slot, cost=cost, tags=tuple(t.lower() for t in tags), draw=draw,
           bonus=parse_bonus(bonus))


@titans.command()
@save_option
@click.argument("player")
@click.option("--from", "src", required=True, metavar="CITY", help="Where the Supports are.")
@click.option("--to", "dst", required=True, metavar="CITY", help="Where they go (up to 3 cities away).")
@click.option("--count", type=int, default=1, show_default=True, metavar="N", help="How many.")
@pass_rt
def supports(rt, save, player, src, dst, count):
    """Support Movement: move a player's Supports up to 3 cities."""
    rt.run(save, rules.upgrade.supports_move, player=player, src=src, dst=dst, count=count)


@titans.command()
@save_option
@click.argument("titan")
@click.argument("action", type=click.Choice(["equip", "discard", "spend", "charge", "enable", "disable"],
                                            case_sensitive=False))
@click.argument("card")
@click.argument("n", type=int, required=False)
@click.option("--slot", metavar="SLOT", help="equip: hand1, hand2, hands (two-handed), head, core, tools, or hand.")
@click.option("--tag", "tags", multiple=True, type=TAG_CHOICE, help="equip: an Attack Tag on the card: melee, "
                                                                     "ranged, energy or physical (repeat).")
@click.option("--face-up", is_flag=True, help="equip: the card is one of the face-up ones (default: from the deck).")
@click.option("--bonus", multiple=True, metavar="CHECK+N", help="equip: bonus dice the card gives a check while "
                                                                "enabled, e.g. combat+1 (repeat).")
@click.option("--draw", multiple=True, metavar="NAME", help="equip --face-up: the card drawn face up to replace it.")
@pass_rt
def tech(rt, save, titan, action, card, n, slot, tags, face_up, bonus, draw):
    """Tech Cards: equip CARD --slot SLOT | discard CARD | spend CARD N | charge CARD N | enable/disable CARD."""
    rt.run(save, rules.upgrade.tech, titan=titan, action=action.lower(), card=card, slot=slot, n=n,
           tags=tuple(t.lower() for t in tags), face_up=face_up, bonus=parse_bonus(bonus), draw=draw)


@titans.command("face-up")
@save_option
@click.argument("names", nargs=-1, metavar="[NAME]...")
@pass_rt
def face_up(rt, save, names):
    """Name the face-up Tech Cards beside the board (none: forget the names)."""
    rt.run(save, rules.upgrade.face_up, names=names)


# --- Ending Phase ---------------------------------------------------------------------------

@titans.command()
@save_option
@click.option("--assign", "assign", multiple=True, metavar="INVADER=TARGET[:N]",
              help="Send an invader's damage to a Titan or a support colour in its city instead of the city "
                   "(N points, default all; repeat). E.g. T1=Atlas, F2=blue:1, F2=city. When a Titan or Supports "
                   "share an invader's city and this is left out, a terminal asks.")
@pass_rt
def ending(rt, save, assign):
    """Ending Phase: invader damage, THREAT and Titan checks, rifts, the Lead passes right."""
    rt.run(save, rules.ending.ending, assign=tuple(rules.ending.parse_assign(a) for a in assign))


@titans.command()
@save_option
@click.argument("result", type=click.Choice(["won", "lost"], case_sensitive=False))
@reason_option
@pass_rt
def end(rt, save, result, reason):
    """The game ends: record the Final Episode's outcome, won or lost (T7)."""
    rt.run(save, rules.ending.end, result=result.lower(), log_reason=reason)


add_alias(titans, "final", end)


# --- destroyed Titans and pilots -------------------------------------------------------------

@titans.command()
@save_option
@click.argument("titan")
@click.argument("city")
@click.option("--pilot", "pilot_name", metavar="NAME", help="The new Pilot Card drawn, if the pilot died.")
@pass_rt
def reenter(rt, save, titan, city, pilot_name):
    """A destroyed Titan returns next turn with 1 HP on a city with no invader."""
    rt.run(save, rules.pilots.reenter, titan=titan, city=city, pilot_name=pilot_name)


@titans.command("pilot-check")
@save_option
@click.argument("titan")
@click.option("--red/--not-red", default=None, help="What the die shows (default: journal rolls, with --dice).")
@rolls_option
@pass_rt
def pilot_check(rt, save, titan, red, rolls):
    """The die for a destroyed Titan's pilot: the red symbol kills the pilot."""
    rt.run(save, rules.pilots.pilot_check, entered=rolls, titan=titan, red=red)


@titans.command("pilot-dies")
@save_option
@click.argument("player")
@reason_option
@pass_rt
def pilot_dies(rt, save, player, reason):
    """A pilot dies: discard the Pilot Card, THREAT +1 (T4)."""
    rt.run(save, rules.pilots.pilot_dies, player=player, log_reason=reason)


@titans.command()
@save_option
@click.argument("titan")
@click.argument("name")
@pass_rt
def pilot(rt, save, titan, name):
    """A new Pilot Card drawn into an empty cockpit."""
    rt.run(save, rules.pilots.pilot, titan=titan, name=name)


@titans.command()
@save_option
@click.argument("pawn", metavar="INVADER")
@click.option("--titan", required=True, metavar="TITAN", help="The Titan whose player takes the reward.")
@click.option("--pilot-ability", is_flag=True, help="O.N.E.'s once-in-every-game ability: an invader in a city.")
@_ADJACENT
@_DISABLE
@reason_option
@pass_rt
def defeat(rt, save, pawn, titan, pilot_ability, adjacent, disable, reason):
    """An invader defeated by a card's text: reward, Lair, Terrestrial ability (O.N.E.: --pilot-ability)."""
    rt.run(save, rules.byhand.defeat, pawn=pawn, titan=titan, pilot_ability=pilot_ability, adjacent=adjacent,
           disable=disable, log_reason=reason)


# --- by hand (A2) ----------------------------------------------------------------------------

@titans.command(context_settings=NEGATIVES)
@save_option
@click.argument("delta", metavar="DELTA")
@reason_option
@pass_rt
def threat(rt, save, delta, reason):
    """Move THREAT as a card says: +N, -N, or =N."""
    change, value = parse_delta(delta)
    rt.run(save, rules.byhand.threat, delta=change, value=value, reason=reason or "", log_reason=reason)


@titans.command(context_settings=NEGATIVES)
@save_option
@click.option("--city", metavar="CITY", help="Damage a city.")
@click.option("--titan", metavar="TITAN", help="Damage a Titan (Armor applies unless --direct).")
@click.option("--support", metavar="CITY", help="Damage the Supports on a city.")
@click.option("--player", metavar="PLAYER", help="Whose Supports (when several players have some there).")
@click.option("--direct", is_flag=True, help="Armor does not prevent this damage.")
@click.argument("n", metavar="N")
@reason_option
@pass_rt
def damage(rt, save, city, titan, support, player, direct, n, reason):
    """Damage as a card says (negative N removes damage)."""
    rt.run(save, rules.byhand.damage, n=_int(n, "N"), city=city, titan=titan, support=support, player=player,
           direct=direct, log_reason=reason)


@titans.command(context_settings=NEGATIVES)
@save_option
@click.argument("player")
@click.argument("delta", metavar="DELTA")
@reason_option
@pass_rt
def credits(rt, save, player, delta, reason):
    """Credits gained or paid as a card says: +N, -N, or =N."""
    change, value = parse_delta(delta)
    rt.run(save, rules.byhand.credits, player=player, delta=change, value=value, reason=reason or "", log_reason=reason)


@titans.command()
@save_option
@click.argument("player")
@reason_option
@pass_rt
def lead(rt, save, player, reason):
    """Hand the Lead Character Token to a player."""
    rt.run(save, rules.byhand.lead, player=player, log_reason=reason)


@titans.command()
@save_option
@click.argument("pawn", metavar="INVADER")
@click.option("--city", metavar="CITY", help="Put it on a city (no invasion damage).")
@click.option("--lair", is_flag=True, help="Put it in its Lair.")
@click.option("--rift", "on_rift", is_flag=True, help="Put it back on its rift spot.")
@click.option("--damage", "hurt", type=int, metavar="N", help="Set its damage.")
@reason_option
@pass_rt
def invader(rt, save, pawn, city, lair, on_rift, hurt, reason):
    """Move an invader pawn or set its damage as a card says."""
    rt.run(save, rules.byhand.invader, pawn=pawn, city=city, lair=lair, rift=on_rift, hurt=hurt, log_reason=reason)


@titans.command()
@save_option
@click.argument("titan")
@click.argument("ability", type=click.Choice(model.CHECKS, case_sensitive=False))
@click.option("--bonus-dice", type=int, default=0, metavar="N", help="Extra dice from cards.")
@click.option("--reroll", type=int, default=0, metavar="N", help="Re-roll up to N failed dice once.")
@rolls_option
@pass_rt
def check(rt, save, titan, ability, bonus_dice, reroll, rolls):
    """Roll an ability check with the custom-die face table (--dice at new)."""
    rt.run(save, rules.checks.check, entered=rolls, titan=titan, ability=ability.lower(), bonus_dice=bonus_dice,
           reroll=reroll)


@titans.command()
@save_option
@click.argument("titan")
@click.argument("ability", type=click.Choice(model.CHECKS, case_sensitive=False))
@click.option("--bonus-dice", type=int, default=0, metavar="N", help="Extra dice from cards.")
@pass_rt
def odds(rt, save, titan, ability, bonus_dice):
    """The chance of at least k successes in an ability check, for each k (read only; needs the face table).

    --json: titan, ability, dice, pool, successes_on, red_counts_two, at_least (at_least[k]: the
    chance of k or more successes), expected.
    """
    with rt.read(save) as s:
        o = rules.checks.odds(s.state, titan, ability.lower(), bonus_dice)
    red = " (the red symbol counts 2: a Two-Handed Tech Card)" if o["red_counts_two"] else ""
    lines = [f"{o['titan']}'s {o['ability'].capitalize()} Check: {o['dice']} dice "
             f"({rules.checks.pool_text([(p['source'], p['dice']) for p in o['pool']])}"
             f"{f', +{bonus_dice} bonus' if bonus_dice else ''}); a success on "
             f"{', '.join(o['successes_on']) or 'no face'}{red}.",
             f"  {'successes':>9}  {'chance of at least':>18}"]
    lines += [f"  {k:>9}  {p:>18.1%}" for k, p in enumerate(o["at_least"]) if k] or ["  No die to roll: no success."]
    lines.append(f"Expected successes: {o['expected']:.2f}.")
    rt.emit(lines, o)


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


@titans.command("set", context_settings=NEGATIVES)
@save_option
@click.argument("key", metavar="KEY")
@click.argument("value", metavar="VALUE", required=False)
@click.option("--unset", is_flag=True, help="Remove the key instead.")
@reason_option
@pass_rt
def set_cmd(rt, save, key, value, unset, reason):
    """Set any value of the save by hand (validated, logged): set cities.Tokyo.damage 2."""
    if (value is None) != unset:
        raise click.UsageError("give a VALUE, or --unset")
    rt.run(save, rules.byhand.set_value, path=parse_path(key), value=None if unset else parse_value(value), unset=unset,
           log_reason=reason)
