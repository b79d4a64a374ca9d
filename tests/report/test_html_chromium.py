"""Each demo campaign's HTML report, opened by headless Chromium (Debian's `chromium`; .ci/run
installs it): no console error, no request leaving the file (Chromium's own network log), and a
screenshot that is not blank. Control pages prove the detectors see what they look for."""

from __future__ import annotations

import json
import shutil
import subprocess
from html import escape
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)"),
              pytest.mark.slow]  # a browser per test: the long runs (the README's second command)


def open_page(page: Path, tmp: Path) -> tuple[list[str], list[str], Path]:
    """(console messages, URLs requested other than the file itself, the screenshot)."""
    shot, netlog = tmp / f"{page.stem}.png", tmp / f"{page.stem}.net.json"
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-extensions", "--disable-background-networking", "--disable-sync",
                        "--disable-component-update", "--enable-logging=stderr", "--v=0",
                        f"--user-data-dir={tmp / 'profile'}", f"--log-net-log={netlog}",
                        "--window-size=1000,1400", f"--screenshot={shot}", page.as_uri()],
                       capture_output=True, text=True, timeout=120)
    console = [line for line in r.stderr.splitlines() if "CONSOLE" in line or "Refused to" in line]
    text = netlog.read_text()
    log = json.loads(text if text.rstrip().endswith("}") else text + "]}")  # a log cut at exit lacks its end
    start_job = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    urls = set()
    for event in log["events"]:
        params = event.get("params") or {}
        # the page's requests: Chromium's own (updates, time) have no origin as their initiator
        if event["type"] == start_job and "url" in params and params.get("initiator") != "not an origin":
            if not str(params.get("url")).startswith(("file:", "data:")):
                urls.add(params["url"])
    return console, sorted(urls), shot


def not_blank(shot: Path) -> bool:
    from PIL import Image

    histogram = Image.open(shot).convert("L").histogram()  # pixels by grey level, 0 black to 255 white
    return sum(histogram[:200]) > 2000 and sum(1 for n in histogram if n) > 8


def test_the_detectors_see_a_console_error_and_a_request_leaving_the_file(tmp_path):
    page = tmp_path / "control.html"
    page.write_text('<!DOCTYPE html><html><body><p>control</p><img src="http://journal-test.invalid/x.png">'
                    '<script>console.error("control error")</script></body></html>')
    console, urls, shot = open_page(page, tmp_path)
    assert any("control error" in line for line in console)
    assert "http://journal-test.invalid/x.png" in urls
    assert not not_blank(shot)  # a page with one word is blank enough


@pytest.fixture(scope="module")
def demo_reports(tmp_path_factory) -> Path:
    from journal_testing import run

    folder = tmp_path_factory.mktemp("html")
    saves = folder / "saves"
    assert run(saves, "demo").exit_code == 0
    for game in ("epm", "titans", "kraken", "pulp"):
        assert run(saves, "report", "-s", f"demo-{game}", "--format", "html").exit_code == 0
    return saves


@pytest.mark.parametrize("game", ["epm", "titans", "kraken", "pulp"])
def test_the_demo_html_report_opens_clean_in_chromium(demo_reports, game, tmp_path):
    page = demo_reports / f"demo-{game}.html"
    text = page.read_text("utf-8")
    assert "<script" not in text and "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    console, urls, shot = open_page(page, tmp_path)
    assert console == []
    assert urls == []
    assert not_blank(shot)


