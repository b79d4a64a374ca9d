"""The Upgrade Phase after the Repair Checks (rulebook, Upgrade Phase): step 3, Development (an
INDUSTRY, ARMY, RESEARCH or REFRESH action per player, in turn), the Tech Cards on a Titan Sheet
and the face-up ones beside the board, and step 4, Support Movement.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.titans.rules import order
from journal.games.titans.rules.board import city_distance
from journal.games.titans.rules.checks import bonus_text
from journal.games.titans.rules.model import (
    ARMY, CHARGES_MAX, CREDITS_MAX, DEVELOPMENT, FACE_UP, HAND1, HAND2, HANDS, INDUSTRY, INDUSTRY_CREDITS, REFRESH,
    RESEARCH, SLOT_TEXT, SUPPORTS, SUPPORTS_MAX, SUPPORT_RANGE, TAGS, UPGRADE, joined,
)
from journal.games.titans.rules.phases import (
    development_done, enter_development, enter_supports, need_phase, refuse_if_over, turn_line,
)
from journal.hints import cmd, say
from journal.lookup import already
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import Decks, Player, State, TechCard, Titan

# --- Upgrade step 3: Development ----------------------------------------------------------------


def develop(state: State, dice: Dice, player: str, action: str, **details) -> Outcome:
    """Upgrade step 3: "Each Player, starting from the Lead Character, can choose one of the
    following 4 types of action: INDUSTRY, ARMY, RESEARCH, and REFRESH." `details` are the
    action's own (army: city, count; research: card, slot, cost, tags, bonus, draw, redraw)."""
    need_phase(state, UPGRADE, "Development")
    if state["round"]["supports_moved"]:
        raise RuleError("Development (step 3) is over: supports have started moving (step 4)")
    s = copy_state(state)
    p = s["players"][player]
    t = s["titans"][p["titan"]]
    if player in s["round"]["developed"]:
        raise RuleError(f"{player} has already taken a Development action this turn")
    if "rift" in t:
        raise RuleError(f"{p['titan']} is on the {t['rift']} Rift: {player} skips the Development step")
    lines: list[str] = []
    enter_development(s, lines)
    out_of_turn, closed = order.turn(s, DEVELOPMENT, player)
    summary, data = DEVELOPMENT_ACTIONS[action](s, player, lines, **details)
    if out_of_turn:
        raise RuleError(out_of_turn)
    s["round"]["developed"].append(player)
    order.take(s, DEVELOPMENT, player, closed, finished=True)
    lines.append(turn_line(s, DEVELOPMENT) if not s["round"]["supports_moved"] else development_done(s))
    return Outcome(s, summary, lines, {"player": player, "action": action, **data, "credits": p["credits"]})


def industry(s: State, player: str, lines: list[str]) -> tuple[str, dict]:
    """INDUSTRY: "the player immediately gains 2 Credits"."""
    p = s["players"][player]
    if p["credits"] + INDUSTRY_CREDITS > CREDITS_MAX:
        raise RuleError(f"{player} has {plural(p['credits'], 'Credit')}: journal keeps at most {CREDITS_MAX}")
    p["credits"] += INDUSTRY_CREDITS
    lines.append(f"INDUSTRY: {player} takes {INDUSTRY_CREDITS} Credit Tokens ({p['credits']} now).")
    return f"{player}: Industry, +2 Credits ({p['credits']})", {}


def army(s: State, player: str, lines: list[str], city: str, count: int = 1) -> tuple[str, dict]:
    """ARMY: Supports on a non-destroyed city at 1 Credit each, at most 3 per player (T6)."""
    p = s["players"][player]
    if s["cities"][city]["destroyed"]:
        raise RuleError(f"{city} is destroyed: Supports go on a non-destroyed city")
    have = len(p["supports"])
    if have + count > SUPPORTS_MAX:
        raise RuleError(f"{player} has {have} Supports on the board: at most {SUPPORTS_MAX} (T6), so "
                        f"{SUPPORTS_MAX - have} more at most")
    if p["credits"] < count:
        raise RuleError(f"{plural(count, 'Support')} cost{'s' if count == 1 else ''} {plural(count, 'Credit')} "
                        f"and {player} has {p['credits']}")
    p["credits"] -= count
    p["supports"].extend({"city": city, "damage": 0} for _ in range(count))
    lines.append(f"ARMY: {player} pays {plural(count, 'Credit')} and places {plural(count, 'Support')} "
                 f"({p['color']}) on {city}.")
    return (f"{player}: Army, {plural(count, 'Support')} on {city}",
            {"city": city, "count": count, "credits": p["credits"]})


