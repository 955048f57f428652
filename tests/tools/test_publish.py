"""`make publish` lands a working site on gh-pages, keeps what it must, and refuses
what it must, with nothing lost, nothing run and nothing created in silence.

The first tests publish the real built site (``docs/_tools/publish.py``, the
same script ``make publish`` runs after the build and the checks) to a
throwaway bare repository and read what landed on its ``gh-pages`` branch.

The others work in a throwaway author's repository (``helpers.py``): the
project's real Makefile and publish scripts around a three-page book, so that
``make publish`` runs its real recipe, the real ``sphinx-build`` included, in
seconds. Only the checks of the real book (every doctest, the offline and
download checks) are replaced by ``PYTEST=true`` there: what those tests look
at is how the recipe hands ``PUBLISH_REMOTE`` to the script, and what the
script does with it. A refusal that failed would create a branch in that
temporary repository, never in this one; the tests assert that nothing at all
was created.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import (
    ROOT,
    author_repository,
    bare_repository,
    chapter_pages,
    clean_environment,
    make,
    refs,
)
from helpers import git as tiny_git

pytestmark = pytest.mark.slow  # git repositories and make runs


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def refs_of_this_repository() -> dict[str, str]:
    """Each ref with the subject of its commit."""
    listing = subprocess.run(
        ["git", "for-each-ref", "--format=%(refname)%00%(contents:subject)"],
        cwd=ROOT, capture_output=True, text=True,
    ).stdout  # fmt: skip
    return dict(line.split("\0", 1) for line in listing.splitlines())


def published_here(before: dict[str, str]) -> list[str]:
    """Refs of this repository that a publish created or moved since ``before``
    (other work in the repository, on other branches, may move refs meanwhile)."""
    return [
        ref for ref, subject in refs_of_this_repository().items()
        if before.get(ref) != subject and (ref.endswith("/gh-pages") or subject.startswith("Publish the book"))
    ]  # fmt: skip


def publish(site: Path, remote: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "docs" / "_tools" / "publish.py"), str(site), "--remote", str(remote)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.fixture
def bare_remote(tmp_path: Path) -> Path:
    remote = tmp_path / "book.git"
    git("init", "-q", "--bare", str(remote), cwd=tmp_path)
    return remote


def test_publish_puts_the_built_site_on_gh_pages(site, bare_remote: Path):
    refs_before = refs_of_this_repository()

    result = publish(site, bare_remote)
    assert result.returncode == 0, result.stderr
    files = set(
        git("ls-tree", "-r", "--name-only", "gh-pages", cwd=bare_remote).splitlines()
    )

    assert {
        "index.html",
        ".nojekyll",
        "404.html",
        "search.html",
        "searchindex.js",
    } <= files
    for page in chapter_pages(site):
        assert f"chapters/{page.name}" in files
    assert "_static/katex/katex.min.css" in files  # the math's styles and fonts
    assert any(
        f.startswith("_downloads/") and f.endswith("/tinygrad.py") for f in files
    )
    caches = [
        f for f in files if ".doctrees" in f or f.endswith((".buildinfo", ".pickle"))
    ]
    assert not caches, f"build caches were published: {caches[:5]}"
    # What landed is the built site, file for file and byte for byte.
    landed = bare_remote.parent / "landed"
    landed.mkdir()
    archive = subprocess.run(
        ["git", "archive", "gh-pages"], cwd=bare_remote, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(landed)], input=archive, check=True)
    built = {
        p.relative_to(site).as_posix(): p for p in site.rglob("*")
        if p.is_file() and ".doctrees" not in p.parts and p.name != ".buildinfo"
    }  # fmt: skip
    assert files - {".nojekyll"} == set(built)
    changed = [
        name
        for name, p in built.items()
        if (landed / name).read_bytes() != p.read_bytes()
    ]
    assert not changed, f"published files differ from the build: {changed[:5]}"

    # A second publish adds one commit on top: the branch keeps its history.
    first = git("rev-parse", "gh-pages", cwd=bare_remote)
    again = publish(site, bare_remote)
    assert again.returncode == 0, again.stderr
    assert git("rev-parse", "gh-pages^", cwd=bare_remote) == first

    # Publishing commits in a scratch repository, never in the author's.
    assert published_here(refs_before) == []


def test_publish_refuses_a_folder_without_a_site(tmp_path: Path, bare_remote: Path):
    result = publish(tmp_path, bare_remote)
    assert result.returncode != 0
    assert "NOT published" in result.stderr and "no index.html" in result.stderr
    assert git("branch", "--list", "gh-pages", cwd=bare_remote) == ""


# --- The tiny author's repository: what a publish keeps, replaces and refuses ---

PUBLISH = ("docs", "_tools", "publish.py")
NOT = "publish: NOT published: "


@pytest.fixture
def author(tmp_path: Path) -> Path:
    return author_repository(tmp_path / "author")


@pytest.fixture
def tiny_site(tmp_path: Path) -> Path:
    """A built site as far as publish.py can tell: an index and a page in a folder."""
    site = tmp_path / "site"
    (site / "chapters").mkdir(parents=True)
    (site / "index.html").write_text("<p>index</p>")
    (site / "chapters" / "one.html").write_text("<p>one</p>")
    (site / ".buildinfo").write_text("cache")
    return site


def run_publish(
    author: Path, site: Path, *arguments: str, env: dict[str, str] | None = None
):
    return subprocess.run(
        [sys.executable, str(author.joinpath(*PUBLISH)), str(site), *arguments],
        cwd=author, capture_output=True, text=True, timeout=120,
        env=clean_environment() if env is None else env,
    )  # fmt: skip


def put_on_branch(remote: Path, branch: str, files: dict[str, str]) -> None:
    """Commit ``files`` as the whole tree of ``branch`` of the bare ``remote``."""
    work = remote.parent / f"work-{branch}"
    tiny_git("init", "-q", "-b", branch, str(work), cwd=remote.parent)
    for name, text in files.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
    tiny_git("add", ".", cwd=work)
    tiny_git("commit", "-q", "-m", "files someone put there", cwd=work)
    tiny_git("push", "-q", "--", str(remote), f"{branch}:{branch}", cwd=work)
    shutil.rmtree(work)


def tree(remote: Path, branch: str) -> set[str]:
    return set(
        git("ls-tree", "-r", "--name-only", branch, "--", cwd=remote).splitlines()
    )


def test_publish_keeps_cname_and_names_every_file_it_removes(
    author, tiny_site, tmp_path
):
    remote = bare_repository(tmp_path / "book.git")
    put_on_branch(remote, "gh-pages", {
        "CNAME": "book.example.org\n", "index.html": "old", "old page.html": "gone", "notes/a.html": "gone",
    })  # fmt: skip
    result = run_publish(author, tiny_site, "--remote", str(remote))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(
        f"published 4 files to gh-pages of {remote}: Publish the book built from "
    )
    assert lines[1:] == [
        "kept from gh-pages: CNAME",
        "removed from gh-pages (2, not in this build): notes/a.html, old page.html",
    ]
    assert tree(remote, "gh-pages") == {
        "CNAME",
        ".nojekyll",
        "index.html",
        "chapters/one.html",
    }
    assert git("show", "gh-pages:CNAME", cwd=remote) == "book.example.org"
    assert git("show", "gh-pages:index.html", cwd=remote) == "<p>index</p>"

    # Publishing again removes nothing, so it names nothing; CNAME is kept again.
    again = run_publish(author, tiny_site, "--remote", str(remote))
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[1:] == ["kept from gh-pages: CNAME"]

    # A site that brings its own CNAME replaces the branch's.
    (tiny_site / "CNAME").write_text("other.example.org\n")
    own = run_publish(author, tiny_site, "--remote", str(remote))
    assert own.returncode == 0, own.stderr
    assert own.stdout.splitlines()[1:] == []
    assert git("show", "gh-pages:CNAME", cwd=remote) == "other.example.org"


def test_publish_to_a_new_branch_removes_and_keeps_nothing(author, tiny_site, tmp_path):
    remote = bare_repository(tmp_path / "book.git")
    result = run_publish(author, tiny_site, "--remote", str(remote))
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 1
    assert tree(remote, "gh-pages") == {".nojekyll", "index.html", "chapters/one.html"}


@pytest.mark.parametrize("how", ["--remote ''", "PUBLISH_REMOTE="])
def test_publish_refuses_an_empty_remote(author, tiny_site, how):
    before = refs(author)
    if how.startswith("--remote"):
        result = run_publish(author, tiny_site, "--remote", "")
        named = "--remote=''"
    else:
        result = run_publish(
            author, tiny_site, env=clean_environment(PUBLISH_REMOTE="")
        )
        named = "PUBLISH_REMOTE=''"
    assert result.returncode == 1
    assert result.stderr == (
        f"{NOT}the remote is empty ({named}); "
        "name a remote of this repository (origin), a URL or a repository path\n"
    )
    assert refs(author) == before, "something was committed in the author's repository"


@pytest.mark.parametrize("remote", [".", "docs", ".git"])
def test_publish_refuses_the_authors_own_repository(author, tiny_site, remote):
    before = refs(author)
    result = run_publish(author, tiny_site, "--remote", remote)
    assert result.returncode == 1
    assert result.stderr.startswith(
        f"{NOT}{remote!r} is this repository (or one of its work trees or folders)"
    )
    assert refs(author) == before


@pytest.mark.parametrize("form", ["separate", "joined"])
def test_publish_refuses_a_remote_that_git_would_read_as_an_option(
    author, tiny_site, tmp_path, form
):
    planted = tmp_path / "planted"
    remote = f"--upload-pack=touch {planted}; echo ://"
    arguments = ["--remote", remote] if form == "separate" else [f"--remote={remote}"]
    result = run_publish(author, tiny_site, *arguments)
    assert result.returncode == 1
    assert result.stderr.startswith(
        f"{NOT}the remote {remote!r} (--remote) starts with '-', which git would read"
    )
    assert not planted.exists(), "the remote ran a command"


def test_a_repository_whose_name_starts_with_a_dash_is_published_to_as_a_path(
    author, tiny_site
):
    remote = bare_repository(author.parent / "-book.git")
    result = run_publish(author, tiny_site, "--remote", "../-book.git")
    assert result.returncode == 0, result.stderr
    assert "index.html" in tree(remote, "gh-pages")


def test_publish_to_a_remote_of_the_authors_repository(author, tiny_site, tmp_path):
    """A named remote whose URL is a path relative to the repository, as `git remote add` keeps it."""
    remote = bare_repository(tmp_path / "book.git")
    tiny_git("remote", "add", "book", "../book.git", cwd=author)
    result = run_publish(author, tiny_site, "--remote", "book")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"published 3 files to gh-pages of {remote}: ")
    assert "index.html" in tree(remote, "gh-pages")

    planted = tmp_path / "planted"
    tiny_git(
        "config",
        "remote.evil.url",
        f"--upload-pack=touch {planted}; echo ://",
        cwd=author,
    )
    refused = run_publish(author, tiny_site, "--remote", "evil")
    assert refused.returncode == 1
    assert refused.stderr.startswith(
        f"{NOT}the URL of the remote 'evil' starts with '-'"
    )
    assert not planted.exists()


def test_every_git_call_with_the_remote_ends_its_options_first(
    author, tiny_site, tmp_path
):
    """A logging `git` ahead of the real one on PATH records each call publish.py makes."""
    log, bin_dir = tmp_path / "git-calls", tmp_path / "bin"
    bin_dir.mkdir()
    real_git = shutil.which("git")
    (bin_dir / "git").write_text(
        f"#!{sys.executable}\nimport json, os, sys\n"
        f"open({str(log)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n"
        f"os.execv({real_git!r}, [{real_git!r}, *sys.argv[1:]])\n"
    )
    (bin_dir / "git").chmod(0o755)
    remote = bare_repository(tmp_path / "book.git")
    put_on_branch(remote, "gh-pages", {"CNAME": "book.example.org\n"})
    env = clean_environment(PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    result = run_publish(author, tiny_site, "--remote", str(remote), env=env)
    assert result.returncode == 0, result.stderr
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    with_remote = [call for call in calls if str(remote) in call]
    assert {call[0] for call in with_remote} == {"remote", "ls-remote", "fetch", "push"}
    for call in with_remote:
        assert "--" in call and call.index("--") < call.index(str(remote)), call


def test_publish_to_another_branch_needs_the_flag_that_says_its_files_go(
    author, tiny_site, tmp_path
):
    remote = bare_repository(tmp_path / "book.git")
    put_on_branch(remote, "main", {"README.md": "the sources", "index.html": "old"})
    main_before = git("rev-parse", "main", cwd=remote)
    refused = run_publish(
        author, tiny_site, "--remote", str(remote), "--branch", "main"
    )
    assert refused.returncode == 1
    assert refused.stderr == (
        f"{NOT}publishing replaces every file of the branch 'main' with the site; "
        "publish to gh-pages, or add --replace-branch-files to replace the files of 'main'\n"
    )
    assert git("rev-parse", "main", cwd=remote) == main_before
    assert git("branch", "--list", "gh-pages", cwd=remote) == ""

    asked = run_publish(
        author,
        tiny_site,
        "--remote",
        str(remote),
        "--branch",
        "main",
        "--replace-branch-files",
    )
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.splitlines()[1:] == [
        "removed from main (1, not in this build): README.md"
    ]
    assert git("rev-parse", "main^", cwd=remote) == main_before


@pytest.mark.parametrize("branch", ["gh pages", "HEAD", "a..b", "@{-1}", "-gh-pages"])
def test_publish_refuses_a_branch_name_git_refuses_in_one_line(
    author, tiny_site, tmp_path, branch
):
    remote = bare_repository(tmp_path / "book.git")
    result = run_publish(
        author,
        tiny_site,
        "--remote",
        str(remote),
        f"--branch={branch}",
        "--replace-branch-files",
    )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, (
        result.stderr
    )
    assert result.stderr.startswith(f"{NOT}{branch!r} is not a branch name")
    assert refs(remote) == ""


def test_publish_waits_for_a_build_that_is_replacing_the_site(
    author, tiny_site, tmp_path
):
    """publish.py copies the site while holding the build lock shared, so it never
    copies half of one build and half of another."""
    from build_site import site_lock

    remote = bare_repository(tmp_path / "book.git")
    errors = tmp_path / "stderr"
    with site_lock(tiny_site, shared=False, who="test"), errors.open("w") as stderr:
        running = subprocess.Popen(
            [sys.executable, str(author.joinpath(*PUBLISH)), str(tiny_site), "--remote", str(remote)],
            cwd=author, stdout=subprocess.PIPE, stderr=stderr, text=True, env=clean_environment(),
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while "waiting" not in errors.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert running.poll() is None, "publish did not wait for the build"
        assert refs(remote) == ""
    assert running.wait(timeout=120) == 0
    assert (
        errors.read_text()
        == f"publish: waiting for the build of {tiny_site} that is running to finish\n"
    )
    assert "index.html" in tree(remote, "gh-pages")


# --- `make publish` and `make help`: PUBLISH_REMOTE never reaches a shell ---


@pytest.mark.parametrize(
    "failing, variables",
    [
        ("the build", ["SPHINXBUILD=false", "PYTEST=true"]),
        ("the doctests and site checks", ["PYTEST=false"]),
    ],
)
def test_make_publish_refuses_when_a_check_fails(author, tmp_path, failing, variables):
    remote = bare_repository(tmp_path / "book.git")
    result = make(author, "publish", f"PUBLISH_REMOTE={remote}", *variables)
    assert result.returncode != 0, f"make publish went on although {failing} failed"
    assert (
        "make publish: NOT publishing: the build, the doctests or the site checks failed"
        in result.stderr
    )
    assert refs(remote) == "", "something was pushed"
    if failing == "the doctests and site checks":
        assert "build_site: the site is in" in result.stdout  # the build itself passed


def test_make_publish_hands_a_path_with_an_apostrophe_to_the_script(author, tmp_path):
    remote = bare_repository(tmp_path / "it's the book.git")
    result = make(author, "publish", f"PUBLISH_REMOTE={remote}", "PYTEST=true")
    assert result.returncode == 0, result.stderr
    landed = tree(remote, "gh-pages")
    assert (
        f"published {len(landed)} files to gh-pages of {remote}: Publish the book"
        in result.stdout
    )
    assert {"index.html", "one.html", "two.html", ".nojekyll"} <= landed


INJECTIONS = [
    "x'; touch {planted}; echo '",
    'x"; touch {planted}; echo "',
    "`touch {planted}`",
    "$(touch {planted})",
]


@pytest.mark.parametrize("given", ["on the command line", "in the environment"])
@pytest.mark.parametrize("injection", INJECTIONS)
def test_make_publish_runs_nothing_written_in_the_remote(
    author, tmp_path, injection, given
):
    planted = tmp_path / "planted"
    remote = injection.format(planted=planted)
    before = refs(author)
    if given == "on the command line":
        if "$" in remote:
            remote = remote.replace("$", "$$")  # make's own syntax: $$ is a $
        result = make(author, "publish", f"PUBLISH_REMOTE={remote}", "PYTEST=true")
        remote = remote.replace("$$", "$")
    else:
        result = make(
            author,
            "publish",
            "PYTEST=true",
            env=clean_environment(PUBLISH_REMOTE=remote),
        )
    assert result.returncode != 0
    assert (
        f"{NOT}{remote!r} is not a remote of this repository, a URL or an existing path"
        in result.stderr
    )
    assert not planted.exists(), "make publish ran a command written in PUBLISH_REMOTE"
    assert refs(author) == before
    assert "build_site" not in result.stdout, (
        "the remote was refused only after a build"
    )


def test_check_names_a_wrong_remote_or_branch_and_publishes_nothing(
    author, tiny_site, tmp_path
):
    remote = bare_repository(tmp_path / "book.git")
    good = run_publish(author, tiny_site, "--check", "--remote", str(remote))
    assert (good.returncode, good.stdout, good.stderr) == (0, "", "")
    assert refs(remote) == "", "--check pushed something"
    wrong_branch = run_publish(
        author, tiny_site, "--check", "--remote", str(remote), "--branch", "main"
    )
    assert wrong_branch.returncode == 1
    assert wrong_branch.stderr.startswith(
        f"{NOT}publishing replaces every file of the branch 'main'"
    )
    missing = run_publish(
        author, tiny_site, "--check", "--remote", str(tmp_path / "nowhere")
    )
    assert missing.returncode == 1
    assert (
        "is not a remote of this repository, a URL or an existing path"
        in missing.stderr
    )


@pytest.mark.parametrize("empty", ["on the command line", "in the environment"])
def test_make_publish_refuses_an_empty_remote(author, empty):
    before = refs(author)
    if empty == "on the command line":
        result = make(author, "publish", "PUBLISH_REMOTE=", "PYTEST=true")
    else:
        result = make(
            author, "publish", "PYTEST=true", env=clean_environment(PUBLISH_REMOTE="")
        )
    assert result.returncode != 0
    assert f"{NOT}the remote is empty (PUBLISH_REMOTE='')" in result.stderr
    assert refs(author) == before, "something was committed in the author's repository"
    assert "build_site" not in result.stdout, (
        "the remote was refused only after a build"
    )


@pytest.mark.parametrize("injection", [*INJECTIONS, "$(shell touch {planted})"])
def test_make_help_prints_the_remote_and_runs_nothing(author, tmp_path, injection):
    planted = tmp_path / "planted"
    remote = injection.format(planted=planted)
    result = make(
        author, env=clean_environment(PUBLISH_REMOTE=remote)
    )  # help is the default goal
    assert result.returncode == 0, result.stderr
    assert (
        f"PUBLISH_REMOTE (now: {remote}; a remote name, URL or path)" in result.stdout
    )
    assert not planted.exists(), "make help ran a command written in PUBLISH_REMOTE"
    assert "(now: origin;" in make(author, "help").stdout


# --- Nothing of the publisher's machine reaches the branch, nothing secret is printed ---


def branch_with_link(remote: Path, name: str, target: str) -> str:
    """Make ``gh-pages`` of ``remote`` hold ``name`` as a symbolic link to ``target``."""
    work = remote.parent / "work-links"
    tiny_git("init", "-q", "-b", "gh-pages", str(work), cwd=remote.parent)
    (work / "index.html").write_text("old")
    os.symlink(target, work / name)
    tiny_git("add", ".", cwd=work)
    tiny_git("commit", "-q", "-m", "a link someone put there", cwd=work)
    tiny_git("push", "-q", "--", str(remote), "gh-pages:gh-pages", cwd=work)
    shutil.rmtree(work)
    return git("rev-parse", "gh-pages", cwd=remote)


@pytest.mark.parametrize("target", ["secret", "missing"])
def test_publish_refuses_a_cname_on_the_branch_that_is_a_symbolic_link(
    author, tiny_site, tmp_path, target
):
    secret = tmp_path / "secret"
    secret.write_text("password=hunter2\n")
    remote = bare_repository(tmp_path / "book.git")
    before = branch_with_link(remote, "CNAME", str(tmp_path / target))
    result = run_publish(author, tiny_site, "--remote", str(remote))
    assert result.returncode == 1
    assert result.stderr == (
        f"{NOT}CNAME on the branch is a symbolic link: a publish keeps only a regular "
        "CNAME; replace it on the branch, or give the site its own CNAME\n"
    )
    assert git("rev-parse", "gh-pages", cwd=remote) == before, "something was pushed"
    everything = subprocess.run(
        ["git", "log", "--all", "-p"], cwd=remote, capture_output=True, text=True
    ).stdout
    assert "hunter2" not in everything


def plant(site: Path, what: str, secret: Path) -> str:
    """Put one thing into the site that must not be published; its name there."""
    if what == "a link to a file":
        (site / "leak.txt").symlink_to(secret)
        return f"the site holds a symbolic link, leak.txt -> {secret}"
    if what == "a link to a folder":
        (site / "chapters" / "home").symlink_to(secret.parent)
        return f"the site holds a symbolic link, chapters/home -> {secret.parent}"
    if what == "a link loop":
        (site / "a").symlink_to("b")
        (site / "b").symlink_to("a")
        return "the site holds a symbolic link, a -> b"
    if what == "a dangling link":
        (site / "gone.html").symlink_to(site / "nowhere.html")
        return f"the site holds a symbolic link, gone.html -> {site / 'nowhere.html'}"
    if what == "a .git folder":
        (site / ".git").mkdir()
        (site / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
        return "the site holds a git folder or file, .git"
    if what == "a named pipe":
        os.mkfifo(site / "chapters" / "pipe")
        return "the site holds chapters/pipe, which is not a regular file"
    raise AssertionError(what)


@pytest.mark.parametrize(
    "what",
    ["a link to a file", "a link to a folder", "a link loop", "a dangling link",
     "a .git folder", "a named pipe"],
)  # fmt: skip
def test_publish_refuses_a_site_holding_anything_but_regular_files(
    author, tiny_site, tmp_path, what
):
    secret = tmp_path / "private" / "secret"
    secret.parent.mkdir()
    secret.write_text("password=hunter2\n")
    named = plant(tiny_site, what, secret)
    remote = bare_repository(tmp_path / "book.git")
    result = run_publish(author, tiny_site, "--remote", str(remote))
    assert result.returncode == 1
    assert result.stderr.startswith(f"{NOT}{named}"), result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert refs(remote) == "", "something was pushed"


CREDENTIALS = "https://alice:S3cretPass@book.example.org/book.git"


def test_credentials_in_the_remote_are_never_printed(author, tiny_site, tmp_path):
    # git rewrites the address to a local repository (url.<base>.insteadOf), so
    # the publish goes through while publish.py only ever sees the address given.
    remote = bare_repository(tmp_path / "book.git")
    env = clean_environment(
        GIT_CONFIG_COUNT="1",
        GIT_CONFIG_KEY_0=f"url.{remote}.insteadOf",
        GIT_CONFIG_VALUE_0=CREDENTIALS,
    )
    done = run_publish(author, tiny_site, "--remote", CREDENTIALS, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "published 3 files to gh-pages of https://***@book.example.org/book.git: "
    )
    assert "index.html" in tree(remote, "gh-pages")

    unreachable = (
        "https://bob:T0kenXYZ@127.0.0.1:9/book.git"  # nothing listens on port 9
    )
    failed = run_publish(author, tiny_site, "--remote", unreachable)
    assert failed.returncode == 1
    assert failed.stderr.startswith(
        f"{NOT}cannot reach https://***@127.0.0.1:9/book.git"
    )
    for result in (done, failed):
        output = result.stdout + result.stderr
        assert "S3cretPass" not in output and "T0kenXYZ" not in output
        assert "alice" not in output and "bob" not in output


@pytest.mark.parametrize(
    "spelling",
    ["file://{author}", "file://{author}/.git", "file://localhost{author}/",
     "file://{author}/docs", "a remote named book: file://{author}"],
)  # fmt: skip
def test_publish_refuses_the_authors_own_repository_as_a_file_url(
    author, tiny_site, spelling
):
    before = refs(author)
    remote = spelling.format(author=author)
    if remote.startswith("a remote named book: "):
        remote = remote.removeprefix("a remote named book: ")
        tiny_git("remote", "add", "book", remote, cwd=author)
        before = refs(author)
        remote = "book"
    result = run_publish(author, tiny_site, "--remote", remote)
    assert result.returncode == 1
    assert result.stderr.startswith(
        f"{NOT}{remote!r} is this repository (or one of its work trees or folders)"
    ), result.stderr
    assert refs(author) == before


def slow_push_git(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """An environment whose `git push` first says its process id, then waits 5 s."""
    bin_dir, marker = tmp_path / "bin", tmp_path / "push-started"
    bin_dir.mkdir()
    real_git = shutil.which("git")
    (bin_dir / "git").write_text(
        f"#!{sys.executable}\nimport os, sys, time\n"
        "if sys.argv[1:2] == ['push']:\n"
        f"    open({str(marker)!r}, 'w').write(str(os.getpid()))\n"
        "    time.sleep(5)\n"
        f"os.execv({real_git!r}, [{real_git!r}, *sys.argv[1:]])\n"
    )
    (bin_dir / "git").chmod(0o755)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = clean_environment(
        PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", TMPDIR=str(scratch)
    )
    return env, marker


def gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")  # ended, waiting only to be reaped


def wait_until(condition, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return condition()


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_an_interrupted_publish_stops_its_push_and_leaves_no_copy(
    author, tiny_site, tmp_path, signum
):
    env, marker = slow_push_git(tmp_path)
    remote = bare_repository(tmp_path / "book.git")
    running = subprocess.Popen(
        [sys.executable, str(author.joinpath(*PUBLISH)), str(tiny_site), "--remote", str(remote)],
        cwd=author, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert wait_until(marker.exists), "the push never started"
    push = int(wait_until(lambda: marker.read_text()) and marker.read_text())
    running.send_signal(signum)
    _, stderr = running.communicate(timeout=60)
    assert wait_until(lambda: gone(push)), "the push goes on after publish.py ended"
    assert refs(remote) == "", "the interrupted publish pushed its commit"
    if signum != signal.SIGKILL:
        assert running.returncode == 130
        assert stderr == (
            "publish: interrupted: stopped where it was; the scratch copy is removed\n"
        )
    assert wait_until(lambda: not any((tmp_path / "tmp").iterdir())), (
        f"left behind: {list((tmp_path / 'tmp').iterdir())}"
    )
