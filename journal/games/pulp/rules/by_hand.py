"""Set by hand (rules note A2): a card's printed text overrides the rules, so every tracker
can be changed with a logged command: abilities, cubes, decks, planets, the hand, the
Location, and the end of the game itself.
"""

from __future__ import annotations

from journal.errors import InputError, RuleError, typed
from journal.games.pulp.rules.components import (ABILITY_LABEL, ABILITY_MAX, COLOURS, DECKS, DECK_SIZE, FACE_UP,
                                                 PLANETS, ability_name, card_token, count_cubes, cubes_text,
                                                 parse_card)
from journal.games.pulp.rules.model import (alien_name, check_loss, cubes_met, refuse_if_over, weapon_index,
                                            weapon_problems)
from journal.outcome import Outcome, copy_state


def set_ability(state: dict, dice, ability: str, delta: int | None = None, value: int | None = None,
                maximum: int | None = None) -> Outcome:
    """A2: a card moves an ability (or its maximum); during an encounter two at 0 lose (P3)."""
    refuse_if_over(state)
    a = ability_name(ability)
    s = copy_state(state)
    ab = s["abilities"][a]
    before = dict(ab)
    if maximum is not None:
        if not 1 <= maximum <= ABILITY_MAX:
            raise InputError(f"--max {maximum}: an ability's maximum is 1-{ABILITY_MAX}")
        ab["max"] = maximum
    if delta is None and value is None and maximum is None:
        raise InputError("give a change (+N, -N, =N) and/or --max N")
    target = ab["value"] if delta is None and value is None else (value if value is not None else ab["value"] + delta)
    if value is not None and not 0 <= value <= ab["max"]:
        raise InputError(f"={value}: {ABILITY_LABEL[a]} runs 0-{ab['max']}")
    ab["value"] = max(0, min(ab["max"], target))
    lines = [f"{ABILITY_LABEL[a]}: {before['value']}/{before['max']} → {ab['value']}/{ab['max']}" +
             (" (kept within 0..max)" if ab["value"] != target else "") + "."]
    if s["phase"] == "encounter":
        check_loss(s, lines)
    summary = lines[0].rstrip(".") + " (by hand)"
    return Outcome(s, summary, lines, {"ability": a, "before": before, "after": ab, "phase": s["phase"]})


PLACES = ("bag", "supply", "quietus", "weapon")


def move_cubes(state: dict, dice, cubes: list[str], src: str, dst: str, src_weapon: int | None = None,
               dst_weapon: int | None = None) -> Outcome:
    """A2: a card moves cubes between the bag, the supply, The Quietus and a Super Weapon
    (never creating or destroying one, P1)."""
    refuse_if_over(state)
    if not cubes:
        raise InputError("name the cubes to move, e.g. k,k or r,w")
    s = copy_state(state)

    def pool(place, number):
        if place == "bag":
            return s["bag"]
        if place == "supply":
            return s["supply"]
        if place == "weapon":
            return s["weapons"][weapon_index(s, number)]["cubes"]
        return None

    if src == dst and src_weapon == dst_weapon:
        raise InputError("--from and --to are the same place")
    for c in cubes:
        for place in (src, dst):
            if place == "quietus" and c != "black":
                raise RuleError(f"only black cubes go on The Quietus, not {c}")
        if src == "quietus":
            if s["quietus"] <= 0:
                raise RuleError("The Quietus holds no black cube")
            s["quietus"] -= 1
        else:
            p = pool(src, src_weapon)
            if p.get(c, 0) <= 0:
                where = f"Super Weapon {src_weapon}" if src == "weapon" else f"the {src}"
                raise RuleError(f"{where} holds no {c} cube")
            p[c] -= 1
            if src == "weapon" and p[c] == 0:
                del p[c]
        if dst == "quietus":
            s["quietus"] += 1
        else:
            p = pool(dst, dst_weapon)
            p[c] = p.get(c, 0) + 1
    for k, w in enumerate(s["weapons"]):
        w["cubes"] = {c: w["cubes"][c] for c in COLOURS if w["cubes"].get(c)}
        problems = weapon_problems(w, f"Super Weapon {k + 1}")
        if problems:
            raise RuleError(problems[0])
        if cubes_met(w) and not w["understood"]:
            w["understood"] = True
    label = {"bag": "the bag", "supply": "the supply", "quietus": "The Quietus"}
    a = label.get(src, f"Super Weapon {src_weapon}")
    b = label.get(dst, f"Super Weapon {dst_weapon}")
    line = f"Move {cubes_text(count_cubes(cubes))} from {a} to {b}."
    return Outcome(s, line, [line], {"bag": s["bag"], "supply": s["supply"], "quietus": s["quietus"]})


