"""Promise 3 of CONTRIBUTING.md: each chapter's notebook, in both editions, runs top to
bottom in an empty folder and prints what the page shows.

The build writes ``chapters/NN-name.ipynb`` beside each chapter page, in the
English edition and in the Chinese (docs/_ext/book/notebooks/). A Chinese
notebook is its English one with other prose and translated comments: the same
cells, in the same order, with the same tags, and code that is the same once
the comments are taken out (:func:`test_a_chinese_notebook_is_the_english_one_with_translated_comments`,
which reads every pair without a kernel). So it runs as the English one runs,
and a kernel runs every English notebook and, for the Chinese edition,
:data:`CHINESE_RUN`, the chapter with the most translated comments in its code
(what a kernel could trip over that the comparison cannot see); ``make test``
runs the sample's English notebooks (``helpers.SAMPLE``) and that Chinese one,
``make sweeps`` the other English ones. Each is
executed by a real Jupyter kernel (nbclient and ipykernel, the test extra), in
an empty temporary folder, two kernels at a time, and then checked against the
chapter's Markdown as it is now, not against anything the notebook stores:

* its code cells are the page's Python blocks, in order, as the copy button
  copies them (the Chinese edition's with its translated comments: the code,
  without comments, is the same token for token), so a snippet changed since
  the site was built fails here until the book is rebuilt;
* each cell printed what the page shows after the block, by the doctests'
  rules (``...`` matches anything, whitespace is normalised, a traceback is
  compared by its exception, as tests/book/test_pasting_into_real_pythons.py
  compares a paste); a block without prompts must run without an error; an
  error anywhere else fails, so Run All works;
* the book's modules it imported (``tinygrad``, ``tensorgrad``, ``digits``)
  came from files the notebook wrote into its folder: one that needs a file it
  does not carry would import it from ``src/`` (installed in .venv) and fails.

Two kinds of block are compared as "runs without an error" only, as in the
IPython paste test: a block the page marks ``% printed by Python 3.11``, and a
block that counts Python's objects or what the collector freed (``gc.``, or a
call of a function the page defined with it: chapters 7, 8 and 11): a kernel has
threads of its own that make and free objects meanwhile. The PyTorch cells of
chapter 9 skip, printing why, in a kernel without PyTorch, as the page's
doctests do; the test then reports a skip after everything else passed.
"""

from __future__ import annotations

import ast
import asyncio
import doctest
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from book.i18n.code_comments import code_only, without_comments
from book.notebooks.cells import cell_source
from book.notebooks.first_cell import SKIP_MAGIC
from helpers import (
    CHAPTERS,
    FLAGS,
    MODULE,
    ROOT,
    SAMPLE,
    Block,
    blocks_of,
    catalogue_folder,
    chapter,
    chapter_page,
    need,
    references_to_other_hosts,
    selected_items,
    sweep,
    without_tracebacks,
)

EDITIONS = {"en": "site", "zh_CN": "zh_site"}
CHINESE_RUN = chapter("chain-rule").stem  # 19 translated comments in its code, the most
RUNS = [
    (page, edition)
    for page in CHAPTERS
    for edition in EDITIONS
    if edition == "en" or page.stem == CHINESE_RUN
]
BOOK_MODULES = ["tinygrad", "engine", "tensorgrad", "digits", "check_engine"]
KERNELS_AT_ONCE = 2  # the machine's two cores
CELL_SECONDS = 300  # one cell, training included, on a busy machine
# Run after the notebook's cells: where the book's modules came from, and
# whether the kernel has the modules the skipped regions need.
WHERE_FROM = f"""
import importlib.util, json, sys
print(json.dumps({{
    "modules": {{n: sys.modules[n].__file__ for n in {BOOK_MODULES!r} if n in sys.modules}},
    "has": {{n: importlib.util.find_spec(n) is not None for n in ["torch"]}},
}}))
"""


