"""2. Planet Search Phase (rules note P5): draw a cube per planet icon on the cards not evaded,
then place them (`assign`); and the Super Weapons found: their requirements, Understanding
and once-per-Encounter-phase use (`weapon`).
"""

from __future__ import annotations

from journal.errors import InputError, RuleError
from journal.games.pulp.rules.captains_dice import dice_in_hand, rotate, wrong_place
from journal.games.pulp.rules.components import (ABILITIES, ABILITY_LABEL, COLOURS, COLOUR_ABILITY, DRAWN,
                                                 FACE_USE, SHORT, ability_name, colour_name, cubes_text,
                                                 needs_text, parse_card)
from journal.games.pulp.rules.model import (cubes_met, draw_cube, n_weapons, past_quietus, refuse_if_over,
                                            weapon_index)
from journal.games.pulp.rules.next_steps import need_phase, next_step
from journal.outcome import Outcome, copy_state


def search_count(state: dict, extra: int = 0, dice_used=()) -> tuple[int, list[str]]:
    """How many cubes the search draws: planet icons on cards not evaded, + dice, + extra."""
    engaged = sum(c["planets"] for c in state["line"] if c["status"] != "evaded")
    evaded = sorted((c["planets"] for c in state["line"] if c["status"] == "evaded" and c["planets"]),
                    reverse=True)
    notes = [f"{engaged} planet icon(s) on the cards not evaded"]
    total = engaged
    for colour, face in dice_used:
        if colour == "blue" and face in (1, 3):
            total += 1
            notes.append(f"+1 (blue die on {face})")
        elif colour == "gray" and face in (1, 5):
            n = min(1 if face == 1 else 2, len(evaded))
            if n == 0:
                raise RuleError(f"the gray die on {face} uses planet icons of evaded cards, and no evaded card "
                                f"shows one")
            total += n
            notes.append(f"+{n} from evaded card(s) (gray die on {face})")
    if extra:
        total += extra
        notes.append(f"{extra:+d} (cards' text)")
    return max(0, total), notes


def search(state: dict, dice, extra: int = 0, dice_used=(), spend=()) -> Outcome:
    """2. Planet Search (P5): draw all the cubes first, then resolve them: yellow → a Super
    Weapon card with its cube; red/orange/blue wait for `assign`; black → the Quietus unless
    past it (then 1 ability point of your choice is lost); white → back into the bag."""
    need_phase(state, ("search",), "the planet search")
    s = copy_state(state)
    lines = []
    faces = []
    gray6 = None
    for colour, now, to, spec in dice_in_hand(s, dice_used):
        if (colour, now) == ("gray", 6):
            gray6 = (colour, now, to, spec)
            continue
        if FACE_USE.get((colour, now)) != "search":
            raise wrong_place(colour, now, "search")
        faces.append((colour, now))
        rotate(s, colour, now, to, lines, spec)
    for icon in spend:
        flag = "key" if icon.upper() == "K" else "code" if icon.upper() == "O" else None
        if flag is None:
            raise InputError(f"--spend {icon}: expected K (a Key card) or O (a Code card)")
        cards = [t for t in s["hand"] if parse_card(t)[flag]]
        if not cards:
            raise RuleError(f"--spend {icon.upper()}: your hand has no {flag.capitalize()} card "
                            f"({', '.join(s['hand']) or 'the hand is empty'})")
        cards.sort(key=lambda t: (parse_card(t)["key"] + parse_card(t)["code"]))
        s["hand"].remove(cards[0])
        lines.append(f"Pay the {flag.capitalize()} card {cards[0]} to the Encounter discard pile: follow "
                     f"{s.get('planet', 'the planet')}'s action.")
    count, notes = search_count(s, extra, faces)
    lines.insert(0, f"Search {s.get('planet', 'the planet')}: draw {count} cube(s) ({'; '.join(notes)}).")
    strict = bool(getattr(dice, "draws", None))
    drawn: list[str] = []
    held = {c: 0 for c in COLOURS}
    for _ in range(count):
        if sum(s["bag"].values()) == 0:
            lines.append("The bag is empty: the search stops.")
            break
        c = draw_cube(dice, s["bag"], strict, drawn)
        s["bag"][c] -= 1
        held[c] += 1
    if drawn:
        lines.append(f"Drew {', '.join(drawn)}.")
    n = n_weapons(s)
    found = []
    if held["yellow"] and gray6:
        colour, now, to, spec = gray6
        rotate(s, colour, now, to, lines, spec)
        lines.append("The gray die on 6: choose which Super Weapon card you take.")
    elif gray6:
        lines.append("The gray die on 6 is kept for a search that draws yellow (no yellow drawn, not turned).")
    for _ in range(held["yellow"]):
        if len(s["weapons"]) < n:
            s["weapons"].append({"cubes": {"yellow": 1}, "understood": False, "used": False})
            found.append(len(s["weapons"]))
            lines.append(f"Yellow: draw Super Weapon card {len(s['weapons'])} and put the cube on it "
                         f"(then, as the card says: journal pulp weapon {len(s['weapons'])} --needs r2,b1).")
        else:
            s["supply"]["yellow"] += 1
            lines.append("Yellow, but the Super Weapon deck is empty: the cube goes to the supply.")
    if held["white"]:
        s["bag"]["white"] += held["white"]
        lines.append(f"White: {held['white']} false lead(s), back into the bag.")
    for _ in range(held["black"]):
        if not past_quietus(s):
            s["quietus"] += 1
            lines.append(f"Black: onto The Quietus ({s['quietus']} there now).")
        else:
            s["drawn"]["black"] += 1
    for c in ("red", "orange", "blue"):
        s["drawn"][c] += held[c]
    s["phase"] = "searched"
    if len(s["weapons"]) >= n:
        s["phase"] = "over"
        s["result"] = "won"
        lines.append(f"All {n} Super Weapons are found: you win! The Intergalactic Alliance repulses the "
                     f"Cosmic Hegemony invasion.")
    else:
        _auto_black(s, lines)
        lines.append("Next: " + next_step(s))
    summary = f"Searched {s.get('planet', 'the planet')}: drew " + \
        (",".join(SHORT[c] for c in drawn) if drawn else "nothing")
    if found:
        summary += f"; found Super Weapon {', '.join(map(str, found))}"
    if s.get("result") == "won":
        summary += " — won"
    data = {"count": count, "drawn": drawn, "weapons_found": found, "waiting": s["drawn"],
            "quietus": s["quietus"], "phase": s["phase"], **({"result": s["result"]} if "result" in s else {})}
    return Outcome(s, summary, lines, data)


