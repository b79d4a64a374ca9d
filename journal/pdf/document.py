"""Whole PDF documents: a game's tracker page(s), then the campaign log.

The game supplies only its tracker (``journal.games.sheets(id).draw_tracker(c, page, state, title)``,
state None for a blank sheet); the log pages are the same for every game. Files are
written to a temporary file beside the target (`.NAME.PID.tmp`) and renamed into place, so a
failed render never leaves half a PDF behind. The target is the path the player named: a new
file, or an existing PDF (replaced, keeping its mode). A symlink outside a saves folder is
followed to the PDF it points to (the link stays a link); inside one, or dangling, it is
refused, as are a folder, FIFO or device, journal's own files, a read-only file and any file that
is not a PDF.
"""

from __future__ import annotations

import os
import re
import stat
import zlib
from collections.abc import Callable, Iterable, Iterator, MutableSequence
from typing import TYPE_CHECKING

import click
from reportlab.pdfgen.canvas import Canvas

from journal import files
from journal.errors import InputError, SaveError
from journal.pdf.logpages import Events, ruled_pages, write_log
from journal.pdf import fonts
from journal.pdf.primitives import PAPERS, REGULAR, Page
from journal.store import atomic
from journal.store.paths import folder_of, journal_file

if TYPE_CHECKING:
    from journal.errors import JournalError
    from journal.games.interface import Game, History, Sheets
    from journal.report.model import Walk
    from journal.store.logview import LogView

Draw = Callable[[Canvas, Page], None]  # draws a document's pages on the canvas

# ReportLab's own page compression is off: each page's content is compressed as the page ends
# (PackedCanvas), fast (zlib level 1), so that a long log's pages are not all held as text
# until the PDF is saved.
PAGE_COMPRESSION = 0
PACK_LEVEL = 1
_PDFDOC_ODD = re.compile("[\x18-\x1f]")  # the ASCII codes PDFDocEncoding gives other characters


class PackedCanvas(Canvas):
    """A canvas that compresses each page's content stream as the page ends (Flate, the filter
    every PDF reader decodes), instead of keeping every page's text until `save` formats the
    document: the PDF of a 100,000-entry log holds a few MB of pages, not the whole text twice."""

    def showPage(self) -> None:
        super().showPage()
        from reportlab.pdfbase import pdfdoc

        page = self._doc.Pages.pages[-1]
        if page.stream and not page.Contents:
            text = page.stream  # as ReportLab encodes it (PDFDocEncoding), ASCII at once when it is that
            data = text.encode("ascii") if text.isascii() and not _PDFDOC_ODD.search(text) else pdfdoc.pdfdocEnc(text)
            packed = pdfdoc.PDFStream(content=zlib.compress(data, PACK_LEVEL))
            packed.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
            packed.__Comment__ = "page stream"
            page.Contents, page.stream = packed, None
BLANK_LOG_PAGES = 3
LOG_UNDER_CHARTS = 200.0    # the room under the glance charts on a page of their own that the log starts in


class Entries:
    """What the PDF reads of a campaign's log: its length and notes, the walk back from the save
    for the glance charts, and its entries oldest first for the log pages. A list of entries (a
    test's, the demo's) is read as it is."""

    def __init__(self, entries: list[dict]):
        self.entries = entries
        self.count = len(entries)
        self.notes = [note_line(e) for e in entries if e.get("kind") == "note"]

    def walk(self, game: Game, state: dict) -> tuple[History, Walk] | None:
        """The game's history and the glance charts' walk back (None: no history to chart)."""
        if self.count < 2:
            return None
        hist = history_of(game)
        return hist, walk_back(hist, state, reversed(self.entries), self.count)

    def forward(self) -> Iterator[dict]:
        return iter(self.entries)


class Streamed(Entries):
    """A campaign's log read as a stream (journal/store/logview.py), under the reader's lock: read
    and checked once from its end (`read_back`, before any page is drawn), walking back from the
    save for the charts, its latest notes and where each line starts kept; then read again from
    the start as the log pages are drawn. The PDF of a long campaign holds a page's entries,
    never every entry."""

    def __init__(self, log: LogView):
        from array import array

        self.log = log
        self.count = log.entries
        self.offsets: MutableSequence[int] = array("q")
        self.notes: list[str] = []
        self.walked: tuple[History, Walk] | None = None

    def read_back(self, game: Game, state: dict) -> None:
        notes: list[str] = []

        def checked() -> Iterator[dict]:
            for e in self.log.checked_back(self.offsets):
                if e.get("kind") == "note" and len(notes) < NOTES_KEPT:
                    notes.append(note_line(e))
                yield e

        newest_first = checked()
        if self.count >= 2:
            hist = history_of(game)
            self.walked = hist, walk_back(hist, state, newest_first, self.count)
        for _rest in newest_first:  # every line checked, whether charted or not
            pass
        self.notes = notes[::-1]

    def walk(self, game: Game, state: dict) -> tuple[History, Walk] | None:
        return self.walked

    def forward(self) -> Iterator[dict]:
        return self.log.stream(checked=True)