def counting_blocks(blocks: list[Block]) -> set[int]:
    """The blocks that count objects: they use ``gc.``, or call a function defined with it."""
    counters: set[str] = set()
    for block in blocks:
        if "gc." not in block.shown_code:
            continue
        try:
            tree = ast.parse(cell_source(block.shown_code))
        except SyntaxError:
            continue
        counters |= {
            node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
        }
    calls = re.compile(r"\b(" + "|".join(map(re.escape, counters)) + r")\(")
    return {
        block.number
        for block in blocks
        if "gc." in block.shown_code or (counters and calls.search(block.shown_code))
    }


def printed(outputs: list[dict]) -> tuple[str, list[str]]:
    """What a cell printed, as the page would show it, and its errors."""
    text, errors = [], []
    for output in outputs:
        kind = output["output_type"]
        if kind == "stream" and output["name"] == "stdout":
            text.append(output["text"])
        elif kind == "execute_result":
            text.append(output["data"].get("text/plain", "") + "\n")
        elif kind == "error":
            line = f"{output['ename']}: {output['evalue']}".rstrip(": ")
            errors.append(line)
            text.append(MODULE.sub("", line) + "\n")
    return "".join(text), errors


def drawing(cell) -> tuple[str, str] | None:
    """(the SVG, the DOT text) of a cell that showed a graph as Jupyter draws it."""
    for output in cell.outputs:
        if (
            output["output_type"] == "execute_result"
            and "image/svg+xml" in output["data"]
        ):
            return output["data"]["image/svg+xml"], output["data"]["text/plain"]
    return None


async def _execute(
    path: Path, folder: Path, sockets: Path, gate: asyncio.Semaphore, cells: int = 0
) -> tuple[object, Path]:
    """Run the notebook at ``path`` (its first ``cells``, if given) in ``folder``."""
    import nbformat
    from jupyter_client.manager import AsyncKernelManager
    from nbclient import NotebookClient

    book = nbformat.read(path, as_version=4)
    if cells:
        del book.cells[cells:]
    book.cells.append(nbformat.v4.new_code_cell(WHERE_FROM, id="where-from"))
    # The kernel talks over Unix sockets in a folder of its own, not TCP ports:
    # jupyter_client picks free ports and the kernel binds them later, so two
    # kernels starting at once beside the browser tests' servers could both
    # pick one ("ZMQError: Address already in use", seen once in a clean clone).
    # Its connection file goes there too (jupyter_client's default is a new
    # file in the system's temporary folder, left behind by every run).
    manager = AsyncKernelManager(
        kernel_name="python3",
        transport="ipc",
        ip=str(sockets / "kernel"),
        connection_file=str(sockets / "kernel.json"),
    )
    client = NotebookClient(
        book,
        km=manager,  # its kernel_name is the one used
        timeout=CELL_SECONDS,
        allow_errors=True,  # every cell runs; the errors are checked below
        resources={"metadata": {"path": str(folder)}},
    )
    async with gate:
        await client.async_execute()
    return book, folder


