"""Promise 5: the same check call works in a file and a notebook, as in a prompt.

(The prompts, IPython and the page are tested where every chapter is pasted
and run: test_pasting_into_real_pythons.py, test_code_runs_in_the_browser.py,
and test_check_button_in_the_page.py here.) A reader's file next to the
download prints the verdict; ``python check_exercises.py`` says how to use it;
a chapter's notebook writes the download into its folder only where no file
of that name is, so a reader's own file is never replaced.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from book.exercises import assemble

ANSWERS = """\
from check_exercises import check


def k_slope(x):
    return 6 * x + 4


print(check("1.4", k_slope))
"""


def python(
    folder: Path, *arguments: str, stdin: str | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-E", "-s", *arguments],
        input=stdin,  # a notebook's first cell is longer than one argument may be
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
    )


def test_a_readers_file_next_to_the_download_gets_the_verdict(tmp_path: Path) -> None:
    (tmp_path / "check_exercises.py").write_text(assemble.assemble(), encoding="utf-8")
    (tmp_path / "answers.py").write_text(ANSWERS, encoding="utf-8")
    done = python(tmp_path, "answers.py")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "✗ Exercise 1.4, the slope at x = -3: got -14, expected -22."
        " (Wrong in all 3 cases.)",
        "  Likely cause: the term -4x has slope -4, not +4.",
        "False",
    ]


def test_the_download_run_as_a_program_says_how_to_use_it(tmp_path: Path) -> None:
    (tmp_path / "check_exercises.py").write_text(assemble.assemble(), encoding="utf-8")
    done = python(tmp_path, "check_exercises.py")
    assert done.returncode == 0, done.stderr
    assert 'check("1.4", k_slope)' in done.stdout
    listed = done.stdout.splitlines()[-1]
    assert listed.startswith("Exercises: ") and "1.4" in listed[11:].split(", ")


def test_a_notebook_writes_the_checker_only_where_none_is(site: Path, tmp_path: Path):
    import nbformat

    notebook = nbformat.read(site / "chapters" / "01-slopes.ipynb", as_version=4)
    first = notebook.cells[0].source
    assert any('check("1.4", k_slope)' in c.source for c in notebook.cells[1:])
    done = python(tmp_path, "-", stdin=first)
    assert done.returncode == 0 and done.stdout == "", done.stderr
    written = (tmp_path / "check_exercises.py").read_text(encoding="utf-8")
    assert written == assemble.assemble()

    mine = "# my own checker\n"
    (tmp_path / "check_exercises.py").write_text(mine, encoding="utf-8")
    done = python(tmp_path, "-", stdin=first)
    assert done.returncode == 0, done.stderr
    assert "check_exercises.py" in done.stdout  # one line says it is kept
    assert (tmp_path / "check_exercises.py").read_text(encoding="utf-8") == mine
    assert (tmp_path / "check_exercises_book.py").read_text(encoding="utf-8") == written