def _auto_black(s: dict, lines: list[str]) -> None:
    """A black cube past the Quietus costs 1 ability point of your choice: resolved at once
    when there is no choice (one ability above 0, or none)."""
    while s["drawn"]["black"]:
        above = [a for a in ABILITIES if s["abilities"][a]["value"] > 0]
        if len(above) > 1:
            lines.append(f"Black past The Quietus: lose 1 point of an ability of your choice for each of "
                         f"{s['drawn']['black']} black cube(s) (journal pulp assign k --lose ABILITY).")
            return
        s["drawn"]["black"] -= 1
        s["supply"]["black"] += 1
        if above:
            a = above[0]
            s["abilities"][a]["value"] -= 1
            v = s["abilities"][a]["value"]
            lines.append(f"Black past The Quietus: lose 1 {ABILITY_LABEL[a]} ({v + 1} → {v}), the only "
                         f"ability above 0; the cube goes to the supply.")
        else:
            lines.append("Black past The Quietus: every ability is 0, nothing to lose; the cube goes to "
                         "the supply.")


def assign(state: dict, dice, cube: str, ability: bool = False, weapon: int | None = None,
           lose: str | None = None, supply: bool = False) -> Outcome:
    """Resolve a cube the search drew: red/orange/blue → +1 to the matching ability (up to
    its maximum) or onto a Super Weapon toward Understanding; black past the Quietus → lose 1
    point of an ability of your choice."""
    need_phase(state, ("searched",), "placing a drawn cube")
    c = colour_name(cube, "CUBE", DRAWN)
    chosen = sum(1 for x in (ability, weapon is not None, lose is not None, supply) if x)
    if chosen != 1:
        raise InputError("give exactly one of --ability, --weapon N, --lose ABILITY (black) or --supply")
    s = copy_state(state)
    if s["drawn"][c] <= 0:
        raise RuleError(f"no {c} cube is waiting to be placed (waiting: {cubes_text(s['drawn'])})")
    lines = []
    if c == "black":
        if lose is None and not supply:
            raise InputError("a black cube past The Quietus costs 1 ability point: --lose ABILITY")
        if supply:
            raise RuleError("a black cube past The Quietus costs 1 ability point: --lose ABILITY")
        a = ability_name(lose, "--lose")
        v = s["abilities"][a]["value"]
        if v == 0:
            raise RuleError(f"--lose {a}: {ABILITY_LABEL[a]} is already 0; lose a point of an ability above 0")
        s["abilities"][a]["value"] = v - 1
        s["drawn"]["black"] -= 1
        s["supply"]["black"] += 1
        lines.append(f"Black past The Quietus: {ABILITY_LABEL[a]} {v} → {v - 1}; the cube goes to the supply.")
        summary = f"Black cube: lost 1 {a} ({v} → {v - 1})"
    elif lose is not None:
        raise InputError(f"--lose is for black cubes; a {c} cube goes to --ability, --weapon N or --supply")
    elif ability:
        a = COLOUR_ABILITY[c]
        ab = s["abilities"][a]
        if ab["value"] >= ab["max"]:
            raise RuleError(f"{ABILITY_LABEL[a]} is at its maximum {ab['max']}: put the {c} cube on a Super "
                            f"Weapon (--weapon N) or leave it (--supply)")
        ab["value"] += 1
        s["drawn"][c] -= 1
        s["supply"][c] += 1
        lines.append(f"{c.capitalize()}: {ABILITY_LABEL[a]} {ab['value'] - 1} → {ab['value']} "
                     f"(max {ab['max']}); the cube goes to the supply.")
        summary = f"{c.capitalize()} cube: {a} {ab['value'] - 1} → {ab['value']}"
    elif supply:
        s["drawn"][c] -= 1
        s["supply"][c] += 1
        lines.append(f"The {c} cube goes unused to the supply.")
        summary = f"{c.capitalize()} cube left unused"
    else:
        k = weapon_index(s, weapon)
        w = s["weapons"][k]
        if "needs" not in w:
            raise RuleError(f"Super Weapon {weapon}'s requirement is not recorded yet: journal pulp weapon {weapon} "
                            f"--needs r2,b1 (as the card says)")
        if w["understood"]:
            raise RuleError(f"Super Weapon {weapon} is already Understood: no more cubes are needed")
        need = w["needs"].get(c, 0)
        have = w["cubes"].get(c, 0)
        if have >= need:
            raise RuleError(f"Super Weapon {weapon} needs {need} {c} (it has {have}); it needs "
                            f"{_missing_text(w)}")
        w["cubes"][c] = have + 1
        s["drawn"][c] -= 1
        lines.append(f"Put the {c} cube on Super Weapon {weapon} ({_progress_text(w)}).")
        if cubes_met(w):
            w["understood"] = True
            lines.append(f"Super Weapon {weapon} is Understood: its power is active, once per Encounter phase.")
        summary = f"{c.capitalize()} cube onto Super Weapon {weapon}" + (" — Understood" if w["understood"] else "")
    _auto_black(s, lines)
    lines.append("Next: " + next_step(s))
    return Outcome(s, summary, lines, {"cube": c, "waiting": s["drawn"], "abilities": s["abilities"],
                                       "weapons": s["weapons"]})


