"""Benchmark for the figures of issue 2 (not part of the default test run).

Run from a checkout with journal and its test extras installed in the current Python
environment (`pip install '.[test]'`: the floor below imports tomli_w, which journal itself no
longer needs):

    python tests/bench_figures.py [--runs 21] [--entries 20000]

It prints, measured in this one run:
  1. one state-changing command on a campaign with 20,000 log entries vs the same
     command on a new campaign (target <= 1.5x) and vs `python -c "import click,
     tomllib, tomli_w"` (target <= 2x), medians of interleaved runs;
  2. `journal batch` of 20,000 lines (target <= 20 s);
  3. `journal pdf` of that campaign vs a bare ReportLab canvas writing 20,000 lines
     of text on the same paper (target <= 2x), both as fresh processes, medians of 3 interleaved
     runs, and the peak memory of the `journal pdf` process (target <= 100 MB at 100,000 entries:
     `--pdf-only --entries 100000` builds that campaign and measures only this). The canvas draws
     twice: with Helvetica, a standard font it does not embed (the figure first measured), and with
     the DejaVu Sans Condensed that journal ships and embeds (journal/pdf/fontfiles), as every
     journal PDF now does since issue 27: the second is the like-for-like baseline, as a TrueType
     font costs ReportLab its subsetting and the glyph widths of every string. A third run draws
     with DejaVu as many text lines as journal's PDF holds (counted on its pages with pypdf: each
     entry is at least two lines, what happened and the command typed), the same number of text
     lines on the page;
  4. start-up per game: `journal show` of each game's demo save and one command of the
     game, vs the same import floor (target <= 1.5x), medians of 9 interleaved runs
     (`--startup-only` measures only this);
  5. `journal report` (Markdown, HTML to a file, BBCode, and --short) of the 20,000-entry
     campaign vs `journal log` of it (target <= 3x), medians of 3 interleaved runs, and the peak
     memory of each (target < 100 MB) (`--report-only` builds that campaign and measures only
     this: issue 28 asks it of 100,000 entries, `--report-only --entries 100000`);
  6. the start-up commands of 4 in instructions, counted by `valgrind --tool=callgrind`
     (target <= 1.6x the floor's; `--instructions` measures only this). Instruction counts do
     not move with the machine's load, as wall-clock times do.
  7. a long campaign (issue 31): the seconds and peak memory of `log`, `check`, `report` (every
     format, and --short), `luck` and `pdf` (target < 100 MB at 100,000 entries: each reads the log
     as a stream), and `undo --to 1` then `redo` (target < 3 s each, and under 100 MB); `--long-only`
     builds the campaign of `--entries` lines and measures only this.
  8. a batch line in instructions (issue 31): `valgrind --tool=callgrind` counts a batch of 401
     lines and one of 1 line on new campaigns; the difference / 400 is what a line costs beyond
     start-up (target <= 1 M); `--batch-only` measures only this and the batch of `--entries`
     lines (target < 5 s for 20,000 on a quiet machine).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TYPES = ["piloting", "diplomacy", "dexterity", "perception", "strength"]
NEW = ["epm", "new", "{name}", "--character", "Ana:piloting=1", "--character", "Bo:strength=1", "--character",
       "Cy", "--planet", "Zorb:blue", "--planet", "Kell:pink", "--planet", "Vex:yellow", "--seed", "1"]

BASELINE_PDF = """
import sys
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1], pagesize=A4)
w, h = A4
y = h - 50
for i in range(int(sys.argv[2])):
    if y < 50:
        c.showPage()
        y = h - 50
    c.setFont("Helvetica", 9)
    c.drawString(50, y, f"{i:>6}  Ana: piloting challenge (level 5): 3 +1 piloting = 4 -> LOSE  [d6=3]")
    y -= 11
c.save()
"""
# The same canvas with the TrueType font journal embeds (argv[3]: its file), registered as journal does.
BASELINE_PDF_TTF = BASELINE_PDF.replace(
    "c = canvas.Canvas(", "from reportlab.pdfbase import pdfmetrics\nfrom reportlab.pdfbase.ttfonts import TTFont\n"
    "pdfmetrics.registerFont(TTFont('DejaVuSansCondensed', sys.argv[3]))\nc = canvas.Canvas(").replace(
    '"Helvetica"', '"DejaVuSansCondensed"')


def journal_cmd() -> list[str]:
    exe = Path(sys.executable).with_name("journal")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "journal"]


def timed(cmd, **kw) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, **kw)
    return time.perf_counter() - t


def timed_peak(cmd) -> tuple[float, float]:
    """(seconds, peak resident memory in MB) of one process running `cmd`."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, cmd)
    return time.perf_counter() - t, usage.ru_maxrss / 1024


