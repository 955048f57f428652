"""Run the site's build only when what it is built from changed since it last passed.

Usage: ``build_inputs.py SITE --inputs PATH ... -- COMMAND ...`` (what ``make html``
runs, with the book's ``docs/``, ``src/``, ``pyproject.toml`` and ``Makefile``).

The build's inputs are the command itself, the ``BOOK_*`` and ``SPHINX*``
environment variables, the commit (the pages show each page's last change, from
git), the installed tools (the stamps ``make venv`` and ``make`` write), and
every file under the given paths, by name and content (a path that is not
there counts as missing; ``_build``, ``node_modules``, compiled catalogues and
caches are left out: the build writes those). If their fingerprint is the one
written beside SITE (``SITE.inputs``) after the last build that passed, the
site is that build's result, made with ``-W``, and the command is not run
again; otherwise the command runs, and only if it succeeds is the new
fingerprint written. So ``make test`` after ``make html`` does not build the
same book twice, and any change, even an added file, builds it anew, whole
(never an incremental Sphinx build).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STAMPS = [".venv/.installed-stamp", "docs/_tools/node_modules/.installed-stamp"]
SKIPPED_DIRS = {"_build", "node_modules", "__pycache__", ".ipynb_checkpoints"}
SKIPPED_SUFFIXES = {".mo", ".pyc"}


def input_files(paths: list[Path]) -> list[Path]:
    files = [path for path in paths if path.is_file()]
    for folder in (path for path in paths if path.is_dir()):
        for where, dirs, names in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
            files += [
                Path(where) / name
                for name in sorted(names)
                if Path(name).suffix not in SKIPPED_SUFFIXES
            ]
    return files


def commit() -> str:
    """The checked-out commit, "no commit" outside a git work tree, "no git" without git."""
    try:
        found = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
        )
    except FileNotFoundError:
        print(
            "build_inputs: git is not installed, so the commit is left out of what"
            " decides a rebuild (the files themselves still decide it)",
            file=sys.stderr,
        )
        return "no git"
    return found.stdout.strip() if found.returncode == 0 else "no commit"


def fingerprint(paths: list[Path], command: list[str]) -> str:
    digest = hashlib.sha256()

    def add(*parts: str | bytes) -> None:
        for part in parts:
            data = part.encode() if isinstance(part, str) else part
            digest.update(len(data).to_bytes(8, "big") + data)

    add(*command)
    for name in sorted(os.environ):
        if name.startswith(("BOOK_", "SPHINX")):
            add(name, os.environ[name])
    add(commit())
    for stamp in STAMPS:
        path = ROOT / stamp
        add(stamp, str(path.stat().st_mtime_ns) if path.exists() else "missing")
    for path in paths:
        add(path.as_posix(), "there" if path.exists() else "missing")
    for path in input_files(paths):
        add(path.as_posix(), path.read_bytes())
    return digest.hexdigest()


def main(argv: list[str]) -> int:
    if len(argv) < 5 or argv[1] != "--inputs" or "--" not in argv[2:]:
        print(
            "usage: build_inputs.py SITE --inputs PATH ... -- COMMAND ...",
            file=sys.stderr,
        )
        return 2
    end = argv.index("--", 2)
    site, paths, command = (
        Path(argv[0]),
        [Path(p) for p in argv[2:end]],
        argv[end + 1 :],
    )
    if not paths or not command:
        print("build_inputs.py: no inputs or no command", file=sys.stderr)
        return 2
    record = site.with_name(site.name + ".inputs")
    now = fingerprint(paths, command)
    if site.is_dir() and record.is_file() and record.read_text().strip() == now:
        print(f"{site}: up to date (built and checked from these very inputs)")
        return 0
    record.unlink(missing_ok=True)
    status = subprocess.run(command).returncode
    if status == 0:
        record.write_text(now + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
