"""Copy-paste works: a chapter's snippets, copied as the copy button copies them and
pasted in order into a fresh interactive Python next to the downloaded engine,
print what the page shows.

The copy button (sphinx-copybutton, configured in docs/conf.py) keeps only the
lines with a ``>>> `` or ``... `` prompt and removes the prompts; a block with no
prompts is copied whole. Each chapter runs in its own subprocess, in a fresh
temporary folder that holds nothing but copies of the downloadable engine files
(``tinygrad.py``, ``tensorgrad.py``, ``digits.py``): that folder is the working directory, and
no folder of the repository is on ``sys.path``, so a snippet that needs a file
of the repository (a cached result, a figure script) fails here as it would for
a reader.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted((ROOT / "docs" / "chapters").glob("[0-9][0-9]-*.md"))
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```python[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.M | re.S,
)
ENGINE_FILES = [
    "tinygrad.py",
    "tensorgrad.py",
    "digits.py",
]  # what the chapters offer for download
PROMPT = re.compile(r">>> |\.\.\. |\.\.\.$")  # copybutton_prompt_text in docs/conf.py


def copied_blocks(page: Path) -> list[tuple[str, str | None]]:
    """(what the copy button copies, the output the page shows) for each Python block.

    The output is None for a script block (no prompts): it prints nothing and is
    pasted whole, as into a file or a notebook cell.
    """
    blocks = []
    for match in FENCE.finditer(page.read_text(encoding="utf-8")):
        indent = len(match["indent"])
        lines = [line[indent:] for line in match["body"].splitlines()]
        if not any(PROMPT.match(line) for line in lines):
            blocks.append(("\n".join(lines), None))  # a script: copied whole
            continue
        code, shown = [], []
        for line in lines:
            prompt = PROMPT.match(line)
            if prompt:
                code.append(line[prompt.end() :])
                if line == "..." and shown and shown[-1].startswith("Traceback"):
                    shown.append(
                        line
                    )  # doctest's "traceback lines here", copied as a blank line
            elif line.strip():
                shown.append(line)
        blocks.append(("\n".join(code), "\n".join(shown)))
    return blocks


# Runs in the subprocess: type each doctest block into an interactive console line
# by line, as into Python's prompt, run each script block whole, and compare what
# is printed with what the page shows (doctest's rules: "..." in the page's output
# matches anything, whitespace is normalised).
PASTE = r"""
import code, contextlib, doctest, io, json, sys
blocks = json.loads(sys.stdin.read())
console = code.InteractiveConsole({"__name__": "__main__"})
checker = doctest.OutputChecker()
flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
failures = []
for number, (pasted, shown) in enumerate(blocks, 1):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        if shown is None:  # a script block runs as one piece, as from a file or a cell
            console.runsource(pasted + "\n", "<script block>", "exec")
            shown = ""
        else:  # a doctest block is typed line by line, as into the interactive prompt
            more = False
            for line in pasted.split("\n"):
                more = console.push(line)
            if more:
                console.push("")
    got = "\n".join(l for l in out.getvalue().splitlines() if l.strip())
    if not checker.check_output(shown + "\n", got + "\n", flags):
        failures.append({"block": number, "pasted": pasted[:300], "shown": shown[:300], "got": got if len(got) <= 600 else got[:300] + " [...] " + got[-300:]})
