"""1. Encounter Phase: the round's Encounter Line, and each card engaged or evaded in turn.

- `begin_round`: choose the planet, draw the line from the current alien's deck, seed the
  bag from the supply (P1: cubes are never created) and keep the last Location drawn.
- `engage` (1a): pay the card's Engage Strength with the icon it takes from the line (P2),
  with abilities (payment.py, P3) and captain's dice; strength a card's text adds: --add.
- `evade` (1b, P4): pay 1 ability point, draw 2 cubes from the bag; the captain's dice that
  help an evade (red 5, blue 6, gray 2 and 4).
Cards are encountered left to right; two abilities at 0 during an encounter lose (P3).
"""

from __future__ import annotations

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.pulp.rules.captains_dice import dice_in_hand, rotate, upgrade_systems_die, wrong_place
from journal.games.pulp.rules.components import (ABILITIES, ABILITY_COLOUR, ABILITY_LABEL, AI_ROLLS, COLOURS,
                                                 COLOUR_ABILITY, FACE_UP, ICONS, LETTER, LINE_SIZE, QUIETUS,
                                                 SHORT, STRENGTH, ability_name, card_token, count_cubes,
                                                 cubes_text, parse_card, parse_payment)
from journal.games.pulp.rules.model import (alien_name, card_requirement, check_loss, draw_cube, icon_source,
                                            line_entry, line_icon, pending, shown_line, zero_abilities)
from journal.games.pulp.rules.next_steps import need_phase, next_step
from journal.games.pulp.rules.payment import covers, direct_payment, need_text, pay_text, payments, would_lose
from journal.outcome import Outcome, copy_state


