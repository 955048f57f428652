"""The remote and the branch a publish goes to, checked before anything is fetched.

Part of ``publish.py`` (its docstring says what is refused and why): the
remote is a remote of this repository, a URL or a path, never this repository
itself, never something git would read as an option; the branch is one git
accepts, ``gh-pages`` unless the files of another may be replaced. Every git
command runs as a child that dies with the publish (:func:`_git`), and a
password or token in a URL is never printed (:func:`masked`).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import signal
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

REPO = Path(__file__).resolve().parents[2]
DEFAULT_BRANCH = "gh-pages"
_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


class PublishError(Exception):
    """Why nothing was published."""


def masked(text: str) -> str:
    """``text`` with every user name and password of a URL in it shown as ``***``."""
    return re.sub(r"([A-Za-z][A-Za-z0-9+.-]*://)[^/\s@]*@", r"\1***@", text)


def _die_with_us() -> None:
    """Run in each git child before it starts: it is killed when publish.py dies."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def _git(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", *args], cwd=cwd, capture_output=True, text=True, preexec_fn=_die_with_us
    )


def remote_from(
    option: str | None, environ: dict[str, str] | os._Environ[str]
) -> tuple[str, str]:
    """The remote to publish to, and where it came from (for error messages)."""
    if option is not None:
        return option, "--remote"
    if "PUBLISH_REMOTE" in environ:
        return environ["PUBLISH_REMOTE"], "PUBLISH_REMOTE"
    return "origin", "the default remote"


def check_remote(remote: str, source: str) -> None:
    shown = masked(remote)
    if not remote.strip():
        raise PublishError(
            f"the remote is empty ({source}={remote!r}); "
            "name a remote of this repository (origin), a URL or a repository path"
        )
    if remote.startswith("-"):
        raise PublishError(
            f"the remote {shown!r} ({source}) starts with '-', which git would read as an option; "
            "write a path that starts with '-' as ./-name"
        )


def check_branch(branch: str, replace_branch_files: bool) -> None:
    # Refused before check-ref-format sees it: it takes no `--`, and no branch starts with '-'.
    if branch.startswith("-"):
        raise PublishError(f"{branch!r} is not a branch name (it starts with '-')")
    checked = _git("check-ref-format", "--branch", branch, cwd=REPO)
    if checked.returncode != 0 or checked.stdout.strip() != branch:
        raise PublishError(
            f"{branch!r} is not a branch name git accepts (git check-ref-format --branch)"
        )
    if branch != DEFAULT_BRANCH and not replace_branch_files:
        raise PublishError(
            f"publishing replaces every file of the branch {branch!r} with the site; "
            f"publish to {DEFAULT_BRANCH}, or add --replace-branch-files to replace the files of {branch!r}"
        )


def _repository_of(folder: Path) -> Path | None:
    """The git folder shared by all work trees of the repository that holds ``folder``."""
    found = _git("rev-parse", "--path-format=absolute", "--git-common-dir", cwd=folder)
    return Path(found.stdout.strip()).resolve() if found.returncode == 0 else None


def _local_path(url: str, base: Path) -> Path | None:
    """The folder on this machine that ``url`` names (a path or a file:// URL), or None."""
    if url.lower().startswith("file:"):
        parts = urlsplit(url)
        if parts.netloc not in ("", "localhost"):
            return None
        return Path(unquote(parts.path))
    if "://" in url or (":" in url and "@" in url.split(":")[0]):
        return None  # another host: https://..., ssh://..., git@host:path
    return base / url


def resolve_remote(remote: str) -> str:
    """The URL to push to: a remote of this repository, or a URL or path as given."""
    named = _git("remote", "get-url", "--", remote, cwd=REPO)
    url = named.stdout.strip() if named.returncode == 0 else remote
    if named.returncode == 0 and url.startswith("-"):
        raise PublishError(
            f"the URL of the remote {remote!r} starts with '-': {masked(url)!r}"
        )
    # A relative path in a remote of this repository is relative to it.
    path = _local_path(url, REPO if named.returncode == 0 else Path.cwd())
    if path is None:
        return url
    if not path.exists():
        if url.lower().startswith("file:"):
            return url  # git says what is wrong with it
        raise PublishError(
            f"{masked(remote)!r} is not a remote of this repository, a URL or an existing path "
            f"(remotes: {_git('remote', cwd=REPO).stdout.split() or 'none'})"
        )
    own = _repository_of(REPO)
    if own is not None and path.is_dir() and _repository_of(path) == own:
        raise PublishError(
            f"{masked(remote)!r} is this repository (or one of its work trees or folders); a publish never "
            "commits in your repository: name another repository (a remote, a URL or a path)"
        )
    return url if url.lower().startswith("file:") else str(path.resolve())


def checked_remote(
    remote: str, source: str, branch: str, replace_branch_files: bool
) -> str:
    """The URL to push to, once the remote and the branch pass every check (``--check``)."""
    check_remote(remote, source)
    check_branch(branch, replace_branch_files)
    return resolve_remote(remote)
