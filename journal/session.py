"""An open campaign: load under a lock, apply rules, log, commit or roll back.

A single command opens a Session, applies one rules function and commits. A batch
opens one Session, applies every line in memory and commits once, so either all of
its entries land or none does. Nothing touches the disk before ``commit``.
"""

from __future__ import annotations

import copy
import json

import tomli_w

from journal import log as logmod
from journal import save as savemod
from journal.dice import Dice
from journal.errors import JournalError, RuleError, SaveError
from journal.outcome import Outcome


def invalid(paths, problems: list[str]) -> SaveError:
    more = f" (and {len(problems) - 1} more problem(s): see `journal check -s {paths.name}`)" \
        if len(problems) > 1 else ""
    return SaveError(f"invalid save {paths.shown}: {problems[0]}{more}", problems)


def dumps(doc: dict) -> str:
    return tomli_w.dumps(doc)


class Session:
    """A save held under its folder's lock."""

    def __init__(self, paths: savemod.SavePaths, *, exclusive: bool = True, create: bool = False):
        self.paths = paths
        self.exclusive = exclusive
        self.create = create
        self.pending: list[bytes] = []
        self.game = None
        self.text = ""
        self.doc: dict | None = None
        self.log: savemod.LogView | None = None
        self._lock = None

    # --- context ---------------------------------------------------------
    def __enter__(self) -> "Session":
        folder = self.paths.save.parent
        if self.create:
            folder.mkdir(parents=True, exist_ok=True)
        elif not folder.is_dir():
            savemod.read_text(self.paths)  # raises the friendly "no save" error
        self._lock = savemod.locked(folder, self.exclusive)
        self._lock.__enter__()
        try:
            if self.create:
                if self.paths.save.exists():
                    raise RuleError(f"save '{self.paths.name}' already exists ({self.paths.shown}): "
                                    f"choose another name, or delete it first")
                self.log = savemod.LogView(self.paths, 0)
                self.log.end = 0
            else:
                self.load()
        except BaseException:
            self._lock.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc):
        self._lock.__exit__(*exc)
        return False

    # --- reading ---------------------------------------------------------
    def load(self) -> None:
        self.text = savemod.read_text(self.paths)
        doc = savemod.parse(self.paths, self.text)
        game, doc, problems = savemod.check_doc(doc)
        if problems:
            raise invalid(self.paths, problems)
        self.game, self.doc = game, doc
        self.log = savemod.LogView(self.paths, self.entries)
        self.log.scan(1)

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
    def start(self, game, state: dict, seed: int, outcome: Outcome, command: str, time: str,
              dice: Dice | None = None) -> dict:
        """Create the campaign: entry 1 records how it began (and any set-up rolls, from `dice`)."""
        self.game = game
        doc = {"journal": {"game": game.ID, "schema": game.SCHEMA_VERSION, "seed": seed,
                           "dice": dice.counter if dice else 0, "entries": 1},
               "state": state}
        self._check_new(doc)
        text = dumps(doc)
        entry = {"n": 1, "time": time, "kind": "new", "command": command, "summary": outcome.summary,
                 "turn": game.turn_label(state), "rolls": [r.as_dict() for r in dice.rolls] if dice else [],
                 "before": logmod.sha(""), "after": logmod.sha(text)}
        self._push(entry, doc, text)
        return entry

    def apply(self, fn, params: dict, *, command: str, time: str, kind: str = "command",
              dice_input: dict | None = None) -> tuple[Outcome, dict]:
        """Run a rules function on the current state and log it (in memory until commit).

        `dice_input` holds the physical results typed with the command (Dice keywords:
        entered, option, draws, draw_option).
        """
        jt = self.journal
        dice = Dice(jt.get("seed"), jt.get("dice", 0), **(dice_input or {}))
        outcome = fn(self.state, dice, **params)
        dice.finish()
        new_journal = dict(jt)
        new_journal["dice"] = dice.counter
        new_journal["entries"] = self.entries + 1
        doc = {**self.doc, "journal": new_journal, "state": outcome.state}
        self._check_new(doc)
        text = dumps(doc)
        entry = {"n": new_journal["entries"], "time": time, "kind": kind, "command": command,
                 "summary": outcome.summary, "turn": self.game.turn_label(outcome.state),
                 "rolls": [r.as_dict() for r in dice.rolls],
                 "before": logmod.sha(self.text), "after": logmod.sha(text),
                 "undo": logmod.make_patch(text, self.text),
                 "changes": logmod.diff_values(self.doc, doc)}
        if outcome.meta:
            entry["meta"] = outcome.meta
        self._push(entry, doc, text)
        return outcome, entry

    def _check_new(self, doc: dict) -> None:
        problems = self.game.validate(doc["state"])
        if problems:
            # the rules should never produce this; refuse rather than write a bad save
            raise JournalError(f"internal error: the result would be an invalid save: {problems[0]}")

    def _push(self, entry: dict, doc: dict, text: str) -> None:
        self.pending.append((json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
                            .encode("utf-8"))
        self.doc, self.text = doc, text

    def commit(self) -> None:
        """Append the new entries to the log, then swap in the new save (the commit point)."""
        if not self.pending:
            return
        savemod.append_log(self.paths.log, self.log.end, b"".join(self.pending))
        savemod.atomic_write(self.paths.save, self.text.encode("utf-8"))
        self.pending = []

    # --- undo ------------------------------------------------------------
    def undo(self, steps: int) -> list[dict]:
        """Revert the last `steps` commands: exact bytes when the save was not edited since."""
        if steps < 1:
            raise RuleError(f"--steps {steps}: expected 1 or more")
        undoable = self.entries - 1  # entry 1 created the campaign
        if steps > undoable:
            raise RuleError(f"--steps {steps}: only {undoable} command(s) to undo in '{self.paths.name}'"
                            if undoable else f"nothing to undo in '{self.paths.name}': it was just created")
        found = self.log.scan(steps)
        text = self.text
        for _offset, entry in found:
            refusal = self.game.undo_refusal(entry, self.state)
            if refusal:
                raise RuleError(f"cannot undo entry {entry['n']} ({entry['command']}): {refusal}")
        for _offset, entry in found:
            if logmod.sha(text) == entry["after"]:
                restored = logmod.apply_patch(text, entry["undo"])
                if logmod.sha(restored) != entry["before"]:
                    raise SaveError(f"{self.paths.log}: entry {entry['n']} does not restore its save "
                                    f"(the log was damaged)")
                text = restored
            else:  # edited by hand since: revert the command's values only
                doc = copy.deepcopy(savemod.parse(self.paths, text))
                logmod.revert_values(doc, entry["changes"], entry["n"])
                text = dumps(doc)
        doc = savemod.parse(self.paths, text)
        game, doc, problems = savemod.check_doc(doc)
        if problems:
            raise RuleError(f"cannot undo: the save would be invalid: {problems[0]}")
        savemod.atomic_write(self.paths.save, text.encode("utf-8"))
        savemod.truncate_log(self.paths.log, found[-1][0])
        self.text, self.doc = text, doc
        return [entry for _o, entry in found]