def begin_round(state: dict, dice, planet: str, cards: list[str]) -> Outcome:
    """Encounter phase set-up: choose a face-up planet, draw the line from the leftmost alien
    whose deck is not empty, put the cards' cubes from the supply into the bag (P1: cubes are
    never created), Locations leave the line (the last drawn becomes the Location)."""
    need_phase(state, ("ready",), "drawing a new Encounter Line")
    planet = str(planet or "").strip()
    if not planet:
        raise InputError("--planet is required: the face-up Planet card you search this round")
    parsed = [parse_card(t) for t in cards]
    s = copy_state(state)
    deck = s["decks"][s["alien"]]
    want = min(LINE_SIZE, deck)
    if deck == 0:
        raise RuleError("no Encounter deck has cards left (a card that says otherwise: journal pulp deck ALIEN +N)")
    if len(parsed) != want:
        raise InputError(f"{len(parsed)} card(s) given: draw {want} from {alien_name(s)}'s deck "
                         f"({deck} left) and type each, e.g. G2C.r.PK A4S.o.PP L.rb G2D.b.P")
    lines = []
    s["round"] += 1
    if zero_abilities(s)[1:]:
        two = " and ".join(ABILITY_LABEL[a] for a in zero_abilities(s))
        s["phase"] = "over"
        s["result"] = "lost"
        lines.append(f"{two} are 0 as the encounter begins: the game is lost. The Cosmic Hegemony "
                     f"invades the Intergalactic Alliance (P3).")
        return Outcome(s, f"Round {s['round']}: lost, {two} at 0", lines, _round_data(s))
    pl = s["planets"]
    if pl["face_up"] == 0:
        deal = min(FACE_UP, pl["deck"])
        if deal == 0:
            raise RuleError("no Planet card is left, face up or in the deck (a card that says otherwise: "
                            "journal pulp planets --face-up N --deck N)")
        pl["deck"] -= deal
        pl["face_up"] = deal
        lines.append(f"Every face-up planet has been searched: deal {deal} new Planet card(s) face up.")
    pl["face_up"] -= 1
    s["planet"] = planet
    s["decks"][s["alien"]] -= want
    sector = alien_name(s)
    lines.insert(0, f"Round {s['round']} in {sector}'s sector: you search {planet}. "
                    f"Place the {want} cards in a row, in the order drawn.")
    placed, missing = [], []
    for card in parsed:
        for ch in card["cubes"]:
            c = LETTER[ch]
            if s["supply"][c] > 0:
                s["supply"][c] -= 1
                s["bag"][c] += 1
                placed.append(c)
            else:
                missing.append(c)
    if placed:
        lines.append(f"Put into the bag from the supply: {cubes_text(count_cubes(placed))}.")
    if missing:
        lines.append(f"The supply has no more {', '.join(sorted(set(missing), key=COLOURS.index))}: "
                     f"{cubes_text(count_cubes(missing))} not placed (cubes are not unlimited, P1).")
    locations = [c for c in parsed if c["kind"] == "L"]
    if locations:
        new_loc = card_token(locations[-1])
        old = s.get("location")
        extra = f"; discard {len(locations) - 1} other Location(s) drawn" if len(locations) > 1 else ""
        lines.append(f"Location {new_loc} goes below {planet}" + (f", replacing {old}" if old else "") + extra + ".")
        s["location"] = new_loc
    s["line"] = [line_entry(card_token(c)) for c in parsed if c["kind"] != "L"]
    for w in s["weapons"]:
        w["used"] = False
    if s["line"]:
        s["phase"] = "encounter"
        lines.append("Encounter Line: " + " · ".join(
            f"{i + 1} {c['card']} ({card_requirement(c)})" for i, c in enumerate(shown_line(s["line"]))))
        icon = s["hegemony"][s["alien"]].get("icon")
        if s.get("location"):
            which = f"{ABILITY_LABEL[ICONS[icon]]} action ({sector}'s icon)" if icon else \
                f"action that matches {sector}'s icon"
            lines.append(f"For each card, first apply the Location's {which}.")
    else:
        s["phase"] = "search"
        lines.append("No card is left in the Encounter Line.")
    if s["decks"][s["alien"]] == 0:
        lines.append(f"{sector}'s deck is now empty: this is the last round in its sector" +
                     (" (you are past The Quietus: black cubes now cost an ability point, P6)."
                      if sector == QUIETUS else "."))
    lines.append("Next: " + next_step(s))
    cards_text = " ".join(card_token(c) for c in parsed)
    summary = f"Round {s['round']} ({sector}), searching {planet}: {cards_text}"
    return Outcome(s, summary, lines, _round_data(s))


def _card_label(state: dict, i: int) -> str:
    return f"card {i + 1} ({state['line'][i]['card']})"


def _round_data(s: dict) -> dict:
    return {"round": s["round"], "phase": s["phase"], "alien": s["alien"], "decks": s["decks"],
            "planet": s.get("planet"), "location": s.get("location"), "line": shown_line(s["line"]),
            "bag": s["bag"], "supply": s["supply"], **({"result": s["result"]} if "result" in s else {})}


def _next_card(state: dict, pos: int, doing: str) -> int:
    line = state["line"]
    if not isinstance(pos, int) or not 1 <= pos <= len(line):
        raise InputError(f"POS {pos}: the Encounter Line has cards 1-{len(line)}")
    i = pos - 1
    left = pending(state)
    if line[i]["status"] != "pending":
        raise RuleError(f"{_card_label(state, i)} was already {line[i]['status']}; "
                        f"next is card {left[0] + 1}")
    if i != left[0]:
        raise RuleError(f"encounter the line left to right: {doing} card {left[0] + 1} "
                        f"({line[left[0]]['card']}) first")
    return i


def _after_encounter(s: dict, lines: list[str]) -> None:
    if s["phase"] == "over":
        return
    left = pending(s)
    if left:
        i = left[0]
        card = shown_line(s["line"])[i]
        lines.append(f"Next: card {i + 1} {card['card']} ({card_requirement(card)}): engage or evade it.")
    else:
        s["phase"] = "search"
        lines.append("Next: " + next_step(s))