# The page's own layout, measured by Chromium at a phone's and a desktop's width: a copy of the
# report with a script added (the report itself forbids scripts) that opens the full story, then
# lists every element wider than the viewport (outside a box that scrolls) and every SVG text
# drawn under 11 px.
MEASURE = """<script>
document.querySelectorAll("details").forEach(d => { d.open = true; });
const vw = document.documentElement.clientWidth;
const wide = [];
for (const el of document.body.querySelectorAll("*")) {
  if (el.closest(".scroll") && !el.classList.contains("scroll")) continue;
  const box = el.getBoundingClientRect();
  if (box.width && (box.right > vw + 0.5 || box.left < -0.5)) wide.push(el.tagName + "." + el.className.baseVal
      + el.className + " " + Math.round(box.left) + "-" + Math.round(box.right));
}
const small = [];
let texts = 0;
for (const t of document.querySelectorAll("svg text")) {
  texts += 1;
  const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
  if (px < 10.95) small.push(t.textContent + " " + px.toFixed(1));
}
const out = document.createElement("pre");
out.id = "measured";
const scrolled = [...document.querySelectorAll(".scroll")].filter(s => s.scrollWidth > s.clientWidth + 1)
  .map(s => s.firstElementChild.className);
out.textContent = JSON.stringify({vw, scroll: document.documentElement.scrollWidth, wide, small, texts, scrolled});
parent.document.body.appendChild(out);
</script>"""


def measure(page: Path, tmp: Path, width: int) -> dict:
    """The page laid out in a frame `width` px wide (a headless window is never narrower than
    500 px), measured by MEASURE."""
    text = page.read_text("utf-8")
    text = text.split('<meta http-equiv="Content-Security-Policy"')[0] + text.split("img-src data:\">", 1)[1]
    probe = tmp / f"{page.stem}-{width}.html"
    inner = escape(text.replace("</body>", MEASURE + "</body>"), quote=True)
    probe.write_text(f'<!DOCTYPE html><html><body style="margin:0"><iframe srcdoc="{inner}" width="{width}" '
                     f'height="900" style="border:0"></iframe></body></html>', "utf-8")
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                        f"--user-data-dir={tmp / 'profile'}", "--window-size=1400,900", "--dump-dom",
                        probe.as_uri()], capture_output=True, text=True, timeout=120)
    found = r.stdout.split('<pre id="measured">')[1].split("</pre>")[0]
    return json.loads(found.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"'))


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("game", ["epm", "titans", "kraken", "pulp"])
def test_the_html_report_reads_at_a_phones_and_a_desktops_width(demo_reports, game, width, tmp_path):
    """Issue 28: at 390 px and at 1280 px no element is wider than the viewport (a wide table
    scrolls inside its own box) and no SVG text (the card, the charts, the dice) is under 11 px.
    Who did what needs no scrolling: on a phone each player's figures stand under their name."""
    m = measure(demo_reports / f"demo-{game}.html", tmp_path, width)
    assert m["vw"] == width and m["scroll"] <= width
    assert m["wide"] == []
    assert "players" not in m["scrolled"]
    assert m["texts"] > 10 and m["small"] == []


@pytest.mark.parametrize("width", [390, 1280])
def test_who_did_what_wraps_a_long_name_rather_than_scroll(demo_reports, width, tmp_path):
    """Stop 35: a long name held its column on one line, so War Titans' five figures scrolled out of
    sight even on a desktop."""
    text = (demo_reports / "demo-titans.html").read_text("utf-8")
    assert "<td>Atlas (Ana)</td>" in text
    page = tmp_path / "demo-titans.html"
    page.write_text(text.replace("<td>Atlas (Ana)</td>",
                                 "<td>Атлас-Громовержец-Великий (Анастасия Долгорукова-Оболенская)</td>"), "utf-8")
    m = measure(page, tmp_path, width)
    assert m["wide"] == [] and "players" not in m["scrolled"]


def test_the_measure_sees_a_wide_element_and_small_svg_text(tmp_path):
    page = tmp_path / "control.html"
    page.write_text('<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="img-src data:">'
                    '</head><body><div style="width:900px">wide</div><svg viewBox="0 0 100 20" width="50">'
                    + '<text y="10" style="font-size:11px">tiny</text>' * 11 + "</svg></body></html>")
    m = measure(page, tmp_path, 390)
    assert any(w.startswith("DIV") for w in m["wide"]) and len(m["small"]) == 11
    page.write_text('<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="img-src data:">'
                    '</head><body><div class="scroll" style="overflow-x:auto"><table class="players" '
                    'style="width:900px"><tr><td>wide</td></tr></table></div></body></html>')
    assert measure(page, tmp_path, 390)["scrolled"] == ["players"]