def _missing_text(w: dict) -> str:
    miss = {c: n - w["cubes"].get(c, 0) for c, n in w.get("needs", {}).items() if n > w["cubes"].get(c, 0)}
    return ", ".join(f"{n} {c}" for c, n in miss.items()) or "nothing more"


def _progress_text(w: dict) -> str:
    if "needs" not in w:
        return "requirement not recorded"
    if not w["needs"]:
        return "needs no cubes"
    return ", ".join(f"{c} {w['cubes'].get(c, 0)}/{n}" for c, n in w["needs"].items())


def weapon(state: dict, dice, number: int, needs: dict | None = None, name: str | None = None,
           understood: bool | None = None, use: bool = False) -> Outcome:
    """A found Super Weapon: its understanding requirement as printed, its name, whether it is
    Understood (set by hand, A2), or its once-per-Encounter-phase use."""
    refuse_if_over(state)
    s = copy_state(state)
    k = weapon_index(s, number)
    w = s["weapons"][k]
    lines = []
    if needs is None and name is None and understood is None and not use:
        raise InputError("give --needs r2,b1, --name NAME, --understood/--not-understood or --use")
    if name is not None:
        name = name.strip()
        if not name:
            raise InputError("--name is empty")
        w["name"] = name
        lines.append(f"Super Weapon {number} is the {name}.")
    if needs is not None:
        for c, n in w["cubes"].items():
            if c != "yellow" and n > needs.get(c, 0):
                raise RuleError(f"--needs {needs_text(needs)}: Super Weapon {number} already holds {n} {c}")
        w["needs"] = needs
        lines.append(f"Super Weapon {number} needs {needs_text(needs)} to be Understood "
                     f"({_progress_text(w)}).")
        if cubes_met(w) and not w["understood"]:
            w["understood"] = True
            lines.append(f"Super Weapon {number} is Understood" +
                         (": it works without cubes." if not needs else "."))
    if understood is not None:
        w["understood"] = understood
        lines.append(f"Super Weapon {number} is {'Understood' if understood else 'not Understood'} (by hand).")
        if not understood and cubes_met(w):
            raise RuleError(f"Super Weapon {number} holds every cube it needs: it is Understood")
    if use:
        if not w["understood"]:
            raise RuleError(f"Super Weapon {number} is not Understood yet ({_progress_text(w)})")
        if state["phase"] != "encounter":
            raise RuleError("a Super Weapon's power is used during the Encounter phase")
        if w["used"]:
            raise RuleError(f"Super Weapon {number} was already used this Encounter phase")
        w["used"] = True
        lines.append(f"Use Super Weapon {number}{' (' + w['name'] + ')' if w.get('name') else ''}: follow "
                     f"its card. Once per Encounter phase.")
    parts = []
    if name is not None:
        parts.append(f"named {name}")
    if needs is not None:
        parts.append(f"needs {needs_text(needs)}")
    if understood is not None:
        parts.append("Understood" if understood else "not Understood")
    if use:
        parts.append("used")
    label = f"Super Weapon {number}" + (f" ({w['name']})" if w.get("name") and name is None else "")
    summary = f"{label}: {', '.join(parts)}" + (" — Understood" if needs is not None and w["understood"] else "")
    return Outcome(s, summary, lines, {"weapon": number, **w})