# --- 1a. Engage ------------------------------------------------------------------------

def _ability_line(state: dict) -> str:
    return ", ".join(f"{ABILITY_LABEL[a]} {state['abilities'][a]['value']}/{state['abilities'][a]['max']}"
                     for a in ABILITIES)


def _engage_dice(s: dict, dice, specs, upgrade, lines: list[str]) -> tuple[dict, int, list[dict]]:
    """Captain's dice used for an engage: strength against an icon type, or against any."""
    bonus = {a: 0 for a in ABILITIES}
    wild = 0
    used = []
    upgrade_done = upgrade is None
    for colour, now, to, spec in dice_in_hand(s, specs):
        effect = STRENGTH.get((colour, now))
        if colour == "yellow" and now in AI_ROLLS:
            crew = AI_ROLLS[now]
            if crew in s["dice"]:
                raise RuleError(f"the yellow die on {now} rolls an unowned {crew} die, and the {crew} die is "
                                f"yours (our reading: it would be discarded after the roll)")
            rolled = dice.roll(6, f"{crew} d6")
            effect = STRENGTH.get((crew, rolled))
            what = f"+{effect[0]} vs {'any type' if effect[1] == 'any' else ABILITY_LABEL[effect[1]]}" \
                if effect else "no engage strength"
            lines.append(f"Artificial Intelligence: roll the {crew} die: {rolled} ({what}); "
                         f"put it back after this engage.")
            used.append({"die": colour, "face": now, "rolled": {crew: rolled}})
        elif colour == "orange" and now == 2 and upgrade is not None:
            upgrade_systems_die(s, upgrade, 1, lines, True)
            upgrade_done = True
            effect = None
            used.append({"die": colour, "face": now, "upgrade": 1})
        elif effect is None:
            raise wrong_place(colour, now, "engage")
        else:
            used.append({"die": colour, "face": now})
        if effect:
            points, against = effect
            if against == "any":
                wild += points
            else:
                bonus[against] += points
            if colour != "yellow":
                lines.append(f"The {colour} die on {now}: +{points} Engage Strength against "
                             f"{'any type' if against == 'any' else ABILITY_LABEL[against]}.")
        if colour == "orange" and now == 6:
            upgrade_systems_die(s, upgrade, 2, lines, True)
            upgrade_done = True
        rotate(s, colour, now, to, lines, spec)
    if not upgrade_done:
        raise InputError(f"--upgrade {upgrade}: only the orange die on 2 or 6 upgrades a Systems die")
    return bonus, wild, used


