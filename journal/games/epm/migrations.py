"""War With the Evil Power Master: the save format's version and how an older save is brought up
to it (none yet: the format has not changed since version 1)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

SCHEMA_VERSION = 1
MIGRATIONS: Mapping[int, Callable[[dict], dict]] = {}  # {from_version: fn(state) -> state}, applied in order on load
