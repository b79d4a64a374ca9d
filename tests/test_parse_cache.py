"""The parse cache: each commit leaves the parsed save beside it (`.NAME.cache.json`), tied to
the save's exact text. It is only a shortcut for parsing the TOML: what it holds is what
parsing gives, it is validated like the save, and a stale or strange one is not used."""

from __future__ import annotations

import json
import os
import tomllib

import pytest

from journal import __version__
from journal import log as logmod
from journal.store import cache
from journal.store.logview import LogView
from journal.store.paths import resolve
from journal_testing import EPM_NEW


def cache_of(saves, name="camp"):
    return saves / f".{name}.cache.json"


def test_every_commit_caches_exactly_what_parsing_the_save_gives(journal, monkeypatch):
    seen = []
    write = cache.write_cache

    def checked(paths, text_sha, doc):
        with open(paths.save, encoding="utf-8", newline="") as f:
            text = f.read()
        assert logmod.sha(text) == text_sha
        assert json.loads(json.dumps(doc)) == tomllib.loads(text)
        seen.append(paths.name)
        write(paths, text_sha, doc)

    monkeypatch.setattr(cache, "write_cache", checked)
    journal("demo", ok=True)  # a scripted campaign of every game: a few dozen commits
    assert {"demo-epm", "demo-titans", "demo-kraken", "demo-pulp"} <= set(seen)
    for name in ("demo-epm", "demo-titans", "demo-kraken", "demo-pulp"):
        text = (journal.saves / f"{name}.toml").read_text(encoding="utf-8")
        cached = cache.decode(cache_of(journal.saves, name).read_bytes(), logmod.sha(text))
        assert cached is not None and (cached.doc, cached.judged) == (tomllib.loads(text), True)
        assert cached.log == cache.log_identity(resolve(name, str(journal.saves)))  # the log as left


def test_a_document_this_version_judged_valid_is_not_judged_again(camp, saves, monkeypatch):
    """The cache records which version of journal judged its document valid as it wrote it: the
    same version does not validate that exact text again on the next command (only the state the
    command leaves); another version's cache, or none, is judged as the save itself would be."""
    from journal.games import epm

    calls = []
    real = epm.validate
    monkeypatch.setattr(epm, "validate", lambda state, changed=None: calls.append(1) or real(state, changed))
    camp("epm", "card", "2", ok=True)
    assert len(calls) == 1  # the state the command leaves; the one it read was judged when written
    head, body = cache_of(saves).read_bytes().split(b"\n", 1)
    sha = json.loads(head)["sha256"]
    cache_of(saves).write_bytes(cache.encode(sha, json.loads(body)).replace(__version__.encode(), b"0.0.0", 1)
                                .replace(b'"check": "' + cache.checksum(sha, __version__, body).encode(),
                                         b'"check": "' + cache.checksum(sha, "0.0.0", body).encode()))
    calls.clear()
    camp("epm", "card", "3", ok=True)
    assert len(calls) == 2  # another version's judgement: the document read is judged again


def test_a_hand_edit_makes_the_cache_unused(camp, saves):
    assert cache_of(saves).exists()
    save = saves / "camp.toml"
    save.write_text(save.read_text().replace("signal = 0", "signal = 7"))
    assert json.loads(camp("--json", "show", ok=True).stdout)["state"]["signal"] == 7


def test_a_cached_save_that_is_not_valid_is_not_used(camp, saves):
    """The cache only shortcuts parsing a valid save: what it holds is validated, and an invalid
    document there is not what parsing the save gives, so the save is parsed."""
    text = (saves / "camp.toml").read_text(encoding="utf-8")
    doc = tomllib.loads(text)
    doc["state"]["signal"] = 99
    cache_of(saves).write_text(json.dumps({"sha256": logmod.sha(text), "doc": doc}))
    assert json.loads(camp("--json", "show", ok=True).stdout)["state"]["signal"] == 0


@pytest.mark.parametrize("content", [b"", b"{not json", b"[" * 100_000, b'{"sha256": 5, "doc": []}',
                                     b'{"sha256": "x", "doc": {}}', "é".encode("latin-1")])
def test_a_broken_or_strange_cache_is_not_used(camp, saves, content):
    cache_of(saves).write_bytes(content)
    camp("epm", "track", "signal", "+2", ok=True)
    assert json.loads(camp("--json", "show", ok=True).stdout)["state"]["signal"] == 2


def test_a_cache_that_is_not_a_file_is_not_used(camp, saves):
    cache_of(saves).unlink()
    os.mkfifo(cache_of(saves))
    camp("epm", "track", "signal", "+1", ok=True)  # neither hangs on the FIFO nor replaces it
    assert not cache_of(saves).is_file() and cache_of(saves).exists()


def test_a_refused_command_writes_no_cache(camp, saves):
    cache_of(saves).unlink()
    assert camp("epm", "travel", "Kell", "--segments", "1").exit_code == 1  # still exploring
    assert not cache_of(saves).exists()


