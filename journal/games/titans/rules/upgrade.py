"""The Upgrade Phase after the Repair Checks: Development (industry, army,
research, refresh), the Tech Cards on a Titan Sheet and the face-up market, and
Support Movement.
"""

from __future__ import annotations

from journal.errors import InputError, RuleError, typed
from journal.games.titans.rules import order
from journal.games.titans.rules.board import city_distance, location
from journal.games.titans.rules.checks import bonus_table, bonus_text
from journal.games.titans.rules.model import (
    ACTIONS, CHARGES_MAX, FACE_UP, INDUSTRY_CREDITS, SLOTS, SLOT_TEXT, SUPPORTS_MAX, SUPPORT_RANGE, TAGS, city_of,
    player_of, plural, titan_of,
)
from journal.games.titans.rules.phases import enter_development, enter_supports, need_phase, refuse_if_over
from journal.lookup import find
from journal.lookup import shell_quote as q
from journal.outcome import Outcome, copy_state


def develop(state: dict, dice, player: str, action: str, city: str | None = None, count: int = 1,
            card: str | None = None, redraw: bool = False, slot: str | None = None, cost: int = 0,
            tags: tuple = (), draw: tuple = (), bonus: dict | None = None) -> Outcome:
    """Upgrade step 3, one action per player in turn from the Lead Character: INDUSTRY +2
    Credits; ARMY Supports at 1 Credit (at most 3 each, T6); RESEARCH a face-up Tech Card (or
    redraw all 3; `draw` names the cards drawn face up); REFRESH the Final Blow."""
    need_phase(state, "upgrade", "Development")
    if action not in ACTIONS:
        raise InputError(f"{typed(action)} is not a Development action: expected {', '.join(ACTIONS)}")
    if state["round"]["supports_moved"]:
        raise RuleError("Development (step 3) is over: supports have started moving (step 4)")
    s = copy_state(state)
    pname = player_of(s, player)
    p = s["players"][pname]
    tname = p["titan"]
    t = s["titans"][tname]
    if pname in s["round"]["developed"]:
        raise RuleError(f"{pname} has already taken a Development action this turn")
    if location(t) is not None and location(t)[0] == "rift":
        raise RuleError(f"{tname} is on the {t['rift']} Rift: {pname} skips the Development step")
    lines: list[str] = []
    enter_development(s, lines)
    out_of_turn, closed = order.turn(s, "development", pname)
    if (draw or bonus) and action != "research":
        raise InputError("--draw and --bonus go with research")
    data = {"player": pname, "action": action}
    if action == "industry":
        p["credits"] += INDUSTRY_CREDITS
        lines.append(f"INDUSTRY: {pname} takes {INDUSTRY_CREDITS} Credit Tokens ({p['credits']} now).")
        summary = f"{pname}: Industry, +2 Credits ({p['credits']})"
    elif action == "army":
        if city is None:
            raise InputError("army needs --city C: the non-destroyed city where the Supports go")
        cname = city_of(s, city, "--city")
        if s["cities"][cname]["destroyed"]:
            raise RuleError(f"{cname} is destroyed: Supports go on a non-destroyed city")
        if count < 1:
            raise InputError(f"--count {count}: buy 1 or more Supports")
        have = len(p["supports"])
        if have + count > SUPPORTS_MAX:
            raise RuleError(f"{pname} has {have} Supports on the board: at most {SUPPORTS_MAX} (T6), so "
                            f"{SUPPORTS_MAX - have} more at most")
        if p["credits"] < count:
            raise RuleError(f"{plural(count, 'Support')} cost{'s' if count == 1 else ''} {plural(count, 'Credit')} "
                            f"and {pname} has {p['credits']}")
        p["credits"] -= count
        p["supports"].extend({"city": cname, "damage": 0} for _ in range(count))
        lines.append(f"ARMY: {pname} pays {plural(count, 'Credit')} and places {plural(count, 'Support')} "
                     f"({p['color']}) on {cname}.")
        summary = f"{pname}: Army, {count} Support(s) on {cname}"
        data.update(city=cname, count=count, credits=p["credits"])
    elif action == "research":
        d = s["decks"]
        if redraw == (card is not None):
            raise InputError("research takes --card NAME (buy a face-up Tech Card) or --redraw (discard the 3 "
                             "face-up cards and draw 3 new ones)")
        if redraw:
            if cost or slot or tags or bonus:
                raise InputError("--redraw buys nothing: leave out --slot, --cost, --tag and --bonus")
            d["tech_discard"] += d["tech_face_up"]
            d["tech_face_up"] = 0
            d.pop("face_up_cards", None)
            lines.append("RESEARCH: discard the face-up Tech Cards and draw new ones.")
            _refill_market(s, lines, draw)
            summary = f"{pname}: Research, redrew the face-up Tech Cards"
        else:
            if d["tech_face_up"] < 1:
                raise RuleError("no Tech Card is face up to buy")
            if cost < 0:
                raise InputError(f"--cost {cost}: expected 0 or more")
            if p["credits"] < cost:
                raise RuleError(f"{card} costs {cost} Credits and {pname} has {p['credits']}")
            if slot is None:
                raise InputError(f"--slot is required: where {card} goes on {tname}'s sheet "
                                 f"({', '.join(SLOTS)}, or hand for the first free hand)")
            card = _take_face_up(s, card, "--card")
            d["tech_face_up"] -= 1
            p["credits"] -= cost
            equip_line = _equip(t, tname, card, slot, tags, bonus)
            lines.append(f"RESEARCH: {pname} buys {card}" + (f" for {plural(cost, 'Credit')}" if cost else "")
                         + f"; {equip_line}")
            if not cost:
                lines.append(f"(no --cost given: if the card has a printed cost, pay it with journal titans credits "
                             f"{q(pname)} -N)")
            _refill_market(s, lines, draw)
            summary = f"{pname}: Research, bought {card}" + (f" for {cost}" if cost else "")
            data.update(card=card, slot=t["tech"][card]["slot"], cost=cost, credits=p["credits"])
        if d.get("face_up_cards"):
            data["face_up_cards"] = list(d["face_up_cards"])
    else:  # refresh
        if "refresh" not in t:
            raise RuleError(f"{tname}'s Final Blow shows no Refresh Cost")
        if t["blow_ready"]:
            raise RuleError(f"{tname}'s Final Blow is ready: there is nothing to refresh")
        if p["credits"] < t["refresh"]:
            raise RuleError(f"refreshing costs {t['refresh']} Credits and {pname} has {p['credits']}")
        p["credits"] -= t["refresh"]
        t["blow_ready"] = True
        lines.append(f"REFRESH: {pname} pays {plural(t['refresh'], 'Credit')}; {tname}'s Final Blow is ready again.")
        summary = f"{pname}: Refresh, {tname}'s Final Blow ready"
        data.update(credits=p["credits"])
    if out_of_turn:
        raise RuleError(out_of_turn)
    s["round"]["developed"].append(pname)
    order.take(s, "development", pname, closed, finished=True)
    waiting = _still_to_develop(s)
    if waiting:
        lines.append(f"Still to take a Development action: {', '.join(waiting)}.")
    else:
        lines.append("Development done. Supports may move up to 3 cities (journal titans supports PLAYER --from C "
                     "--to C), then journal titans ending.")
    data["credits"] = p["credits"]
    return Outcome(s, summary, lines, data)


