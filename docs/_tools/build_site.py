"""Build the site next to its place, then move it into place in one step.

    python docs/_tools/build_site.py docs/_build/html -- \\
        sphinx-build -b html -W -d {doctrees} docs {out} -- \\
        sphinx-build -b html -W -D language=zh_CN -d {doctrees:zh_CN} docs {out}/zh_CN

``make html`` runs this. Each command after a ``--`` builds into ``{out}``, a
fresh folder beside the target (``docs/_build/html.tmp.<pid>``), or into a
folder inside it (the Chinese edition into ``{out}/zh_CN``); the commands run
one after the other, and all must succeed. ``{doctrees}`` is a fresh folder
for the doctrees, also beside the target
(``docs/_build/html.tmp.<pid>.doctrees``), so that matplotlib's figure cache,
which lives beside the doctrees, stays in ``docs/_build``; ``{doctrees:NAME}``
is one in ``docs/_build/NAME/``, for a build whose figures are cached apart
(the Chinese edition draws its figures with Chinese words, cached in
``docs/_build/zh_CN/plot_directive``). Only when every command succeeds does
the new site replace the old one, in a single rename, so the target is at
every moment either the previous complete site or the new complete one, never
a half-written one. When a command fails, the previous site stays as it was
and the half-built one is removed.

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
import re
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
            print(
                f"{who}: waiting for the build of {target} that is running to finish",
                file=sys.stderr,
            )
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
    done = renameat2(
        _AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE
    )
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


# {doctrees} or {doctrees:NAME}, NAME a plain folder name (zh_CN)
DOCTREES = re.compile(r"\{doctrees(?::([A-Za-z0-9_.-]+))?\}")


def _remove_leftovers(target: Path) -> None:
    """Folders of builds that were killed before they finished (we hold the lock,
    so no build of this target is running), beside the target or one folder down
    (the doctrees of ``{doctrees:NAME}``)."""
    pattern = target.name + ".tmp.*"
    for leftover in [*target.parent.glob(pattern), *target.parent.glob("*/" + pattern)]:
        shutil.rmtree(leftover, ignore_errors=True)


def build(target: Path, *commands: list[str]) -> int:
    """Run each command in turn with ``{out}``, ``{doctrees}`` and
    ``{doctrees:NAME}`` filled in; when all succeed, move the site to
    ``target``. Return the exit status of the first command that failed, or 0."""
    if not commands or any(not any("{out}" in part for part in c) for c in commands):
        raise SystemExit("build_site: the command must write to {out}")
    with site_lock(target, shared=False, who="make html"):
        _remove_leftovers(target)
        out = target.with_name(f"{target.name}.tmp.{os.getpid()}")
        made: dict[
            Path, bool
        ] = {}  # each doctrees folder -> whether its NAME folder is new

        def doctrees(match: re.Match[str]) -> str:
            folder = target.parent / match.group(1) if match.group(1) else target.parent
            path = folder / (out.name + ".doctrees")
            made.setdefault(path, not folder.exists())
            return str(path)

        try:
            for command in commands:
                filled = [
                    DOCTREES.sub(doctrees, part.replace("{out}", str(out)))
                    for part in command
                ]
                status = subprocess.run(filled).returncode
                if status == 0 and not (out / "index.html").is_file():
                    print(
                        f"build_site: the build wrote no {out / 'index.html'}",
                        file=sys.stderr,
                    )
                    status = 1
                if status != 0:
                    before = (
                        "still holds the previous site"
                        if target.exists()
                        else "holds no site"
                    )
                    print(
                        f"build_site: the build failed (exit {status}); {target} {before}",
                        file=sys.stderr,
                    )
                    return status
            move_into_place(out, target)
            print(
                f"build_site: the site is in {target}"
            )  # not in the {out} that the build named
            return 0
        finally:
            shutil.rmtree(out, ignore_errors=True)
            for path, new_folder in made.items():
                shutil.rmtree(path, ignore_errors=True)
                if (
                    new_folder
                ):  # a NAME folder this build created: keep it only if it holds a cache
                    with contextlib.suppress(OSError):
                        path.parent.rmdir()


def split_commands(words: list[str]) -> list[list[str]]:
    """``A B -- C D`` -> ``[[A, B], [C, D]]``."""
    commands: list[list[str]] = [[]]
    for word in words:
        if word == "--":
            commands.append([])
        else:
            commands[-1].append(word)
    return commands


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 3 or argv[1] != "--" or not all(split_commands(argv[2:])):
        print(
            "usage: build_site.py TARGET -- COMMAND... [-- COMMAND...]"
            " ({out}, {doctrees} or {doctrees:NAME} in each COMMAND)",
            file=sys.stderr,
        )
        return 2
    return build(Path(argv[0]).absolute(), *split_commands(argv[2:]))


if __name__ == "__main__":
    sys.exit(main())