def research(s: State, player: str, lines: list[str], card: str | None = None, slot: str | None = None,
             cost: int = 0, tags: tuple = (), bonus: dict | None = None, draw: tuple = (),
             redraw: bool = False) -> tuple[str, dict]:
    """RESEARCH: "the player purchases one of the face-up Tech Cards on the side of the game board,
    and draws another one to replace it. Alternatively, the player can give up the purchase,
    discarding all 3 Tech Cards ... and replacing them by drawing 3 cards" (`redraw`)."""
    d = s["decks"]
    if redraw:
        d["tech_discard"] += d["tech_face_up"]
        d["tech_face_up"] = 0
        d.pop("face_up_cards", None)
        lines.append("RESEARCH: discard the face-up Tech Cards and draw new ones.")
        refill_face_up(s, lines, draw)
        summary, data = f"{player}: Research, redrew the face-up Tech Cards", dict[str, object]()
    else:
        assert card is not None and slot is not None, "a purchase names its card and slot (the command's check)"
        summary, data = _buy(s, player, card, slot, cost, tags, bonus, lines)
        refill_face_up(s, lines, draw)
    if d.get("face_up_cards"):
        data["face_up_cards"] = list(d["face_up_cards"])
    return summary, data


def _buy(s: State, player: str, card: str, slot: str, cost: int, tags: tuple, bonus: dict | None,
         lines: list[str]) -> tuple[str, dict]:
    """A face-up Tech Card bought for its cost and put into a free slot of the Titan Sheet."""
    p = s["players"][player]
    t = s["titans"][p["titan"]]
    if s["decks"]["tech_face_up"] < 1:
        raise RuleError("no Tech Card is face up to buy")
    if p["credits"] < cost:
        raise RuleError(f"{card} costs {cost} Credits and {player} has {p['credits']}")
    take_face_up(s, card)
    s["decks"]["tech_face_up"] -= 1
    p["credits"] -= cost
    equip_line = equip_card(t, p["titan"], card, slot, tags, bonus)
    lines.append(f"RESEARCH: {player} buys {card}" + (f" for {plural(cost, 'Credit')}" if cost else "")
                 + f"; {equip_line}")
    if not cost:
        lines.append(say("(no cost given: if the card has a printed cost, pay it with ",
                         cmd("titans credits", player, "DELTA"), ", DELTA being minus the cost)"))
    return (f"{player}: Research, bought {card}" + (f" for {cost}" if cost else ""),
            {"card": card, "slot": t["tech"][card]["slot"], "cost": cost, "credits": p["credits"]})


def refresh(s: State, player: str, lines: list[str]) -> tuple[str, dict]:
    """REFRESH: "the player can spend the amount of Credits indicated as Refresh Cost on the Titan
    Sheet to refresh its Final Blow"."""
    p = s["players"][player]
    titan = p["titan"]
    t = s["titans"][titan]
    if "refresh" not in t:
        raise RuleError(f"{titan}'s Final Blow shows no Refresh Cost")
    if t["blow_ready"]:
        raise RuleError(f"{titan}'s Final Blow is ready: there is nothing to refresh")
    if p["credits"] < t["refresh"]:
        raise RuleError(f"refreshing costs {t['refresh']} Credits and {player} has {p['credits']}")
    p["credits"] -= t["refresh"]
    t["blow_ready"] = True
    lines.append(f"REFRESH: {player} pays {plural(t['refresh'], 'Credit')}; {titan}'s Final Blow is ready again.")
    return f"{player}: Refresh, {titan}'s Final Blow ready", {"credits": p["credits"]}


# a Development action: (state, player, lines, its own details) -> (summary, data for --json)
DEVELOPMENT_ACTIONS: dict[str, Callable[..., tuple[str, dict]]] = {INDUSTRY: industry, ARMY: army, RESEARCH: research,
                                                                   REFRESH: refresh}


# --- the face-up Tech Cards beside the board ----------------------------------------------------

def take_face_up(s: State, card: str) -> None:
    """A face-up Tech Card taken by name: one of the named ones, unless some of the face-up cards
    were never named (then it is one of those)."""
    d = s["decks"]
    names = d.get("face_up_cards", [])
    if card in names:
        names.remove(card)
        if not names:
            d.pop("face_up_cards", None)
        return
    if len(names) >= d["tech_face_up"]:
        raise RuleError(f"{card} is not face up; the face-up Tech Cards are {', '.join(names)}")