def _still_to_develop(s: dict) -> list[str]:
    """The players still to take (or pass) their Development action, in turn order."""
    if s["round"]["supports_moved"]:
        return []
    return order.waiting(s, "development")


def _take_face_up(s: dict, card: str, option: str) -> str:
    """A face-up Tech Card taken by name: it must be one of the named ones, unless some of the
    face-up cards were never named (then it is one of those)."""
    card = card.strip()
    if not card:
        raise InputError(f"{option}: the Tech Card's name is empty")
    d = s["decks"]
    names = d.get("face_up_cards", [])
    hit = [n for n in names if n.casefold() == card.casefold()]
    if hit:
        names.remove(hit[0])
        if not names:
            d.pop("face_up_cards", None)
        return hit[0]
    if len(names) >= d["tech_face_up"]:
        raise RuleError(f"{option} {card}: it is not face up; the face-up Tech Cards are {', '.join(names)}")
    return card


def _refill_market(s: dict, lines: list[str], draw: tuple = ()) -> None:
    """Draw face-up Tech Cards back up to 3 (the discards remade into a deck when it runs
    out); `draw` names the cards drawn, in order."""
    d = s["decks"]
    before = d["tech_face_up"]
    while d["tech_face_up"] < FACE_UP:
        if d["tech"] == 0 and d["tech_discard"] > 0:
            d["tech"], d["tech_discard"] = d["tech_discard"], 0
            lines.append(f"The Tech deck is empty: shuffle the discarded Tech Cards into a new deck ({d['tech']}).")
        if d["tech"] == 0:
            lines.append("No Tech Card is left to draw.")
            break
        d["tech"] -= 1
        d["tech_face_up"] += 1
    new = d["tech_face_up"] - before
    names = [n.strip() for n in draw if n and n.strip()]
    if len(names) > new:
        raise InputError(f"--draw names {plural(len(names), 'card')} but {plural(new, 'Tech Card')} "
                         f"{'was' if new == 1 else 'were'} drawn face up")
    if names:
        d["face_up_cards"] = d.get("face_up_cards", []) + names
    known = d.get("face_up_cards", [])
    shown = ""
    if known:
        unnamed = d["tech_face_up"] - len(known)
        shown = ": " + ", ".join(known) + (f" and {unnamed} unnamed" if unnamed else "")
    lines.append(f"Face-up Tech Cards: {d['tech_face_up']}{shown} (deck {d['tech']}, discarded {d['tech_discard']}).")


