"""War Titans: Invaders Must Die! — the rules as pure functions, one module per part of the turn.

Every command is ``fn(state, dice, **params) -> Outcome``: it never touches files,
clocks or global randomness and never mutates the state it is given (it works on a
deep copy and raises before returning when the rules refuse). Rule labels (T1-T7,
A1-A2) are the rules notes of docs/titans.md; "reading:" marks our own choices where the
rulebook is silent or ambiguous (docs/titans.md, "Rules notes").

The package imports nothing itself: a command imports the module of its part of the turn
(`from journal.games.titans.rules import fight`) when it runs, so that it loads only that part
and the modules above it (start-up time; see docs/development.md, Benchmarks).

In the order of the rulebook's turn (each module imports only those above it; what a valid
save holds is the package's schema.py):

    model      the game's numbers and the book's words (named once), THREAT's tier (and the state
               with it, `public_state`), whether the game is over (`result`), the card in force
    effects    the effect vocabulary of invader abilities (the invaders file)
    order      whose turn it is: from the Lead Character, clockwise
    board      where things stand; trails, adjacency and distances
    trackers   THREAT, damage to cities, Titans and Supports; the end of the game
    phases     which phase a command belongs to, moving between phases; what the table does
               next (`next_step`)
    checks     Dice and Ability Checks: dice pools, successes, rolls; `check`
    abilities  invader abilities applied as they trigger
    setup      `new`: the table the players set up (Setup 1-13)
    opening    the Opening Phase and invasions
    fight      the Fight Phase: move, attack, repair
    rifts      the Tyrant Trial and closing a rift
    upgrade    Development, Tech Cards, Support Movement
    ending     the Ending Phase and the Final Episode
    pilots     destroyed Titans and their pilots
    turn       passing, and `next`
    byhand     what a card's text changes (A2)
"""
