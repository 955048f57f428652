"""`make html` never leaves a half-written site where `make publish` or a reader could pick it up.

The builds here run the project's real ``make html`` recipe and the real
``sphinx-build`` on a three-page book (``helpers.py``) whose ``conf.py`` can
hold a build at a gate, standing in for the minute the real book takes: the
second of two builds starts while the first is held. ``move_into_place``, the step that
swaps a finished site in, is also tested on its own, with and without the
one-step swap of two folders that Linux offers.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

import pytest

import build_site  # docs/_tools, on pytest's pythonpath
from helpers import ENGLISH_ONLY, ROOT, STAMP, clean_environment, write_tiny_docs

pytestmark = pytest.mark.slow  # make and Sphinx runs


def files_of(site: Path) -> dict[str, bytes]:
    return {
        p.relative_to(site).as_posix(): p.read_bytes()
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def start_make_html(docs: Path, build: Path, log: Path) -> subprocess.Popen:
    with log.open("w") as output:
        return subprocess.Popen(
            [
                "make",
                "--no-print-directory",
                "-o",
                STAMP,
                "html",
                ENGLISH_ONLY,
                f"DOCS={docs}",
                f"BUILD={build}",
            ],
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
            text=True,
            env=clean_environment(),
        )


def make_html(docs: Path, build: Path, log: Path) -> int:
    return start_make_html(docs, build, log).wait(timeout=300)


def wait_for(condition, build: subprocess.Popen, timeout: float = 120) -> None:
    """Wait until ``condition()`` holds, while ``build`` is still running."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert build.poll() is None, "the build ended before it got there"
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_two_builds_started_apart_leave_one_whole_site_at_every_moment(tmp_path: Path):
    hold = tmp_path / "hold"
    docs = write_tiny_docs(tmp_path / "docs", hold=hold)
    build = tmp_path / "build"
    site = build / "html"
    assert make_html(docs, build, tmp_path / "first.log") == 0, (
        tmp_path / "first.log"
    ).read_text()
    whole = set(files_of(site))
    assert {
        "index.html",
        "one.html",
        "two.html",
        "search.html",
        "_static/basic.css",
    } <= whole

    # A reader looks at the site every 20 ms while two builds replace it.
    seen: list[set[str]] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            seen.append(
                {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
            )
            time.sleep(0.02)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        hold.touch()
        # a new version of the book: a build of unchanged inputs would not run at all
        (docs / "one.rst").write_text((docs / "one.rst").read_text() + "\nAgain.\n")
        first = start_make_html(docs, build, tmp_path / "a.log")
        # the first is building (held at the gate in conf.py)
        wait_for(lambda: Path(f"{hold}.reached").exists(), first)
        second = start_make_html(docs, build, tmp_path / "b.log")
        waiting = "make html: waiting for the build of"
        wait_for(lambda: waiting in (tmp_path / "b.log").read_text(), second)
        hold.unlink()  # the first goes on, then the second
        statuses = first.wait(timeout=300), second.wait(timeout=300)
    finally:
        stop.set()
        reader.join()
    logs = [(tmp_path / name).read_text() for name in ("a.log", "b.log")]
    assert statuses == (0, 0), logs
    assert len(seen) > 20
    partial = [files for files in seen if files != whole]
    assert not partial, (
        f"a reader saw a site with {len(partial[0])} of {len(whole)} files"
    )
    assert "make html: waiting for the build of" in logs[1], (
        "the builds did not take turns"
    )
    assert set(files_of(site)) == whole
    assert sorted(p.name for p in build.iterdir()) == [
        "html",
        "html.inputs",
        "html.lock",
    ], "a build left its folders behind"


def test_a_failed_build_keeps_the_previous_site(tmp_path: Path):
    """And the folders a killed build left are removed by the next."""
    docs = write_tiny_docs(tmp_path / "docs")
    build = tmp_path / "build"
    for leftover in ("html.tmp.4242", "html.tmp.4242.doctrees"):
        (build / leftover / "_static").mkdir(parents=True)
    assert make_html(docs, build, tmp_path / "ok.log") == 0
    assert sorted(p.name for p in build.iterdir()) == [
        "html",
        "html.inputs",
        "html.lock",
    ]
    before = files_of(build / "html")
    # a warning, so -W fails
    (docs / "two.rst").write_text("Two\n===\n\nSee :doc:`missing`.\n")
    assert make_html(docs, build, tmp_path / "bad.log") != 0
    log = (tmp_path / "bad.log").read_text()
    assert (
        f"build_site: the build failed (exit 1); {build / 'html'} still holds the previous site"
        in log
    )
    assert files_of(build / "html") == before
    assert sorted(p.name for p in build.iterdir()) == ["html", "html.lock"]


def test_a_first_build_that_fails_leaves_no_site(tmp_path: Path):
    docs = write_tiny_docs(tmp_path / "docs")
    (docs / "two.rst").write_text("Two\n===\n\nSee :doc:`missing`.\n")
    build = tmp_path / "build"
    assert make_html(docs, build, tmp_path / "bad.log") != 0
    assert f"{build / 'html'} holds no site" in (tmp_path / "bad.log").read_text()
    assert not (build / "html").exists()


@pytest.mark.parametrize("swap", ["one step", "two renames"])
def test_move_into_place_replaces_the_site_whole(tmp_path: Path, monkeypatch, swap):
    target = tmp_path / "html"
    for folder, text in ((target, "old"), (tmp_path / "html.tmp.1", "new")):
        (folder / "_static").mkdir(parents=True)
        (folder / "index.html").write_text(text)
        (folder / "_static" / f"{text}.css").write_text(text)
    if swap == "two renames":
        monkeypatch.setattr(build_site, "_exchange", lambda a, b: False)
    else:
        # this system swaps in one step
        assert build_site._exchange(tmp_path / "html.tmp.1", target)
        build_site._exchange(tmp_path / "html.tmp.1", target)  # and back
    build_site.move_into_place(tmp_path / "html.tmp.1", target)
    assert files_of(target) == {"index.html": b"new", "_static/new.css": b"new"}
    assert sorted(os.listdir(tmp_path)) == ["html"]


def test_build_site_needs_a_command_that_writes_to_out(tmp_path: Path):
    with pytest.raises(SystemExit, match=r"must write to \{out\}"):
        build_site.build(tmp_path / "html", ["true"])
    assert build_site.main([str(tmp_path / "html"), "true"]) == 2


def test_a_build_of_unchanged_inputs_is_not_run_again_and_any_change_builds(
    tmp_path: Path,
):
    """``make test`` after ``make html``: the site that passed stands (build_inputs.py)."""
    docs = write_tiny_docs(tmp_path / "docs")
    build = tmp_path / "build"
    assert make_html(docs, build, tmp_path / "first.log") == 0
    page = build / "html" / "one.html"
    built = page.stat().st_mtime_ns

    assert make_html(docs, build, tmp_path / "again.log") == 0
    assert "up to date" in (tmp_path / "again.log").read_text()
    assert page.stat().st_mtime_ns == built, "the same inputs were built again"

    (docs / "notes.txt").write_text("not a page, yet an input\n")  # any added file
    assert make_html(docs, build, tmp_path / "added.log") == 0
    assert "up to date" not in (tmp_path / "added.log").read_text()
    assert page.stat().st_mtime_ns != built


def test_without_git_the_build_says_so_and_the_files_still_decide(
    tmp_path: Path, monkeypatch, capsys
):
    """A machine without git: one line says the commit is left out; no traceback."""
    import build_inputs  # docs/_tools

    monkeypatch.setenv("PATH", str(tmp_path))  # a folder with no git in it
    assert build_inputs.commit() == "no git"
    assert "git is not installed" in capsys.readouterr().err
    (tmp_path / "page.md").write_text("one\n")
    first = build_inputs.fingerprint([tmp_path / "page.md"], ["build"])
    (tmp_path / "page.md").write_text("two\n")
    assert build_inputs.fingerprint([tmp_path / "page.md"], ["build"]) != first
