"""The shared commands that print a campaign: pdf, sheet, report, luck (ReportLab and the report's
modules are imported only when one of them runs)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable

import click

from journal import files, games
from journal.errors import InputError, SaveError
from journal.options import JournalCommand, save_option
from journal.runtime import Runtime, pass_rt
from journal.store.paths import SavePaths, folder_of
from journal.text import plural, shown


WRITABLE = (".md", ".markdown", ".html", ".htm", ".txt", ".bbcode")  # what `report -o` may replace


@click.command(cls=JournalCommand)
@save_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="PDF file (default: beside the save).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@pass_rt
def pdf(rt: Runtime, save: str | None, output: str | None, paper: str) -> None:
    """Trackers for the current state, then the campaign log."""
    from journal.pdf import document

    with rt.read(save) as s:  # the log is read as the pages are drawn, under the shared lock
        paths = s.paths
        out = files.clean_path(output) if output else paths.save[: -len(".toml")] + ".pdf"
        pages = document.render_save(s.game, s.state, document.Streamed(s.log), out, paper, title=paths.name,
                                     progress=not rt.json and sys.stderr.isatty(),
                                     follow_links=not in_saves_folder(rt, out, paths),
                                     error=InputError if output else SaveError)
    rt.committed(f"the file {out}")  # a failure to say so (stdout on a full disk) must not deny it
    rt.emit(f"Wrote {out} ({pages} pages, {paper}).", {"pdf": str(out), "pages": pages, "paper": paper})


def in_saves_folder(rt: Runtime, out: str, paths: SavePaths | None = None) -> bool:
    """Whether a file is in the saves folder (or the folder of the save at hand): there a link is
    never written through, as a folder received from someone could point it at any file."""
    where = os.path.realpath(os.path.dirname(os.path.abspath(out)))
    folders = [rt.saves_dir] + ([os.path.dirname(paths.save) or "."] if paths else [])
    return any(where == os.path.realpath(folder) for folder in folders)


@click.command(cls=JournalCommand)
@click.argument("game", type=click.Choice(list(games.GAMES)), required=False)
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="PDF file (default: GAME-sheet.pdf in the saves folder, where `pdf` writes too).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--board", metavar="FILE",
              help="War Titans: print your board's cities (name, type, HP) and rifts on the sheet (the format of "
                   "templates:titans/board-sample.toml).")
@save_option
@pass_rt
def sheet(rt: Runtime, game: str | None, output: str | None, paper: str, board: str | None,
          save: str | None) -> None:
    """Blank trackers for pencil play (GAME: default, the current campaign's game)."""
    from journal.pdf import document

    game = game or rt.current_game(save).ID
    blank = board_sheet(game, board) if board is not None else None
    out = files.clean_path(output) if output else os.path.join(rt.saves_dir, f"{game}-sheet.pdf")
    pages = document.render_blank(games.load(game), out, paper, follow_links=not in_saves_folder(rt, out),
                                  blank=blank)
    rt.committed(f"the file {out}")  # a failure to say so (stdout on a full disk) must not deny it
    rt.emit(f"Wrote {out} ({pages} pages, {paper}).", {"pdf": str(out), "pages": pages, "paper": paper})


def board_sheet(game: str, board: str) -> dict:
    """What a blank War Titans sheet prints of the board in file `board` (read and checked as `titans
    new --board` reads it); refused for another game."""
    if game != "titans":
        raise InputError(f"--board is for War Titans (titans) only, not {game}: the other games have no board file")
    from journal.games.titans import sheets
    from journal.games.titans.cli.files import SAMPLE_BOARD, load_board, read_data_file

    doc, name = read_data_file(board, SAMPLE_BOARD, "--board")
    return sheets.blank_board(*load_board(doc, f"--board {name}"))


def selection(f: Callable[..., None]) -> Callable[..., None]:
    f = click.option("--turns", metavar="A-B",
                     help="Only the turns (visits, rounds) A to B, as the game numbers them.")(f)
    f = click.option("--since", type=click.IntRange(min=1), metavar="ENTRY", help="Only from log entry ENTRY on.")(f)
    f = click.option("--last-session", is_flag=True,
                     help="Only the last session of play (a pause of 3 hours or more starts a new one).")(f)
    return f


def scope(last_session: bool, since: int | None, turns: str | None) -> tuple[int, int] | None:
    """The --turns span, once the three ways of choosing a part of the log are checked."""
    from journal.report import model

    if sum(map(bool, (last_session, since is not None, turns))) > 1:
        raise click.UsageError("choose one of --last-session, --since and --turns")
    return model.parse_turns(turns) if turns else None


SIGNED = "written by journal report: it replaces this file when asked to"
# The last line of a report file, saying journal wrote it, in a form the format's readers do not
# show: an HTML comment; in Markdown a link reference definition (CommonMark shows none, where a
# forum that escapes HTML would show a comment); BoardGameGeek drops a post from its first `<` on.
SIGNATURES = {"md": f"\n[//]: # ({SIGNED})\n",  # (after a blank line: a paragraph would take it in)
              "html": f"<!-- {SIGNED} -->\n", "bbcode": f"<!-- {SIGNED} -->\n"}


def written_by_journal(path: str) -> bool:
    """Whether a file is a report journal wrote (it ends with journal's signature, in any format's
    form): the only kind of existing file `report -o` replaces. Read without blocking, and its end only."""
    try:
        with files.open_regular(path, error=InputError) as f:
            size = os.fstat(f.fileno()).st_size
            f.seek(max(0, size - max(len(line.encode("utf-8")) for line in SIGNATURES.values()) - 2))
            return SIGNED in f.read().decode("utf-8", errors="replace")
    except (OSError, InputError):
        return False


def write(path: str, parts: Iterable[str], signature: str) -> None:
    """A report file: a new one, or one journal wrote before (never another file, whatever its
    name); its control characters written out as on a terminal (a note's ESC or BEL would retitle
    the terminal of whoever runs `cat` on it), and journal's `signature` (SIGNATURES) at its end. Written piece by
    piece to a temporary file beside it, renamed into place once whole."""
    from journal.store import atomic

    if os.path.isdir(path):
        raise InputError(f"-o {path} is a folder: name a file")
    if os.path.lexists(path) and not (path.lower().endswith(WRITABLE) and written_by_journal(path)):
        raise InputError(f"-o {path} exists and journal did not write it: journal replaces only the reports it "
                         f"wrote; choose another name, or move that file away")
    tmp = atomic.stage(path, b"", durable=False)
    try:
        last = "\n"
        with open(tmp, "ab") as f:
            for text in atomic.blocks(parts, 1 << 16):
                f.write(shown(text).encode("utf-8"))
                last = text[-1:] or last
            f.write((("" if last == "\n" else "\n") + signature).encode("utf-8"))
            f.flush()
            atomic.fsync(f.fileno())
        atomic.replace(tmp, path)
    except BaseException:  # whatever stopped it, no temporary file stays behind
        atomic.remove(tmp)
        raise
    atomic.sync_folder(folder_of(path))


RENDERERS = {"md": "markdown", "html": "html", "bbcode": "bbcode"}


@click.command(cls=JournalCommand)
@save_option
@click.option("--format", "fmt", type=click.Choice(list(RENDERERS)), default="md", show_default=True,
              help="md: Markdown, for a blog, a forum that takes Markdown, or Discord (with --short). "
                   "html: one self-contained page, for a blog or to open and print. "
                   "bbcode: BoardGameGeek's markup, for a BGG session report.")
@click.option("--short", is_flag=True,
              help="Only the headline, the turning points and the luck in one sentence, at most 2,000 "
                   "characters (a chat message; an HTML page keeps its style besides).")
@click.option("-o", "--output", metavar="FILE",
              help="Write here (- for stdout). Default: Markdown and BBCode to stdout, HTML to NAME.html beside "
                   "the save.")
@selection
@pass_rt
def report(rt: Runtime, save: str | None, fmt: str, short: bool, output: str | None, last_session: bool,
           since: int | None, turns: str | None) -> None:
    """A play report to share: a headline, the turning points, the story turn by turn (routine
    entries folded, the full story after), who did what, the trackers over time and the luck in
    one sentence with each die's faces. Markdown suits a blog or a forum that takes Markdown, and
    with --short a chat such as Discord; BBCode suits BoardGameGeek; HTML, a page of its own."""
    import importlib

    from journal.report import streamed

    span = scope(last_session, since, turns)
    renderer = importlib.import_module(f"journal.report.{RENDERERS[fmt]}")
    with rt.read(save) as s:  # the story is read from the log as the report is written, under the shared lock
        r = streamed.build(s.game, s.paths.name, s.state, s.log, last_session, since, span)
        parts = [renderer.render_short(r)] if short else renderer.render_parts(r)
        if output is None and fmt == "html":
            output = s.paths.save[: -len(".toml")] + ".html"
        if output is None or output == "-":
            if rt.json:
                rt.emit([], {"format": fmt, "text": "".join(parts)})
            else:
                from journal.store.atomic import blocks

                for text in blocks(parts, 1 << 16):  # unwrapped (prose wrapping would break its lines), no raw control
                    click.echo(shown(text), nl=False)
            return
        out = files.clean_path(output)
        write(out, parts, SIGNATURES[fmt])
    rt.committed(f"the file {out}")
    rt.emit(f"Wrote {out} ({fmt}, {plural(sum(len(s.entries) for s in r.sessions), 'log entry', 'log entries')}).",
            {"format": fmt, "file": out})


@click.command(cls=JournalCommand)
@save_option
@selection
@pass_rt
def luck(rt: Runtime, save: str | None, last_session: bool, since: int | None, turns: str | None) -> None:
    """The luck audit: checks with known odds (successes expected and had), each die's faces (yours
    and journal's apart) against a fair die, and cube draws against the bag."""
    from journal.report import streamed
    from journal.report.luck import text_lines

    span = scope(last_session, since, turns)
    with rt.read(save) as s:
        r = streamed.build(s.game, s.paths.name, s.state, s.log, last_session, since, span)
    rt.emit([f"Luck audit of '{r.name}', {r.scope}:"] + text_lines(r.luck), r.luck)