def engage(state: dict, dice, pos: int, pay: dict | str | list | None = None, dice_used=(), adds=(),
           icon: str | None = None, upgrade: str | None = None) -> Outcome:
    """1a. Engage: pay the card's Engage Strength (P2 icon) with abilities, 2-for-1 (P3),
    helped by captain's dice; strength a card's text adds comes with --add."""
    need_phase(state, ("encounter",), "engaging")
    s = copy_state(state)
    i = _next_card(s, pos, "engage or evade")
    card = s["line"][i]
    parsed = parse_card(card["card"])
    if parsed["strength"] == 0:
        raise RuleError(f"{_card_label(s, i)} has Engage Strength 0: it must be evaded "
                        f"(journal pulp evade {pos} --pay ABILITY)")
    need = {a: 0 for a in ABILITIES}
    parts = []
    if parsed["strength"] is not None:
        from_line = line_icon(s["line"], i)
        ic = (icon or from_line or "").upper() or None
        if ic is None:
            src = icon_source(s["line"], i)
            raise RuleError(f"{_card_label(s, i)} takes its engage icon from card {src + 1} "
                            f"({s['line'][src]['card']}), which shows none: give --icon C, D or S")
        if ic not in ICONS:
            raise InputError(f"--icon {icon}: expected C (Combat), D (Diplomacy) or S (Science)")
        need[ICONS[ic]] += parsed["strength"]
        parts.append(f"{parsed['strength']} {ABILITY_LABEL[ICONS[ic]]}")
        if ic != from_line:  # a card's text set it: nothing else records it (P2 gives from_line)
            card["icon_override"] = ic
    for amount, ic in adds:
        need[ICONS[ic]] = max(0, need[ICONS[ic]] + amount)
        parts.append(f"{amount:+d} {ABILITY_LABEL[ICONS[ic]]} (card text)")
    if parsed["strength"] is not None and not any(need.values()):
        # "If a card has an Engage Strength of 0, it must be Evaded instead", however it got there
        raise RuleError(f"{_card_label(s, i)} has Engage Strength 0 with the card text ({', '.join(parts)}): "
                        f"it must be evaded (journal pulp evade {pos} --pay ABILITY)")
    lines = [f"Engage {_card_label(s, i)}: Engage Strength " + (", ".join(parts) if parts else "none") + "."]
    bonus, wild, used = _engage_dice(s, dice, dice_used, upgrade, lines)
    for u in used:  # an owned die that cannot help is a slip of the finger, not a choice
        plain = "rolled" not in u and "upgrade" not in u and (u["die"], u["face"]) != ("orange", 6)
        effect = STRENGTH.get((u["die"], u["face"])) if plain else None
        if effect and not (need[effect[1]] if effect[1] != "any" else any(need.values())):
            raise RuleError(f"the {u['die']} die on {u['face']} adds strength against "
                            f"{'any type' if effect[1] == 'any' else ABILITY_LABEL[effect[1]]}, and "
                            f"{_card_label(s, i)} needs {need_text(need, 0)}: it would not help")
    rest = {a: max(0, need[a] - bonus[a]) for a in ABILITIES}
    proposed = pay is None
    if pay is None:
        pay = direct_payment(s, rest, wild)
        if pay is None or (would_lose(s, pay) and sum(rest.values()) > 0):
            _ask_payment(s, i, rest, wild, "cannot be paid point for point" if pay is None else
                         "paid point for point would leave two abilities at 0 and lose the game")
    elif not isinstance(pay, dict):  # typed, or the player's answer to the question above
        pay = parse_payment(pay)
    for a, n in pay.items():
        have = s["abilities"][a]["value"]
        if n > have:
            raise RuleError(f"--pay {a}={n}: {ABILITY_LABEL[a]} is only {have}{_what_works(s, rest, wild)}")
    if not covers(rest, wild, pay):
        raise RuleError(f"--pay {pay_text(pay)} does not cover {_card_label(s, i)}: it needs "
                        f"{need_text(rest, wild)} after dice; each point is paid with the matching "
                        f"ability or with 2 points of one other ability{_what_works(s, rest, wild)}")
    spare = [a for a in ABILITIES if pay.get(a) and covers(rest, wild, {**pay, a: pay[a] - 1})]
    for a in ABILITIES:
        if pay.get(a):
            before = s["abilities"][a]["value"]
            s["abilities"][a]["value"] -= pay[a]
            lines.append(f"Move the {ABILITY_LABEL[a]} cube down {before} → {s['abilities'][a]['value']}.")
    if not any(pay.values()):
        lines.append("Nothing to pay.")
    if spare and not proposed:
        lines.append(f"(You pay more than needed: {', '.join(ABILITY_LABEL[a] for a in spare)} could pay "
                     f"1 point less.)")
    card["status"] = "engaged"
    if parsed["key"] or parsed["code"]:
        what = " and ".join(w for w, f in (("Key", parsed["key"]), ("Code", parsed["code"])) if f)
        lines.append(f"Its {what} card goes to your hand at the end of the round.")
    lost = check_loss(s, lines)
    if lost and not proposed:
        safe = [p for p in payments(state, rest, wild) if not would_lose(state, p)]
        if safe:
            lines.append(f"(Paid with --pay {pay_text(safe[0])} instead, the game would go on: journal undo, then "
                         f"engage card {pos} again with that --pay.)")
    _after_encounter(s, lines)
    summary = f"Engaged {_card_label(s, i)}: {', '.join(parts) or 'no strength'}; paid {pay_text(pay)}"
    if used:
        summary += "; dice " + ", ".join(f"{u['die']} {u['face']}" for u in used)
    if lost:
        summary += " — lost"
    data = {"pos": pos, "card": card["card"], "need": need, "dice_bonus": bonus, "dice_any": wild,
            "paid": {a: pay.get(a, 0) for a in ABILITIES}, "dice": used, "abilities": s["abilities"],
            "phase": s["phase"], **({"result": s["result"]} if "result" in s else {})}
    return Outcome(s, summary, lines, data)