print(json.dumps(failures))
"""


# Runs first in the subprocess: the reader's Python sees the folder with the
# downloaded files and its installed packages, and nothing of the repository (the
# editable install of the book's environment would put src/ on sys.path).
ISOLATE = r"""
import os, sys
_here = os.getcwd()
_repository = {root!r}
_environment = os.path.realpath(sys.prefix)
sys.path[:] = [_here] + [
    entry for entry in sys.path
    if entry and not (os.path.realpath(entry) + os.sep).startswith(_repository + os.sep)
    or (os.path.realpath(entry) + os.sep).startswith(_environment + os.sep)
]
import tinygrad
assert os.path.dirname(os.path.realpath(tinygrad.__file__)) == os.path.realpath(_here), tinygrad.__file__
del _here, _repository, _environment, tinygrad
"""


def paste(blocks: list[tuple[str, str | None]], folder: Path) -> list[dict]:
    """Paste the blocks into a fresh Python whose working directory is ``folder``."""
    for module in ENGINE_FILES:
        shutil.copy(
            ROOT / "src" / module, folder / module
        )  # the downloaded engine files
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, "-c", ISOLATE.format(root=str(ROOT.resolve())) + PASTE],
        input=json.dumps(blocks),
        capture_output=True,
        text=True,
        cwd=folder,  # a reader's own folder: the downloads and nothing else
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("page", CHAPTERS, ids=[page.stem for page in CHAPTERS])
def test_pasting_a_chapters_snippets_prints_what_it_shows(
    page: Path, tmp_path: Path
) -> None:
    text = page.read_text(encoding="utf-8")
    if "torch" in text and "skip: start" in text:
        pytest.importorskip(
            "torch", reason="PyTorch is not installed: the page skips these parts"
        )
    blocks = copied_blocks(page)
    assert blocks, f"{page.name} has no Python blocks"
    failures = paste(blocks, tmp_path)
    assert failures == [], json.dumps(failures, indent=1)


def test_the_speed_chapters_are_pasted_too() -> None:
    """Chapters 7 and 8 print measurements; they are among the pasted pages all the same."""
    names = [page.name for page in CHAPTERS]
    assert "07-two-designs.md" in names and "08-speed.md" in names


def test_a_snippet_that_needs_a_repository_file_fails(tmp_path: Path) -> None:
    """What the speed chapters once did: read the cached benchmark from the repository."""
    assert (ROOT / "docs" / "chapters" / "figures" / "speed_results.json").is_file()
    reads_the_cache = (
        "import json\n"
        "from pathlib import Path\n"
        'cache = json.loads(Path("docs/chapters/figures/speed_results.json").read_text())\n'
        'print(cache["python"][:2])'
    )
    failures = paste([(reads_the_cache, "3.")], tmp_path)
    assert len(failures) == 1 and "FileNotFoundError" in failures[0]["got"], failures


def test_the_repositorys_engine_is_not_importable(tmp_path: Path) -> None:
    """Only the downloaded copies count: the repository's src/ is off sys.path."""
    blocks = [
        (
            "import sys\nprint(any(p.rstrip('/').endswith('src') for p in sys.path))",
            "False",
        ),
        (
            "import tinygrad, os\nprint(os.path.dirname(tinygrad.__file__) == os.getcwd())",
            "True",
        ),
    ]
    assert paste(blocks, tmp_path) == []


def test_the_copy_rule_matches_the_books_configuration() -> None:
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assert 'copybutton_prompt_text = r">>> |\\.\\.\\. |\\.\\.\\.$"' in conf
    assert "copybutton_only_copy_prompt_lines = True" in conf
    assert "copybutton_remove_prompts = True" in conf


def test_copied_blocks_drop_prompts_and_output(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```python\n>>> def f(x):\n...     return 2 * x\n...\n>>> f(3)\n6\n```\n"
    )
    assert copied_blocks(page) == [("def f(x):\n    return 2 * x\n\nf(3)", "6")]


def test_every_file_pasted_next_to_the_snippets_is_offered_by_a_chapter() -> None:
    """A reader has only what a chapter offers: each of ENGINE_FILES is a {download}."""
    pages = "\n".join(page.read_text(encoding="utf-8") for page in CHAPTERS)
    offered = set(re.findall(r"\{download\}`[^`<]*<\.\./\.\./src/([\w.]+)>`", pages))
    # check_engine.py is offered too, but it checks the reader's own file: no snippet
    # imports it, so it need not lie next to the pasted snippets.
    assert offered - {"check_engine.py"} == set(ENGINE_FILES), offered
