"""Whole PDF documents: a game's tracker page(s), then the campaign log.

The game supplies only its tracker (``journal.games.sheets(id).draw_tracker(c, page, state, title)``,
state None for a blank sheet); the log pages are the same for every game. Files are
written to a temporary file beside the target and renamed into place, so a failed
render never leaves half a PDF behind. The target is the path the player named: a
symlink is followed to the file it points to (the link stays a link, the file keeps its
permissions), and a folder, FIFO or device is refused, never replaced.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from journal.errors import InputError, SaveError
from journal.pdf.logpages import ruled_pages, write_log
from journal.pdf.primitives import PAPERS, Page

# Uncompressed page streams: measured on a 20,000-entry log (756 A4 pages), they write
# ~15% faster (0.80 s vs 0.94 s) for a ~5x bigger file (7.8 MB vs 1.6 MB), which is
# no problem for a PDF meant for printing.
PAGE_COMPRESSION = 0
BLANK_LOG_PAGES = 3


def render_save(game, state: dict, entries: list[dict], out: Path, paper: str, title: str,
                progress: bool) -> int:
    """Tracker page(s) for `state`, then the campaign log of `entries`, into `out`.
    Returns the number of pages."""
    footer = f"{game.TITLE} \u00b7 {title}" if title else game.TITLE

    def draw(c, page):
        page.notes = [f"#{e.get('n', '?')} {e.get('summary', '')}" for e in entries if e.get("kind") == "note"]
        sheets_of(game).draw_tracker(c, page, state, title)
        page.new_page()
        at_a_glance(page, game, state, entries)
        write_log(page, entries, progress)

    return _write(Path(out), paper, f"{game.TITLE}: {title}" if title else game.TITLE, footer, draw)


def at_a_glance(page, game, state: dict, entries: list[dict]) -> None:
    """The "campaign at a glance" page (journal/pdf/glance.py), for a campaign with a history."""
    from journal import games
    from journal.pdf import glance
    from journal.report import model

    if len(entries) < 2:
        return
    hist = games.history(game.ID)
    walk = model.Walk(hist, state, entries)
    glance.draw_page(page, model.charts(walk, 0, len(entries), hist.UNIT), hist.UNIT)
    page.new_page()


def render_blank(game, out: Path, paper: str) -> int:
    """A blank tracker for pencil play and a few ruled log pages. Returns the page count."""

    def draw(c, page):
        sheets_of(game).draw_tracker(c, page, None, "")
        page.new_page()
        ruled_pages(page, BLANK_LOG_PAGES)

    return _write(Path(out), paper, f"{game.TITLE}: blank sheet", game.TITLE, draw)


def sheets_of(game):
    """The game's sheets module (its ``draw_tracker`` draws the tracker pages)."""
    from journal import games

    return games.sheets(game.ID)


def target(out: Path) -> tuple[Path, int | None]:
    """Where a PDF named `out` is written: the regular file it is (or a symlink points to), or
    a new file; with the permission bits of the file it replaces. Anything else is refused."""
    import stat

    real = Path(os.path.realpath(out))
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return real, None
    except OSError as e:
        raise InputError(f"-o {out}: {e.strerror or e}") from None
    if not stat.S_ISREG(st.st_mode):
        from journal.files import kind_of

        link = f" (a link to {real})" if real != Path(os.path.abspath(out)) else ""
        raise InputError(f"-o {out}{link} is {kind_of(st.st_mode)}: a PDF is written to a regular file")
    return real, stat.S_IMODE(st.st_mode)


def _write(out: Path, paper: str, doc_title: str, footer: str, draw) -> int:
    if paper not in PAPERS:
        raise InputError(f"paper {paper!r} is not one of {', '.join(PAPERS)}")
    shown = out
    out, mode = target(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.", suffix=".tmp")
        os.close(fd)
        if mode is None:
            umask = os.umask(0)                     # mkstemp makes 0600; give the usual mode
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp_name, mode)
    except OSError as e:
        raise SaveError(f"cannot write {shown}: {e.strerror or e}") from None
    tmp = Path(tmp_name)
    try:
        c = Canvas(str(tmp), pagesize=PAPERS[paper], pageCompression=PAGE_COMPRESSION)
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
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise SaveError(f"cannot write {shown}: {e.strerror or e}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return page.finished
