"""The fonts journal's pages are set in, and what happens to a character they lack.

Every PDF embeds DejaVu (shipped in journal/pdf/fontfiles/ with its licence): Sans Condensed, Bold and
Oblique for text, covering Latin, Greek and Cyrillic and many symbols (→ ★ ✓), and Sans Mono for
Space Kraken's coordinates (its zero is dotted, and I, 1, O, 0 differ). A font is read and
registered with ReportLab the first time a page uses it, once per process.

A character DejaVu lacks (Chinese, emoji) is drawn with a font the system has, found through
fontconfig (`fc-match`, where installed); when no font has it, it is drawn as `REPLACEMENT` and
recorded in `unprintable`, which `journal pdf` reports once on stderr. Never a silent `?`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from importlib import resources

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

REGULAR = "DejaVuSansCondensed"  # Condensed: set as wide as Helvetica was, so nothing new is cut
BOLD = "DejaVuSansCondensed-Bold"
ITALIC = "DejaVuSansCondensed-Oblique"
MONO = "DejaVuSansMono"
MONO_BOLD = "DejaVuSansMono-Bold"
SHIPPED = (REGULAR, BOLD, ITALIC, MONO, MONO_BOLD)  # each in fontfiles/NAME.ttf
REPLACEMENT = "\ufffd"  # drawn for a character no font can draw
FC_TIMEOUT = 5.0        # seconds fc-match may take
FC_ASKS = 64            # characters fontconfig is asked about (a font found for one is tried first for the next)

_FONTS: dict[str, TTFont] = {}
_FALLBACK: dict[str, str | None] = {}   # character -> the system font drawing it (None: none has it)
_BY_FILE: dict[str, str | None] = {}    # a system font file -> its registered name (None: unusable)
unprintable: set[str] = set()            # characters replaced since the last `take_unprintable`


def font_dir() -> str:
    """The folder of the shipped font files and their LICENSE."""
    return str(resources.files("journal.pdf").joinpath("fontfiles"))


def get(name: str) -> TTFont:
    """The font registered under `name` (a shipped one is read on first use)."""
    font = _FONTS.get(name)
    if font is None:
        if name not in SHIPPED:
            raise KeyError(f"no font {name!r}")
        font = TTFont(name, os.path.join(font_dir(), f"{name}.ttf"))
        pdfmetrics.registerFont(font)
        _FONTS[name] = font
    return font


def covers(name: str, ch: str) -> bool:
    """Whether font `name` has a glyph for `ch`."""
    return ord(ch) in get(name).face.charToGlyph


def fallback(ch: str) -> str | None:
    """The name of a system font that draws `ch` (registered), or None when none is found."""
    if ch in _FALLBACK:
        return _FALLBACK[ch]
    code = ord(ch)
    found = next((name for name in _BY_FILE.values() if name and code in _FONTS[name].face.charToGlyph), None)
    if found is None and len(_FALLBACK) < FC_ASKS:
        path = _fc_match(ch)
        name = _system_font(path) if path else None
        if name and code in _FONTS[name].face.charToGlyph:
            found = name
    _FALLBACK[ch] = found
    return found


def _fc_match(ch: str) -> str | None:
    """The file fontconfig picks for `ch`, or None (no fontconfig, or it failed)."""
    exe = shutil.which("fc-match")
    if not exe:
        return None
    try:
        r = subprocess.run([exe, "--format=%{file}", f":charset={ord(ch):x}"], capture_output=True, text=True,
                           timeout=FC_TIMEOUT)
    except (OSError, subprocess.SubprocessError):
        return None
    path = r.stdout.strip()
    return path if r.returncode == 0 and path else None


def _system_font(path: str) -> str | None:
    """`path` registered as a font (its name), or None when ReportLab cannot embed it (PostScript
    outlines, a broken file)."""
    if path in _BY_FILE:
        return _BY_FILE[path]
    name: str | None = f"System{len(_BY_FILE) + 1}"
    if os.path.basename(path) in {f"{n}.ttf" for n in SHIPPED} or not path.lower().endswith((".ttf", ".ttc", ".otf")):
        name = None
    else:
        try:
            font = TTFont(name, path)
            pdfmetrics.registerFont(font)
            _FONTS[str(name)] = font
        except (TTFError, OSError, ValueError, KeyError, IndexError):
            name = None
    _BY_FILE[path] = name
    return name


def printable(ch: str) -> bool:
    """Whether `ch` can be drawn: DejaVu Sans has it or a system font does. A character that
    cannot is added to `unprintable`."""
    if covers(REGULAR, ch) or fallback(ch):
        return True
    unprintable.add(ch)
    return False


def drawing(name: str, ch: str) -> str:
    """The font that draws `ch` for text set in `name`: `name` itself, DejaVu Sans when `name`
    lacks it (Bold and Mono cover a little less), else a system font; `name` when none has it."""
    if covers(name, ch):
        return name
    if name != REGULAR and covers(REGULAR, ch):
        return REGULAR
    return fallback(ch) or name


_OWN: dict[str, set[str]] = {}  # per font, the characters met so far that it draws itself


def runs(s: str, name: str) -> list[tuple[str, str]]:
    """`s` cut into (font, text) pieces, each drawn in one font."""
    if s.isascii():
        return [(name, s)]
    own = _OWN.setdefault(name, set())
    if own.issuperset(s):
        return [(name, s)]
    own.update(ch for ch in s if ch.isascii() or covers(name, ch))
    out: list[tuple[str, str]] = []
    for ch in s:
        font = drawing(name, ch)
        if out and out[-1][0] == font:
            out[-1] = (font, out[-1][1] + ch)
        else:
            out.append((font, ch))
    return out


def width(name: str, ch: str) -> float:
    """The width of `ch` set in `name`, in thousandths of the font size."""
    font = get(drawing(name, ch))
    face = font.face
    return face.charWidths.get(ord(ch), face.defaultWidth)


def take_unprintable() -> list[str]:
    """The characters replaced since the last call (sorted), forgotten afterwards."""
    out = sorted(unprintable)
    unprintable.clear()
    return out


def describe(chars: list[str]) -> str:
    """'李 (U+674E), 龍 (U+9F8D)' for a message."""
    return ", ".join(f"{ch} (U+{ord(ch):04X})" for ch in chars)
