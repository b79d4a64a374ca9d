"""journal/games/kraken/cli/common.py, what every command shares: the campaign's names and a choice
typed in any case, a missing decision asked for on a terminal."""

from __future__ import annotations

from kraken.kraken_helpers import state


def test_a_missing_decision_is_asked_for_on_a_terminal(camp, monkeypatch):
    from journal.runtime import Runtime

    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "turn", "-s", "sk", "--roll", "3", ok=True)
    r = camp("kraken", "turn", "-s", "sk", input="b\n\n")  # B, then Enter: journal rolls the d20 (K8 asks)
    assert r.exit_code == 0, r.stderr
    assert "option B → 2AK" in r.stdout and state(camp, "sk")["interlink"]["K"] == -1


def test_the_campaigns_names_are_typed_in_any_case_and_an_unknown_one_names_its_option(camp):
    """The rules take the save's own keys: the command finds what was typed (a crew member, a
    quest, a captive, a ship system, a weapon) in the open campaign, in any case."""
    camp("kraken", "crew", "add", "-s", "sk", "Mila", "--agility", "2", "--strength", "3", "--tech", "5",
         "--charisma", "3", "--ranged", "2", "--melee", "1", ok=True)
    camp("kraken", "ship", "hull", "-s", "sk", "Petrel", "--price", "0", "--sp", "10", "--free", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "laser", "--free", ok=True)             # the catalogue's name
    camp("kraken", "quest", "add", "-s", "sk", "Ore Run", ok=True)
    camp("kraken", "captive", "add", "-s", "sk", "Grey", "--carrier", "mila", "--level", "2", ok=True)
    camp("kraken", "crew", "weapon", "-s", "sk", "Ray", "Rifle (3) 4+, 3 A5 RG", ok=True)
    camp("kraken", "crew", "hp", "-s", "sk", "RAY", "-2", ok=True)
    camp("kraken", "crew", "weapon", "-s", "sk", "ray", "--weapon", "rifle", "--ammo", "2", ok=True)
    camp("kraken", "ship", "damage", "-s", "sk", "LASER", ok=True)
    camp("kraken", "quest", "fail", "-s", "sk", "ore run", ok=True)
    camp("kraken", "captive", "give", "-s", "sk", "grey", "ray", ok=True)
    s = state(camp, "sk")
    assert s["crew"]["Ray"]["hp"] == 6 and s["crew"]["Ray"]["weapons"]["Rifle"]["ammo"] == 2
    assert s["ship"]["systems"]["Laser"]["damaged"] and s["quests"] == {} and s["captives"]["Grey"]["carrier"] == "Ray"
    before = camp.files("sk")
    r = camp("kraken", "crew", "use", "-s", "sk", "Ray", "Stimpack", "--heal", "2", "--target", "zed")
    assert r.exit_code == 2 and r.stderr.strip() == ("Error: --target 'zed' is not a crew member: known crew members "
                                                     "are Ray, Mila")
    r = camp("kraken", "crew", "weapon", "-s", "sk", "Mila", "--weapon", "rifle", "--ammo", "1")
    assert r.exit_code == 2 and r.stderr.strip() == "Error: 'rifle' is not a weapon of Mila: there is none"
    assert camp.files("sk") == before


def test_choose_and_other_choices_accept_any_case(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "turn", "-s", "sk", "--roll", "3", ok=True)
    r = camp("kraken", "turn", "-s", "sk", "--choose", "b", ok=True)
    assert "option B → 2AK" in r.stdout
    camp("kraken", "end", "-s", "sk", "WON", ok=True)
    assert camp.state("sk")["result"] == "won"


def test_an_option_that_takes_one_value_typed_twice_is_a_usage_error(camp):
    """Issue 19, item 28: "An option that takes one value, typed twice (`--booster A --booster B`,
    `--take`, `--reason`), is a usage error (exit 2) in every command, not 'the last one wins'"."""
    before = camp.files("sk")
    for args in (("crew", "hp", "-s", "sk", "Ray", "-1", "--reason", "a", "--reason", "b"),
                 ("crew", "weapon", "-s", "sk", "Ray", "--weapon", "Rifle", "--weapon", "Knife", "--ammo", "1"),
                 ("ground", "attack", "-s", "sk", "Ray", "E1", "--hit", "1", "--hit=0"),
                 ("dungeon", "sell", "-s", "sk", "Helmet", "--value", "4", "--value", "8")):
        r = camp("kraken", *args)
        assert r.exit_code == 2 and "is given twice: give it once" in r.stderr, (args, r.stderr)
    assert camp.files("sk") == before


def test_named_finds_the_campaigns_names_before_the_commands_own_parse():
    """named(names, how): the How's parse first finds each name in the campaign (in any case),
    then runs the command's own parse on the resolved values; the How's other settings stay."""
    from journal.games.kraken.cli.common import CREW, named
    from journal.runtime import How

    seen = []

    def own(state, params):
        seen.append(dict(params))
        return {**params, "checked": True}

    how = named({"name": CREW}, How(log_reason="a card", parse=own))
    assert how.log_reason == "a card"
    params = how.parse({"crew": {"Ray": {}, "Mila": {}}}, {"name": "mila", "delta": 2})
    assert seen == [{"name": "Mila", "delta": 2}] and params == {"name": "Mila", "delta": 2, "checked": True}
    assert named({"name": CREW}).parse({"crew": {"Ray": {}}}, {"name": "RAY"}) == {"name": "Ray"}


def test_run_choosing_asks_for_a_missing_choose_as_the_rules_choices():
    """A decision nobody gave (--choose) fills the rules function's `choices`; a How given keeps
    its own settings."""
    from journal.games.kraken.cli.common import run_choosing
    from journal.runtime import How

    calls = []

    class Rt:
        def run(self, save, fn, how, *args, **params):
            calls.append((save, fn, how, params))

    how = How(entered=(3,))
    run_choosing(Rt(), "sk", len, how, choices=["A"])
    (save, fn, got, params), = calls
    assert (save, fn, params) == ("sk", len, {"choices": ["A"]})
    assert got is how and got.choice_params == {"--choose": "choices"} and got.entered == (3,)
