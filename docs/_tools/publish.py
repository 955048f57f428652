"""Push the built book to the ``gh-pages`` branch of a git remote, with ghp-import.

    python docs/_tools/publish.py docs/_build/html --remote origin

``make publish`` runs this only after a clean, warning-free build, every
doctest and the checks of the built site have passed; on its own it checks
only that the folder holds a built site.

What lands on the branch: the HTML site as built, plus ``.nojekyll`` (so that
GitHub Pages serves ``_static/`` and the other folders whose names start with
an underscore), without Sphinx's build caches (``.doctrees``, ``.buildinfo``).

The commit is made in a scratch repository, never in yours: the remote's
current ``gh-pages`` (if it has one) is fetched there, ghp-import commits the
site on top of it, one commit per publish, and pushes. Your own repository
gets no ``gh-pages`` branch and no commit.

``--remote`` is a remote of this repository (``origin``), a URL, or the path of
a repository (a bare one, for instance, to try it out).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ghp_import import GhpError, ghp_import

REPO = Path(__file__).resolve().parents[2]
BUILD_CACHES = (".doctrees", ".buildinfo", ".buildinfo.bak", "__pycache__", "*.pickle")


class PublishError(Exception):
    """Why nothing was published."""


def _git(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)


def resolve_remote(remote: str) -> str:
    """The URL to push to: a remote of this repository, or a URL or path as given."""
    named = _git("remote", "get-url", remote, cwd=REPO)
    if named.returncode == 0:
        return named.stdout.strip()
    if Path(remote).exists():
        return str(Path(remote).resolve())
    if "://" in remote or (":" in remote and "@" in remote.split(":")[0]):
        return remote
    raise PublishError(
        f"{remote!r} is not a remote of this repository, a URL or an existing path "
        f"(remotes: {_git('remote', cwd=REPO).stdout.split() or 'none'})"
    )


def describe_source() -> str:
    """The commit the site was built from, and whether the sources differ from it."""
    commit = _git("rev-parse", "--short", "HEAD", cwd=REPO)
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
            configured = _git("config", key, cwd=REPO).stdout.strip()
            os.environ[variable] = configured or fallback


def publish(html: Path, remote: str, branch: str = "gh-pages") -> str:
    """Push the site in ``html`` to ``branch`` of ``remote``; return a one-line summary."""
    if not (html / "index.html").is_file():
        raise PublishError(f"{html} holds no built site (no index.html); run `make html` first")
    url = resolve_remote(remote)
    message = f"Publish the book built from {describe_source()}"
    _committer()
    with tempfile.TemporaryDirectory(prefix="publish-") as scratch_dir:
        scratch = Path(scratch_dir)
        site = scratch / "site"
        shutil.copytree(html, site, ignore=shutil.ignore_patterns(*BUILD_CACHES))
        repo = scratch / "repo"
        repo.mkdir()
        if _git("init", "-q", cwd=repo).returncode != 0:
            raise PublishError("git init failed in a scratch folder")
        # Start from the branch as the remote has it, so the push adds one commit.
        heads = _git("ls-remote", "--heads", url, branch, cwd=repo)
        if heads.returncode != 0:
            raise PublishError(f"cannot reach {url}: {heads.stderr.strip()}")
        if heads.stdout.strip():
            fetched = _git("fetch", "-q", url, f"+refs/heads/{branch}:refs/heads/{branch}", cwd=repo)
            if fetched.returncode != 0:
                raise PublishError(f"cannot fetch {branch} from {url}: {fetched.stderr.strip()}")
        here = Path.cwd()
        os.chdir(repo)  # ghp-import works on the repository of the current folder
        try:
            ghp_import(str(site), mesg=message, remote=url, branch=branch, push=True, nojekyll=True)
        except (GhpError, subprocess.CalledProcessError) as error:
            raise PublishError(f"ghp-import failed: {error}") from error
        finally:
            os.chdir(here)
        files = sum(len(names) for _, _, names in os.walk(site))
    return f"published {files} files to {branch} of {url}: {message}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("html", type=Path, help="the built site, e.g. docs/_build/html")
    parser.add_argument("--remote", default="origin", help="remote name, URL or path [origin]")
    parser.add_argument("--branch", default="gh-pages", help="branch to publish to [gh-pages]")
    args = parser.parse_args(argv)
    try:
        print(publish(args.html, args.remote, args.branch))
    except PublishError as error:
        print(f"publish: NOT published: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
