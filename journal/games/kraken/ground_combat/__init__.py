"""Chapter 14, Ground combat loop: one module per part of the chapter.

Enemy profiles are the book's fold-out sheets: players type each enemy's values (or keep
them in a profiles file, see templates/kraken/enemies-sample.toml) and `journal` keeps
its HP, Shield, Armor and effects in ``[state.ground]``. Weapons are written in the book's
own notation (model/weapons.py), enemy attacks the same way without a name.

The loop: `spawn` (the levels, the reaction check, a second Primary, the Minions),
`profiles` (each enemy's sheet), `loop` (initiative, then each turn Oxygen, the crew's
actions, the enemies' actions and the shields' recharge; the combat's end), `attacks` and
`actions` (the crew's actions), `psi` (PSI powers), `enemies` (the enemies' actions),
`damage` (Shields, Armor, weakness and resistance).
"""

from __future__ import annotations
