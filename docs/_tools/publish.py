"""Push the built book to the ``gh-pages`` branch of a git remote, with ghp-import.

    python docs/_tools/publish.py docs/_build/html --remote origin

``make publish`` first runs it with ``--check``, which checks the remote and
the branch and publishes nothing, so that a mistake there is told before the
build; it publishes only after a clean, warning-free build, every doctest and
the checks of the built site have passed. On its own it checks only that the
folder holds a built site. Without ``--remote``, the remote is
``$PUBLISH_REMOTE`` (which is how ``make publish`` hands it over, so that no
shell ever reads it), or else ``origin``.

What a publish replaces and keeps: the branch's files become the HTML site as
built, plus ``.nojekyll`` (so that GitHub Pages serves ``_static/`` and the
other folders whose names start with an underscore), without Sphinx's build
caches (``.doctrees``, ``.buildinfo``). The branch's ``CNAME`` (a GitHub Pages
custom domain) is kept, unless the site brings its own. Every other file on the
branch that the build did not produce is removed, and named in the output.

Only regular files reach the branch: a symbolic link or a ``.git`` entry in
the site, or a ``CNAME`` on the branch that is not a regular file, is refused
with one line naming it, before anything is pushed.

The commit is made in a scratch repository, never in yours: the remote's
current ``gh-pages`` (if it has one) is fetched there, ghp-import commits the
site on top of it, one commit per publish, and the scratch repository pushes
it, as the last step. The scratch folder is removed however the publish ends
(Ctrl-C, ``kill``, even ``kill -9``), and the git commands it runs end with it.

``--remote`` is a remote of this repository (``origin``), a URL, or the path of
a repository (a bare one, for instance, to try it out). Refused, before
anything is fetched or written: an empty remote, a remote starting with ``-``
(git would read it as an option), this repository itself (as a path, a
``file://`` URL or a remote naming either), a branch name git does not accept,
and any branch but ``gh-pages`` unless ``--replace-branch-files`` says that
its files may be replaced by the site. A password or token in a remote's URL
is never printed: ``https://***@host/book.git``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from ghp_import import GhpError, ghp_import

from publish_remote import (
    DEFAULT_BRANCH,
    REPO,
    PublishError,
    _die_with_us,
    _git,
    checked_remote,
    masked,
    remote_from,
)
from publish_site import copy_site

KEPT = ("CNAME",)  # files of the branch that a publish keeps when the site has none
# Removes the scratch folder once the publish is gone: its standard input is a
# pipe that only publish.py holds open, so reading it ends when publish.py ends.
_WATCHER = (
    "import shutil, sys; sys.stdin.buffer.read(); shutil.rmtree(sys.argv[1], True)"
)


def describe_source() -> str:
    """The commit the site was built from, and whether the sources differ from it."""
    commit = _git("rev-parse", "--verify", "--short", "HEAD", cwd=REPO)
    if commit.returncode != 0:
        return "a tree with no git commit"
    dirty = _git("status", "--porcelain", "--", "docs", "src", cwd=REPO).stdout.strip()
    return commit.stdout.strip() + (" with uncommitted changes" if dirty else "")


def _committer() -> None:
    """ghp-import needs a committer; take the author's, or name the tool."""
    for key, variable, fallback in (
        ("user.name", "GIT_COMMITTER_NAME", "make publish"),
        ("user.email", "GIT_COMMITTER_EMAIL", "publish@localhost"),
    ):
        if not os.environ.get(variable):
            configured = _git("config", "--", key, cwd=REPO).stdout.strip()
            os.environ[variable] = configured or fallback


def _names(output: str) -> list[str]:
    return [name for name in output.split("\0") if name]


