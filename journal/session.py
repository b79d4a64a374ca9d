"""An open campaign: load under a lock, apply rules, log, commit or roll back.

A single command opens a Session, applies one rules function and commits. A batch
opens one Session, applies every line in memory and commits once, so either all of
its entries land or none does. Nothing touches the disk before ``commit``.

Side files: a few records outlive one campaign (Space Kraken's achievements). They are
TOML files in the saves folder that a rules function reads and returns like the state
(``side_files=`` in ``apply``; ``Outcome.side``). Their changes are logged with the
entry and written in the same commit: the log, then the side files, then the save (the
commit point). A crash before the save's rename leaves entries past ``journal.entries``;
the next writer puts their side changes back. Undo reverts them with the entry.

Once the save is renamed the command is committed, whatever happens next: nothing is rolled
back after that instant, and a Ctrl-C that comes while the files are written waits until they
are whole (journal/store/interrupts.py), then stops the command saying that it was saved.
"""

from __future__ import annotations

import functools
import json
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Literal

import tomli_w

from journal import files, games
from journal import log as logmod
from journal.dice import Dice
from journal.errors import InputError, Interrupted, JournalError, RuleError, SaveError, typed
from journal.outcome import Outcome, copy_state
from journal.store import atomic, cache, document, interrupts, locking, logview, moves
from journal.store.paths import SavePaths, beside, folder_of
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.interface import Game
    from journal.store import undone


def invalid(paths: SavePaths, problems: list[str]) -> SaveError:
    more = f" (and {plural(len(problems) - 1, 'more problem')}: see `journal check -s {paths.name}`)" \
        if len(problems) > 1 else ""
    return SaveError(f"invalid save {paths.shown}: {problems[0]}{more}", problems)


def identity(st: os.stat_result) -> tuple:
    """What tells one save file from another written over it: inode, size, change time."""
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def dumps(doc: dict) -> str:
    """A save's (or a side file's) TOML text, as tomli-w writes it."""
    return tomli_w.dumps(doc)


class TextBack:
    """A save's text walked back through the log's entries, newest first. The quick way, while each
    entry's `after` is the hash of the text the newer one restores (as it is when no one edited the
    save between commands): the text is held as lines, each entry's patch applied to them, and
    joined and hashed once, when it is asked for (`exact`). Otherwise (`step` says False) the caller
    walks back each text itself, as `text` and its hash `sha`."""

    def __init__(self, text: str, sha: str, quick: bool):
        self.text, self.sha = text, sha
        self.lines: list[str] | None = text.splitlines(keepends=True) if quick else None

    def step(self, entry: dict) -> bool:
        """The text before `entry`, the quick way (False: not that way)."""
        if self.lines is None or entry["after"] != self.sha or "undo" not in entry:
            return False
        self.lines, self.sha = logmod.patch_applied(self.lines, entry["undo"]), entry["before"]
        return True

    def exact(self) -> bool:
        """Join the lines walked back (if any): whether they are the text of the hash they should
        have (False: a patch did not restore its save; walk again, checking each)."""
        if self.lines is None:
            return True
        self.text, self.lines = "".join(self.lines), None
        return logmod.sha(self.text) == self.sha


class Taken:
    """What an undo took back or a redo put back: how many entries, the few kept to show (an undo's
    newest, newest first; a redo's oldest, oldest first), and where every one of them now stands,
    a line each (the undone file's lines after an undo, the log's after a redo: a byte range), for
    whoever lists them all (`--json`). (A plain class: a NamedTuple costs every command 1 M
    instructions as the module loads.)"""

    def __init__(self, total: int, shown: list[dict], path: str, start: int, end: int, newest_first: bool = False):
        self.total, self.shown, self.path, self.start, self.end = total, shown, path, start, end
        self.newest_first = newest_first

    def entries(self) -> Iterator[dict]:
        """Every entry, in the order of `shown`, read from its file one at a time."""
        f = files.open_regular(self.path, one_link=True)
        with f:
            if self.newest_first:
                lines: Iterator[tuple[int, bytes | None]] = logview.reverse_records(f, self.end)
                next(lines)  # b"": the range ends with a line
            else:
                lines = logview.forward_records(f, self.start, self.end)
            for offset, raw in lines:
                if offset < self.start or raw is None:
                    break
                record = files.parse_json(raw)
                yield record["entry"] if "entry" in record and "n" not in record else record