def font_file() -> str:
    """The regular font journal embeds in every PDF (journal/pdf/fontfiles)."""
    code = "from journal.pdf import fonts; import os; print(os.path.join(fonts.font_dir(), fonts.REGULAR + '.ttf'))"
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.strip()


def pdf_vs_canvas(j: list[str], tmp: Path, lines: int) -> None:
    """3. `journal pdf` of the big campaign against a bare canvas drawing as many lines, with
    Helvetica and with the TrueType font journal embeds."""
    base, ttf, pdf, peak = [], [], [], 0.0
    font = font_file()
    for _ in range(3):
        base.append(timed([sys.executable, "-c", BASELINE_PDF, str(tmp / "bare.pdf"), str(lines)]))
        ttf.append(timed([sys.executable, "-c", BASELINE_PDF_TTF, str(tmp / "bare-ttf.pdf"), str(lines), font]))
        seconds, mb = timed_peak(j + ["pdf", "-s", "big", "-o", str(tmp / "big.pdf")])
        pdf.append(seconds)
        peak = max(peak, mb)
    t_base, t_ttf, t_pdf = statistics.median(base), statistics.median(ttf), statistics.median(pdf)
    print(f"3. pdf of {lines + 1} entries vs bare canvas, {lines} lines: {t_pdf:.2f} s / {t_base:.2f} s (Helvetica) = "
          f"{t_pdf / t_base:.2f}x; / {t_ttf:.2f} s (DejaVu, embedded as journal embeds it) = {t_pdf / t_ttf:.2f}x "
          f"(target <= 2x); peak memory {peak:.0f} MB (target <= 100 MB at 100,000 entries)")
    drawn = text_lines(tmp / "big.pdf")
    same = statistics.median(timed([sys.executable, "-c", BASELINE_PDF_TTF, str(tmp / "bare-ttf.pdf"), str(drawn),
                                    font]) for _ in range(3))
    print(f"   vs a canvas drawing the {drawn} text lines journal's PDF holds (DejaVu): {t_pdf:.2f} s / {same:.2f} s = "
          f"{t_pdf / same:.2f}x")


def text_lines(pdf: Path) -> int:
    """The lines of text on a PDF's pages: the distinct baselines of each page (pypdf)."""
    from pypdf import PdfReader

    count = 0
    for page in PdfReader(str(pdf)).pages:
        baselines: set[float] = set()

        def seen(text, cm, tm, _font, _size, baselines=baselines):
            if text.strip():
                baselines.add(round(tm[5] * cm[3] + cm[5], 1))
        page.extract_text(visitor_text=seen)
        count += len(baselines)
    return count


def batch_lines(n: int) -> str:
    out = []
    for i in range(n):
        k = i % 4
        if k == 0:
            out.append(f"epm challenge {TYPES[i % 5]} --character {['Ana', 'Bo', 'Cy'][i % 3]}")
        elif k == 1:
            out.append(f"note Turn {i}: the crew presses on")
        elif k == 2:
            out.append(f"epm card {i % 13 + 1}")
        else:
            out.append("roll 2d6")
    return "\n".join(out) + "\n"


# One state-changing command per game, on a campaign begun as its demo begins (it moves a
# tracker back and forth).
GAME_COMMANDS = {
    "epm": [["epm", "track", "signal", "+1"], ["epm", "track", "signal", "-1"]],
    "titans": [["titans", "credits", "Ana", "+1"], ["titans", "credits", "Ana", "-1"]],
    "kraken": [["kraken", "credits", "+1"], ["kraken", "credits", "-1"]],
    "pulp": [["pulp", "ability", "combat", "-1"], ["pulp", "ability", "combat", "+1"]],
}
FLOOR = [sys.executable, "-c", "import click, tomllib, tomli_w"]


def startup_campaigns(j: list[str], tmp: Path) -> list[str]:
    """Each game's demo campaign (over) and one begun as its demo begins (bench-GAME), in `tmp`;
    returns the --saves option naming that folder."""
    saves = ["--saves", str(tmp)]
    subprocess.run(j + saves + ["demo"], check=True, stdout=subprocess.DEVNULL)
    for game in GAME_COMMANDS:  # demo campaigns are over: begin each anew, as its demo does
        code = (f"import shlex; from journal import templates; s = templates.load({game!r}, 'demo.toml'); "
                f"print(s['new'].replace('{{templates}}', shlex.quote(str(templates.root()))))")
        new = subprocess.run([str(Path(j[0]).with_name("python")), "-c", code], check=True, capture_output=True,
                             text=True).stdout
        args = shlex.split(new)
        args[2] = f"bench-{game}"
        subprocess.run(j + saves + args, check=True, stdout=subprocess.DEVNULL)
    return saves


