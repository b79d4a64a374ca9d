"""2. Planet Search Phase (rules note P5): pay Key and Code cards for the planet's actions, draw a
cube per planet icon on the cards not evaded, then resolve them all: yellow finds a Super Weapon,
white goes back into the bag, black onto The Quietus (past it, an ability point is lost), and
red, orange and blue wait to be placed (`assign`) on an ability or a Super Weapon.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import NeedChoice, RuleError
from journal.games.pulp.rules.captains_dice import InHand, die_in_hand, rotate, wrong_place
from journal.games.pulp.rules.components import (
    ABILITY_CUBES, ABILITY_LABEL, BLACK, BLUE, CODE, COLOUR_ABILITY, COLOURS, EVADED, FACE_USE, GRAY, IN_SEARCH, KEY,
    OVER, SEARCH, SEARCHED, WHITE, WON, YELLOW, Card, DieUse, cubes_text, parse_card,
)
from journal.games.pulp.rules.model import (
    Draws, abilities_above_zero, cubes_met, n_weapons, past_quietus, progress_text, weapon_index,
)
from journal.games.pulp.rules.odds import search_odds
from journal.games.pulp.rules.phase import need_phase, next_step
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.pulp.tables import State

FLAG = {KEY: "Key", CODE: "Code"}


def shows(card: Card, flag: str) -> bool:
    """Whether a card shows the Key (K) or the Code (O) icon."""
    return card["key"] if flag == KEY else card["code"]


def search_count(state: State, extra: int = 0, faces: Sequence[tuple[str, int]] = ()) -> tuple[int, list[str]]:
    """How many cubes the search draws: planet icons on cards not evaded, + dice, + extra."""
    engaged = sum(c["planets"] for c in state["line"] if c["status"] != EVADED)
    evaded = [c["planets"] for c in state["line"] if c["status"] == EVADED and c["planets"]]
    notes = [f"{plural(engaged, 'planet icon')} on the cards not evaded"]
    total = engaged
    for colour, face in faces:
        if colour == BLUE and face in (1, 3):
            total += 1
            notes.append(f"+1 (blue die on {face})")
        elif colour == GRAY and face in (1, 5):
            n = min(1 if face == 1 else 2, len(evaded))
            if n == 0:
                raise RuleError(f"the gray die on {face} uses planet icons of evaded cards, and no evaded card "
                                f"shows one")
            total += n
            notes.append(f"+{n} from {'an evaded card' if n == 1 else 'evaded cards'} (gray die on {face})")
    if extra:
        total += extra
        notes.append(f"{extra:+d} (cards' text)")
    return max(0, total), notes


def search(state: State, dice: Dice, extra: int = 0, die: DieUse | None = None, spend: Sequence[str] = ()) -> Outcome:
    """2. Planet Search (P5): `spend` Key (K) and Code (O) cards on the planet's actions, draw all the
    cubes first (`extra`: cubes a card's text adds; `die`: the one Captain's die used), then resolve them."""
    need_phase(state, (SEARCH,), "the planet search")
    s = copy_state(state)
    faces, gray6, lines = search_dice(s, die)
    lines += spend_keys_and_codes(s, spend)
    count, notes = search_count(s, extra, faces)
    chance = search_odds(s, count)["at_least_one_yellow"]  # the odds of finding a Super Weapon, before the draw
    lines.insert(0, f"Search {s.get('planet', 'the planet')}: draw {plural(count, 'cube')} ({'; '.join(notes)}).")
    draws = Draws(dice)
    held, said = draw_the_cubes(s, draws, count)
    found, resolved = resolve_the_cubes(s, held, gray6)
    lines += said + resolved
    s["phase"] = SEARCHED
    if len(s["weapons"]) >= n_weapons(s):
        s["phase"], s["result"] = OVER, WON
        lines.append(f"All {n_weapons(s)} Super Weapons are found: you win! The Intergalactic Alliance repulses "
                     f"the Cosmic Hegemony invasion.")
    else:
        lines += black_past_the_quietus(s) + [say("Next: ", next_step(s))]
    summary = f"Searched {s.get('planet', 'the planet')}: drew {draws.text()}" + \
        (f"; found Super Weapon {', '.join(map(str, found))}" if found else "") + \
        (" — won" if s.get("result") == WON else "")
    data = {"count": count, "drawn": draws.drawn, "weapons_found": found, "waiting": s["drawn"],
            "quietus": s["quietus"], "phase": s["phase"], **({"result": s["result"]} if "result" in s else {})}
    check = {"kind": "planet search", "chance": round(chance, 6), "success": YELLOW in draws.drawn}
    return Outcome(s, summary, lines, data, meta={"checks": [check]})


def search_dice(s: State, use: DieUse | None) -> tuple[list, InHand | None, list[str]]:
    """The Captain's die of a search (one): a face that adds cubes (turned down now), or the gray die
    on 6, which turns only if a yellow cube is drawn."""
    die = die_in_hand(s, use)
    if die is None:
        return [], None, []
    if (die.colour, die.face) == (GRAY, 6):
        return [], die, []
    if FACE_USE.get((die.colour, die.face)) != IN_SEARCH:
        raise wrong_place(s, die.colour, die.face, "search")
    return [(die.colour, die.face)], None, rotate(s, die.colour, die.face, die.to)


def spend_keys_and_codes(s: State, spend: Sequence[str]) -> list[str]:
    """Follow the planet's actions, paying Key (K) and Code (O) cards from the hand to the
    Encounter discard pile (the card with the fewest icons first)."""
    lines = []
    for flag in spend:
        cards = sorted((t for t in s["hand"] if shows(parse_card(t), flag)),
                       key=lambda t: parse_card(t)["key"] + parse_card(t)["code"])
        if not cards:
            raise RuleError(f"your hand has no {FLAG[flag]} card ({', '.join(s['hand']) or 'the hand is empty'})")
        s["hand"].remove(cards[0])
        lines.append(f"Pay the {FLAG[flag]} card {cards[0]} to the Encounter discard pile: follow "
                     f"{s.get('planet', 'the planet')}'s action.")
    return lines


def draw_the_cubes(s: State, draws: Draws, count: int) -> tuple[dict[str, int], list[str]]:
    """Randomly draw all the cubes first (P5): those drawn, by colour."""
    held = {c: 0 for c in COLOURS}
    lines = []
    for _ in range(count):
        if sum(s["bag"].values()) == 0:
            lines.append("The bag is empty: the search stops.")
            break
        c = draws.draw(s["bag"])
        s["bag"][c] -= 1
        held[c] += 1
    if draws.drawn:
        lines.append(f"Drew {', '.join(draws.drawn)}.")
    return held, lines


def resolve_the_cubes(s: State, held: dict[str, int], gray6: InHand | None) -> tuple[list[int], list[str]]:
    """Results of cubes drawn: yellow, a Super Weapon card with its cube; white, back into the bag;
    black, onto The Quietus (past it: waits to cost an ability point); red, orange, blue wait to be
    placed. The Super Weapons found, and what to tell the table."""
    lines, found = [], []
    if held[YELLOW] and gray6:
        lines += rotate(s, gray6.colour, gray6.face, gray6.to)
        lines.append("The gray die on 6: choose which Super Weapon card you take.")
    elif gray6:
        lines.append("The gray die on 6 is kept for a search that draws yellow (no yellow drawn, not turned).")
    for _ in range(held[YELLOW]):
        if len(s["weapons"]) < n_weapons(s):
            s["weapons"].append({"cubes": {YELLOW: 1}, "understood": False, "used": False})
            found.append(len(s["weapons"]))
            lines.append(say(f"Yellow: draw Super Weapon card {len(s['weapons'])} and put the cube on it; then record "
                             f"what Understanding it takes: ", cmd("pulp weapon", len(s["weapons"]), needs="CUBES"),
                             " (as the card prints it, e.g. r2,b1, or none)."))
        else:
            s["supply"][YELLOW] += 1
            lines.append("Yellow, but the Super Weapon deck is empty: the cube goes to the supply.")
    if held[WHITE]:
        s["bag"][WHITE] += held[WHITE]
        lines.append(f"White: {plural(held[WHITE], 'false lead')}, back into the bag.")
    for _ in range(held[BLACK]):
        if past_quietus(s):
            s["drawn"][BLACK] += 1
            continue
        s["quietus"] += 1
        lines.append(f"Black: onto The Quietus ({s['quietus']} there now).")
    for c in ABILITY_CUBES:
        s["drawn"][c] += held[c]
    return found, lines


def black_past_the_quietus(s: State) -> list[str]:
    """A black cube past the Quietus costs 1 ability point of your choice: resolved at once
    when there is no choice (one ability above 0, or none)."""
    lines: list[str] = []
    while s["drawn"][BLACK]:
        above = abilities_above_zero(s)
        if len(above) > 1:
            lines.append(say(f"Black past The Quietus: lose 1 point of an ability of your choice for each of "
                             f"{plural(s['drawn'][BLACK], 'black cube')}: ", cmd("pulp assign", "k"),
                             " (it asks which ability)."))
            break
        s["drawn"][BLACK] -= 1
        s["supply"][BLACK] += 1
        if not above:
            lines.append("Black past The Quietus: every ability is 0, nothing to lose; the cube goes to the supply.")
            continue
        a, v = above[0], s["abilities"][above[0]]["value"]
        s["abilities"][a]["value"] = v - 1
        lines.append(f"Black past The Quietus: lose 1 {ABILITY_LABEL[a]} ({v} → {v - 1}), the only ability above 0; "
                     f"the cube goes to the supply.")
    return lines


# --- placing the cubes drawn ----------------------------------------------------------------

def assign(state: State, dice: Dice, cube: str, ability: bool = False, weapon: int | None = None,
           lose: str | None = None, supply: bool = False) -> Outcome:
    """Resolve a cube the search drew: red/orange/blue → +1 to the matching `ability` (up to its
    maximum), onto Super Weapon `weapon` toward Understanding, or unused to the `supply`; black past
    the Quietus → `lose` 1 point of an ability of your choice."""
    need_phase(state, (SEARCHED,), "placing a drawn cube")
    s = copy_state(state)
    if s["drawn"][cube] <= 0:
        raise RuleError(f"no {cube} cube is waiting to be placed (waiting: {cubes_text(s['drawn'])})")
    if cube == BLACK:
        lines, summary = lose_a_point(s, lose, supply)
    elif ability:
        lines, summary = raise_the_ability(s, cube)
    elif supply:
        s["drawn"][cube] -= 1
        s["supply"][cube] += 1
        lines, summary = [f"The {cube} cube goes unused to the supply."], f"{cube.capitalize()} cube left unused"
    else:
        lines, summary = onto_a_weapon(s, cube, weapon)
    lines += black_past_the_quietus(s) + [say("Next: ", next_step(s))]
    return Outcome(s, summary, lines, {"cube": cube, "waiting": s["drawn"], "abilities": s["abilities"],
                                       "weapons": s["weapons"]})


def lose_a_point(s: State, lose: str | None, supply: bool) -> tuple[list[str], str]:
    """Black, past the Quietus: lose 1 Ability point of your choice; the cube goes to the supply."""
    above = abilities_above_zero(s)
    if supply:
        raise RuleError(say("a black cube past The Quietus costs 1 ability point, it does not go to the supply: ",
                            cmd("pulp assign", "k")))
    if lose is None:
        raise NeedChoice(f"--lose is required: a black cube past The Quietus costs 1 point of an ability of your "
                         f"choice: {', '.join('--lose ' + a for a in above)}", "--lose", above,
                         "Which ability loses 1 point for the black cube?", "lose")
    v = s["abilities"][lose]["value"]
    if v == 0:
        raise RuleError(f"{ABILITY_LABEL[lose]} is already 0: lose a point of an ability above 0")
    s["abilities"][lose]["value"] = v - 1
    s["drawn"][BLACK] -= 1
    s["supply"][BLACK] += 1
    return ([f"Black past The Quietus: {ABILITY_LABEL[lose]} {v} → {v - 1}; the cube goes to the supply."],
            f"Black cube: lost 1 {lose} ({v} → {v - 1})")


def raise_the_ability(s: State, cube: str) -> tuple[list[str], str]:
    """+1 to the Ability of the cube's colour, never beyond the Captain card's maximum."""
    a = COLOUR_ABILITY[cube]
    ab = s["abilities"][a]
    if ab["value"] >= ab["max"]:
        raise RuleError(f"{ABILITY_LABEL[a]} is at its maximum {ab['max']}: put the {cube} cube on a Super Weapon "
                        f"or leave it unused")
    ab["value"] += 1
    s["drawn"][cube] -= 1
    s["supply"][cube] += 1
    return ([f"{cube.capitalize()}: {ABILITY_LABEL[a]} {ab['value'] - 1} → {ab['value']} (max {ab['max']}); the "
             f"cube goes to the supply."], f"{cube.capitalize()} cube: {a} {ab['value'] - 1} → {ab['value']}")


def onto_a_weapon(s: State, cube: str, number: int | None) -> tuple[list[str], str]:
    """A cube added to a Super Weapon card toward Understanding how it is operated."""
    k = weapon_index(s, number)
    w = s["weapons"][k]
    if "needs" not in w:
        raise RuleError(say(f"Super Weapon {number}'s requirement is not recorded yet: ",
                            cmd("pulp weapon", k + 1, needs="CUBES"), " (as the card prints it, e.g. r2,b1)"))
    if w["understood"]:
        raise RuleError(f"Super Weapon {number} is already Understood: no more cubes are needed")
    need, have = w["needs"].get(cube, 0), w["cubes"].get(cube, 0)
    if have >= need:
        missing = {c: n - w["cubes"].get(c, 0) for c, n in w["needs"].items() if n > w["cubes"].get(c, 0)}
        raise RuleError(f"Super Weapon {number} needs {need} {cube} (it has {have}); it needs "
                        f"{', '.join(f'{n} {c}' for c, n in missing.items()) or 'nothing more'}")
    w["cubes"][cube] = have + 1
    s["drawn"][cube] -= 1
    lines = [f"Put the {cube} cube on Super Weapon {number} ({progress_text(w)})."]
    if cubes_met(w):
        w["understood"] = True
        lines.append(f"Super Weapon {number} is Understood: its power is active, once per Encounter phase.")
    summary = f"{cube.capitalize()} cube onto Super Weapon {number}" + (" — Understood" if w["understood"] else "")
    return lines, summary