@pytest.fixture(scope="module")
def executed(request, tmp_path_factory) -> dict[tuple[str, str], object]:
    """The notebooks this run's tests read (``-m`` may leave some out), executed:
    (edition, chapter stem) -> notebook."""
    pytest.importorskip("nbclient", reason="nbclient is in the test extra: make venv")
    need("dot")  # Graphviz: a cell that ends with to_dot(...) shows the drawn graph
    sites = {edition: need(tool) for edition, tool in EDITIONS.items()}
    selected = {
        (item.callspec.params["page"], item.callspec.params["edition"])
        for item in selected_items(request)
        if "executed" in item.fixturenames
    }
    jobs = {}
    for page, edition in RUNS:
        if (page, edition) not in selected:
            continue
        path = sites[edition] / "chapters" / f"{page.stem}.ipynb"
        if path.is_file():
            jobs[edition, page.stem] = path
    ipython = tmp_path_factory.mktemp("ipython")

    async def run_all() -> list:
        gate = asyncio.Semaphore(KERNELS_AT_ONCE)
        runs = []
        for (edition, stem), path in jobs.items():
            folder = tmp_path_factory.mktemp(f"{edition}-{stem}")  # empty
            sockets = tmp_path_factory.mktemp(f"sockets-{edition}-{stem}")
            runs.append(_execute(path, folder, sockets, gate))
        return await asyncio.gather(*runs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IPYTHONDIR", str(ipython))  # no history or profile of ours
        patch.setenv("MPLBACKEND", "Agg")  # a figure is drawn, not shown
        patch.setenv("LANGUAGE", "en")  # check_engine.check() speaks the page's words
        patch.delenv("PYTHONPATH", raising=False)  # the kernel sees no src/
        # In a thread of its own: Playwright's sync API may keep an event loop
        # running in this one (a browser test ran before on this worker).
        with ThreadPoolExecutor(1) as thread:
            results = thread.submit(asyncio.run, run_all()).result()
    return dict(zip(jobs, results))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("page", "edition"),
    # make test: the sample chapters (helpers.SAMPLE) and the Chinese run
    sweep(
        RUNS,
        lambda run: run[0].stem in SAMPLE or run[1] != "en",
        ids=lambda run: f"{run[0].stem}-{run[1]}",
    ),
)
def test_a_chapters_notebook_runs_in_an_empty_folder_and_prints_what_the_page_shows(
    page: Path, edition: str, executed
) -> None:
    key = (edition, page.stem)
    assert key in executed, (
        f"the {edition} edition has no chapters/{page.stem}.ipynb: rebuild the book"
    )
    book, folder = executed[key]
    blocks = blocks_of(page)
    setup, *cells, where_from = book.cells
    assert setup.cell_type == "code" and setup.metadata["jupyter"]["source_hidden"]
    assert "BOOK_FILES" in setup.source, "the first cell writes the book's files"
    codes = [cell for cell in cells if cell.cell_type == "code"]
    assert len(codes) == len(blocks), (
        f"{edition} {page.stem}.ipynb has {len(codes)} code cells, the page"
        f" {len(blocks)} Python blocks: rebuild the book"
    )
    found = json.loads(printed(where_from.outputs)[0])
    counting = counting_blocks(blocks)
    checker = doctest.OutputChecker()
    failures, skipped = [], 0
    for block, cell in zip(blocks, codes):
        expected = cell_source(block.shown_code)
        if block.needs:
            expected = f"%%{SKIP_MAGIC} {block.needs} is None\n{expected}"
        source = cell.source
        if edition != "en":  # comments are translated, the code is the same
            source, expected = code_only(source), code_only(expected)
        where = f"{edition} {page.stem}.ipynb, cell for block {block.number}"
        if source != expected:
            failures.append(
                f"{where}: the code is not the page's (rebuild the book):\n"
                f"--- the page:\n{expected}\n--- the notebook:\n{source}"
            )
            continue
        got, errors = printed(cell.outputs)
        tagged = "raises-exception" in cell.metadata.get("tags", [])
        if block.needs and not found["has"].get(block.needs, True):
            if errors or f"{block.needs} is None" not in got or got.count("\n") != 1:
                failures.append(f"{where}: did not skip cleanly: {got} {errors}")
            skipped += 1
            continue
        if block.examples is None or block.printed_by or block.number in counting:
            ok = not errors  # it runs; what it prints is not compared
        else:
            ok = checker.check_output(
                without_tracebacks(block.shows) + "\n",
                without_tracebacks(got) + "\n",
                FLAGS,
            ) and (tagged or not errors)
        if not ok:
            failures.append(
                f"{where}:\n--- the page shows:\n{block.shows}\n--- the cell printed:\n"
                f"{got}" + (f"--- errors: {errors}" if errors else "")
            )
    assert not failures, "\n\n".join(failures)
    drawn = [drawing(cell) for cell in codes if drawing(cell)]
    if page == chapter("engine"):
        assert drawn, f"{page.stem}.ipynb: no cell drew the graph its to_dot(...) gave"
    for svg, dot in drawn:
        assert (svg.count('class="node"'), svg.count('class="edge"')) == (
            len(re.findall(r"^  n\d+ \[label=", dot, re.M)),
            dot.count(" -> "),
        ), f"{page.stem}.ipynb: the drawn graph is not its DOT text"
    modules = found["modules"]
    for name, file in modules.items():
        assert Path(file).resolve() == (folder / f"{name}.py").resolve(), (
            f"{edition} {page.stem}.ipynb imported {name} from {file}, not from its"
            f" folder: the notebook does not carry {name}.py"
        )
    if skipped:
        pytest.skip(
            f"the rest of {edition} {page.stem}.ipynb passed; its {skipped} cells that"
            " need PyTorch skipped, as the page says: this kernel has no PyTorch"
        )


