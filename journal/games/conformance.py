"""Every game declares the `Game` interface, and its pages and history the `Sheets` and `History`
ones: mypy checks each module against its protocol here (a module satisfies a protocol when it
has every name, with compatible types).

Nothing imports this module at run time but the tests: it imports every game.
"""

from __future__ import annotations

from journal.games import epm, kraken, pulp, titans
from journal.games.interface import Game, History, Sheets
from journal.games.epm import history as epm_history
from journal.games.epm import sheets as epm_sheets
from journal.games.kraken import history as kraken_history
from journal.games.kraken import sheets as kraken_sheets
from journal.games.pulp import history as pulp_history
from journal.games.pulp import sheets as pulp_sheets
from journal.games.titans import history as titans_history
from journal.games.titans import sheets as titans_sheets

EPM: Game = epm
TITANS: Game = titans
KRAKEN: Game = kraken
PULP: Game = pulp

GAMES: dict[str, Game] = {"epm": EPM, "titans": TITANS, "kraken": KRAKEN, "pulp": PULP}
SHEETS: dict[str, Sheets] = {"epm": epm_sheets, "titans": titans_sheets, "kraken": kraken_sheets,
                             "pulp": pulp_sheets}
HISTORIES: dict[str, History] = {"epm": epm_history, "titans": titans_history, "kraken": kraken_history,
                                 "pulp": pulp_history}
