"""No silent dice: journal says what it rolled, entered results are all or none, and on a terminal
the player is asked for each die and cube a command was not given, in every game, one wording."""

from __future__ import annotations

import json

import pytest

from journal.dice import Dice, rolled_line
from journal.errors import InputError
from journal.games import epm
from journal.runtime import DiceAsker, DrawAsker, Mode, Runtime


def test_journal_says_what_it_rolled(camp):
    r = camp("epm", "challenge", "piloting", "--character", "Ana", ok=True)
    rolled = json.loads(camp("--json", "log", "--tail", "1", ok=True).stdout)[0]["rolls"]
    assert r.stdout.splitlines()[0] == f"journal rolled d6: {rolled[0]['value']}."


def test_entered_dice_are_not_announced_as_rolled(camp):
    r = camp("epm", "challenge", "piloting", "--character", "Ana", "--roll", "3", ok=True)
    assert "journal rolled" not in r.stdout


def test_the_rolled_line_groups_dice_and_draws():
    rolls = [{"die": "d6", "value": 3, "source": "rolled"}, {"die": "d6", "value": 5, "source": "entered"},
             {"die": "d6", "value": 2, "source": "rolled"}, {"die": "d20", "value": 7, "source": "rolled"},
             {"die": "bag", "value": "red", "source": "rolled"}]
    assert rolled_line(rolls) == "journal rolled d6: 3, 2; d20: 7 and journal drew bag: red."
    assert rolled_line([{"die": "d6", "value": 5, "source": "entered"}]) is None


def test_a_loose_roll_says_journal_rolled(journal):
    assert journal("roll", "d6", ok=True).stdout.startswith("journal rolled d6: ")


def test_entered_rolls_are_all_or_none_for_a_roll_twice_booster(camp, saves):
    camp("epm", "item", "add", "Gyro", "--owner", "Ana", "--booster", "piloting:twice", ok=True)
    before = camp.files("camp")
    r = camp("epm", "challenge", "piloting", "--character", "Ana", "--booster", "Gyro", "--roll", "3")
    assert r.exit_code == 2
    assert r.stderr.strip() == ("Error: --roll given 1 time but this command needs 2 dice (d6, d6): give all "
                                "of them, or none to let journal roll")
    assert camp.files("camp") == before
    r = camp("epm", "challenge", "piloting", "--character", "Ana", "--booster", "Gyro", "--roll", "3", "--roll", "5",
             ok=True)
    assert "3 + 5" in r.stdout and "journal rolled" not in r.stdout


def test_a_loose_roll_with_too_few_dice_is_refused(journal):
    r = journal("roll", "2d6", "--roll", "3")
    assert r.exit_code == 2 and "needs 2 dice (d6, d6)" in r.stderr


def test_too_few_draws_are_refused_like_too_few_dice():
    dice = Dice(1, 0, draws=["red"])
    dice.draw({"red": 2, "blue": 2})
    dice.draw({"red": 1, "blue": 2})
    with pytest.raises(InputError, match=r"--draw given 1 time but this command needs 2 draws") as e:
        dice.check_complete()
    assert e.value.exit_code == 2


def test_a_refusal_caused_by_a_missing_die_names_the_missing_dice():
    dice = Dice(1, 0, entered=[3])
    dice.roll(6)
    dice.roll(6)
    assert "needs at least 2 dice" in dice.short_error(at_least=True).message


@pytest.mark.parametrize("undoable", [True, False])
def test_a_terminal_player_is_asked_for_each_die_in_every_game_whatever_undo_can_do(camp, monkeypatch, undoable):
    """Issue 30 §2: on a terminal, a die left out is asked for, whether undo could take it back or not."""
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    monkeypatch.setattr(epm, "rolls_undoable", lambda state: undoable, raising=False)
    r = camp("epm", "challenge", "piloting", "--character", "Ana", input="5\n", ok=True)
    assert r.stdout.startswith("d6 result (1-6; Enter: journal rolls): ")
    assert "Ana rolls 5 +1 piloting = 6" in r.stdout and "journal rolled" not in r.stdout
    entry = json.loads(camp("--json", "log", "--tail", "1", ok=True).stdout)[0]
    assert entry["rolls"] == [{"die": "d6", "value": 5, "source": "entered"}]