@contextlib.contextmanager
def scratch_folder() -> Iterator[Path]:
    """A temporary folder, removed however this process ends (kill -9 included)."""
    folder = tempfile.mkdtemp(prefix="publish-")
    read, write = os.pipe()  # neither end is inherited by the git commands
    watcher = subprocess.Popen(
        [sys.executable, "-c", _WATCHER, folder],
        stdin=read, start_new_session=True,  # a Ctrl-C meant for publish is not for it
    )  # fmt: skip
    os.close(read)
    try:
        yield Path(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        os.close(write)  # the watcher finds nothing left to remove, and ends
        watcher.wait()


def fetch_branch(repo: Path, url: str, branch: str) -> str:
    """Fetch ``branch`` of ``url`` into the scratch ``repo``; its commit, or "" if new."""
    ref = f"refs/heads/{branch}"
    heads = _git("ls-remote", "--heads", "--", url, branch, cwd=repo)
    if heads.returncode != 0:
        raise PublishError(
            f"cannot reach {masked(url)}: {masked(heads.stderr.strip())}"
        )
    if not heads.stdout.strip():
        return ""
    fetched = _git("fetch", "-q", "--", url, f"+{ref}:{ref}", cwd=repo)
    if fetched.returncode != 0:
        raise PublishError(
            f"cannot fetch {branch} from {masked(url)}: {masked(fetched.stderr.strip())}"
        )
    return _git(
        "rev-parse", "--verify", "--end-of-options", ref, cwd=repo
    ).stdout.strip()


def keep_from_branch(repo: Path, ref: str, site: Path) -> list[str]:
    """Copy the branch's `KEPT` files that the site lacks into it, as regular files only."""
    kept = []
    for name in KEPT:
        entry = _git(
            "ls-tree", "-z", "--end-of-options", ref, "--", name, cwd=repo
        ).stdout
        if not entry or (site / name).exists():
            continue
        mode, kind, blob = entry.split("\t", 1)[0].split()
        if kind != "blob" or mode not in ("100644", "100755"):
            what = (
                "a symbolic link"
                if mode == "120000"
                else f"not a regular file ({mode})"
            )
            raise PublishError(
                f"{name} on the branch is {what}: a publish keeps only a regular {name}; "
                f"replace it on the branch, or give the site its own {name}"
            )
        content = subprocess.run(
            ["git", "cat-file", "blob", blob], cwd=repo, capture_output=True,
            preexec_fn=_die_with_us,
        )  # fmt: skip
        if content.returncode != 0:
            raise PublishError(f"cannot keep {name}: {content.stderr.decode().strip()}")
        (site / name).write_bytes(content.stdout)
        kept.append(name)
    return kept


def commit_site(repo: Path, site: Path, branch: str, message: str) -> str:
    """Commit ``site`` on top of ``branch`` in the scratch ``repo``; the new commit."""
    here = Path.cwd()
    os.chdir(repo)  # ghp-import works on the repository of the current folder
    try:
        # It only commits (fast-import); the push is ours, with `--`.
        ghp_import(str(site), mesg=message, branch=branch, push=False, nojekyll=True)
    except GhpError as error:
        raise PublishError(f"ghp-import failed: {error.message}") from error
    except (
        Exception
    ) as error:  # its own error paths can fail too (bytes written to stdout)
        raise PublishError(f"ghp-import failed: {error!r}") from error
    finally:
        os.chdir(here)
    return _git(
        "rev-parse", "--verify", "--end-of-options", f"refs/heads/{branch}", cwd=repo
    ).stdout.strip()


def removed_files(repo: Path, before: str, after: str, branch: str) -> list[str]:
    """The files of the branch's previous commit that the new one no longer has."""
    if not before:
        return []
    diff = _git(
        "diff", "--no-renames", "--name-only", "-z", "--diff-filter=D", before, after, "--", cwd=repo
    )  # fmt: skip
    if diff.returncode != 0:
        raise PublishError(
            f"cannot compare with the previous {branch}: {diff.stderr.strip()}"
        )
    return _names(diff.stdout)


def publish(
    html: Path, remote: str, branch: str = DEFAULT_BRANCH, *,
    source: str = "--remote", replace_branch_files: bool = False,
) -> str:  # fmt: skip
    """Push the site in ``html`` to ``branch`` of ``remote``; return what was done."""
    url = checked_remote(remote, source, branch, replace_branch_files)
    message = f"Publish the book built from {describe_source()}"
    _committer()
    ref = f"refs/heads/{branch}"
    with scratch_folder() as scratch:
        site, repo = scratch / "site", scratch / "repo"
        copy_site(html, site)
        repo.mkdir()
        if _git("init", "-q", cwd=repo).returncode != 0:
            raise PublishError("git init failed in a scratch folder")
        before = fetch_branch(repo, url, branch)  # so the push adds one commit
        kept = keep_from_branch(repo, ref, site) if before else []
        after = commit_site(repo, site, branch, message)
        if not after or after == before:
            raise PublishError("ghp-import made no commit")
        listed = _git("ls-tree", "-r", "-z", "--name-only", "--", ref, cwd=repo)
        files = len(_names(listed.stdout))
        removed = removed_files(repo, before, after, branch)
        pushed = _git(
            "push", "-q", "--", url, f"{ref}:{ref}", cwd=repo
        )  # the last step
        if pushed.returncode != 0:
            raise PublishError(
                f"cannot push to {branch} of {masked(url)}: {masked(pushed.stderr.strip())}"
            )
    lines = [f"published {files} files to {branch} of {masked(url)}: {message}"]
    if kept:
        lines.append(f"kept from {branch}: {', '.join(kept)}")
    if removed:
        lines.append(
            f"removed from {branch} ({len(removed)}, not in this build): {', '.join(removed)}"
        )
    return "\n".join(lines)


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # unwinds: the running git command is killed, scratch removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("html", type=Path, help="the built site, e.g. docs/_build/html")
    parser.add_argument(
        "--remote", help="remote name, URL or path [$PUBLISH_REMOTE, else origin]"
    )
    parser.add_argument(
        "--branch",
        default=DEFAULT_BRANCH,
        help=f"branch to publish to [{DEFAULT_BRANCH}]",
    )
    parser.add_argument(
        "--replace-branch-files", action="store_true",
        help=f"allow a --branch other than {DEFAULT_BRANCH}: its files are replaced by the site",
    )  # fmt: skip
    parser.add_argument(
        "--check", action="store_true",
        help="only check the remote and the branch, publish nothing (make publish does this before it builds)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    remote, source = remote_from(args.remote, os.environ)
    # SIGINT too: started in the background by a shell, a program inherits an
    # ignored Ctrl-C, and a publish must still stop on it.
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupted)
    try:
        if args.check:
            checked_remote(remote, source, args.branch, args.replace_branch_files)
            return 0
        done = publish(
            args.html, remote, args.branch, source=source, replace_branch_files=args.replace_branch_files
        )  # fmt: skip
        print(done)
    except PublishError as error:
        print(f"publish: NOT published: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(
            "publish: interrupted: stopped where it was; the scratch copy is removed",
            file=sys.stderr,
        )
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
