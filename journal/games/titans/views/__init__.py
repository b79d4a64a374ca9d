"""What the `show`, `list` and `play` commands and the sheets read from a War Titans save: the
game's hooks, each declared here in the same files as every game's (tests/test_games.py).

    state   whether the game is over (`result`) and the state with its derived values
            (`public_state`)
    show    the `show` command (`summary`), `list` (`status`), the log's headings
            (`turn_label`), what the table does next (`next_step`) and the campaign's names

What the rules decide, the views only print: the end of the game and the derived tier are
rules/model.py's, what the table does next is rules/phases.py's (the rules never import the
views). The package imports nothing itself: the game's __init__ takes each hook from its module.
"""
