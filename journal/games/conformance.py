"""Every game declares the `Game` interface: mypy checks each package against the protocol here
(a module satisfies a protocol when it has every name, with compatible types).

Nothing imports this module at run time but the tests: it imports every game.
"""

from __future__ import annotations

from journal.games import Game, epm, kraken, pulp, titans

EPM: Game = epm
TITANS: Game = titans
KRAKEN: Game = kraken
PULP: Game = pulp

GAMES: dict[str, Game] = {"epm": EPM, "titans": TITANS, "kraken": KRAKEN, "pulp": PULP}
