"""Build the site next to its place, then move it into place in one step.

    python docs/_tools/build_site.py docs/_build/html -- \\
        sphinx-build -b html -W -d {doctrees} docs {out}

``make html`` runs this. The command after ``--`` builds into ``{out}``, a fresh
folder beside the target (``docs/_build/html.tmp.<pid>``), with its own fresh
doctrees ``{doctrees}`` (``docs/_build/html.tmp.<pid>.doctrees``, also beside
the target, so that matplotlib's figure cache stays in ``docs/_build``). Only
when the command succeeds does the new site replace the old one, in a single
rename, so the target is at every moment either the previous complete site or
the new complete one, never a half-written one. When the command fails, the
previous site stays as it was and the half-built one is removed.

Builds of the same target take turns: each holds an exclusive lock on
``<target>.lock`` (``docs/_build/html.lock``) from start to finish, which also
keeps two builds from drawing into the shared figure cache at once. A reader
that must see one whole site (``publish.py`` copying it) holds the same lock,
shared, while it reads: see :func:`site_lock`.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

_RENAME_EXCHANGE = 2  # from <linux/fs.h>
_AT_FDCWD = -100


def lock_path(target: Path) -> Path:
    return target.with_name(target.name + ".lock")


@contextlib.contextmanager
def site_lock(target: Path, *, shared: bool, who: str) -> Iterator[None]:
    """Hold ``<target>.lock``: exclusive for a build, shared for a reader.

    When another process holds it, say so once on stderr and wait.
    """
    path = lock_path(target)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        mode = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
        try:
            fcntl.flock(handle, mode | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"{who}: waiting for the build of {target} that is running to finish", file=sys.stderr)
            fcntl.flock(handle, mode)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _exchange(a: Path, b: Path) -> bool:
    """Swap the two paths in one step (Linux ``renameat2``); False where unsupported."""
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is None:
        return False
    done = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if done == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EPERM, errno.ENOTSUP):
        return False  # the file system or the kernel cannot swap
    raise OSError(code, os.strerror(code), str(a), None, str(b))


def move_into_place(new: Path, target: Path) -> None:
    """Make the complete site ``new`` the one at ``target``; remove the old one.

    Where the system can swap two folders in one step, ``target`` never stops
    being a complete site; elsewhere the old site is renamed away and the new
    one renamed in, so for an instant there is no site, but never half of one.
    """
    if not target.exists():
        os.rename(new, target)
        return
    if _exchange(new, target):
        old = new  # the swap left the old site where the new one was
    else:
        old = new.with_name(new.name + ".old")
        os.rename(target, old)
        os.rename(new, target)
    shutil.rmtree(old)


def _remove_leftovers(target: Path) -> None:
    """Folders of builds that were killed before they finished (we hold the lock,
    so no build of this target is running)."""
    for leftover in target.parent.glob(target.name + ".tmp.*"):
        shutil.rmtree(leftover, ignore_errors=True)


def build(target: Path, command: list[str]) -> int:
    """Run ``command`` with ``{out}`` and ``{doctrees}`` filled in; on success,
    move its site to ``target``. Return the command's exit status."""
    if "{out}" not in command:
        raise SystemExit("build_site: the command must write to {out}")
    with site_lock(target, shared=False, who="make html"):
        _remove_leftovers(target)
        out = target.with_name(f"{target.name}.tmp.{os.getpid()}")
        doctrees = out.with_name(out.name + ".doctrees")
        filled = [part.replace("{out}", str(out)).replace("{doctrees}", str(doctrees)) for part in command]
        try:
            status = subprocess.run(filled).returncode
            if status == 0 and not (out / "index.html").is_file():
                print(f"build_site: the build wrote no {out / 'index.html'}", file=sys.stderr)
                status = 1
            if status != 0:
                before = "still holds the previous site" if target.exists() else "holds no site"
                print(f"build_site: the build failed (exit {status}); {target} {before}", file=sys.stderr)
                return status
            move_into_place(out, target)
            print(f"build_site: the site is in {target}")  # not in the {out} that the build named
            return 0
        finally:
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(doctrees, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 3 or argv[1] != "--":
        print("usage: build_site.py TARGET -- COMMAND... ({out} and {doctrees} in COMMAND)", file=sys.stderr)
        return 2
    return build(Path(argv[0]).absolute(), argv[2:])


if __name__ == "__main__":
    sys.exit(main())