def instructions(j: list[str]) -> None:
    """5. Each game's `show` and one of its commands against the import floor, in instructions."""
    tmp = Path(tempfile.mkdtemp(prefix="journal-instructions-"))
    try:
        saves = startup_campaigns(j, tmp)
        floor = counted(FLOOR)
        print(f"6. start-up in instructions (valgrind --tool=callgrind) vs python -c 'import click, tomllib, "
              f"tomli_w' ({floor / 1e6:.1f} M) (target <= 1.6x):")
        for game, commands in GAME_COMMANDS.items():
            for label, cmd in ((f"{game} show", ["show", "-s", f"demo-{game}"]),
                               (" ".join(commands[0]), [*commands[0], "-s", f"bench-{game}"])):
                n = counted(j + saves + cmd)
                print(f"   {label:<28} {n / 1e6:7.1f} M  {n / floor:.2f}x")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def counted(cmd: list[str]) -> int:
    """The instructions a process runs in user space, as callgrind counts them."""
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(next(line for line in r.stderr.splitlines() if "Collected :" in line).split(":")[-1])


def startup(j: list[str], runs: int = 9) -> None:
    """4. Each game's `show` and one of its commands against the import floor."""
    tmp = Path(tempfile.mkdtemp(prefix="journal-startup-"))
    try:
        saves = startup_campaigns(j, tmp)
        times: dict[str, list[float]] = {"floor": []}
        for i in range(runs):
            times["floor"].append(timed(FLOOR))
            for game, commands in GAME_COMMANDS.items():
                times.setdefault(f"{game} show", []).append(timed(j + saves + ["show", "-s", f"demo-{game}"]))
                cmd = commands[i % 2]
                times.setdefault(" ".join(cmd[:2]), []).append(
                    timed(j + saves + [*cmd, "-s", f"bench-{game}"]))
        floor = statistics.median(times.pop("floor"))
        print(f"4. start-up vs python -c 'import click, tomllib, tomli_w' ({floor * 1000:.1f} ms), medians of "
              f"{runs} (target <= 1.5x):")
        for label, values in times.items():
            m = statistics.median(values)
            print(f"   {label:<22} {m * 1000:6.1f} ms  {m / floor:.2f}x")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def peak_mb(cmd: list[str]) -> float:
    """The peak resident memory of one run of `cmd`, in MB (its own process)."""
    return timed_peak(cmd)[1]


def report_vs_log(j: list[str], tmp: Path, entries: int) -> None:
    """5. `journal report` of the big campaign against `journal log` of it, side by side, and the
    peak memory of each."""
    runs = {"log": j + ["log", "-s", "big"], "Markdown": j + ["report", "-s", "big"],
            "HTML": j + ["report", "-s", "big", "--format", "html", "-o", str(tmp / "big.html")],
            "BBCode": j + ["report", "-s", "big", "--format", "bbcode"],
            "short": j + ["report", "-s", "big", "--short"]}
    times: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(3):
        for label, cmd in runs.items():
            times[label].append(timed(cmd))
    m_log = statistics.median(times["log"])
    print(f"5. report of {entries} entries vs journal log ({m_log:.2f} s, {peak_mb(runs['log']):.0f} MB), "
          f"target <= 3x and < 100 MB:")
    for label, cmd in list(runs.items())[1:]:
        m = statistics.median(times[label])
        print(f"   {label:<9} {m:6.2f} s = {m / m_log:.2f}x   peak {peak_mb(cmd):.0f} MB")


def long_campaign(j: list[str], tmp: Path, entries: int) -> None:
    """7: time and memory of the commands that read the whole log, and undo --to 1 / redo, on `big`."""
    print(f"7. long campaign of {entries} entries ({(tmp / 'big.log.jsonl').stat().st_size / 1e6:.0f} MB of log):")
    for args in (["log"], ["check"], ["report"], ["report", "--format", "html", "-o", str(tmp / "long.html")],
                 ["report", "--format", "bbcode"], ["report", "--short"], ["luck"],
                 ["pdf", "-o", str(tmp / "long.pdf")]):
        seconds, mb = timed_peak(j + ["-s", "big"] + args)
        label = " ".join(a for a in args if not a.startswith(str(tmp)) and a != "-o")
        print(f"   {label:<22} {seconds:6.2f} s  peak {mb:6.0f} MB (target < 100 MB at 100,000)")
    t_undo, mb_undo = timed_peak(j + ["undo", "-s", "big", "--to", "1", "--yes"])
    t_redo, mb_redo = timed_peak(j + ["redo", "-s", "big"])
    print(f"   undo --to 1 {t_undo:.2f} s, peak {mb_undo:.0f} MB; redo {t_redo:.2f} s, peak {mb_redo:.0f} MB "
          f"(target < 3 s and < 100 MB each at 100,000)")