def test_the_chinese_run_has_translated_comments_in_its_code(zh_site) -> None:
    import nbformat

    book = nbformat.read(zh_site / "chapters" / f"{CHINESE_RUN}.ipynb", as_version=4)
    comments = re.compile(r"#[^\n]*[\u4e00-\u9fff]")
    code = [c.source for c in book.cells[1:] if c.cell_type == "code"]
    assert sum(len(comments.findall(source)) for source in code) >= 10


def book_words() -> dict[str, str]:
    """book.po: the extensions' words, some of which the first cell's code carries."""
    from babel.messages.pofile import read_po

    with open(catalogue_folder() / "book.po", encoding="utf-8") as po:
        return {m.id: m.string for m in read_po(po) if m.id and m.string}


# The first cell's code carries its messages in the reader's language
# (docs/_ext/book/notebooks/): a string may differ where book.po translates it.
TRANSLATED_IN_CODE = book_words()


def same_code(english: str, chinese: str) -> bool:
    """The two cells' code is the same but for comments, docstrings and TRANSLATED_IN_CODE.

    Compared as syntax trees, after a first line that is a cell magic
    (``%%skip_if ...``), which must be the same; a cell that is not Python
    otherwise, as text without comments.
    """
    magics = [
        c.split("\n", 1)[0] if c.startswith("%%") else "" for c in (english, chinese)
    ]
    if magics[0] != magics[1]:
        return False
    if magics[0]:
        english, chinese = (
            c.split("\n", 1)[1] if "\n" in c else "" for c in (english, chinese)
        )
    try:
        trees = ast.parse(english), ast.parse(chinese)
    except SyntaxError:
        return without_comments(english) == without_comments(chinese)
    docs = [
        {
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        }
        for tree in trees
    ]  # docstrings: translated with the comments
    for a, b in zip(*map(ast.walk, trees)):
        if isinstance(a, ast.Constant) and isinstance(b, ast.Constant):
            if TRANSLATED_IN_CODE.get(a.value) == b.value or (
                id(a) in docs[0] and id(b) in docs[1]
            ):
                b.value = a.value
    return ast.dump(trees[0]) == ast.dump(trees[1])


def test_same_code_sees_a_changed_line_and_not_a_comment() -> None:
    code = "x = 1  # one\nprint(x)"
    assert same_code(code, "x = 1  # 一\nprint(x)")
    assert not same_code(code, "x = 2  # one\nprint(x)")
    assert not same_code(code, "x = 1  # one\nprint('x')")
    skip = "print('(skipped, as in the book: {})'.format(c))"
    chinese = TRANSLATED_IN_CODE["(skipped, as in the book: {})"]
    assert same_code(skip, f"print({chinese!r}.format(c))")
    assert not same_code(skip, f"print({chinese!r}.format(d))")
    assert not same_code(skip, "print('（跳过：{}）'.format(c))")  # not book.po's
    magic = "%%skip torch is None\nimport torch  # the library"
    assert same_code(magic, "%%skip torch is None\nimport torch  # 库")
    assert not same_code(magic, "%%skip torch is None\nimport numpy  # the library")
    assert not same_code(magic, "%%skip numpy is None\nimport torch  # the library")
    documented = '%%skip torch is None\ndef f():\n    """Twice."""\n    return 2'
    assert same_code(documented, documented.replace("Twice.", "两倍。"))
    assert not same_code(documented, documented.replace("2", "3"))


