"""What the `show`, `list` and `play` commands and the sheets read from a War Titans save.

    state   whether the game is over (`result`) and the state with its derived values
            (`public_state`): at the bottom, so that the rules may ask too
    show    the `show` command (`summary`), `list` (`status`), the log's headings
            (`turn_label`), what the table does next (`next_step`) and the campaign's names

The package imports nothing itself: the game's __init__ takes each hook from its module.
"""
