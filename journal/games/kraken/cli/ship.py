"""`journal kraken ship …`, `storage …`, `build …`: the spaceship (ch. 11) and construction (ch. 7)."""

from __future__ import annotations

import click

from journal.games.kraken.cli import names
from journal.games.kraken.cli.common import BUILD, CREW, NUMBER, SYSTEM, catalogue, named, run
from journal.options import OrderedGroup, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt


@click.group(cls=OrderedGroup)
def ship() -> None:
    """The spaceship: hull, systems, damage (chapter 11)."""


@ship.command("hull")
@save_option
@click.argument("name", type=names.NEW)
@click.option("--price", type=NUMBER, required=True, metavar="P", help="The hull's price on the ship's page.")
@click.option("--sp", type=NUMBER, required=True, metavar="N", help="Its structure points.")
@click.option("--expansion-sp", type=NUMBER, metavar="X", help="What a Hull expansion adds on this ship.")
@click.option("--sell-old", is_flag=True, help="Sell the old hull for half its price.")
@click.option("--free", is_flag=True, help="Given by an event: no payment.")
@reason_option
@pass_rt
def ship_hull(rt: Runtime, save: str | None, name: str, price: int, sp: int, expansion_sp: int | None, sell_old: bool,
              free: bool, reason: str | None) -> None:
    """Buy a ship: its hull first (price and SP from its profile page)."""
    from journal.games.kraken import ship as rules

    run(rt, save, rules.ship_hull, How(log_reason=reason), name=name, price=price, sp=sp, expansion_sp=expansion_sp,
        sell_old=sell_old, free=free)


@ship.command("buy")
@save_option
@click.argument("system", type=names.CATALOGUE)
@click.option("--free", is_flag=True, help="Given by an event: no payment.")
@reason_option
@pass_rt
def ship_buy(rt: Runtime, save: str | None, system: str, free: bool, reason: str | None) -> None:
    """Buy a system or weapon from the catalogue ("Ammo:Missile" for a magazine)."""
    from journal.games.kraken import ship as rules

    from journal.games.kraken.catalogue import find

    cat = catalogue()
    run(rt, save, rules.ship_buy, How(log_reason=reason), system=find(cat, system), cat=cat, free=free)


@ship.command("sell")
@save_option
@click.argument("label", type=names.SYSTEM)
@pass_rt
def ship_sell(rt: Runtime, save: str | None, label: str) -> None:
    """Sell a system for half its price (at a Shop)."""
    from journal.games.kraken import ship as rules

    run(rt, save, rules.ship_sell, named({"label": SYSTEM}), label=label, cat=catalogue())


for _action, _help in (("damage", "Mark a system damaged (damaged again: destroyed)."),
                       ("repair", "Repair a damaged system."),
                       ("destroy", "Erase a destroyed system.")):
    def _make(action: str, help_text: str) -> click.Command:
        @ship.command(action, help=help_text)
        @save_option
        @click.argument("label", type=names.SYSTEM)
        @reason_option
        @pass_rt
        def _cmd(rt: Runtime, save: str | None, label: str, reason: str | None) -> None:
            from journal.games.kraken import ship as rules

            run(rt, save, rules.ship_system, named({"label": SYSTEM}, How(log_reason=reason)), label=label,
                action=action)
        return _cmd
    _make(_action, _help)


@ship.command("catalogue")
@pass_rt
def ship_catalogue(rt: Runtime) -> None:
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


@click.group(cls=OrderedGroup)
def storage() -> None:
    """The ship's storage (and the EXPANSION storage)."""


@storage.command("add")
@save_option
@click.argument("item", type=names.CARRIED)
@click.option("--expansion", is_flag=True, help="In the EXPANSION storage (Storage Expansion).")
@pass_rt
def storage_add(rt: Runtime, save: str | None, item: str, expansion: bool) -> None:
    """Store an item in the ship."""
    from journal.games.kraken import ship as rules

    run(rt, save, rules.storage, item=item, expansion=expansion)


@storage.command("remove")
@save_option
@click.argument("item", type=names.STORED)
@click.option("--expansion", is_flag=True, help="From the EXPANSION storage.")
@pass_rt
def storage_remove(rt: Runtime, save: str | None, item: str, expansion: bool) -> None:
    """Take an item out of the ship's storage."""
    from journal.games.kraken import ship as rules

    run(rt, save, rules.storage, item=item, remove=True, expansion=expansion)


@click.group(cls=OrderedGroup)
def build() -> None:
    """Phase 2 construction in 1 or 2 turns (chapter 7)."""


@build.command("start")
@save_option
@click.argument("system", type=names.CATALOGUE, required=False)
@click.option("--crew", "crew_names", multiple=True, required=True, type=names.CONSCIOUS, metavar="NAME",
              help="A builder (1-3, repeat).")
@click.option("--turns", type=click.IntRange(1, 2), required=True, help="1 or 2 (2 doubles the discount).")
@rolls_option
@click.option("--hull", type=names.NEW, metavar="NAME", help="Build a whole ship instead (with --price and --sp).")
@click.option("--price", type=NUMBER, metavar="P", help="The cost, if not the catalogue's.")
@click.option("--sp", type=NUMBER, metavar="N", help="The hull's structure points.")
@click.option("--expansion-sp", type=NUMBER, metavar="X")
@pass_rt
def build_start(rt: Runtime, save: str | None, system: str | None, crew_names: tuple[str, ...], turns: int,
                rolls: tuple[int, ...], hull: str | None, price: int | None, sp: int | None,
                expansion_sp: int | None) -> None:
    """Start building: d6 + Tech per builder is the discount (x2 for 2 turns)."""
    from journal.games.kraken import construction as rules

    if (system is None) == (hull is None):
        raise click.UsageError("name a SYSTEM, or --hull NAME")
    from journal.games.kraken.catalogue import find

    cat = catalogue()
    run(rt, save, rules.build_start, named({"crew": CREW.on("--crew")}, How(entered=rolls)),
        system=find(cat, system) if system is not None else None, crew=list(crew_names), turns=turns, cat=cat,
        hull=hull, price=price, sp=sp, expansion_sp=expansion_sp)


@build.command("cancel")
@save_option
@click.argument("name", type=names.BUILD)
@pass_rt
def build_cancel(rt: Runtime, save: str | None, name: str) -> None:
    """Cancel a construction (no refund)."""
    from journal.games.kraken import construction as rules

    run(rt, save, rules.build_cancel, named({"name": BUILD}), name=name)