def refill_face_up(s: State, lines: list[str], draw: tuple = ()) -> None:
    """Draw face-up Tech Cards back up to 3 ("If the Tech Card deck runs out, shuffle the
    discarded cards to create a new one"); `draw` names the cards drawn, in order."""
    d = s["decks"]
    before = d["tech_face_up"]
    while d["tech_face_up"] < FACE_UP:
        if not _tech_deck(d, lines):
            lines.append("No Tech Card is left to draw.")
            break
        d["tech"] -= 1
        d["tech_face_up"] += 1
    new = d["tech_face_up"] - before
    if len(draw) > new:
        raise InputError(f"{plural(len(draw), 'card')} named as drawn but {plural(new, 'Tech Card')} "
                         f"{'was' if new == 1 else 'were'} drawn face up")
    if draw:
        d["face_up_cards"] = d.get("face_up_cards", []) + list(draw)
    known = d.get("face_up_cards", [])
    shown = ""
    if known:
        unnamed = d["tech_face_up"] - len(known)
        shown = ": " + ", ".join(known) + (f" and {unnamed} unnamed" if unnamed else "")
    lines.append(f"Face-up Tech Cards: {d['tech_face_up']}{shown} (deck {d['tech']}, discarded {d['tech_discard']}).")


def _tech_deck(d: Decks, lines: list[str]) -> bool:
    """Whether a Tech Card is left to draw (the discarded ones shuffled into a new deck if need be)."""
    if d["tech"] == 0 and d["tech_discard"] > 0:
        d["tech"], d["tech_discard"] = d["tech_discard"], 0
        lines.append(f"The Tech deck is empty: shuffle the discarded Tech Cards into a new deck ({d['tech']}).")
    return d["tech"] > 0


def face_up(state: State, dice: Dice, names: tuple = ()) -> Outcome:
    """Name the face-up Tech Cards as they lie beside the board (Research buys one of them by
    name); no names forgets them."""
    refuse_if_over(state)
    s = copy_state(state)
    d = s["decks"]
    if len(names) > d["tech_face_up"]:
        raise RuleError(f"{plural(len(names), 'name')} for {plural(d['tech_face_up'], 'face-up Tech Card')}")
    if names:
        d["face_up_cards"] = list(names)
        unnamed = d["tech_face_up"] - len(names)
        line = f"Face-up Tech Cards: {', '.join(names)}" + (f" and {unnamed} unnamed." if unnamed else ".")
    else:
        if "face_up_cards" not in d:
            raise InputError(say("name the face-up Tech Cards: ", cmd("titans face-up", "NAME")))
        d.pop("face_up_cards")
        line = "The face-up Tech Cards are no longer named."
    return Outcome(s, line, [line], {"face_up_cards": list(names), "tech_face_up": d["tech_face_up"]})


# --- the Tech Cards on a Titan Sheet ------------------------------------------------------------

def slot_for(t: Titan, slot: str, titan: str) -> str:
    """The slot a card goes into: free (a two-handed card takes both hands); "hand" is the first
    free hand."""
    used = {tc["slot"] for tc in t["tech"].values()}
    if slot == "hand":
        for h in (HAND1, HAND2):
            if h not in used and HANDS not in used:
                return h
        raise RuleError("both hand slots are taken: discard a Tech Card first (a slot must be empty)")
    taken = {slot}
    if slot == HANDS:
        taken = {HANDS, HAND1, HAND2}
    elif slot in (HAND1, HAND2):
        taken = {slot, HANDS}
    clash = [c for c, tc in t["tech"].items() if tc["slot"] in taken]
    if clash:
        raise RuleError(say(f"the {SLOT_TEXT[slot]} slot is taken by {', '.join(clash)}: discard it first (",
                            *joined([cmd("titans tech", titan, "discard", card) for card in clash], " and "), ")"))
    return slot