class Session:
    """A save held under its campaign's lock (journal/store/locking.py)."""

    def __init__(self, paths: SavePaths, *, exclusive: bool = True, create: bool = False, use_cache: bool = True,
                 on_commit: Callable[[str], None] | None = None):
        self.paths = paths
        self.on_commit = on_commit  # on_commit("#5"): called the instant a commit (or an undo) stands
        self.exclusive = exclusive
        self.create = create
        self.use_cache = use_cache  # check reads the save itself
        self.mode: int | None = None  # the save's permission bits (its new log and its cache get them)
        self.read_as: tuple | None = None  # the save's identity as read (a commit refuses to replace another)
        self.refused = False  # a commit refused: the save changed while the command ran
        self.pending: list[bytes] = []
        self.pending_bytes = 0
        # a redo's entries: how many, and their lines as they are read (never held whole)
        self.pending_stream: tuple[int, Callable[[], Iterator[bytes]]] | None = None
        self.game: Game  # the save's game: known once the session is open (load) or the campaign begun (start)
        self.text = ""
        self.text_sha = logmod.sha("")  # the hash of self.text, kept beside it (the log ties entries to it)
        self.read_sha = self.text_sha  # the hash of the save as read (or last written) on disk
        self.doc: dict = {}
        self.log: logview.LogView  # set when the session opens
        self.side: dict[str, dict] = {}            # side file name -> its content, pending changes included
        self.side_disk: dict[str, bytes | None] = {}  # side file name -> its bytes when first read
        self.side_dirty: list[str] = []
        self.side_bytes: dict[str, bytes] = {}  # side file name -> the exact bytes a redo puts back
        # a save's text from the document of the last one, the new document, and the paths where they
        # differ (`logmod.diff_values`' `differ`): a batch keeps the texts of the tables that did not change
        self.texts: Callable[[dict, dict, set[tuple]], str] = lambda _before, doc, _differ: dumps(doc)
        self.split: tuple[str, list[str]] | None = None  # a text and its lines (patch_back)
        self._lock: AbstractContextManager  # the campaign's lock: taken as the session opens (__enter__)

    # --- context ---------------------------------------------------------
    def __enter__(self) -> "Session":
        folder = folder_of(self.paths.save)
        if self.create:
            os.makedirs(folder, exist_ok=True)
        elif not os.path.isdir(folder):
            document.read_text(self.paths)  # raises the friendly "no save" error
        moves.recover_around(folder)  # a campaign move a kill cut short is finished first
        if self.create:  # a new name in the folder: the folder's lock, for the moment `new` takes
            self._lock = locking.locked(folder, True)
        else:  # one campaign: commands on others never wait for it
            self._lock = locking.campaign(folder, self.paths.log, self.exclusive)
        self._lock.__enter__()
        try:
            if self.create:
                if os.path.lexists(self.paths.save):
                    raise RuleError(f"save {typed(self.paths.name)} already exists ({self.paths.shown}): "
                                    f"choose another name, or delete it first")
                if os.path.lexists(self.paths.log) and not logview.never_committed(self.paths.log):
                    raise RuleError(f"{self.paths.log} is already there (the history of an earlier campaign "
                                    f"{typed(self.paths.name)}): move it away, or choose another name")
                if os.path.lexists(self.paths.undone):
                    raise RuleError(f"{self.paths.undone} is already there (the undone commands of an earlier "
                                    f"campaign {typed(self.paths.name)}): move it away, or choose another name")
                self.log = logview.LogView(self.paths, 0)
                self.log.end = 0
            else:
                self.load()
        except BaseException:
            self._lock.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: Any) -> Literal[False]:
        self._lock.__exit__(*exc)
        return False

    # --- reading ---------------------------------------------------------
    def load(self) -> None:
        self.text, st = document.read_save(self.paths)
        self.mode = stat.S_IMODE(st.st_mode)
        self.read_as = identity(st)
        if self.exclusive:
            atomic.refuse_read_only(self.paths.shown, st, "to play on")
        self.text_sha = self.read_sha = logmod.sha(self.text)
        cached = cache.read_cached(self.paths, self.text_sha) if self.use_cache else None
        if cached is None or not self._open(cached.doc, from_cache=True, judged=cached.judged):
            self._open(document.parse(self.paths, self.text))
        if self.exclusive and not (cached is not None and cached.log is not None
                                   and cached.log == cache.log_identity(self.paths)):
            self.log.check_order()  # a reordered or cut log is refused by writers as by `check`: read
            # whole unless it is exactly as journal left it at its last commit (the cost of a command
            # does not grow with the campaign)
            self._put_back_orphan_side_changes()

    def _open(self, doc: dict, from_cache: bool = False, judged: bool = False) -> bool:
        """Judge the parsed save and find its log's committed end. A document from the parse cache
        stands for the text only when journal wrote that text (the log's last entry has its hash,
        and journal never writes an invalid save) and it is valid: else False, and the text is
        parsed. One this version of journal `judged` valid as it wrote it is not judged again."""
        game, doc, problems = document.known_valid(doc) if judged else document.check_doc(doc)
        if problems and from_cache:
            return False
        if problems:
            raise invalid(self.paths, problems)
        assert game is not None  # a save with no problem names a game journal knows
        self.game, self.doc = game, doc
        self.log = logview.LogView(self.paths, self.entries)
        try:
            found = self.log.scan(1)
        except SaveError:
            if from_cache:
                return False
            raise
        last = found[0][1] if found else None
        if from_cache and (last is None or last["after"] != self.text_sha):
            return False
        self._check_log_belongs(last)
        return True

    def _check_log_belongs(self, last: dict | None) -> None:
        """Refuse a log that is not this save's history (another campaign's, left beside it).

        A save as its last command left it has that entry's `after` hash. A save edited by
        hand since does not: then entry 1 must have started this game (and, when it records
        one, with this seed). With no committed entry, lines in the log must be what a
        crash left of this save's first command, never another campaign's history.
        """
        log = self.paths.log
        if last is None:
            orphans = self.log.orphans
            if orphans and not (orphans[-1]["n"] == 1 and orphans[-1].get("before") == self.text_sha):
                missing = "is missing" if "entries" not in self.journal else "= 0"
                raise SaveError(f"journal.entries {missing}, but {log} holds {len(orphans)} log entries: "
                                f"set journal.entries = {orphans[0]['n']} if they are this save's history, or "
                                f"move the log away to start a new one")
            return
        if self.text_sha == last["after"]:
            return
        first = self.log.first() or {}
        game = logmod.started_game(first)
        titles = games.GAMES
        if game in titles and game != self.game.ID:
            raise SaveError(f"{log} is the history of a {titles[game][1]} campaign, but {self.paths.shown} is a "
                            f"{titles[self.game.ID][1]} save: a save and its log belong together (move the "
                            f"stray log away)")
        seed = first.get("seed")
        if seed is not None and seed != self.journal.get("seed"):
            raise SaveError(f"{log} is the history of another campaign: its entry 1 has seed {seed}, but "
                            f"journal.seed = {self.journal.get('seed')} (put the seed back, or move the stray log "
                            f"away)")

    # --- side files ------------------------------------------------------
    def side_path(self, name: str) -> str:
        return beside(self.paths.save, name)

    def side_doc(self, name: str) -> dict:
        """A side file's content as this session sees it (its pending changes included)."""
        if name not in self.side:
            path = self.side_path(name)
            data = document.read_side(path)
            self.side_disk[name] = data
            self.side[name] = document.parse_side(path, data)
        return self.side[name]

    def _put_back_orphan_side_changes(self) -> None:
        """Entries a crash left past journal.entries never happened: undo their side changes."""
        for entry in self.log.orphans:
            side = entry.get("side")
            if not isinstance(side, dict):
                continue
            for name, changes in side.items():
                doc = copy_state(self.side_doc(name))
                if logmod.revert_values(doc, changes, entry["n"], lenient=True):
                    data = dumps(doc).encode("utf-8")
                    self.side[name] = doc
                    atomic.atomic_write(self.side_path(name), data)
                    self.side_disk[name] = data

    def newest_entries(self) -> Iterator[dict]:
        """Every entry of the campaign, newest first: this session's pending ones (a batch's,
        not yet on disk), then the log's, read backwards in growing chunks (stop early: the
        cost is that of the entries read)."""
        for raw in reversed(self.pending):
            yield json.loads(raw)
        total, want, seen = self.log.entries, 16, 0
        while seen < total:
            found = self.log.scan(min(want, total))
            for _offset, entry in found[seen:]:
                yield entry
            seen, want = len(found), want * 4

    def check_history(self) -> list:
        """Read and check every entry of the log, in a stream (nothing kept but where each line
        starts), and the undos that stand (`check`): the undone file's lines, each `live` when its
        entry still stands in the log, read again alone from its place."""
        from array import array

        from journal.store import undone  # the log with what undo took back (check, log --all)

        offsets: array[int] = array("q")
        for _entry in self.log.stream(offsets):
            pass

        def live(entry: dict, _log_at: int) -> bool:
            n = entry["n"]
            return 0 < n <= len(offsets) and self.log.entry_at(offsets[n - 1]) == entry

        return undone.UndoneView(self.paths, self.journal.get("seed")).read_all(live)

    def history_stream(self) -> Iterator[dict]:
        """`history` as a stream (`log --all`): the log checked whole first, then read again with the
        undone entries among its own, as `undone.merged` places them."""
        undos = self.check_history()
        keyed = sorted((((lines[0].entry["n"], 0, order),
                         {**line.entry, "undone": {"time": line.record["time"], "by": line.record["by"]}})
                        for order, lines in enumerate(undos) for line in lines), key=lambda pair: pair[0])
        at = 0
        for entry in self.log.stream(checked=True):
            while at < len(keyed) and keyed[at][0] < (entry["n"], 1, 0):
                yield keyed[at][1]
                at += 1
            yield entry
        for _key, shown in keyed[at:]:
            yield shown

    @property
    def state(self) -> dict:
        return self.doc["state"]

    @property
    def journal(self) -> dict:
        return self.doc["journal"]

    @property
    def entries(self) -> int:
        return self.journal.get("entries", 0)

    # --- changing --------------------------------------------------------
    def start(self, game: Game, state: dict, seed: int, outcome: Outcome, command: str, time: str,
              dice: Dice | None = None) -> dict:
        """Create the campaign: entry 1 records how it began (and any set-up rolls, from `dice`)."""
        self.game = game
        doc = {"journal": {"game": game.ID, "schema": game.SCHEMA_VERSION, "seed": seed,
                           "dice": dice.counter if dice else 0, "entries": 1},
               "state": state}
        self._check_new(doc)
        text = dumps(doc)
        entry = {"n": 1, "at": self.log.end, "time": time, "kind": "new", "command": command,
                 "summary": outcome.summary,
                 "turn": game.turn_label(state), "rolls": [r.as_dict() for r in dice.rolls] if dice else [],
                 "before": logmod.sha(""), "after": logmod.sha(text), "game": game.ID, "seed": seed}
        self._push(entry, doc, text)
        return entry

    def apply(self, fn: Callable[..., Outcome], params: dict, *, command: str, time: str, kind: str = "command",
              dice_input: dict | None = None, side_files: Sequence[str] = (), reason: str | None = None,
              parse: Callable[[dict, dict], dict] | None = None) -> tuple[Outcome, dict]:
        """Run a rules function on the current state and log it (in memory until commit).

        `dice_input` holds the physical results typed with the command (Dice keywords:
        entered, option, draws, draw_option). `side_files` names side files the function
        reads, as `side={name: content}`; it returns their new content in `Outcome.side`.
        `reason` is why the player changed something by hand (--reason), kept in the entry.
        `parse(state, params) -> params` reads what was typed against the state first (the CLI's).
        """
        outcome, dice = self._run_rules(fn, params, dice_input, side_files, parse)
        new_journal = dict(self.journal)
        new_journal["dice"] = dice.counter
        new_journal["entries"] = self.entries + 1
        doc = {**self.doc, "journal": new_journal, "state": outcome.state}
        differ: set[tuple] = set()
        changes = logmod.diff_values(self.doc, doc, differ=differ)
        self._check_new(doc, None if ("state",) in differ else  # (the whole state is not a table, or reordered)
                        {path[1] for path in differ if len(path) > 1 and path[0] == "state"})
        text = self.texts(self.doc, doc, differ)
        entry = self._entry(outcome, dice, doc, text, changes, command=command, time=time, kind=kind, reason=reason)
        self._push(entry, doc, text)
        for name in entry.get("side", {}):
            self.side[name] = outcome.side[name]
            if name not in self.side_dirty:
                self.side_dirty.append(name)
        return outcome, entry

    def _run_rules(self, fn: Callable[..., Outcome], params: dict, dice_input: dict | None,
                   side_files: Sequence[str], parse: Callable[[dict, dict], dict] | None) -> tuple[Outcome, Dice]:
        """The rules function's outcome on the current state (what was typed read by `parse`
        first), and the dice it rolled: all the physical ones given, and no fewer."""
        if parse is not None:
            params = parse(self.state, dict(params))
        jt = self.journal
        dice = Dice(jt.get("seed"), jt.get("dice", 0), **(dice_input or {}))
        if side_files:
            params = {**params, "side": {name: copy_state(self.side_doc(name)) for name in side_files}}
        try:
            outcome = fn(self.state, dice, **params)
        except JournalError:
            if dice.short:  # the refusal may come from a die journal should not have rolled
                raise dice.short_error(at_least=True) from None
            raise
        dice.check_complete()
        dice.finish()
        return outcome, dice

    def _entry(self, outcome: Outcome, dice: Dice, doc: dict, text: str, changes: list[dict], *, command: str,
               time: str, kind: str, reason: str | None) -> dict:
        """The log entry of a command that leaves the save `doc` (its `text`): what was typed, the
        summary, the rolls, a patch back to the exact old bytes and the changed values (`changes`)."""
        jt = self.journal
        entry = {"n": doc["journal"]["entries"], "at": self.log.end + self.pending_bytes, "time": time, "kind": kind,
                 "command": command,
                 "summary": outcome.summary, "turn": self.game.turn_label(outcome.state),
                 "rolls": [r.as_dict() for r in dice.rolls],
                 "before": self.text_sha, "after": logmod.sha(text),
                 "undo": self.patch_back(text),
                 "changes": changes}
        if entry["n"] == 1:  # a history started on a save written by hand: what ties the log to it
            entry.update(game=self.game.ID, seed=jt.get("seed"))
        if reason:
            entry["reason"] = reason
        if outcome.meta:
            entry["meta"] = outcome.meta
        side = {}
        for name, content in outcome.side.items():
            changes = logmod.diff_values(self.side_doc(name), content)
            if changes:
                side[name] = changes
        if side:
            entry["side"] = side
        return entry

    def patch_back(self, text: str) -> list:
        """The patch from `text` back to the current text (`logmod.make_patch`), the current
        text's lines kept from the last call when it made them (a batch patches each line's text
        back to the line's before)."""
        lines = text.splitlines(keepends=True)
        split = self.split
        old = split[1] if split is not None and split[0] is self.text else self.text.splitlines(keepends=True)
        self.split = (text, lines)
        return logmod.patch_lines(lines, old)

    def _check_new(self, doc: dict, changed: set[str] | None = None) -> None:
        """Refuse a new document that is not a valid save. `changed`: the keys of [state] whose
        values differ from the current document's (valid: it was checked as it was read or made),
        the only ones whose types and ranges need checking again (None: all of them)."""
        problems: list[str] = []
        if not document.JOURNAL_TABLE.valid(doc["journal"]):  # a counter at its maximum
            document.JOURNAL_TABLE.check(doc["journal"], "journal", problems)
        if changed is None or changed:  # (no key changed: the state is the one found valid)
            problems += self.game.validate(doc["state"], changed)
        if problems:
            # a value typed with the command the rules did not bound: refuse rather than write a bad save
            raise RuleError(f"refused: the command would leave an invalid save ({problems[0]}); nothing was "
                            f"saved")

    def _push(self, entry: dict, doc: dict, text: str) -> None:
        line = (logmod.LINE_JSON.encode(entry) + "\n").encode("utf-8")
        size = len(text.encode("utf-8")) if len(text) > files.MAX_BYTES // 4 else 0
        if max(len(line), size) > files.MAX_BYTES:  # what no command could read back
            what = "log entry" if len(line) > files.MAX_BYTES else "save"
            raise InputError(f"refused: the command's {what} would hold {max(len(line), size)} bytes, more than "
                             f"the {files.MAX_BYTES} journal reads back: type shorter text; nothing was saved")
        self.pending.append(line)
        self.pending_bytes += len(line)
        self.doc, self.text, self.text_sha = doc, text, entry["after"]

    def _save_id(self) -> tuple[int, int] | None:
        """Which file the save is (a rename puts another one there): None when there is none."""
        try:
            st = os.stat(self.paths.save)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def commit(self) -> None:
        """Append the new entries to the log, write the side files, then swap in the new save
        (the commit point). A failure before it puts every file back as it was; nothing after it
        undoes the commit, and a Ctrl-C meanwhile stops the command once the files are whole."""
        if not self.pending and self.pending_stream is None:
            return
        count = self.pending_stream[0] if self.pending_stream is not None else len(self.pending)
        first = self.entries - count + 1
        which = f"#{first}" if count == 1 else f"#{first}-#{self.entries}"
        with interrupts.held() as held:
            late = self._write_commit(which)
            try:
                cache.write_cache(self.paths, self.text_sha, self.doc)
            except KeyboardInterrupt:
                late = True
        self.log.end += self.pending_bytes
        self.pending, self.pending_bytes, self.side_dirty, self.pending_stream = [], 0, [], None
        if held.pending or late:
            raise Interrupted(f"interrupted once {which} {'was' if count == 1 else 'were'} saved: "
                              f"{'the command' if count == 1 else f'its {count} commands'} took effect "
                              f"(journal log shows {'it' if count == 1 else 'them'})")

    def _committed(self, which: str) -> None:
        """The commit point has passed: tell whoever asked (the runtime, so that a failure after
        it never says that nothing was saved)."""
        if self.on_commit is not None:
            self.on_commit(which)

    def _write_commit(self, which: str) -> bool:
        """Write the commit; True when a KeyboardInterrupt came (raised, not held) after the save's
        rename, which stands."""
        before = self._save_id()
        had_log = os.path.lexists(self.paths.log)
        written: list[str] = []
        try:
            if self.pending_stream is not None:  # a redo's entries, streamed from the undone file
                self.pending_bytes = atomic.append_log(self.paths.log, self.log.end, self.pending_stream[1](),
                                                       self.mode)
            else:
                atomic.append_log(self.paths.log, self.log.end, b"".join(self.pending), self.mode)
            for name in self.side_dirty:
                data = self.side_bytes.pop(name, None) or dumps(self.side[name]).encode("utf-8")
                atomic.atomic_write(self.side_path(name), data, unchanged=functools.partial(self._side_unchanged, name))
                written.append(name)  # (a write that fails leaves the file as it was)
            atomic.atomic_write(self.paths.save, self.text.encode("utf-8"), unchanged=self.refuse_changed)
        except BaseException as e:
            if self.refused or self._save_id() == before:  # not committed: every file goes back
                self._roll_back(had_log, written)
                raise
            self._committed(which)
            if not isinstance(e, (KeyboardInterrupt, OSError)):
                raise
            return isinstance(e, KeyboardInterrupt)  # the folder's fsync, after the commit point
        self._committed(which)
        self._read_again()
        return False

    def refuse_changed(self) -> None:
        """Just before the save's rename: the save must still be the one this command read (an
        editor or a sync tool may have written it meanwhile: its bytes stand, the command is
        refused). A save only touched (same bytes) is the same save."""
        try:
            st = os.stat(self.paths.save)
        except FileNotFoundError:
            st = None
        if (identity(st) if st else None) == self.read_as:
            return
        try:
            same = st is not None and self.read_as is not None and \
                logmod.sha(files.read_bytes(self.paths.save).decode("utf-8")) == self.read_sha
        except (OSError, UnicodeDecodeError, JournalError):  # read as every file: a FIFO there is refused, not waited on
            same = False
        if not same:
            self.refused = True  # the save's id changed, but not by this command: nothing committed
            raise SaveError(f"{self.paths.shown}: the save changed while this command ran: run it again "
                            f"(the other program's save stands; nothing was saved)")

    def _side_unchanged(self, name: str) -> None:
        """Just before a side file's rename: it must hold the bytes this command read (a command on
        another campaign of the folder may have written it meanwhile: it stands, this one is refused)."""
        if document.read_side(self.side_path(name)) != self.side_disk.get(name):
            raise SaveError(f"{self.side_path(name)} changed while this command ran (a command on another campaign "
                            f"wrote it): run it again; nothing was saved")

    def _read_again(self) -> None:
        """After a commit: the save this session wrote is the one it holds."""
        try:
            self.read_as, self.read_sha = identity(os.stat(self.paths.save)), self.text_sha
        except OSError:
            pass

    def _roll_back(self, had_log: bool, written: list[str]) -> None:
        """Best effort after a failed commit: the side files it wrote as they were, then the log
        cut back. Should a side file not go back, the log keeps the entries: past
        journal.entries, they are what a crash leaves, and the next writer cuts them off and puts
        their side changes back."""
        try:
            for name in written:
                old = self.side_disk.get(name)
                if old is None:
                    atomic.remove(self.side_path(name))
                else:
                    atomic.atomic_write(self.side_path(name), old)
            if had_log:
                atomic.truncate_log(self.paths.log, self.log.end)
            else:
                atomic.remove(self.paths.log)
        except (OSError, JournalError):
            pass

    # --- undo ------------------------------------------------------------
    def undo(self, steps: int | None = None, *, to: int | None = None, time: str = "", by: str = "undo",
             confirm: Callable[[int, dict, dict], None] | None = None) -> Taken:
        """Revert the last `steps` commands, or those after entry `to`: exact bytes when the save was
        not edited since. `confirm(count, newest, oldest)` may stop it before anything is written.

        Everything is worked out and checked before the first write, reading the log back one entry
        at a time (the memory an undo takes does not grow with the entries it takes back). The
        undone entries go to the undone file first (journal/store/undone.py: `time`, and `by` the
        undo as typed), streamed from the log, then the save is written: that is the undo's commit
        point (a failure before it leaves every byte as it was); then the side files and the log's
        cut, which the next writer finishes should they fail.
        """
        from journal.store import undone  # undo and redo only: every other command starts without it

        count = self._undo_count(steps, to)
        text, side, shown, (start, oldest) = self._taken_back(count)
        game, doc, problems = document.check_doc(document.parse(self.paths, text))
        if problems:
            raise RuleError(f"cannot undo: the save would be invalid: {problems[0]}")
        side_text = {side_name: dumps(content).encode("utf-8") for side_name, content in side.items()}
        if confirm is not None:  # the undo can be done: the player may still say no
            confirm(count, shown[0], oldest)
        end, _last = undone.UndoneView(self.paths, self.journal.get("seed")).last_undo(self.live, whole=False)
        lines = undone.group_lines(self._log_lines(start), count, at=end, time=time, by=by,
                                   last=self._redo_record(count, text, side_text))
        with interrupts.held() as held:
            late, written = self._write_undo(text, side_text, start, (end, lines, time))
        self.side.update(side)
        self.text, self.text_sha, self.doc = text, logmod.sha(text), doc
        if held.pending or late:
            which = f"#{oldest['n']}" if count == 1 else f"#{oldest['n']}-#{shown[0]['n']}"
            raise Interrupted(f"interrupted once the undo was saved: {which} {'is' if count == 1 else 'are'} "
                              f"undone (journal log shows the history now)")
        return Taken(count, shown, self.paths.undone, end, end + written, newest_first=True)

    def _taken_back(self, count: int, quick: bool = True) -> tuple[str, dict[str, dict], list[dict],
                                                                   tuple[int, dict]]:
        """Walk the log back over the `count` entries an undo takes back, newest first, one at a
        time: each one the game may refuse to undo; the save's text and the side files as they were
        before it. Returns the text, the side files, the newest entries (KEEP of them, to show) and
        the oldest entry with its byte in the log. `quick`: the text is walked back as lines, its
        hash checked once at the end (TextBack); should that fail, the walk is made again, each
        text checked (naming the entry that does not restore its save)."""
        from journal.store.undone import KEEP

        back = TextBack(self.text, self.text_sha, quick)
        side: dict[str, dict] = {}
        shown: list[dict] = []
        oldest: tuple[int, dict] | None = None
        for offset, entry in self.log.walk_back(count):
            refusal = self.game.undo_refusal(entry, self.state)
            if refusal:
                raise RuleError(f"cannot undo entry {entry['n']} ({entry['command']}): {refusal}")
            if not back.step(entry):  # not the quick way: the text, checked at each entry
                if not back.exact():
                    return self._taken_back(count, quick=False)
                back.text, back.sha = self._text_before(back.text, back.sha, entry)
            self._side_before(side, entry)
            if len(shown) < KEEP:
                shown.append(entry)
            oldest = (offset, entry)
        assert oldest is not None  # _undo_count counted one at least
        if not back.exact():
            return self._taken_back(count, quick=False)
        return back.text, side, shown, oldest

    def _side_before(self, side: dict[str, dict], entry: dict) -> None:
        """The side files as they were before `entry`, given them as they were after it."""
        for side_name, changes in (entry.get("side") or {}).items():
            content = side.get(side_name) or copy_state(self.side_doc(side_name))
            logmod.revert_values(content, changes, entry["n"], shown=str(self.side_path(side_name)))
            side[side_name] = content

    def _undo_count(self, steps: int | None, to: int | None) -> int:
        """How many entries an undo takes back: `steps`, or those after entry `to`; refused past
        the `new` that created the campaign."""
        name = typed(self.paths.name)
        if steps is not None and steps < 1:
            raise InputError(f"--steps {steps}: expected 1 or more")
        if not self.entries:
            raise RuleError(f"nothing to undo in {name}: its history is empty")
        undoable = self.entries - 1  # entry 1 created the campaign, unless it changed a save written by hand
        count = (steps or 1) if to is None else self.entries - to
        if count >= self.entries and self._first_undoable():
            undoable = self.entries
        asked = f"undo {count}" if to is None else f"--to {to}"
        if to is not None and to >= self.entries:
            has = plural(self.entries, "entry", "entries")
            raise RuleError(f"{asked}: entry {self.entries} is the last of {name}: nothing after it to undo"
                            if to == self.entries else f"{asked}: {name} has {has}")
        if count > undoable:
            raise RuleError(f"{asked}: only {plural(undoable, 'command')} to undo in {name}"
                            + (" (entry 1 started the campaign)" if to is not None else "")
                            if undoable else f"nothing to undo in {name}: it was just created")
        return count

    def live(self, entry: dict, log_at: int) -> bool:
        """Whether an entry stands in the committed log, at byte `log_at` (an undone file's line
        that says so is a crash's leftover: journal/store/undone.py)."""
        return log_at < self.log.end and self.log.entry_at(log_at) == entry

    def _redo_record(self, count: int, text: str, side_text: dict[str, bytes]) -> dict:
        """What the last line of an undo of `count` entries adds, which leaves the save `text` and the
        side files `side_text`: what a redo needs to put every byte back."""
        side = {}
        for name, data in side_text.items():
            old = (self.side_disk.get(name) or b"").decode("utf-8")
            side[name] = {"left": logmod.sha(data.decode("utf-8")), "restores": logmod.sha(old),
                          "redo": logmod.make_patch(data.decode("utf-8"), old)}
        return {"count": count, "seed": self.journal.get("seed"), "left": logmod.sha(text),
                "restores": self.text_sha, "redo": logmod.make_patch(text, self.text),
                **({"side": side} if side else {})}

    def _log_lines(self, start: int) -> Iterator[tuple[int, bytes]]:
        """(offset, line) for the log's committed lines from byte `start` on, read forward in
        chunks (the lines `_taken_back` read and checked)."""
        f = self.log.open()
        if f is None:
            raise SaveError(f"{self.paths.log} went while undo read it: nothing was undone")
        with f:
            for offset, raw in logview.forward_records(f, start, self.log.end):
                if raw is None:  # pragma: no cover - each was read back and checked just before
                    raise SaveError(f"{self.paths.log} changed while undo read it: nothing was undone")
                yield offset, raw

    def _first_undoable(self) -> bool:
        """Whether entry 1 is a command that changed a save written by hand (not the `new` that
        created the campaign): undo puts that save back."""
        first = self.log.first()
        return first is not None and first.get("kind") != "new" and "undo" in first

    def _text_before(self, text: str, text_sha: str, entry: dict) -> tuple[str, str]:
        """The save's text before `entry` (and its hash), given it after."""
        if text_sha == entry["after"]:
            restored = logmod.apply_patch(text, entry["undo"])
            if logmod.sha(restored) != entry["before"]:
                raise SaveError(f"{self.paths.log}: entry {entry['n']} does not restore its save "
                                f"(the log was damaged)")
            return restored, entry["before"]
        if "changes" not in entry:
            raise RuleError(f"cannot undo entry {entry['n']}: the save was edited by hand since, and the "
                            f"entry does not record the values it changed (edit {self.paths.shown} by hand)")
        doc = copy_state(document.parse(self.paths, text))  # edited by hand since: revert the command's values only
        logmod.revert_values(doc, entry["changes"], entry["n"])
        text = dumps(doc)
        return text, logmod.sha(text)

    def _write_undo(self, text: str, side_text: dict[str, bytes], log_end: int,
                    record: tuple[int, Iterator[bytes], str]) -> tuple[bool, int]:
        """The undone entries first (`record`: where they go in the undone file, their lines, the
        time), then the save: once it is renamed the undo is committed, and its entries, past
        journal.entries, are what a crash leaves. Then the undo's "undone" mark, the side files and
        the log's cut: should one fail, the rest is left to the next writer, which cuts those entries
        off and puts their side changes back (an undo whose mark is missing and whose entries are
        gone from the log stands all the same). Returns whether a KeyboardInterrupt came (raised, not
        held) after the commit point, and how many bytes went to the undone file."""
        from journal.store import undone  # undo and redo only: every other command starts without it

        before = self._save_id()
        had_undone = os.path.lexists(self.paths.undone)
        late, written = False, 0
        try:
            atomic.refuse_link(self.paths.undone)
            written = atomic.append_log(self.paths.undone, record[0], record[1], self.mode)
            atomic.atomic_write(self.paths.save, text.encode("utf-8"), unchanged=self.refuse_changed)
        except BaseException as e:
            if self.refused or self._save_id() == before:  # not committed: the undone file as it was
                self._cut_undone(record[0] if had_undone else None)
                raise
            self._committed("the undo")
            if not isinstance(e, (KeyboardInterrupt, OSError)):
                raise
            late = isinstance(e, KeyboardInterrupt)
        else:
            self._committed("the undo")
        try:
            atomic.append_log(self.paths.undone, record[0] + written,
                              undone.mark_bytes(record[0] + written, "undone", record[2]), self.mode)
            for name, data in side_text.items():
                atomic.atomic_write(self.side_path(name), data)
            atomic.truncate_log(self.paths.log, log_end)
        except (OSError, JournalError):
            pass
        except KeyboardInterrupt:
            late = True
        self.log.end = log_end
        return late, written

    def _cut_undone(self, end: int | None) -> None:
        """Best effort: the undone file back to `end` bytes (None or 0: no file, as before the first
        undo). Lines left past it are a crash's leftovers, which every reader skips."""
        try:
            if not end:
                atomic.remove(self.paths.undone)
            else:
                atomic.truncate_log(self.paths.undone, end)
        except OSError:
            pass

    # --- redo ------------------------------------------------------------
    def redo(self, time: str = "") -> Taken:
        """Put back what the last undo took back, byte for byte (the save, its log, the side files,
        the undone file), while nothing else changed since. A "redoing" mark goes to the undone file
        first, then the log is appended to, the side files and the save written (the commit point,
        as for any command); then the undo's lines are cut off the undone file (should that fail,
        their entries stand in the log again after the mark, and every reader skips them). The
        undo's lines are read from the end, one at a time, then streamed into the log: the memory a
        redo takes does not grow with the entries it puts back."""
        from journal.store import undone  # undo and redo only: every other command starts without it

        view = undone.UndoneView(self.paths, self.journal.get("seed"))
        group, end = view.last_group(self.live, judge=lambda entry: self.game.undo_refusal(entry, self.state))
        if group is None:
            raise RuleError(f"nothing to redo in {typed(self.paths.name)}: no undo to take back "
                            f"(journal log --all lists what was undone)")
        self._check_redo(group)
        last = group.last.record
        text = self._redone(self.text, last, str(self.paths.save))
        game, doc, problems = document.check_doc(document.parse(self.paths, text))
        if problems or doc["journal"].get("entries") != group.last.entry["n"]:
            raise RuleError(f"cannot redo: the save would be invalid: "
                            f"{problems[0] if problems else 'journal.entries does not count the entries redone'}")
        for name, value in (last.get("side") or {}).items():
            old = (self.side_disk.get(name) or b"").decode("utf-8")
            data = self._redone(old, value, self.side_path(name)).encode("utf-8")
            self.side[name] = document.parse_side(self.side_path(name), data)
            self.side_bytes[name] = data
            self.side_dirty.append(name)
        self.pending_stream = (group.total, lambda: view.entry_lines(group))
        self.doc, self.text, self.text_sha = doc, text, last["restores"]
        before, start = self._save_id(), self.log.end
        try:
            atomic.refuse_link(self.paths.undone)
            atomic.append_log(self.paths.undone, end, undone.mark_bytes(end, "redoing", time), self.mode)
            self.commit()
        except BaseException:
            if self.refused or self._save_id() == before:  # not committed: the mark goes (as does what came after it)
                self._cut_undone(end)
            raise
        finally:
            self.pending_stream = None
        with interrupts.held() as held:
            self._cut_undone(group.first.offset)
        if held.pending:
            raise Interrupted(f"interrupted once the redo was saved: {redone_label(group)} "
                              f"{'is' if group.total == 1 else 'are'} back (journal log shows them)")
        return Taken(group.total, [line.entry for line in group.kept], self.paths.log, start, self.log.end)

    def _check_redo(self, group: undone.Group) -> None:
        """Refuse a redo when anything changed since the undo (a command, a hand edit, a side
        file), or when the game would refuse to undo the entries now (Space Kraken's rule K8)."""
        first, last = group.first, group.last.record
        which = f"{redone_label(group)} (undone {shown_time(last['time'])})"
        if self.entries != first.entry["n"] - 1 or self.log.end != first.record["log_at"]:
            after = self.log.entry_at(first.record["log_at"])
            since = (f"#{after['n']} {after['command']} ran after the undo" if after else
                     f"the log holds {plural(self.entries, 'entry', 'entries')} where the undo left "
                     f"{first.entry['n'] - 1}")
            raise RuleError(f"cannot redo {which}: {since}; redo takes back only the last undo, while nothing "
                            f"else changed since")
        if self.text_sha != last["left"]:
            raise RuleError(f"cannot redo {which}: {self.paths.shown} was edited since the undo; redo puts back "
                            f"exact bytes only (type the commands again instead)")
        for name, value in (last.get("side") or {}).items():
            self.side_doc(name)
            if logmod.sha((self.side_disk.get(name) or b"").decode("utf-8")) != value["left"]:
                raise RuleError(f"cannot redo {which}: {self.side_path(name)} changed since the undo (by another "
                                f"campaign, or by hand); redo puts back exact bytes only")
        if group.refusal is not None:
            entry, refusal = group.refusal
            raise RuleError(f"cannot redo entry {entry['n']} ({entry['command']}): {refusal}")

    def _redone(self, text: str, record: dict, shown: str) -> str:
        """A text put back as it was before the undo (`record`: its left, redo and restores)."""
        restored = logmod.apply_patch(text, record["redo"])
        if logmod.sha(restored) != record["restores"]:
            raise SaveError(f"{self.paths.undone}: the undo of {shown} does not put back its text (the file was "
                            f"damaged)")
        return restored


def redone_label(group: undone.Group) -> str:
    """#5, or #5-#7."""
    first, last = group.first.entry["n"], group.last.entry["n"]
    return f"#{first}" if first == last else f"#{first}-#{last}"


def shown_time(stamp: str) -> str:
    """A log time as shown: 2026-12-01 00:31 UTC."""
    return stamp[:16].replace("T", " ") + " UTC" if len(stamp) >= 16 else stamp