def history_of(game: Game) -> History:
    from journal import games

    return games.history(game.ID)


NOTES_KEPT = 200  # the latest notes a tracker may print: a Notes box writes at most a line a note, 60 lines


def note_line(e: dict) -> str:
    return f"#{e.get('n', '?')} {e.get('summary', '')}"


def render_save(game: Game, state: dict, entries: list[dict] | Entries, out: str, paper: str, title: str,
                progress: bool, follow_links: bool = True, error: type[JournalError] = InputError) -> int:
    """Tracker page(s) for `state`, then the campaign log of `entries` (a list, or the log read as a
    stream), into `out` (`follow_links`: whether a link there may be followed; `error`: the class of
    a refusal). Returns the number of pages."""
    footer = f"{game.TITLE} \u00b7 {title}" if title else game.TITLE
    log = entries if isinstance(entries, Entries) else Entries(entries)
    if isinstance(log, Streamed):
        log.read_back(game, state)  # the log checked whole first: a damaged one writes no file

    def draw(c: Canvas, page: Page) -> None:
        page.notes = log.notes
        page.keep_free = glance_room(log.count)     # the Notes box leaves room for the charts
        page.chart_beside = beside_room(game, state, log.count)   # ... or beside itself, for a game of one chart
        sheets_of(game).draw_tracker(c, page, state, title)
        page.keep_free = page.chart_beside = 0.0
        tracker_end = page.number
        walked = log.walk(game, state)
        if walked is not None:
            at_a_glance(page, *walked, log.count)   # in the tracker's free space when it fits there
        if page.number == tracker_end or page.remaining() < LOG_UNDER_CHARTS:
            page.new_page()                       # the log under charts that took a page of their own
        write_log(page, log.forward(), progress, events_of(game), count=log.count)

    real, mode = target(out, follow_links, error)
    return _write(out, real, mode, paper, f"{game.TITLE}: {title}" if title else game.TITLE, footer, draw)


def glance_room(count: int) -> float:
    """The room the glance charts' heading and first chart take on the tracker page (none without
    a history)."""
    from journal.pdf import glance

    return glance.FIRST_ROOM if count >= 2 else 0.0


def beside_room(game: Game, state: dict, count: int) -> float:
    """The least room a glance chart takes beside the tracker's Notes box, for a game that charts
    one tracker (EPM's Signal and EPM Meter; none without a history, nor for a chart that may be all
    zeros, which is left out): where it does not fit under the box, it goes beside it rather than
    alone on a page."""
    from journal import games
    from journal.pdf import glance

    charts = games.history(game.ID).tracks(state) if count >= 2 else {}
    values = [v for series in charts.values() for v in series.values()]
    return glance.BESIDE_ROOM if len(charts) == 1 and any(values) else 0.0


def at_a_glance(page: Page, hist: History, walk: Walk, count: int) -> None:
    """The "campaign at a glance" charts (journal/pdf/glance.py), for a campaign with a history: from
    the page's cursor when they fit there, else on a page of their own (the page is left open)."""
    from reportlab.graphics import shapes

    from journal.pdf import glance
    from journal.report import model

    shapes.STATE_DEFAULTS["fontName"] = REGULAR  # a chart's unset font: ours (embedded), not Times-Roman
    glance.draw_page(page, model.charts(walk, 0, count, hist.UNIT), hist.UNIT, scales=hist.CHART_SCALES)


def glance_walk(hist: History, state: dict, entries: list[dict]) -> Walk:
    """`walk_back` of a list of entries."""
    return walk_back(hist, state, reversed(entries), len(entries))


def walk_back(hist: History, state: dict, newest_first: Iterable[dict], count: int) -> Walk:
    """What the glance page charts, in one walk back through the changes the log records (read
    newest first, none kept): each entry's period and stage, and the trackers only where a
    period ends (the charts' points, one per turn or visit). The report's walk also gathers every
    entry's checks and bag, which the page does not show."""
    from journal.history import states_back_from
    from journal.report import model

    walk = model.Walk(hist, {}, [])
    walk.period, walk.stage, walk.tracks = [0] * count, [""] * count, [{}] * count
    later = None
    stages: dict[str, str] = {}
    for i, s in states_back_from(state, newest_first, count):
        if i < 0:
            break
        walk.period[i] = period = hist.period(s)
        stage = hist.stage(s)
        walk.stage[i] = stages.setdefault(stage, stage)  # one string per stage, not per entry
        if period != later or i == 0:          # the last entry of its period, and the set-up
            walk.tracks[i] = hist.tracks(s)
        later = period
    return walk