def equip_card(t: Titan, titan: str, card: str, slot: str, tags=(), bonus: dict | None = None) -> str:
    """A Tech Card put into a free slot of the Titan Sheet with 0 Charges. Returns what to do."""
    if already(t["tech"], card) is not None:
        raise RuleError(f"{titan} already has a Tech Card named {card} (name a second copy differently)")
    if len(t["tech"]) >= 5:
        raise RuleError(f"{titan}'s five Tech Card slots are full")
    where = slot_for(t, slot, titan)
    entry: TechCard = {"slot": where, "charges": 0, "disabled": False}
    if tags:
        entry["tags"] = sorted(set(tags), key=TAGS.index)
    if bonus:
        entry["dice"] = dict(bonus)
    t["tech"][card] = entry
    extra = f" It adds {bonus_text(entry['dice'])} to {titan}'s checks while enabled." if bonus else ""
    return f"put it in {titan}'s {SLOT_TEXT[where]} slot with 0 Charges.{extra}"


def tech(state: State, dice: Dice, titan: str, action: str, card: str, **details) -> Outcome:
    """Tech Cards on a Titan Sheet: equip (into an empty slot; a card a card's text gives,
    from the deck or one of the face-up cards), discard (at any time), spend Charges, and
    by hand (A2): set Charges, disable, enable. `details` are the action's own (equip: slot,
    tags, bonus, face_up, draw; spend and charge: n)."""
    refuse_if_over(state)
    s = copy_state(state)
    lines, data = TECH[action](s, titan, card, **details)
    summary = data.pop("summary", lines[0])
    return Outcome(s, summary, lines, {"titan": titan, **data})


def _equip(s: State, titan: str, card: str, slot: str, tags: tuple = (), bonus: dict | None = None,
           face_up: bool = False, draw: tuple = ()) -> tuple[list[str], dict]:
    """A card a card's text gives: from the Tech deck, or one of the face-up cards (replaced)."""
    t, d = s["titans"][titan], s["decks"]
    lines: list[str] = []
    if face_up:
        if d["tech_face_up"] < 1:
            raise RuleError("no Tech Card is face up")
        take_face_up(s, card)
    line = equip_card(t, titan, card, slot, tags, bonus)
    if face_up:
        d["tech_face_up"] -= 1
        lines.append(f"Equip {card} (a face-up card): {line}")
        refill_face_up(s, lines, draw)
    else:
        if not _tech_deck(d, lines):
            raise RuleError(say("the Tech deck is empty: no card to take (a face-up card: ",
                                cmd("titans tech", titan, "equip", card, slot=slot, face_up=True), ")"))
        d["tech"] -= 1
        lines.append(f"Equip {card} (from the Tech deck): {line}")
    return lines, {"summary": f"{titan} equips {card} ({t['tech'][card]['slot']})", "card": card, **t["tech"][card]}


def _discard(s: State, titan: str, card: str) -> tuple[list[str], dict]:
    tc = s["titans"][titan]["tech"].pop(card)
    s["decks"]["tech_discard"] += 1
    return [f"Discard {card} from {titan}'s {SLOT_TEXT[tc['slot']]} slot."], {"card": card}


def _spend(s: State, titan: str, card: str, n: int) -> tuple[list[str], dict]:
    """Spending Charges: a disabled card gives nothing; a card cannot go below 0 Charges."""
    tc = s["titans"][titan]["tech"][card]
    if tc["disabled"]:
        raise RuleError(f"{card} is disabled: it gives nothing until re-enabled")
    if tc["charges"] < n:
        raise RuleError(f"{card} has {plural(tc['charges'], 'Charge')}, not {n}")
    tc["charges"] -= n
    return ([f"{titan} spends {plural(n, 'Charge')} of {card}: slide it back {n} ({tc['charges']}/{CHARGES_MAX})."],
            {"card": card, "charges": tc["charges"], "summary": f"{titan} spends {plural(n, 'Charge')} of {card}"})


def _charge(s: State, titan: str, card: str, n: int) -> tuple[list[str], dict]:
    """A2: the card's Charges set by hand (0-3, T6)."""
    s["titans"][titan]["tech"][card]["charges"] = n
    return [f"{card} ({titan}) now has {plural(n, 'Charge')} (set by hand)."], {"card": card, "charges": n}


def _disable(s: State, titan: str, card: str) -> tuple[list[str], dict]:
    tc = s["titans"][titan]["tech"][card]
    if tc["disabled"]:
        raise RuleError(f"{card} is already disabled")
    tc["disabled"] = True
    return ([f"Disable {card} ({titan}): flip it upside down; it gives no bonus until re-enabled."],
            {"card": card, "disabled": True})


