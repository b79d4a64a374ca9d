"""`journal play`: the table shell, a window that stays open on one campaign.

- `lines`: what a typed line means (bare commands routed into the real Click tree, refusals);
- `shell`: the open campaign, running each line like the CLI does; piped lines and the loop;
- `completion`: TAB completion from the Click tree and the game's `names(state)` (pure);
- `terminal`: prompt-toolkit (imported only on a terminal): prompt, status line, history,
  dice and choice menus.
"""