def test_the_cache_is_never_written_through_a_link(camp, saves, tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_text("mine")
    cache_of(saves).unlink()
    cache_of(saves).symlink_to(target)
    camp("epm", "track", "signal", "+1", ok=True)
    assert target.read_text() == "mine" and cache_of(saves).is_symlink()


def test_undo_goes_back_whatever_the_cache_holds(camp, saves):
    before = (saves / "camp.toml").read_bytes()
    camp("epm", "track", "signal", "+3", ok=True)
    camp("undo", ok=True)
    assert (saves / "camp.toml").read_bytes() == before
    assert json.loads(camp("--json", "show", ok=True).stdout)["state"]["signal"] == 0


def test_the_new_campaign_is_cached(journal, saves):
    journal(*EPM_NEW, ok=True)
    assert cache_of(saves).exists()


def test_a_cache_whose_hash_matches_an_invalid_save_is_never_trusted(camp, saves):
    """Issue 21, item 18: the save's text is invalid; a cache tied to that very text holds a valid
    document. `check` reads the save itself, and a command uses the cache only for text journal
    wrote (the log's last entry has its hash): both name the save's problem, and nothing is
    rewritten from the cache."""
    save = saves / "camp.toml"
    good = tomllib.loads(save.read_text(encoding="utf-8"))
    save.write_text(save.read_text(encoding="utf-8").replace("signal = 0", "signal = 99"), encoding="utf-8")
    text = save.read_text(encoding="utf-8")
    cache_of(saves).write_text(json.dumps({"sha256": logmod.sha(text), "doc": good}), encoding="utf-8")
    before = camp.files("camp")
    r = camp("check")
    assert r.exit_code == 1 and "state.signal = 99 is outside 0..25" in r.stdout
    for args in (["epm", "track", "epm", "+1"], ["show"], ["undo"]):
        r = camp(*args)
        assert r.exit_code == 1 and "state.signal = 99 is outside 0..25" in r.stderr, args
    assert camp.files("camp") == before


def _mutants(raw: bytes, rng) -> list[bytes]:
    """Caches changed as the fuzzing changed them (issue 31 item 2): a value edited in the
    document (signal 2 -> 9), a key removed, an unknown key added, a byte flipped, a cut."""
    head, body = raw.split(b"\n", 1)
    doc = json.loads(body)
    out = []
    for key in list(doc["state"]):
        value = doc["state"][key]
        if isinstance(value, int) and not isinstance(value, bool):
            out.append({**doc, "state": {**doc["state"], key: value + 7}})
        out.append({**doc, "state": {k: v for k, v in doc["state"].items() if k != key}})
    out.append({**doc, "state": {**doc["state"], "strange": 1}})
    out.append({**doc, "journal": {**doc["journal"], "entries": 1}})
    mutants = [head + b"\n" + json.dumps(d, ensure_ascii=False, separators=(",", ":")).encode() for d in out]
    for _ in range(40):
        at = rng.randrange(len(raw))
        mutants.append(raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1:])
        mutants.append(raw[:rng.randrange(len(raw))])
    return mutants


def test_a_changed_cache_is_never_trusted(camp, saves, tmp_path):
    """Every mutant: `show` shows the save's own state, `check` passes, `note` writes only the
    note (no unlogged change), no internal error, no write blocked."""
    import random
    import shutil

    camp("epm", "card", "2", ok=True)
    raw = cache_of(saves).read_bytes()
    truth = json.loads(camp("--json", "show", ok=True).stdout)
    reference = tmp_path / "reference"
    shutil.copytree(saves, reference)
    cache_of(reference).unlink()
    from journal_testing import ok
    ok(reference, "note", "-s", "camp", "seen")
    after_note = tomllib.loads((reference / "camp.toml").read_text("utf-8"))
    mutants = _mutants(raw, random.Random(31))
    assert len(mutants) > 90
    for i, mutant in enumerate(mutants):
        folder = tmp_path / f"m{i}"
        shutil.copytree(saves, folder)
        cache_of(folder).write_bytes(mutant)
        assert json.loads(ok(folder, "--json", "show", "-s", "camp").stdout) == truth, i
        ok(folder, "check", "-s", "camp")
        ok(folder, "note", "-s", "camp", "seen")
        assert tomllib.loads((folder / "camp.toml").read_text("utf-8")) == after_note, i
        ok(folder, "check", "-s", "camp")
        shutil.rmtree(folder)


def test_a_writer_reads_the_whole_log_only_when_it_is_not_as_journal_left_it(camp, saves, monkeypatch):
    """A writer refuses a reordered log (issue 31, item 9) without its cost growing with the
    campaign: the cache records the log as journal left it (inode, size, time); a log just so is
    not read through again, and any other (an edit, a sync tool's copy) is."""
    read_through = []
    check = LogView.check_order
    monkeypatch.setattr(LogView, "check_order", lambda view, *a: read_through.append(1) or check(view, *a))
    camp("note", "one", ok=True)
    read_through.clear()
    camp("note", "two", ok=True)
    camp("note", "three", ok=True)
    assert read_through == []
    log = saves / "camp.log.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(lines[0] + lines[2] + lines[1] + lines[3])  # swapped by hand: same size, another time
    r = camp("note", "four")
    assert read_through == [1] and r.exit_code == 1 and "line 2" in r.stderr