def set_deck(state: dict, dice, alien: int, delta: int | None = None, value: int | None = None) -> Outcome:
    """A2: a card adds or removes cards of an alien's Encounter deck."""
    refuse_if_over(state)
    if not isinstance(alien, int) or not 1 <= alien <= DECKS:
        raise InputError(f"ALIEN {alien}: the aliens are numbered 1-{DECKS}, left to right")
    s = copy_state(state)
    k = alien - 1
    before = s["decks"][k]
    target = value if value is not None else before + delta
    if not 0 <= target <= DECK_SIZE:
        raise InputError(f"{alien_name(s, k)}'s deck would hold {target} cards: 0-{DECK_SIZE}")
    if k < s["alien"] and target > 0:
        raise RuleError(f"{alien_name(s, k)}'s sector is behind you: its deck stays empty")
    s["decks"][k] = target
    lines = [f"{alien_name(s, k)}'s deck: {before} → {target} cards."]
    if s["phase"] == "ready" and s["decks"][s["alien"]] == 0:
        nxt = next((j for j in range(s["alien"] + 1, DECKS) if s["decks"][j] > 0), None)
        if nxt is None:
            raise RuleError("that would leave no Encounter cards at all (the game would be lost: play on, or "
                            "set another deck)")
        s["alien"] = nxt
        lines.append(f"Move on to {alien_name(s)}'s sector.")
    return Outcome(s, lines[0] + " (by hand)", lines, {"decks": s["decks"], "alien": s["alien"]})


def set_planets(state: dict, dice, face_up: int | None = None, deck: int | None = None) -> Outcome:
    """A2: a card changes the face-up planets or the planet deck."""
    refuse_if_over(state)
    s = copy_state(state)
    pl = s["planets"]
    if face_up is None and deck is None:
        raise InputError("give --face-up N and/or --deck N")
    if face_up is not None:
        if not 0 <= face_up <= FACE_UP:
            raise InputError(f"--face-up {face_up}: 0-{FACE_UP} Planet cards lie face up")
        pl["face_up"] = face_up
    if deck is not None:
        if not 0 <= deck <= PLANETS - FACE_UP:
            raise InputError(f"--deck {deck}: the planet deck holds 0-{PLANETS - FACE_UP} cards")
        pl["deck"] = deck
    line = f"Planets: {pl['face_up']} face up, {pl['deck']} in the deck."
    return Outcome(s, line + " (by hand)", [line], {"planets": pl})


def hand(state: dict, dice, gain: str | None = None, discard: str | None = None) -> Outcome:
    """A2: a card puts a Key or Code card into your hand or takes one away."""
    refuse_if_over(state)
    s = copy_state(state)
    if (gain is None) == (discard is None):
        raise InputError("give --gain CARD or --discard K|O|CARD")
    if gain is not None:
        card = parse_card(gain)
        if not (card["key"] or card["code"]):
            raise InputError(f"--gain {gain}: only Key (K) and Code (O) cards are kept in hand, e.g. G2C.K")
        token = card_token(card)
        s["hand"].append(token)
        line = f"Take {token} into your hand."
    else:
        d = discard.strip()
        if d.upper() in ("K", "O"):
            flag = "key" if d.upper() == "K" else "code"
            hits = [t for t in s["hand"] if parse_card(t)[flag]]
        else:
            token = card_token(parse_card(d))
            hits = [t for t in s["hand"] if t == token]
        if not hits:
            raise RuleError(f"--discard {discard}: not in your hand ({', '.join(s['hand']) or 'empty'})")
        s["hand"].remove(hits[0])
        line = f"Discard {hits[0]} from your hand."
    return Outcome(s, line, [line], {"hand": s["hand"]})


def set_location(state: dict, dice, token: str | None = None, discard: bool = False) -> Outcome:
    """A2: a card replaces or discards the current Location."""
    refuse_if_over(state)
    if (token is None) == (not discard):
        raise InputError("give a Location card (e.g. L.rb) or --discard")
    s = copy_state(state)
    old = s.get("location")
    if discard:
        if old is None:
            raise RuleError("there is no Location to discard")
        del s["location"]
        line = f"Discard the Location {old}."
    else:
        card = parse_card(token)
        if card["kind"] != "L":
            raise InputError(f"{typed(token)} is not a Location card: a Location token starts with L (e.g. L.rb)")
        s["location"] = card_token(card)
        line = f"The Location is now {s['location']}" + (f" (was {old})." if old else ".")
    return Outcome(s, line, [line], {"location": s.get("location")})


def end_game(state: dict, dice, result: str) -> Outcome:
    """A2: the game ends, won or lost, because a card's text says so (the rules end it on their
    own when the Super Weapons are found, two abilities reach 0 or the decks run out)."""
    refuse_if_over(state)
    if result not in ("won", "lost"):
        raise InputError(f"'{result}' is not an outcome: expected won or lost")
    s = copy_state(state)
    s["phase"] = "over"
    s["result"] = result
    line = (f"The game ends by hand: you have {result}. " +
            ("The Intergalactic Alliance repulses the Cosmic Hegemony invasion." if result == "won" else
             "The Cosmic Hegemony invades the Intergalactic Alliance."))
    return Outcome(s, f"The game ends by hand: {result}", [line], {"result": result, "phase": "over",
                                                                  "round": s["round"]})
