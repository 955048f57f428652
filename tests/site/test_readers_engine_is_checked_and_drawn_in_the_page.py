"""Promise 3 of CONTRIBUTING.md, the reader's own work: checked and drawn in the page, nothing to install.

In headless Chromium, on chapter 5 of both editions served as GitHub
Pages serves them (no cross-origin isolation):

- the first load of a page fetches nothing of Graphviz; running a block whose
  last expression is ``to_dot(...)`` draws the graph under it (Graphviz in
  WebAssembly, served by the site), with as many nodes and edges as the DOT
  text lists, a caption that says so in the page's language, and the text one
  click away; the same for an expression the reader typed into a block;
- ``check(Value)`` in chapter 5 prints the report in the page, in the page's
  language, and after the reader plants ``=`` for ``+=`` in step 0's block and
  runs it again, the report names that cause;
- no request leaves for another host.
"""

from __future__ import annotations

import re

import pytest

from helpers import (
    BLOCK,
    chapter_page,
    open_runner_page,
    python_context,
    run_block,
    sweep,
)

pytestmark = pytest.mark.browser


def open_chapter(page, base: str, path: str):
    """``page`` showing the chapter, ready to run, and the list of every URL it requested."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_runner_page(page, base + path)
    return page, requests


@pytest.fixture(scope="module")
def chapter_5(server):
    """``chapter_5(edition)``: chapter 5 of that edition, opened once for the file.

    The drawing and the check run in the one page, as a reader does both, so
    Python starts once per edition (``helpers.python_context``); the drawing
    comes first (it asks that loading fetched nothing of Graphviz).
    """
    opened: dict[str, tuple] = {}

    def page_of(edition: str) -> tuple:
        if edition not in opened:
            page = python_context().new_page()
            opened[edition] = open_chapter(
                page, server, edition + chapter_page("engine")
            )
        return opened[edition]

    yield page_of
    for page, _ in opened.values():
        page.close()


def block_with(page, text: str) -> int:
    """The index of the first Python block of the page whose code holds ``text``."""
    index = page.evaluate(
        "t => window.bookRunner.blocks.findIndex(b => b.pre.textContent.includes(t))",
        text,
    )
    assert index >= 0, text
    return index


def drawn(page, i: int) -> dict:
    """The graph drawn under block ``i``: its nodes, edges and caption."""
    page.wait_for_function(
        f"() => {BLOCK.format(i=i)}.output.querySelector('.runner-graph svg')",
        timeout=60_000,
    )
    return page.evaluate(
        f"""() => {{
        const box = {BLOCK.format(i=i)}.output;
        const figure = box.querySelector('.runner-graph');
        const svg = figure.querySelector('svg');
        return {{
            nodes: svg.querySelectorAll('g.node').length,
            edges: svg.querySelectorAll('g.edge').length,
            caption: figure.querySelector('figcaption').textContent,
            labelled: svg.getAttribute('role') === 'img'
                && document.getElementById(svg.getAttribute('aria-labelledby'))
                    === figure.querySelector('figcaption'),
            folded: !!box.querySelector('details > pre'),
        }};
    }}"""
    )


def counts(dot: str) -> tuple[int, int]:
    """(nodes, edges) as the DOT text lists them."""
    return len(re.findall(r"^  n\d+ \[label=", dot, re.M)), dot.count(" -> ")


def by_edition(cases: list[tuple]) -> list:
    """Cases whose first item is the edition's folder: English in make test,
    Chinese in make sweeps (helpers.sweep)."""
    return sweep(cases, lambda case: case[0] == "", ids=lambda c: c[0][:-1] or "en")


@pytest.mark.parametrize(
    "edition, caption",
    by_edition(
        [
            (
                "",
                "The graph that to_dot drew: 3 nodes and 4 edges; the output, q, "
                "has data 12 and grad 1.",
            ),
            (
                "zh_CN/",
                "由 to_dot 画出的图：3 个节点、4 条边；输出 q 的 data 为 12，grad 为 1。",
            ),
        ]
    ),
)
def test_a_to_dot_block_is_drawn_under_it(
    edition: str, caption: str, chapter_5, server: str
) -> None:
    page, requests = chapter_5(edition)
    assert not [u for u in requests if "/viz/" in u], "Graphviz fetched on load"
    book = block_with(page, 'to_dot(q, {a: "a", q: "q"})')
    dot = run_block(page, book)
    graph = drawn(page, book)
    assert (graph["nodes"], graph["edges"]) == counts(dot) == (3, 4)
    assert graph["caption"] == caption and graph["labelled"] and graph["folded"]
    assert [u for u in requests if "/viz/" in u] == [
        server + "_static/viz/viz-global.js"
    ], "one copy of Graphviz, the English site's"

    # An expression the reader typed, in a block after it: the same drawing.
    mine = block_with(page, "loss = (w * 2 + b - 5) ** 2")
    dot = run_block(
        page,
        mine,
        ">>> p = Value(2) * Value(3) + Value(4)\n>>> q = p * p\n>>> q.backward()\n"
        ">>> to_dot(q, {p: 'p'})",
    )
    graph = drawn(page, mine)
    assert (graph["nodes"], graph["edges"]) == counts(dot) == (6, 6)
    assert ("the output has data 100" in graph["caption"]) == (edition == "")
    assert not [u for u in requests if not u.startswith(server)], requests


@pytest.mark.parametrize(
    "edition, ok, assigned",
    by_edition(
        [
            (
                "",
                "ok    chapter 4",
                "a gradient is assigned with = instead of added with +=",
            ),
            ("zh_CN/", "通过  第 4 章", "梯度是用 = 赋值的，而不是用 += 累加的"),
        ]
    ),
)
def test_check_names_the_readers_mistake_in_the_page(
    edition: str, ok: str, assigned: str, chapter_5, server: str
) -> None:
    page, requests = chapter_5(edition)
    check = block_with(page, "check(Value)")
    report = run_block(page, check)
    assert report.splitlines()[2].startswith(ok), report
    assert report.count("\n") >= 12
    step_0 = block_with(page, "parent.grad += node.grad * local_derivative")
    planted = page.evaluate(f"() => {BLOCK.format(i=step_0)}.pre.textContent").replace(
        "parent.grad += node.grad", "parent.grad = node.grad"
    )
    assert run_block(page, step_0, planted) == ""
    report = run_block(page, check)
    assert assigned in report, report
    assert not [u for u in requests if not u.startswith(server)], requests
