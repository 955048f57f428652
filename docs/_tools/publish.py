"""Push the built book to the ``gh-pages`` branch of a git remote, with ghp-import.

    python docs/_tools/publish.py docs/_build/html --remote origin

``make publish`` runs this only after a clean, warning-free build, every
doctest and the checks of the built site have passed; on its own it checks
only that the folder holds a built site. Without ``--remote``, the remote is
``$PUBLISH_REMOTE`` (which is how ``make publish`` hands it over, so that no
shell ever reads it), or else ``origin``.

What a publish replaces and keeps: the branch's files become the HTML site as
built, plus ``.nojekyll`` (so that GitHub Pages serves ``_static/`` and the
other folders whose names start with an underscore), without Sphinx's build
caches (``.doctrees``, ``.buildinfo``). The branch's ``CNAME`` (a GitHub Pages
custom domain) is kept, unless the site brings its own. Every other file on the
branch that the build did not produce is removed, and named in the output.

The commit is made in a scratch repository, never in yours: the remote's
current ``gh-pages`` (if it has one) is fetched there, ghp-import commits the
site on top of it, one commit per publish, and the scratch repository pushes
it. Your own repository gets no ``gh-pages`` branch and no commit.

``--remote`` is a remote of this repository (``origin``), a URL, or the path of
a repository (a bare one, for instance, to try it out). Refused, before
anything is fetched or written: an empty remote, a remote starting with ``-``
(git would read it as an option), this repository itself, a branch name git
does not accept, and any branch but ``gh-pages`` unless
``--replace-branch-files`` says that its files may be replaced by the site.
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

from build_site import site_lock

REPO = Path(__file__).resolve().parents[2]
BUILD_CACHES = (".doctrees", ".buildinfo", ".buildinfo.bak", "__pycache__", "*.pickle")
DEFAULT_BRANCH = "gh-pages"
KEPT = ("CNAME",)  # files of the branch that a publish keeps when the site has none


class PublishError(Exception):
    """Why nothing was published."""


def _git(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)


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
    if not remote.strip():
        raise PublishError(
            f"the remote is empty ({source}={remote!r}); "
            "name a remote of this repository (origin), a URL or a repository path"
        )
    if remote.startswith("-"):
        raise PublishError(
            f"the remote {remote!r} ({source}) starts with '-', which git would read as an option; "
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


def resolve_remote(remote: str) -> str:
    """The URL to push to: a remote of this repository, or a URL or path as given."""
    named = _git("remote", "get-url", "--", remote, cwd=REPO)
    if named.returncode == 0:
        url = named.stdout.strip()
        if url.startswith("-"):
            raise PublishError(
                f"the URL of the remote {remote!r} starts with '-': {url!r}"
            )
        if (
            REPO / url
        ).exists():  # a path, relative to this repository: the push runs elsewhere
            url = str((REPO / url).resolve())
    elif Path(remote).exists():
        url = str(Path(remote).resolve())
    elif "://" in remote or (":" in remote and "@" in remote.split(":")[0]):
        return remote
    else:
        raise PublishError(
            f"{remote!r} is not a remote of this repository, a URL or an existing path "
            f"(remotes: {_git('remote', cwd=REPO).stdout.split() or 'none'})"
        )
    own = _repository_of(REPO)
    if own is not None and Path(url).is_dir() and _repository_of(Path(url)) == own:
        raise PublishError(
            f"{remote!r} is this repository (or one of its work trees or folders); a publish never "
            "commits in your repository: name another repository (a remote, a URL or a path)"
        )
    return url


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


def publish(
    html: Path, remote: str, branch: str = DEFAULT_BRANCH, *,
    source: str = "--remote", replace_branch_files: bool = False,
) -> str:  # fmt: skip
    """Push the site in ``html`` to ``branch`` of ``remote``; return what was done."""
    check_remote(remote, source)
    check_branch(branch, replace_branch_files)
    url = resolve_remote(remote)
    message = f"Publish the book built from {describe_source()}"
    _committer()
    ref = f"refs/heads/{branch}"
    with tempfile.TemporaryDirectory(prefix="publish-") as scratch_dir:
        scratch = Path(scratch_dir)
        site = scratch / "site"
        if not html.is_dir():
            raise PublishError(
                f"{html} holds no built site (no index.html); run `make html` first"
            )
        with site_lock(
            html, shared=True, who="publish"
        ):  # one whole site, not half of two
            if not (html / "index.html").is_file():
                raise PublishError(
                    f"{html} holds no built site (no index.html); run `make html` first"
                )
            shutil.copytree(html, site, ignore=shutil.ignore_patterns(*BUILD_CACHES))
        repo = scratch / "repo"
        repo.mkdir()
        if _git("init", "-q", cwd=repo).returncode != 0:
            raise PublishError("git init failed in a scratch folder")
        # Start from the branch as the remote has it, so the push adds one commit.
        heads = _git("ls-remote", "--heads", "--", url, branch, cwd=repo)
        if heads.returncode != 0:
            raise PublishError(f"cannot reach {url}: {heads.stderr.strip()}")
        before = ""
        kept: list[str] = []
        if heads.stdout.strip():
            fetched = _git("fetch", "-q", "--", url, f"+{ref}:{ref}", cwd=repo)
            if fetched.returncode != 0:
                raise PublishError(
                    f"cannot fetch {branch} from {url}: {fetched.stderr.strip()}"
                )
            before = _git(
                "rev-parse", "--verify", "--end-of-options", ref, cwd=repo
            ).stdout.strip()
            on_branch = set(
                _names(
                    _git(
                        "ls-tree", "-r", "-z", "--name-only", "--", ref, cwd=repo
                    ).stdout
                )
            )
            kept = [
                name
                for name in KEPT
                if name in on_branch and not (site / name).exists()
            ]
            if kept:
                restored = _git(
                    "--work-tree", str(site), "checkout", ref, "--", *kept, cwd=repo
                )
                if restored.returncode != 0:
                    raise PublishError(
                        f"cannot keep {', '.join(kept)}: {restored.stderr.strip()}"
                    )
        here = Path.cwd()
        os.chdir(repo)  # ghp-import works on the repository of the current folder
        try:
            # It only commits (fast-import); the push below is ours, with `--`.
            ghp_import(
                str(site), mesg=message, branch=branch, push=False, nojekyll=True
            )
        except GhpError as error:
            raise PublishError(f"ghp-import failed: {error.message}") from error
        except (
            Exception
        ) as error:  # its own error paths can fail too (bytes written to stdout)
            raise PublishError(f"ghp-import failed: {error!r}") from error
        finally:
            os.chdir(here)
        after = _git(
            "rev-parse", "--verify", "--end-of-options", ref, cwd=repo
        ).stdout.strip()
        if not after or after == before:
            raise PublishError("ghp-import made no commit")
        files = len(
            _names(
                _git("ls-tree", "-r", "-z", "--name-only", "--", ref, cwd=repo).stdout
            )
        )
        removed: list[str] = []
        if before:
            diff = _git(
                "diff", "--no-renames", "--name-only", "-z", "--diff-filter=D", before, after, "--", cwd=repo
            )  # fmt: skip
            if diff.returncode != 0:
                raise PublishError(
                    f"cannot compare with the previous {branch}: {diff.stderr.strip()}"
                )
            removed = _names(diff.stdout)
        pushed = _git("push", "-q", "--", url, f"{ref}:{ref}", cwd=repo)
        if pushed.returncode != 0:
            raise PublishError(
                f"cannot push to {branch} of {url}: {pushed.stderr.strip()}"
            )
    lines = [f"published {files} files to {branch} of {url}: {message}"]
    if kept:
        lines.append(f"kept from {branch}: {', '.join(kept)}")
    if removed:
        lines.append(
            f"removed from {branch} ({len(removed)}, not in this build): {', '.join(removed)}"
        )
    return "\n".join(lines)


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
    args = parser.parse_args(argv)
    remote, source = remote_from(args.remote, os.environ)
    try:
        done = publish(
            args.html, remote, args.branch, source=source, replace_branch_files=args.replace_branch_files
        )  # fmt: skip
        print(done)
    except PublishError as error:
        print(f"publish: NOT published: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