def _slot_for(t: dict, slot: str) -> str:
    slot = slot.strip().lower()
    used = {tc["slot"] for tc in t["tech"].values()}
    if slot == "hand":
        for h in ("hand1", "hand2"):
            if h not in used and "hands" not in used:
                return h
        raise RuleError("both hand slots are taken: discard a Tech Card first (a slot must be empty)")
    if slot not in SLOTS:
        raise InputError(f"--slot {slot}: expected one of {', '.join(SLOTS)}, or hand (the first free hand)")
    taken = {slot}
    if slot == "hands":
        taken = {"hands", "hand1", "hand2"}
    elif slot in ("hand1", "hand2"):
        taken = {slot, "hands"}
    clash = [c for c, tc in t["tech"].items() if tc["slot"] in taken]
    if clash:
        raise RuleError(f"the {SLOT_TEXT[slot]} slot is taken by {', '.join(clash)}: discard it first "
                        f"(journal titans tech TITAN discard CARD)")
    return slot


def _equip(t: dict, tname: str, card: str, slot: str, tags=(), bonus: dict | None = None) -> str:
    card = card.strip()
    if not card:
        raise InputError("the Tech Card's name is empty")
    if any(c.casefold() == card.casefold() for c in t["tech"]):
        raise RuleError(f"{tname} already has a Tech Card named {card} (name a second copy differently)")
    if len(t["tech"]) >= 5:
        raise RuleError(f"{tname}'s five Tech Card slots are full")
    where = _slot_for(t, slot)
    bad = [x for x in tags if x not in TAGS]
    if bad:
        raise InputError(f"--tag {bad[0]}: Attack Tags are {', '.join(TAGS)}")
    entry = {"slot": where, "charges": 0, "disabled": False}
    if tags:
        entry["tags"] = sorted(set(tags), key=TAGS.index)
    if bonus:
        entry["dice"] = bonus_table(bonus, "--bonus")
    t["tech"][card] = entry
    extra = f" It adds {bonus_text(entry['dice'])} to {tname}'s checks while enabled." if bonus else ""
    return f"put it in {tname}'s {SLOT_TEXT[where]} slot with 0 Charges.{extra}"


