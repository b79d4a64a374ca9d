"""The dependency floors are true: journal works on the lowest version each bound in
pyproject.toml allows (docs/development.md says why each floor is where it is)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# A sample of the suite that reaches every runtime dependency: Click (every command, usage errors,
# completion), tomli-w (every save), ReportLab (pdf, sheet), prompt-toolkit (the table shell),
# platformdirs (the data folder).
SAMPLE = ["tests/epm", "tests/test_cli_common.py", "tests/test_options.py", "tests/test_pdf.py", "tests/test_play.py",
          "tests/test_current_campaign.py", "tests/store/test_paths.py"]


def floors() -> dict[str, str]:
    """Each runtime dependency at the lowest version its bound allows: {"click": "8.2", ...}."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    found = {}
    for dep in deps:
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*>=\s*([0-9.]+)\s*(?:,\s*<\s*[0-9.]+)?", dep.split(";")[0].strip())
        assert m, f"{dep!r}: every dependency has a floor (>=X, and a ceiling <Y)"
        found[m.group(1)] = m.group(2)
    return found


def canonical(name: str) -> str:
    """A distribution's name as the package index compares them (PEP 503): tomli_w is tomli-w."""
    return re.sub(r"[-_.]+", "-", name).lower()


def release(version: str) -> tuple[int, ...]:
    """"1.0.0" and "1.0" are one release: (1,)."""
    parts = [int(p) for p in version.split(".")]
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def test_every_runtime_dependency_has_a_floor_and_a_ceiling():
    assert set(floors()) == {"click", "reportlab", "prompt-toolkit", "tomli-w", "platformdirs"}


@pytest.mark.slow
def test_the_lowest_versions_the_bounds_allow_pass_a_sample_of_the_suite(tmp_path):
    """A fresh virtualenv with every runtime dependency at its floor (test tools at any version)
    runs a sample of the suite against this checkout."""
    env_dir = tmp_path / "floor"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = str(env_dir / ("Scripts" if sys.platform == "win32" else "bin") / "python")
    pins = [f"{name}=={version}" for name, version in floors().items()]
    pip = subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", *pins, "pytest",
                          "hypothesis", "pypdf", "pexpect"], capture_output=True, text=True)
    assert pip.returncode == 0, pip.stderr[-3000:]
    listed = subprocess.run([python, "-m", "pip", "list", "--format=freeze"], capture_output=True, text=True).stdout
    installed = {canonical(name): version for name, _, version in
                 (line.partition("==") for line in listed.splitlines() if "==" in line)}
    for name, version in floors().items():  # the floors themselves, not a later version pulled in
        assert release(installed[canonical(name)]) == release(version), (name, listed)
    tests = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *SAMPLE], cwd=ROOT,
                           capture_output=True, text=True)
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]
