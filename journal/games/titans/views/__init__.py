"""What the `show`, `list` and `play` commands read from a War Titans save.

    show    the `show` command (`summary`), `list` (`status`), the log's headings
            (`turn_label`) and the campaign's names

What the views print but the rules decide lives in the rules: whether the game is over
(`result`, rules/model.py), what the table does next (`next_step`, rules/phases.py) and the
state with its derived tier (`public_state`, rules/model.py). The package imports nothing
itself: the game's __init__ takes each hook from its module.
"""
