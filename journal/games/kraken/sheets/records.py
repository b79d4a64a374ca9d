"""The blank sheet's last page: the achievements unlocked (they hold for every later campaign) and
the campaign scores claimed, for pencil."""

from __future__ import annotations

from journal.games.kraken.model.constants import DIFFICULTY_TEXT, SCORE_FACTOR
from journal.pdf.flow import PENCIL_ROW, grid, heading, rows_that_fit
from journal.pdf.primitives import BOLD, MUTED, REGULAR, text, wrap_text

ACHIEVEMENT_ROWS = 12


def _factor(difficulty: str) -> str:
    num, den = SCORE_FACTOR[difficulty]
    return f"{DIFFICULTY_TEXT[difficulty]} x{num}/{den}" if den > 1 else f"{DIFFICULTY_TEXT[difficulty]} x{num}"


def draw_records(c, page) -> None:
    """Achievements (name, bonus, when and in which campaign) and campaign scores (surviving crew
    levels times the difficulty's factor), rows to write in."""
    x, w = page.x0, page.width
    text(c, x, page.cursor - 16, "ACHIEVEMENTS AND SCORES", BOLD, 16)
    page.take(26)
    say = ("An achievement's bonus holds in every later campaign, a reload and a new save alike. A won campaign "
           "claims a score: the surviving crew's levels added up, times the difficulty's factor ("
           + ", ".join(_factor(d) for d in SCORE_FACTOR) + "; a half is rounded up).")
    for line in wrap_text(say, REGULAR, 8, w):
        text(c, x, page.cursor - 8, line, REGULAR, 8, grey=MUTED)
        page.take(10)
    page.take(8)
    page.take(heading(c, x, page.cursor, w, "Achievements", right="unlocked: tick, and note the bonus"))
    rows = [[None, None, None, None] for _ in range(ACHIEVEMENT_ROWS)]
    h = grid(c, x, page.cursor, [w * 0.32, w * 0.38, w * 0.16, w * 0.14], rows, row_h=PENCIL_ROW,
             header=["Achievement", "Bonus (every later campaign)", "Campaign", "Date"], zebra=False)
    page.take(h + 12)
    page.take(heading(c, x, page.cursor, w, "Campaign scores", right="surviving crew levels x factor"))
    n = max(3, rows_that_fit([PENCIL_ROW] * 40, page.remaining() - PENCIL_ROW - 2))
    rows = [[None] * 6 for _ in range(n)]
    widths = [w * f for f in (0.26, 0.2, 0.16, 0.14, 0.12, 0.12)]
    h = grid(c, x, page.cursor, widths, rows, row_h=PENCIL_ROW,
             header=["Campaign", "Difficulty", "Crew levels", "Factor", "Score", "Date"], zebra=False)
    page.take(h)