@pytest.mark.parametrize("page", CHAPTERS, ids=[page.stem for page in CHAPTERS])
def test_a_chinese_notebook_is_the_english_one_with_translated_comments(
    page: Path, site: Path, zh_site: Path
) -> None:
    """Same cells, order, tags and kernel; code equal but for its comments."""
    import nbformat

    english, chinese = (
        nbformat.read(folder / "chapters" / f"{page.stem}.ipynb", as_version=4)
        for folder in (site, zh_site)
    )
    nbformat.validate(chinese)
    assert chinese.metadata == english.metadata, page.stem
    assert [c.cell_type for c in chinese.cells] == [c.cell_type for c in english.cells]
    for number, (en, zh) in enumerate(zip(english.cells, chinese.cells)):
        if en.cell_type != "code":
            continue
        where = f"zh_CN {page.stem}.ipynb, cell {number}"
        assert zh.metadata == en.metadata, where
        assert same_code(en.source, zh.source), where


# --- what the notebook's Markdown carries, and the Colab link -----------------------


def markdown_of(notebook: Path) -> str:
    import nbformat

    book = nbformat.read(notebook, as_version=4)
    return "\n\n".join(c.source for c in book.cells if c.cell_type == "markdown")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_notebooks_prose_is_the_pages_directives_as_plain_markdown(edition: str):
    """Figures embedded, solutions collapsed, widgets linked, excerpts of src/ as text."""
    pytest.importorskip("nbformat", reason="nbformat is in the docs extra: make venv")
    built = need(EDITIONS[edition])
    slopes = markdown_of(built / chapter_page("slopes", ".ipynb"))
    assert slopes.count("](data:image/svg+xml;base64,") >= 3, "figures not embedded"
    assert "<details>\n<summary>" in slopes and "</details>" in slopes
    widget = f"]({chapter('slopes').stem}.html#widget-secant)"
    assert widget in slopes, "the widget is not linked"
    assert "$$\n" in slopes and "$f(x) = x^2$" in slopes, "math is not Jupyter's"
    link = f"]({chapter('engine').stem}.html)"
    assert link in slopes, "a link to another chapter is lost"
    assert "engine-download" not in slopes and ".ipynb" not in slopes
    appendix = markdown_of(built / chapter_page("inside-tinygrad", ".ipynb"))
    excerpt = "```python\n    def __add__(self, other"
    assert excerpt in appendix, "an excerpt of tinygrad.py is not a Markdown fence"
    if edition == "zh_CN":
        assert "# 斜率" in slopes, "the Chinese notebook's prose is not Chinese"


def test_every_chapter_offers_its_notebook_beside_the_engine():
    """The download line links the notebook next to the page; no Colab link unless set."""
    for edition, tool in EDITIONS.items():
        site = need(tool)
        for page in CHAPTERS:
            html = (site / "chapters" / f"{page.stem}.html").read_text(encoding="utf-8")
            line = html[html.index('<p class="engine-download">') :]
            line = line[: line.index("</p>")]
            assert f'href="{page.stem}.ipynb"' in line, f"{edition} {page.stem}"
            assert (site / "chapters" / f"{page.stem}.ipynb").is_file()
            assert ("colab.research.google.com" in html) == bool(
                os.environ.get("BOOK_REPOSITORY")
            ), (
                f"{edition} {page.stem}: Colab link without BOOK_REPOSITORY, or none with it"
            )


TINY_CHAPTER = """# One

Some *prose* and [the other chapter](two.md).

```python
>>> from tinygrad import Value
>>> print((Value(2) * 3).data)
6.0
```
"""
TINY_CONF = """
import sys
sys.path.insert(0, {ext!r})
extensions = ["myst_parser", "book"]
engine_download = "tinygrad.py"
notebook_files = ["tinygrad.py"]
book_editions = {{"en": ""}}
"""