def _what_works(s: dict, rest: dict, wild: int) -> str:
    """The payments that cover `rest` (P3), as options to type, for a refusal to name."""
    found = payments(s, rest, wild)
    if not found:
        return f"; no payment covers it ({_ability_line(s)}): evade the card"
    loses = " (each loses the game)" if would_lose(s, found[0]) else ""
    return f"; payments that work{loses}: " + "; ".join(f"--pay {pay_text(pay)}" for pay in found)


def _ask_payment(s: dict, i: int, rest: dict, wild: int, why: str) -> None:
    """The player chooses how to pay (P3): NeedChoice lists every payment that works as a
    complete --pay answer (asked on a terminal, named in a script's refusal); those that
    leave two abilities at 0 only when no other pays."""
    found = payments(s, rest, wild)
    where = f"{_card_label(s, i)} needs {need_text(rest, wild)}, which {why}"
    mine = f"(2 points of one ability pay 1 of another; you have {_ability_line(s)})"
    if not found:
        raise RuleError(f"{where}, nor 2 points for 1 {mine}: evade it")
    options = [pay_text(pay) for pay in found]
    loses = " (each way loses the game)" if would_lose(s, found[0]) else ""
    raise NeedChoice(f"--pay is required: {where}: {'; '.join('--pay ' + o for o in options)}{loses} {mine}, "
                     f"or evade it", "--pay", options, f"{where[0].upper()}{where[1:]}; pay with{loses}")


# --- 1b. Evade -------------------------------------------------------------------------