def batch_instructions(j: list[str], tmp: Path, lines: int = 401) -> None:
    """8. What a batch line costs beyond start-up, in instructions: a batch of `lines` lines less
    a batch of 1 line (each on a campaign of its own, begun as the others), / (lines - 1)."""
    saves = ["--saves", str(tmp / "counted")]
    counts = []
    for n in (1, lines):
        name = f"counted{n}"
        subprocess.run(j + saves + [a.format(name=name) for a in NEW], check=True, stdout=subprocess.DEVNULL)
        (tmp / f"counted{n}.txt").write_text(batch_lines(n))
        counts.append(counted(j + saves + ["batch", "-s", name, str(tmp / f"counted{n}.txt")]))
    per_line = (counts[1] - counts[0]) / (lines - 1)
    print(f"8. a batch line in instructions (valgrind --tool=callgrind): ({counts[1] / 1e6:.1f} M for {lines} lines "
          f"- {counts[0] / 1e6:.1f} M for 1) / {lines - 1} = {per_line / 1e6:.2f} M (target <= 1 M)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--entries", type=int, default=20000)
    ap.add_argument("--startup-only", action="store_true", help="Only the per-game start-up ratios.")
    ap.add_argument("--instructions", action="store_true", help="Only the start-up instruction counts.")
    ap.add_argument("--report-only", action="store_true", help="Only report vs log on the big campaign.")
    ap.add_argument("--pdf-only", action="store_true", help="Only pdf vs a bare canvas on the big campaign.")
    ap.add_argument("--long-only", action="store_true", help="Only the long campaign's memory and undo/redo.")
    ap.add_argument("--batch-only", action="store_true",
                    help="Only the batch of --entries lines and a batch line's instructions.")
    args = ap.parse_args()
    j = journal_cmd()
    if args.startup_only or args.instructions:
        (instructions if args.instructions else startup)(j)
        return
    tmp = Path(tempfile.mkdtemp(prefix="journal-bench-"))
    try:
        saves = ["--saves", str(tmp)]
        for name in ("small", "big"):
            subprocess.run(j + saves + [a.format(name=name) for a in NEW], check=True, stdout=subprocess.DEVNULL)
        batch_file = tmp / "lines.txt"
        batch_file.write_text(batch_lines(args.entries))

        # 2. batch
        t_batch = timed(j + saves + ["batch", "-s", "big", str(batch_file)])
        if args.report_only:
            report_vs_log(j + saves, tmp, args.entries + 1)
            return
        if args.pdf_only:
            pdf_vs_canvas(j + saves, tmp, args.entries)
            return
        if args.long_only:
            long_campaign(j + saves, tmp, args.entries + 1)
            return
        if args.batch_only:
            print(f"2. batch of {args.entries} lines: {t_batch:.1f} s (target <= 20 s; < 5 s for 20,000 on a quiet "
                  f"machine)")
            if shutil.which("valgrind"):
                batch_instructions(j, tmp)
            return

        # 1. one command, interleaved medians
        small, big, bare = [], [], []
        for i in range(args.runs):
            delta = "+1" if i % 2 == 0 else "-1"
            small.append(timed(j + saves + ["epm", "track", "-s", "small", "signal", delta]))
            big.append(timed(j + saves + ["epm", "track", "-s", "big", "signal", delta]))
            bare.append(timed([sys.executable, "-c", "import click, tomllib, tomli_w"]))
        m_small, m_big, m_bare = (statistics.median(x) for x in (small, big, bare))

        entries = args.entries + 1

        print(f"journal: {' '.join(j)}   python {sys.version.split()[0]}   {os.cpu_count()} cores")
        print(f"1. one command, {entries + args.runs} entries vs new campaign: {m_big * 1000:.1f} ms / "
              f"{m_small * 1000:.1f} ms = {m_big / m_small:.2f}x (target <= 1.5x)")
        print(f"   vs python -c 'import click, tomllib, tomli_w': {m_big * 1000:.1f} ms / {m_bare * 1000:.1f} ms = "
              f"{m_big / m_bare:.2f}x (target <= 2x)")
        print(f"2. batch of {args.entries} lines: {t_batch:.1f} s (target <= 20 s)")
        pdf_vs_canvas(j + saves, tmp, args.entries)
        report_vs_log(j + saves, tmp, entries)
        startup(j)
        if shutil.which("valgrind"):
            instructions(j)
            batch_instructions(j, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