@pytest.mark.slow
def test_open_in_colab_comes_with_book_repository_and_loads_nothing(tmp_path):
    """With BOOK_REPOSITORY, each chapter links its notebook on gh-pages in Colab."""

    docs = tmp_path / "docs"
    (docs / "chapters").mkdir(parents=True)
    (docs / "tinygrad.py").write_bytes((ROOT / "src" / "tinygrad.py").read_bytes())
    (docs / "conf.py").write_text(TINY_CONF.format(ext=str(ROOT / "docs" / "_ext")))
    (docs / "index.md").write_text(
        "# Tiny\n\n```{toctree}\nchapters/one\nchapters/two\n```\n"
    )
    (docs / "chapters" / "one.md").write_text(TINY_CHAPTER)
    (docs / "chapters" / "two.md").write_text(TINY_CHAPTER.replace("# One", "# Two"))
    out = tmp_path / "html"
    env = {
        **os.environ,
        "BOOK_REPOSITORY": "https://github.com/someone/book",
        "BOOK_SITE_URL": "https://someone.github.io/book/",
    }
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-b",
            "html",
            "-W",
            "-n",
            "-q",
            "-d",
            tmp_path / "doctrees",
            docs,
            out,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    html = (out / "chapters" / "one.html").read_text(encoding="utf-8")
    colab = (
        "https://colab.research.google.com/github/someone/book/blob/gh-pages/"
        "chapters/one.ipynb"
    )
    assert f'href="{colab}"' in html and "Open in Colab" in html
    assert "](https://someone.github.io/book/chapters/two.html)" in markdown_of(
        out / "chapters" / "one.ipynb"
    ), "with BOOK_SITE_URL a link to another page is absolute"
    assert not references_to_other_hosts(out)


# --- a notebook keeps the reader's files ---------------------------------------------

ENGINE = ROOT / "src" / "engine_book.py"  # written as engine.py, the reader's name
TINYGRAD = ROOT / "src" / "tinygrad.py"
# The reader's own engine.py of chapter 5: theirs by its first line, and with
# their mistake, = for +=, so that a cell's output shows which engine ran.
READERS_ENGINE = "# my engine, typed in chapter 5\n" + ENGINE.read_text(
    encoding="utf-8"
).replace("parent.grad += node.grad", "parent.grad = node.grad")
OLD_TINYGRAD = TINYGRAD.read_text(encoding="utf-8") + "\n# my note\n"


def first_cell(site: Path, name: str) -> str:
    import nbformat

    book = nbformat.read(site / chapter_page(name, ".ipynb"), as_version=4)
    return book.cells[0].source


def run_as_a_script(code: str, folder: Path) -> str:
    """The first cell run by plain Python in ``folder``: what it printed.

    Read from standard input: the cell holds the book's files, more than one
    argument of a command may hold (128 KB on Linux)."""
    done = subprocess.run(
        [sys.executable, "-"], input=code, cwd=folder, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_first_cell_writes_a_file_only_where_none_of_that_name_is(
    site: Path, tmp_path: Path
) -> None:
    code = first_cell(site, "xor")
    assert run_as_a_script(code, tmp_path) == ""  # an empty folder: the book's files
    assert (tmp_path / "engine.py").read_bytes() == ENGINE.read_bytes()
    assert (tmp_path / "tinygrad.py").read_bytes() == TINYGRAD.read_bytes()
    assert run_as_a_script(code, tmp_path) == ""  # again: the same files, nothing said
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "check_exercises.py",  # the page's code imports it (its exercises' checks)
        "engine.py",
        "tinygrad.py",
    ]

    (tmp_path / "engine.py").write_text(READERS_ENGINE, encoding="utf-8")
    (tmp_path / "tinygrad.py").write_text(OLD_TINYGRAD, encoding="utf-8")
    mine = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    said = run_as_a_script(code, tmp_path).splitlines()
    assert said == [
        "Your tinygrad.py is not the book's (it differs from line "
        f"{len(TINYGRAD.read_text().splitlines()) + 1} on): it is kept, and this "
        "notebook runs with it; the book's is saved beside it as tinygrad_book.py: "
        "rename it to tinygrad.py to use it.",
        "Using your own engine.py (it differs from the book's from line 1 on); the "
        "book's is saved beside it as engine_book.py, if you want it.",
    ]
    assert {name: (tmp_path / name).read_bytes() for name in mine} == mine
    assert (tmp_path / "engine_book.py").read_bytes() == ENGINE.read_bytes()
    assert (tmp_path / "tinygrad_book.py").read_bytes() == TINYGRAD.read_bytes()

    (tmp_path / "engine_book.py").write_text("# mine too\n", encoding="utf-8")
    said = run_as_a_script(code, tmp_path).splitlines()
    assert said[1] == (
        "Using your own engine.py (it differs from the book's from line 1 on); the "
        "book's is the download engine_book.py on the chapter's page, if you want it."
    )
    assert (tmp_path / "engine_book.py").read_text() == "# mine too\n"