def test_pressing_enter_lets_journal_roll_and_says_so(camp, monkeypatch):
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = camp("epm", "challenge", "piloting", "--character", "Ana", input="\n", ok=True)
    assert "journal rolled d6: " in r.stdout


def test_without_a_terminal_journal_rolls_at_once_and_says_so(camp):
    """A script (no terminal): nothing is asked, journal rolls as it always did and says it did."""
    r = camp("epm", "challenge", "piloting", "--character", "Ana", input="5\n", ok=True)
    assert "Enter: journal rolls" not in r.stdout and r.stdout.startswith("journal rolled d6: ")


def test_a_loose_roll_is_never_asked_it_asks_journal_to_roll(journal, monkeypatch):
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    assert journal("roll", "d6", input="", ok=True).stdout.startswith("journal rolled d6: ")


def test_the_question_for_a_die_or_a_draw_is_one_wording_that_fits_80_columns(capsys):
    from journal.runtime import asked_line

    assert asked_line("d6", "1-6", "roll") == "d6 result (1-6; Enter: journal rolls)"
    assert asked_line("bag", "r red, b blue", "draw") == "bag draw (r red, b blue; Enter: journal draws)"
    assert len(asked_line("titan die", "red, bolt, gear, wing, blank", "roll")) + 2 <= 80
    many = ", ".join(f"{c} {c}olour" for c in "abcdefghij")
    told: set[str] = set()
    assert asked_line("bag", many, "draw", told) == "bag draw (Enter: journal draws)"
    shown = capsys.readouterr().out
    assert shown.startswith("bag: a aolour, b bolour") and all(len(line) <= 80 for line in shown.splitlines())
    assert asked_line("bag", many, "draw", told) == "bag draw (Enter: journal draws)"
    assert capsys.readouterr().out == ""  # the same choices are printed once per command


def test_dice_typed_before_a_choice_are_not_asked_again():
    asked = []

    def ask(die, sides):
        asked.append(die)
        return 4

    first = Dice(1, 0, ask=ask)
    assert first.roll(6) == 4 and first.asked == [4]
    again = Dice(1, 0, ask=ask, replay=first.asked)
    assert again.roll(6) == 4 and asked == ["d6"]
    assert again.rolls[0].source == "entered"


# --- draws from a bag or a deck: asked as dice are ----------------------------------------------

def test_a_draw_the_command_was_not_given_is_asked_and_entered():
    asked = []

    def ask(what, pool, names):
        asked.append((what, dict(pool), names))
        return "blue"

    dice = Dice(1, 0, ask_draw=ask)
    assert dice.draw({"red": 2, "blue": 1}, "bag", {"b": "blue"}) == "blue"
    assert asked == [("bag", {"red": 2, "blue": 1}, {"b": "blue"})]
    assert dice.rolls[0].as_dict() == {"die": "bag", "value": "blue", "source": "entered"}


def test_enter_at_a_draw_lets_journal_draw_it_and_the_rest():
    asked = []

    def ask(what, pool, names):
        asked.append(what)
        return None

    dice = Dice(1, 0, ask_draw=ask)
    dice.draw({"red": 2, "blue": 1})
    dice.draw({"red": 2, "blue": 1})
    assert asked == ["bag"] and [r.source for r in dice.rolls] == ["rolled", "rolled"]


def test_draws_typed_before_a_choice_are_not_asked_again_and_must_be_in_the_pool():
    def ask(what, pool, names):
        raise AssertionError("asked again")

    again = Dice(1, 0, ask_draw=ask, draw_replay=["red"])
    assert again.draw({"red": 1, "blue": 1}) == "red" and again.rolls[0].source == "entered"
    with pytest.raises(InputError, match="the bag holds no red"):
        Dice(1, 0, ask_draw=ask, draw_replay=["red"]).draw({"red": 0, "blue": 1})


def test_the_draw_asker_takes_a_name_or_a_short_spelling_and_asks_again_otherwise():
    answers = iter(["purple", "y", "R"])
    prompts = []

    def read_line(message):
        prompts.append(message)
        return next(answers)

    asker = DrawAsker(read_line)
    assert asker("bag", {"red": 1, "blue": 2, "yellow": 0}, {"r": "red", "b": "blue", "y": "yellow"}) == "red"
    assert prompts[0] == "bag draw (r red, b blue; Enter: journal draws)"
    assert len(prompts) == 3 and asker.answers == ["red"]  # purple is no cube, the bag holds no yellow