def evade(state: dict, dice, pos: int, pay: str | None = None, dice_used=(), take=()) -> Outcome:
    """1b. Evade (P4): pay 1 ability point, draw 2 cubes; yellow, white and black go back
    and are redrawn; each red/orange/blue lowers that ability by 1 (not below 0) and goes
    to the supply. The card's icon no longer counts (P2) nor do its planet icons."""
    need_phase(state, ("encounter",), "evading")
    s = copy_state(state)
    i = _next_card(s, pos, "engage or evade")
    if pay is None:
        above = [a for a in ABILITIES if s["abilities"][a]["value"] > 0]
        if not above:
            raise RuleError("every ability is 0: nothing can pay the evade")
        raise NeedChoice(f"--pay is required: one of {', '.join(above)}", "--pay", above,
                         "Which ability pays the evade?")
    ability = ability_name(pay, "--pay")
    if s["abilities"][ability]["value"] == 0:
        others = [a for a in ABILITIES if s["abilities"][a]["value"] > 0]
        raise RuleError(f"--pay {ability}: {ABILITY_LABEL[ability]} is 0; pay the evade with "
                        f"{' or '.join(others) or 'an ability above 0'}")
    strict = bool(getattr(dice, "draws", None))
    drawn: list[str] = []
    lines = [f"Evade {_card_label(s, i)}: rotate it ninety degrees."]
    take = list(take)
    used = []
    for colour, now, to, spec in dice_in_hand(s, dice_used):
        if (colour, now) == ("red", 5):
            n = min(2, s["bag"]["white"])
            s["bag"]["white"] -= n
            s["supply"]["white"] += n
            lines.append(f"The red die on 5: take {n} white cube(s) out of the bag to the supply.")
        elif (colour, now) in (("blue", 6), ("gray", 2)):
            n = 2 if colour == "blue" else 1
            if len(take) < n:
                raise InputError(f"--take: the {colour} die on {now} removes {n} chosen cube(s) from the bag: "
                                 f"name them, e.g. --take {'k,w' if n == 2 else 'k'}")
            chosen, take = take[:n], take[n:]
            for c in chosen:
                if colour == "gray" and c == "yellow":
                    raise RuleError("--take yellow: the gray die on 2 cannot take a yellow cube")
                if s["bag"][c] <= 0:
                    raise RuleError(f"--take {SHORT[c]}: the bag holds no {c} cube "
                                    f"(it holds {cubes_text(s['bag'], 'nothing')})")
                s["bag"][c] -= 1
                s["supply"][c] += 1
            lines.append(f"The {colour} die on {now}: take {cubes_text(count_cubes(chosen))} out of the bag "
                         f"to the supply.")
        elif (colour, now) == ("gray", 4):
            if sum(s["bag"].values()) == 0:
                lines.append("The gray die on 4: the bag is empty, nothing to draw.")
            else:
                c = draw_cube(dice, s["bag"], strict, drawn)
                if c == "yellow":
                    lines.append("The gray die on 4: drew yellow, which goes back into the bag.")
                else:
                    s["bag"][c] -= 1
                    s["supply"][c] += 1
                    lines.append(f"The gray die on 4: drew {c}, which goes to the supply.")
        else:
            raise wrong_place(colour, now, "evade")
        used.append({"die": colour, "face": now})
        rotate(s, colour, now, to, lines, spec)
    if take:
        raise InputError(f"--take {','.join(SHORT[c] for c in take)}: only the blue die on 6 (2 cubes) and "
                         f"the gray die on 2 (1 cube) take chosen cubes from the bag")
    before = s["abilities"][ability]["value"]
    s["abilities"][ability]["value"] -= 1
    lines.append(f"Pay 1 {ABILITY_LABEL[ability]}: {before} → {before - 1}.")
    hits: list[str] = []
    redrawn: list[str] = []
    while len(hits) < 2:
        if not any(s["bag"][c] for c in ABILITY_COLOUR.values()):
            lines.append("The bag holds no red, orange or blue cube: the drawing stops (P4).")
            break
        c = draw_cube(dice, s["bag"], strict, drawn)
        if c not in COLOUR_ABILITY:
            redrawn.append(c)
            lines.append(f"Drew {c}: back into the bag, draw again.")
            continue
        hits.append(c)
        s["bag"][c] -= 1
        s["supply"][c] += 1
        a = COLOUR_ABILITY[c]
        v = s["abilities"][a]["value"]
        if v > 0:
            s["abilities"][a]["value"] = v - 1
            lines.append(f"Drew {c}: {ABILITY_LABEL[a]} {v} → {v - 1}; the cube goes to the supply.")
        else:
            lines.append(f"Drew {c}: {ABILITY_LABEL[a]} is already 0 (ignored); the cube goes to the supply.")
    s["line"][i]["status"] = "evaded"
    lost = check_loss(s, lines)
    _after_encounter(s, lines)
    summary = f"Evaded {_card_label(s, i)}: paid 1 {ability}; drew " + \
        (",".join(SHORT[c] for c in drawn) if drawn else "nothing")
    if lost:
        summary += " — lost"
    data = {"pos": pos, "card": s["line"][i]["card"], "paid": ability, "drawn": drawn, "hits": hits,
            "redrawn": redrawn, "dice": used, "abilities": s["abilities"], "phase": s["phase"],
            **({"result": s["result"]} if "result" in s else {})}
    return Outcome(s, summary, lines, data)
