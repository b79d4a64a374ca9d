"""`journal kraken quest …` and `captive …`: quests (K13) and captured aliens (chapter 4)."""

from __future__ import annotations

import click

from journal.games.kraken.cli import names
from journal.games.kraken.cli.common import CAPTIVE, CREW, NEGATIVES, NUMBER, PRICE_MAX, QUEST, Number, named, run
from journal.options import OrderedGroup, reason_option, save_option
from journal.runtime import How, Runtime, pass_rt


@click.group(cls=OrderedGroup)
def quest() -> None:
    """Quests; urgent ones fail at the fourth tick (K13)."""


@quest.command("add")
@save_option
@click.argument("name", type=names.NEW)
@click.option("--urgent", is_flag=True, help="Urgent: a tick each turn it is not activated; the 4th fails it.")
@click.option("--reward", metavar="TEXT")
@click.option("--penalty", metavar="TEXT")
@click.option("--penalty-credits", type=Number(0, PRICE_MAX), metavar="N",
              help="Credits the penalty costs (paid as K12 says).")
@click.option("--note", metavar="TEXT")
@click.option("--capture", is_flag=True, help="A Capture quest: a carried captive completes it.")
@pass_rt
def quest_add(rt: Runtime, save: str | None, name: str, urgent: bool, reward: str | None, penalty: str | None,
              penalty_credits: int | None, note: str | None, capture: bool) -> None:
    """Accept a quest (from a Quest Master's sheet, book p. 160, or an event)."""
    from journal.games.kraken import quests as rules

    run(rt, save, rules.quest_add, name=name, urgent=urgent, reward=reward, penalty=penalty,
        penalty_credits=penalty_credits, note=note, capture=capture)


@quest.command("activate")
@save_option
@click.argument("name", type=names.QUEST)
@pass_rt
def quest_activate(rt: Runtime, save: str | None, name: str) -> None:
    """You worked on the quest this turn (no tick in Phase 5)."""
    from journal.games.kraken import quests as rules

    run(rt, save, rules.quest_activate, named({"name": QUEST}), name=name)


@quest.command("tick", context_settings=NEGATIVES)
@save_option
@click.argument("name", type=names.QUEST)
@click.argument("delta", type=NUMBER, default=1, required=False)
@reason_option
@pass_rt
def quest_tick(rt: Runtime, save: str | None, name: str, delta: int, reason: str | None) -> None:
    """Add (or with -1 erase) timer ticks by hand."""
    from journal.games.kraken import quests as rules

    run(rt, save, rules.quest_tick, named({"name": QUEST}, How(log_reason=reason)), name=name, delta=delta)


@quest.command("done")
@save_option
@click.argument("name", type=names.QUEST)
@click.option("--credits", "credit", type=NUMBER, default=0, help="Credits received.")
@click.option("--xp", "xp_gain", type=NUMBER, default=0, help="XP received.")
@click.option("--captive", type=names.CAPTIVE, metavar="LABEL", help="The captive handed over (a Capture quest).")
@pass_rt
def quest_done(rt: Runtime, save: str | None, name: str, credit: int, xp_gain: int, captive: str | None) -> None:
    """Solved: erase it and take the reward."""
    from journal.games.kraken import quests as rules

    run(rt, save, rules.quest_done, named({"name": QUEST, "captive": CAPTIVE.on("--captive")}), name=name,
        credits=credit, xp=xp_gain, captive=captive)


@quest.command("fail")
@save_option
@click.argument("name", type=names.QUEST)
@pass_rt
def quest_fail(rt: Runtime, save: str | None, name: str) -> None:
    """Failed or given up: pay the penalty and erase it."""
    from journal.games.kraken import quests as rules

    run(rt, save, rules.quest_fail, named({"name": QUEST}), name=name)


@click.group(cls=OrderedGroup)
def captive() -> None:
    """Captured aliens, each carried by a crew member who cannot attack meanwhile (chapter 4)."""


@captive.command("add")
@save_option
@click.argument("label", type=names.NEW)
@click.option("--carrier", required=True, type=names.CREW_MEMBER, metavar="NAME", help="Who carries it.")
@click.option("--level", type=NUMBER, required=True, help="Its level.")
@click.option("--name", metavar="TEXT", help="What it is (default: the label).")
@click.option("--species", type=names.SPECIES, metavar="S")
@reason_option
@pass_rt
def captive_add(rt: Runtime, save: str | None, label: str, carrier: str, level: int, name: str | None,
                species: str | None, reason: str | None) -> None:
    """A captured alien by hand (an event's, or a combat played without journal)."""
    from journal.games.kraken import captives as rules

    run(rt, save, rules.captive_add, named({"carrier": CREW.on("--carrier")}, How(log_reason=reason)), label=label,
        carrier=carrier, level=level, name=name, species=species)


@captive.command("give")
@save_option
@click.argument("label", type=names.CAPTIVE)
@click.argument("to", type=names.CREW_MEMBER)
@pass_rt
def captive_give(rt: Runtime, save: str | None, label: str, to: str) -> None:
    """Hand a captive to another crew member."""
    from journal.games.kraken import captives as rules

    run(rt, save, rules.captive_give, named({"label": CAPTIVE, "to": CREW}), label=label, to=to)


@captive.command("release")
@save_option
@click.argument("label", type=names.CAPTIVE)
@pass_rt
def captive_release(rt: Runtime, save: str | None, label: str) -> None:
    """Let a captive go."""
    from journal.games.kraken import captives as rules

    run(rt, save, rules.captive_release, named({"label": CAPTIVE}), label=label)