def render_blank(game: Game, out: str, paper: str, follow_links: bool = True,
                 error: type[JournalError] = InputError, blank: dict | None = None) -> int:
    """A blank tracker for pencil play and a few ruled log pages (`blank`: what the game's sheets
    print on it, such as War Titans' board). Returns the page count."""

    def draw(c: Canvas, page: Page) -> None:
        sheets_of(game).draw_tracker(c, page, blank, "")
        page.new_page()
        ruled_pages(page, BLANK_LOG_PAGES)

    real, mode = target(out, follow_links, error)
    return _write(out, real, mode, paper, f"{game.TITLE}: blank sheet", game.TITLE, draw)


def events_of(game: Game) -> Events | None:
    """The game's events of a log entry (its history's `events`), when it reads any."""
    from journal import games

    return getattr(games.history(game.ID), "events", None)


def sheets_of(game: Game) -> Sheets:
    """The game's sheets module (its ``draw_tracker`` draws the tracker pages)."""
    from journal import games

    return games.sheets(game.ID)


def _through_link(out: str, follow_links: bool, error: type[JournalError]) -> str:
    """The file a PDF named `out` is written to: `out`, or the file a link there points to."""
    real = os.path.realpath(out)
    if not os.path.islink(out):
        return real
    if not follow_links:
        raise error(f"{out} is a link (to {real}): journal never writes through a link in a saves folder; "
                    f"remove the link, or write the PDF elsewhere with -o")
    broken = files.broken_link(out)
    if broken:
        raise error(f"{out} {broken}: a PDF is written to a file, never through a link that leads nowhere")
    return real


def target(out: str, follow_links: bool = True, error: type[JournalError] = InputError) -> tuple[str, int | None]:
    """Where a PDF named `out` is written, and the permission bits of the file it replaces (None:
    a new file). Anything but a new file or a writable PDF is refused."""
    real = _through_link(out, follow_links, error)
    link = f" (a link to {real})" if real != os.path.abspath(out) else ""
    kind = journal_file(os.path.basename(real)) or journal_file(os.path.basename(out))
    if kind:
        raise error(f"{out}{link} is {kind}: a PDF is written to a file of its own (a name ending in .pdf)")
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return real, None
    except OSError as e:
        raise error(f"{out}: {e.strerror or e}") from None
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{out}{link} is {files.kind_of(st.st_mode)}: a PDF is written to a regular file")
    if not st.st_mode & stat.S_IWUSR:
        raise error(f"{out}{link} is read-only: journal does not replace it (make it writable, or choose another "
                    f"name)")
    with open(real, "rb") as f:
        if f.read(5) != b"%PDF-":
            raise error(f"{out}{link} exists and is not a PDF: journal replaces only a PDF (move it away, or "
                        f"choose another name)")
    return real, stat.S_IMODE(st.st_mode)


def _report_unprintable() -> None:
    """Once per PDF, on stderr: the characters no font here could draw (printed as U+FFFD)."""
    missing = fonts.take_unprintable()
    if missing:
        click.echo(f"Note: no font on this computer draws {fonts.describe(missing)}: printed as "
                   f"{fonts.REPLACEMENT} (a font covering them, found by fontconfig, is used when installed).",
                   err=True)


def _write(shown: str, out: str, mode: int | None, paper: str, doc_title: str, footer: str, draw: Draw) -> int:
    if paper not in PAPERS:
        raise InputError(f"paper {paper!r} is not one of {', '.join(PAPERS)}")
    tmp = atomic.temp_path(out)
    fonts.take_unprintable()                   # what earlier documents of this process could not print
    try:
        os.makedirs(folder_of(out), exist_ok=True)
        atomic.clean_stale(folder_of(out))  # the temporary files of renders that were killed
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | atomic.NOFOLLOW, 0o666)
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        os.close(fd)
    except OSError as e:
        raise SaveError(f"cannot write {shown}: {e.strerror or e}") from None
    try:
        c = PackedCanvas(tmp, pagesize=PAPERS[paper], pageCompression=PAGE_COMPRESSION,
                   initialFontName=fonts.get(REGULAR).fontName)  # not Helvetica: every font is embedded
        c.setTitle(doc_title)
        c.setAuthor("journal")
        c.setCreator("journal")
        c.setSubject(footer)
        page = Page(c, paper, footer)
        draw(c, page)
        page.finish()
        c.save()
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, out)
        _report_unprintable()
    except OSError as e:
        atomic.remove(tmp)
        raise SaveError(f"cannot write {shown}: {e.strerror or e}") from None
    except BaseException:
        atomic.remove(tmp)
        raise
    return page.finished