def _enable(s: State, titan: str, card: str) -> tuple[list[str], dict]:
    """Re-enabled by a card's text (repairs re-enable with their successes): 0 Charges (T6)."""
    tc = s["titans"][titan]["tech"][card]
    if not tc["disabled"]:
        raise RuleError(f"{card} is not disabled")
    tc["disabled"] = False
    tc["charges"] = 0
    return ([say(f"Re-enable {card} ({titan}) with 0 Charges (by a card's text; repairs use ",
                 cmd("titans repair", titan, enable=card), ").")], {"card": card, "disabled": False})


# what is done with a Tech Card: (state, titan, card, its own details) -> (lines, data for --json)
TECH: dict[str, Callable[..., tuple[list[str], dict]]] = {"equip": _equip, "discard": _discard, "spend": _spend,
                                                          "charge": _charge, "disable": _disable, "enable": _enable}


# --- Upgrade step 4: Support Movement -----------------------------------------------------------

def supports_move(state: State, dice: Dice, player: str, src: str, dst: str, count: int = 1) -> Outcome:
    """Upgrade step 4: "Each player, starting from the Lead Character, may move their own Support
    Tokens up to 3 city spaces" (a player's turn goes on until the next player moves or passes).
    Up to 3 in the whole step: each Support keeps the cities it has moved (`moved`)."""
    need_phase(state, UPGRADE, "Support Movement")
    s = copy_state(state)
    p = s["players"][player]
    steps = city_distance(s, src, dst)
    movers = _movers(p, player, src, dst, steps, count)
    lines: list[str] = []
    enter_supports(s, lines)
    out_of_turn, closed = order.turn(s, SUPPORTS, player)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, SUPPORTS, player, closed, finished=False)
    assert steps is not None, "a reachable city (_movers)"
    for i in movers:
        p["supports"][i].update(city=dst, moved=p["supports"][i].get("moved", 0) + steps)
    left = min(SUPPORT_RANGE - p["supports"][i]["moved"] for i in movers)
    lines.insert(0, f"Move {plural(count, 'Support')} of {player} ({p['color']}) from {src} to {dst} "
                    f"({plural(steps, 'city', 'cities')}; {'it' if count == 1 else 'they'} may move "
                    f"{plural(left, 'more city', 'more cities')} this Upgrade Phase).")
    nxt = [other for other in order.waiting(s, SUPPORTS) if other != player]
    if nxt:
        lines.append(say(f"{player} may move more Supports; then {nxt[0]}: ", order.hint(s, SUPPORTS, nxt[0]),
                         ", or ", cmd("titans pass", nxt[0]), "."))
    else:
        lines.append(say("When every player has moved their Supports: ", cmd("titans ending"), "."))
    return Outcome(s, f"{player} moves {plural(count, 'Support')} {src} → {dst}", lines,
                   {"player": player, "from": src, "to": dst, "count": count, "steps": steps})


def _movers(p: Player, player: str, src: str, dst: str, steps: int | None, count: int) -> list[int]:
    """The Supports that move: `count` of the player's on `src` that can still go `steps` cities
    this Upgrade Phase ("up to 3 city spaces" in all), the healthy ones first, and among them
    those already on their way."""
    here = [i for i, sp in enumerate(p["supports"]) if sp["city"] == src]
    if len(here) < count:
        raise RuleError(f"{player} has {plural(len(here), 'Support')} on {src}, not {count}")
    if steps is None or steps > SUPPORT_RANGE:
        raise RuleError(f"{dst} is {'unreachable' if steps is None else plural(steps, 'city', 'cities') + ' away'} "
                        f"from {src}: Supports move up to {SUPPORT_RANGE} cities")
    able = [i for i in here if p["supports"][i].get("moved", 0) + steps <= SUPPORT_RANGE]
    if len(able) < count:
        left = sorted({SUPPORT_RANGE - p["supports"][i].get("moved", 0) for i in here}, reverse=True)
        raise RuleError(f"{dst} is {plural(steps, 'city', 'cities')} away from {src}, and a Support moves up to "
                        f"{SUPPORT_RANGE} cities in an Upgrade Phase, in all: {player}'s on {src} may still move "
                        f"{' or '.join(str(n) for n in left)} (enough for {len(able)} of "
                        f"{plural(count, 'Support')})")
    able.sort(key=lambda i: (p["supports"][i]["damage"], -p["supports"][i].get("moved", 0)))
    return able[:count]
