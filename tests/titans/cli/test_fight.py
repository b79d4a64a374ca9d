"""`journal titans move`, `attack`, `trial`, `rift close`, `repair`, `pass` (cli/fight.py) end to
end."""

from __future__ import annotations

from titans.titans_helpers import j, mechanical_blue_game, shown_state, skip_repairs, t


def test_a_turn_in_the_exact_forms_of_the_issue(game):
    t(game, "opening", ok=True)
    out = t(game, "invade", "--rift", "East", "--city", "Beijing", ok=True).stdout
    assert "Take M1" in out and "Beijing takes 1 Invasion Damage" in out
    out = t(game, "move", "Atlas", "Beijing", ok=True).stdout
    assert "M1's Mechanical ability" in out
    d = j(game, "titans", "attack", "-s", "g", "Atlas", "--successes", "3", "--target", "M1")
    assert d["destroyed"] == ["M1"] and d["credits"] == 1 and d["excess_lost"] == 1
    d = j(game, "titans", "attack", "-s", "g", "Brute", "--successes", "2", "--provoke", "--rift", "North")
    assert d["provoked"] == "F1" and d["destroyed"] == ["F1"]
    t(game, "tech", "Atlas", "equip", "Plasma Sword", "--slot", "hands", "--tag", "energy", ok=True)
    t(game, "next", ok=True)
    t(game, "damage", "--titan", "Atlas", "3", ok=True)
    t(game, "tech", "Atlas", "disable", "Plasma Sword", ok=True)
    d = j(game, "titans", "repair", "-s", "g", "Atlas", "--successes", "2", "--heal", "1", "--enable", "Plasma Sword")
    assert d["healed"] == 1 and d["enabled"] == ["Plasma Sword"]
    d = j(game, "titans", "repair", "-s", "g", "Brute", "--skip", "--reason", "nothing to mend")
    assert d["skipped"] and j(game, "log", "-s", "g", "--tail", "1")[0]["reason"] == "nothing to mend"
    t(game, "develop", "Ana", "industry", ok=True)
    t(game, "develop", "Bo", "army", "--city", "London", "--count", "1", ok=True)
    st = shown_state(game)
    assert st["titans"]["Atlas"]["tech"]["Plasma Sword"]["charges"] == 1      # re-enabled at 0, then +1 (step 2)
    assert len(st["players"]["Bo"]["supports"]) == 1 and st["players"]["Bo"]["credits"] == 0
    t(game, "tech", "Atlas", "charge", "Plasma Sword", "2", ok=True)
    t(game, "tech", "Atlas", "spend", "Plasma Sword", "1", ok=True)
    t(game, "tech", "Atlas", "discard", "Plasma Sword", ok=True)
    d = j(game, "titans", "ending", "-s", "g")
    assert d["lead"] == "Bo" and d["phase"] == "ending"
    st = shown_state(game)
    assert st["titans"]["Atlas"]["tech"] == {} and st["decks"]["tech_discard"] == 1
    d = j(game, "titans", "opening", "-s", "g")
    assert d["threat"] == 2 and d["episodes_to_draw"] == 1                   # 2 players after the first invasion


def test_trial_and_rift_close(game):
    t(game, "opening", ok=True)
    for pid in ("F1", "F2", "F5"):
        t(game, "invader", pid, "--lair", ok=True)
    t(game, "pass", "Ana", ok=True)                     # Ana (the Lead Character) acts first, or passes
    t(game, "move", "Brute", "North", ok=True)
    out = t(game, "trial", "Brute", "--rift", "North", "pass", ok=True).stdout
    assert "second part of the Rift Token" in out
    skip_repairs(game, "Atlas", "Brute")
    t(game, "ending", ok=True)
    t(game, "opening", ok=True)
    d = j(game, "titans", "rift", "close", "-s", "g", "North", "--titan", "Brute", "--city", "Toronto",
          "--artifact", "Storm Crown")
    assert d["threat"] == 1 and d["artifact"] == "Storm Crown"
    st = shown_state(game)
    assert st["rifts"]["North"]["closed"] is True and st["titans"]["Brute"]["city"] == "Toronto"


def test_cli_asks_for_the_tech_card_to_disable_on_a_terminal_and_a_script_is_refused(journal, monkeypatch):
    from journal.runtime import Runtime

    mechanical_blue_game(journal)
    before = journal.files("g")
    r = journal("titans", "move", "-s", "g", "Atlas", "Beijing")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert "--disable CARD is required: M1's ability disables 1 Tech Card of Atlas: one of Gun, Visor" in r.stderr
    assert journal.files("g") == before
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = journal("titans", "move", "-s", "g", "Atlas", "Beijing", input="visor\n")
    assert r.exit_code == 0, r.stderr
    assert "M1's ability disables a Tech Card of Atlas: which one?" in r.stdout
    tech = journal.state("g")["titans"]["Atlas"]["tech"]
    assert tech["Visor"]["disabled"] and not tech["Gun"]["disabled"]


def test_cli_pass_and_an_out_of_turn_refusal(journal):
    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,player=Ana,city=Tokyo",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,player=Bo,city=London", "--seed", "1",
            ok=True)
    journal("titans", "opening", "-s", "g", ok=True)
    before = journal.files("g")
    r = journal("titans", "move", "-s", "g", "Brute", "Paris")
    assert r.exit_code == 1 and r.stderr.startswith("Error: it is Ana's turn") and r.stderr.count("\n") == 1
    assert journal.files("g") == before
    out = journal("titans", "pass", "-s", "g", ok=True).stdout
    assert out.startswith("Ana passes in the Fight Phase.")
    journal("titans", "move", "-s", "g", "Brute", "Paris", ok=True)
    shown = journal("show", "-s", "g", ok=True).stdout
    assert "turn order Ana, Bo" in shown and "Next: Bo's turn: journal titans pass Bo; then the Upgrade Phase" in shown