def test_the_chinese_first_cell_says_it_in_chinese(zh_site: Path, tmp_path: Path):
    (tmp_path / "engine.py").write_text(READERS_ENGINE, encoding="utf-8")
    said = run_as_a_script(first_cell(zh_site, "xor"), tmp_path)
    assert "engine.py" in said and "engine_book.py" in said
    assert re.search(r"[\u4e00-\u9fff]", said) and "Using" not in said, said


@pytest.mark.slow
def test_chapter_6_notebook_trains_with_the_readers_own_engine_and_keeps_it(
    site: Path, tmp_path: Path
) -> None:
    """A real kernel, in a folder that holds the reader's engine.py and an old tinygrad.py."""
    pytest.importorskip("nbclient", reason="nbclient is in the test extra: make venv")
    (tmp_path / "engine.py").write_text(READERS_ENGINE, encoding="utf-8")
    (tmp_path / "tinygrad.py").write_text(OLD_TINYGRAD, encoding="utf-8")
    mine = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    sockets = tmp_path.parent / f"{tmp_path.name}-sockets"
    sockets.mkdir()

    async def run() -> tuple[object, Path]:
        # the first cell, the prose before the engine, the engine's first block
        return await _execute(
            site / chapter_page("xor", ".ipynb"),
            tmp_path,
            sockets,
            asyncio.Semaphore(1),
            3,
        )

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IPYTHONDIR", str(sockets))
        patch.delenv("PYTHONPATH", raising=False)
        with ThreadPoolExecutor(1) as thread:
            book, _ = thread.submit(asyncio.run, run()).result()
    assert {name: (tmp_path / name).read_bytes() for name in mine} == mine
    setup, _, first, where_from = book.cells
    said = printed(setup.outputs)[0]
    assert "Using your own engine.py" in said and "Your tinygrad.py is not" in said
    assert "from engine import Value" in first.source
    assert printed(first.outputs) == ("", [])  # their engine imported, quietly
    modules = json.loads(printed(where_from.outputs)[0])["modules"]
    assert Path(modules["engine"]) == tmp_path / "engine.py"


@pytest.mark.slow
def test_without_graphviz_a_notebook_shows_the_dot_text_and_how_to_draw_it(
    site: Path, tmp_path: Path
) -> None:
    """Graphviz's program missing (the most common failure of graph drawing): no error."""
    pytest.importorskip("nbclient", reason="nbclient is in the test extra: make venv")
    import nbformat

    from tinygrad import Dot

    book = nbformat.read(site / chapter_page("engine", ".ipynb"), as_version=4)
    codes = [cell for cell in book.cells if cell.cell_type == "code"]
    last = next(i for i, c in enumerate(codes) if "to_dot(q, {" in c.source)
    book.cells = codes[: last + 1]
    path = tmp_path / "graph.ipynb"
    nbformat.write(book, path)
    folder, sockets = tmp_path / "run", tmp_path / "sockets"
    folder.mkdir(), sockets.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IPYTHONDIR", str(sockets))
        patch.delenv("PYTHONPATH", raising=False)
        patch.setenv("PATH", str(Path(sys.executable).parent))  # no dot on it
        with ThreadPoolExecutor(1) as thread:
            ran, _ = thread.submit(
                asyncio.run, _execute(path, folder, sockets, asyncio.Semaphore(1))
            ).result()
    cell = ran.cells[last]
    assert drawing(cell) is None
    text, errors = printed(cell.outputs)  # text/plain, what a terminal would show
    assert errors == [] and text.startswith("digraph {\n  rankdir=LR;")
    html = cell.outputs[-1]["data"]["text/html"]  # what Jupyter shows
    dot = text.rstrip("\n").replace("&", "&amp;").replace("<", "&lt;")
    assert html == f"<pre>{dot}</pre><p>{Dot.HOW_TO_DRAW}</p>", html
