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
import ctypes
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ghp_import import GhpError, ghp_import

from build_site import site_lock

REPO = Path(__file__).resolve().parents[2]
BUILD_CACHES = (".doctrees", ".buildinfo", ".buildinfo.bak", "__pycache__", "*.pickle")
DEFAULT_BRANCH = "gh-pages"
KEPT = ("CNAME",)  # files of the branch that a publish keeps when the site has none
_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
# Removes the scratch folder once the publish is gone: its standard input is a
# pipe that only publish.py holds open, so reading it ends when publish.py ends.
_WATCHER = (
    "import shutil, sys; sys.stdin.buffer.read(); shutil.rmtree(sys.argv[1], True)"
)


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


def check_site_files(site: Path) -> None:
    """Refuse anything in ``site`` that is not a folder or a regular file, and ``.git``."""
    for folder, folders, files in os.walk(site):  # never follows a link
        folders[:] = [f for f in folders if f not in BUILD_CACHES]
        for name in sorted(folders + files):
            path = Path(folder, name)
            where = path.relative_to(site).as_posix()
            mode = path.lstat().st_mode
            if stat.S_ISLNK(mode):
                raise PublishError(
                    f"the site holds a symbolic link, {where} -> {os.readlink(path)}: "
                    "only regular files are published; remove it or copy the file in"
                )
            if name == ".git":
                raise PublishError(
                    f"the site holds a git folder or file, {where}: it would break the branch; remove it"
                )
            if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                raise PublishError(
                    f"the site holds {where}, which is not a regular file; remove it"
                )


def copy_site(html: Path, site: Path) -> None:
    """Copy the built site, whole, into ``site``; refuse what must not be published."""
    if not html.is_dir():
        raise PublishError(
            f"{html} holds no built site (no index.html); run `make html` first"
        )
    with site_lock(html, shared=True, who="publish"):  # one whole site, not half of two
        if not (html / "index.html").is_file():
            raise PublishError(
                f"{html} holds no built site (no index.html); run `make html` first"
            )
        check_site_files(html)
        shutil.copytree(
            html, site, symlinks=True, ignore=shutil.ignore_patterns(*BUILD_CACHES)
        )
    check_site_files(site)  # what was copied, in case the site changed meanwhile


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
