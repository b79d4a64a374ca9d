"""What the `show`, `list` and `play` commands and the sheets read from a War Titans save: the
game's hooks, each declared here in the same files as every game's (tests/test_games.py).

    state   the state with its derived values (`public_state`)
    show    the `show` command (`summary`), `list` (`status`), the log's headings
            (`turn_label`) and the campaign's names

What the rules decide, the views only print: the end of the game (`result`) and the derived
tier are rules/model.py's, what the table does next (`next_step`) is rules/phases.py's, and the
game's __init__ takes those two hooks from the rules (the rules never import the views). The package imports nothing itself: the game's __init__ takes each hook from its module.
"""