PULP_EVADE = ["pulp", "round", "--planet", "Mars", "G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"]


def test_a_terminal_player_is_asked_for_each_cube_the_line_left_out(journal, monkeypatch):
    """Issue 30 §2: Pulp Invasion's bag on a terminal is the player's bag: each cube is asked for."""
    from journal_testing import PULP_NEW

    journal(*PULP_NEW, ok=True)
    journal(*PULP_EVADE, ok=True)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = journal("pulp", "evade", "1", "--pay", "combat", input="black\nred\nblue\n", ok=True)
    assert r.stdout.startswith("bag: r red, o orange, b blue, k black, y yellow, w white\nbag draw (Enter: journal "
                               "draws): black\n")  # six colours: the choices on their own line
    assert r.stdout.count("bag draw (Enter: journal draws): ") == 3 and "journal drew" not in r.stdout
    assert "Drew black: back into the bag" in r.stdout
    entry = json.loads(journal("--json", "log", "--tail", "1", ok=True).stdout)[0]
    assert entry["rolls"] == [{"die": "bag", "value": c, "source": "entered"} for c in ("black", "red", "blue")]


def test_no_draw_is_asked_without_a_terminal_nor_when_the_line_gave_the_draws(journal, monkeypatch):
    from journal_testing import PULP_NEW

    journal(*PULP_NEW, ok=True)
    journal(*PULP_EVADE, ok=True)
    r = journal("pulp", "evade", "1", "--pay", "combat", input="red\nblue\n", ok=True)
    assert "Enter: journal draws" not in r.stdout and "journal drew bag: " in r.stdout
    journal("undo", ok=True)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = journal("pulp", "evade", "1", "--pay", "combat", "--draw", "r,b", input="", ok=True)
    assert "Enter: journal draws" not in r.stdout and "journal drew" not in r.stdout


def test_draws_typed_before_a_choice_the_rules_ask_for_are_replayed_not_asked_again(camp, monkeypatch):
    from journal.errors import NeedChoice
    from journal.outcome import Outcome

    def rules(state, dice, colour=None):
        drawn = dice.draw({"red": 1, "blue": 1}, "bag")
        if colour is None:
            raise NeedChoice("--colour is required", "--colour", ["one", "two"], "Which?")
        return Outcome(state, f"drew {drawn}, chose {colour}", [f"drew {drawn}, chose {colour}"], {})

    typed = []

    def read_line(message):
        typed.append(message)
        return "blue"

    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    monkeypatch.setattr(Runtime, "pick", lambda rt, prompt, values: "two")
    rt = Runtime(camp.saves, False, ["epm", "test"], Mode.SHELL)  # the table shell asks for every die
    monkeypatch.setattr(rt, "draw_asker", lambda: DrawAsker(read_line))
    out = rt.run("camp", rules)
    assert out.summary == "drew blue, chose two" and len(typed) == 1


def test_a_die_with_named_faces_is_asked_by_the_names_a_player_sees(capsys):
    """A custom die's faces have names (War Titans' symbols): the player types the symbol on the
    die; the face is the first one of that name (a number still works); anything else is asked
    again. A plain die is asked as before, and an asker that knows no names is never given any."""
    typed = iter(["skull", "BOLT", "3"])
    prompts: list[str] = []

    def read_line(message):
        prompts.append(message)
        return next(typed)

    ask = DiceAsker(read_line)
    dice = Dice(1, 0, ask=ask)
    faces = ["red", "bolt", "bolt", "gear", "wing", "blank"]
    assert dice.roll(6, "titan die", faces=faces) == 2 and dice.roll(6, "titan die", faces=faces) == 3
    assert prompts[0] == "titan die result (red, bolt, gear, wing, blank; Enter: journal rolls)"
    assert "Expected one of red, bolt, gear, wing, blank." in capsys.readouterr().err
    assert [r.as_dict() for r in dice.rolls] == [{"die": "titan die", "value": 2, "source": "entered"},
                                                 {"die": "titan die", "value": 3, "source": "entered"}]
    assert ask.answers == [2, 3]
    plain = Dice(1, 0, ask=lambda die, sides: 5)
    assert plain.roll(6, "d6", faces=None) == 5
