"""Each demo campaign's HTML report, opened by headless Chromium (Debian's `chromium`; .ci/run
installs it): no console error, no request leaving the file (Chromium's own network log), and a
screenshot that is not blank. Control pages prove the detectors see what they look for."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")


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