def tech(state: dict, dice, titan: str, action: str, card: str, slot: str | None = None, n: int | None = None,
         tags: tuple = (), face_up: bool = False, bonus: dict | None = None, draw: tuple = ()) -> Outcome:
    """Tech Cards on a Titan Sheet: equip (into an empty slot; a card a card's text gives,
    from the deck or one of the face-up cards), discard (at any time), spend Charges, and
    by hand (A2): set Charges, disable, enable."""
    refuse_if_over(state)
    s = copy_state(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    lines: list[str] = []
    if action == "equip":
        if slot is None:
            raise InputError(f"equip needs --slot: one of {', '.join(SLOTS)}, or hand")
        if n is not None:
            raise InputError("equip takes no number")
        d = s["decks"]
        if draw and not face_up:
            raise InputError("--draw names the card drawn to replace a face-up one: it goes with --face-up")
        if face_up:
            if d["tech_face_up"] < 1:
                raise RuleError("no Tech Card is face up")
            card = _take_face_up(s, card, "CARD")
        line = _equip(t, name, card, slot, tags, bonus)
        if face_up:
            d["tech_face_up"] -= 1
            lines.append(f"Equip {card.strip()} (a face-up card): {line}")
            _refill_market(s, lines, draw)
        else:
            if d["tech"] == 0 and d["tech_discard"] > 0:
                d["tech"], d["tech_discard"] = d["tech_discard"], 0
                lines.append(f"The Tech deck is empty: shuffle the discarded Tech Cards into a new deck ({d['tech']}).")
            if d["tech"] == 0:
                raise RuleError("the Tech deck is empty: no card to take (use --face-up for a face-up card)")
            d["tech"] -= 1
            lines.append(f"Equip {card.strip()} (from the Tech deck): {line}")
        summary = f"{name} equips {card.strip()} ({t['tech'][card.strip()]['slot']})"
        return Outcome(s, summary, lines, {"titan": name, "card": card.strip(), **t["tech"][card.strip()]})
    cname = find(t["tech"], card, f"Tech Card of {name}")
    tc = t["tech"][cname]
    if slot is not None or tags or face_up or bonus or draw:
        raise InputError("--slot, --tag, --bonus, --face-up and --draw only go with equip")
    if action == "discard":
        if n is not None:
            raise InputError("discard takes no number")
        del t["tech"][cname]
        s["decks"]["tech_discard"] += 1
        line = f"Discard {cname} from {name}'s {SLOT_TEXT[tc['slot']]} slot."
        return Outcome(s, line, [line], {"titan": name, "card": cname})
    if action == "spend":
        if n is None or n < 1:
            raise InputError("spend needs the number of Charges: spend CARD N (1 or more)")
        if tc["disabled"]:
            raise RuleError(f"{cname} is disabled: it gives nothing until re-enabled")
        if tc["charges"] < n:
            raise RuleError(f"{cname} has {plural(tc['charges'], 'Charge')}, not {n}")
        tc["charges"] -= n
        line = f"{name} spends {plural(n, 'Charge')} of {cname}: slide it back {n} ({tc['charges']}/{CHARGES_MAX})."
        return Outcome(s, f"{name} spends {n} Charge(s) of {cname}", [line],
                       {"titan": name, "card": cname, "charges": tc["charges"]})
    if action == "charge":
        if n is None or not 0 <= n <= CHARGES_MAX:
            raise InputError(f"charge needs the number of Charges to set: 0-{CHARGES_MAX} (T6)")
        tc["charges"] = n
        line = f"{cname} ({name}) now has {plural(n, 'Charge')} (set by hand)."
        return Outcome(s, line, [line], {"titan": name, "card": cname, "charges": n})
    if action in ("disable", "enable"):
        if n is not None:
            raise InputError(f"{action} takes no number")
        if action == "disable":
            if tc["disabled"]:
                raise RuleError(f"{cname} is already disabled")
            tc["disabled"] = True
            line = f"Disable {cname} ({name}): flip it upside down; it gives no bonus until re-enabled."
        else:
            if not tc["disabled"]:
                raise RuleError(f"{cname} is not disabled")
            tc["disabled"] = False
            tc["charges"] = 0
            line = f"Re-enable {cname} ({name}) with 0 Charges (by a card's text; repairs use --enable)."
        return Outcome(s, line, [line], {"titan": name, "card": cname, "disabled": tc["disabled"]})
    raise InputError(f"{typed(action)} is not a tech action: expected equip, discard, spend, charge, disable, enable")


def supports_move(state: dict, dice, player: str, src: str, dst: str, count: int = 1) -> Outcome:
    """Upgrade step 4: a player's Supports move up to 3 city spaces, each player in turn from
    the Lead Character (a player's turn goes on until the next player moves or passes)."""
    need_phase(state, "upgrade", "Support Movement")
    s = copy_state(state)
    pname = player_of(s, player)
    p = s["players"][pname]
    a, b = city_of(s, src, "--from"), city_of(s, dst, "--to")
    if count < 1:
        raise InputError(f"--count {count}: move 1 or more")
    here = [i for i, sp in enumerate(p["supports"]) if sp["city"] == a]
    if len(here) < count:
        raise RuleError(f"{pname} has {plural(len(here), 'Support')} on {a}, not {count}")
    if a == b:
        raise InputError("--from and --to are the same city")
    steps = city_distance(s, a, b)
    if steps is None or steps > SUPPORT_RANGE:
        raise RuleError(f"{b} is {'unreachable' if steps is None else plural(steps, 'city', 'cities') + ' away'} "
                        f"from {a}: Supports move up to {SUPPORT_RANGE} cities")
    lines: list[str] = []
    enter_supports(s, lines)
    out_of_turn, closed = order.turn(s, "supports", pname)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, "supports", pname, closed, finished=False)
    # healthy ones move first unless the player moves them all
    here.sort(key=lambda i: p["supports"][i]["damage"])
    for i in here[:count]:
        p["supports"][i]["city"] = b
    lines.insert(0, f"Move {plural(count, 'Support')} of {pname} ({p['color']}) from {a} to {b} "
                    f"({plural(steps, 'city', 'cities')}).")
    nxt = [p_ for p_ in order.waiting(s, "supports") if p_ != pname]
    if nxt:
        lines.append(f"{pname} may move more Supports; then {nxt[0]}: journal titans supports {q(nxt[0])} "
                     f"--from C --to C, or journal titans pass {q(nxt[0])}.")
    else:
        lines.append("When every player has moved their Supports: journal titans ending.")
    return Outcome(s, f"{pname} moves {count} Support(s) {a} → {b}", lines,
                   {"player": pname, "from": a, "to": b, "count": count})


def face_up(state: dict, dice, names: tuple = ()) -> Outcome:
    """Name the face-up Tech Cards as they lie beside the board (Research buys one of them by
    name); no names forgets them."""
    refuse_if_over(state)
    s = copy_state(state)
    d = s["decks"]
    names_ = [n.strip() for n in names if n and n.strip()]
    if len(names_) > d["tech_face_up"]:
        raise RuleError(f"{plural(len(names_), 'name')} for {plural(d['tech_face_up'], 'face-up Tech Card')}")
    if names_:
        d["face_up_cards"] = names_
        unnamed = d["tech_face_up"] - len(names_)
        line = f"Face-up Tech Cards: {', '.join(names_)}" + (f" and {unnamed} unnamed." if unnamed else ".")
    else:
        if "face_up_cards" not in d:
            raise InputError("name the face-up Tech Cards: journal titans face-up NAME [NAME...]")
        d.pop("face_up_cards")
        line = "The face-up Tech Cards are no longer named."
    return Outcome(s, line, [line], {"face_up_cards": names_, "tech_face_up": d["tech_face_up"]})
