"""Render the README's picture: page 1 of the War With the Evil Power Master demo's PDF.

    python scripts/readme_picture.py

Plays `journal demo epm` in a temporary folder and turns the first page of its PDF into
docs/tracker.png with pdftoppm (Debian: apt-get install poppler-utils).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "tracker.png"
DPI = 70


def main() -> int:
    if shutil.which("pdftoppm") is None:
        print("pdftoppm is missing: apt-get install poppler-utils", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "journal", "--saves", tmp, "demo", "epm"], check=True,
                       stdout=subprocess.DEVNULL)
        pdf = Path(tmp) / "demo-epm.pdf"
        subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile", str(pdf),
                        str(Path(tmp) / "page")], check=True)
        OUT.parent.mkdir(exist_ok=True)
        shutil.copyfile(Path(tmp) / "page.png", OUT)
    print(f"Wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
