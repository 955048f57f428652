"""Promise 2 and the house style: what chapters 3 to 6 show stays as small and as clear as agreed.

- The residual is ``r`` in chapters 2 to 4; ``e`` is only ever the base of exp
  (``e^a``): no code of chapters 3 and 4 names a variable ``e``, and no
  formula uses ``e`` but as ``e^``, in either edition.
- The model chapter 6 has the reader type (``% reader-training: model``:
  ``Neuron``, ``Layer`` and ``MLP``, three small classes in plain loops, no
  nested comprehension) is at most 40 lines of code; the ``gradient_descent``
  the appendix shows is the loop alone, at most 12 lines (the whole function,
  with its docstring, waits in a dropdown).
- Each core chapter asks the reader to predict before it shows, at least once;
  chapter 3 in "How far can we trust the gradient?", chapter 6 about the first
  loss of the training loop.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from helpers import CORE, ENGINE, catalogue_folder, chapter, includes_in, shown_lines

CATALOGUES = catalogue_folder() / "chapters"
FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
MATH = re.compile(r"\$\$(.+?)\$\$|\$([^$\n]+)\$", re.S)
# an e on its own in a formula: not a letter of a word or a command (\exp,
# \begin), not the base of a power (e^a), not the e of 1e-6 (2e is 2 times e)
LONE_E = re.compile(r"(?<![A-Za-z\\\d])e(?![A-Za-z^])|(?<=\d)e(?![-+]?\d|[A-Za-z^])")
PREDICT = re.compile(r"\*\*Predict\b")


def code_names(code: str) -> set[str]:
    """The names the code of a doctest or script fence uses."""
    lines = [
        re.sub(r"^(>>> |\.\.\. ?)", "", line)
        for line in code.splitlines()
        if line.startswith((">>>", "...")) or ">>> " not in code
    ]
    names = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO("\n".join(lines)).readline):
            if token.type == tokenize.NAME:
                names.add(token.string)
    except (tokenize.TokenError, IndentationError):
        pass
    return names


def lone_es(text: str) -> list[str]:
    return [m.group(0) for m in MATH.finditer(text) if LONE_E.search(m.group(0))]


@pytest.mark.parametrize("name", ["chain-rule", "graph"])
def test_the_residual_is_r_and_e_is_only_exps_base(name: str) -> None:
    stem = chapter(name).stem
    page = chapter(name).read_text(encoding="utf-8")
    fences_with_e = [code for code in FENCE.findall(page) if "e" in code_names(code)]
    assert fences_with_e == [], fences_with_e
    assert lone_es(page) == []
    with open(CATALOGUES / f"{stem}.po", encoding="utf-8") as po:
        chinese = [m.string for m in read_po(po) if m.id and m.string]
    assert [s for s in chinese if lone_es(s)] == []


def test_the_lone_e_rule_sees_an_error_called_e() -> None:
    assert lone_es(r"$2e \cdot 1 = -6$ and $\frac{\partial L}{\partial e}$") == [
        r"$2e \cdot 1 = -6$",
        r"$\frac{\partial L}{\partial e}$",
    ]
    assert (
        lone_es(r"$e^a$, $\exp(a)$, $10^{-6}$, $\begin{aligned}x\end{aligned}$") == []
    )
    assert "e" in code_names(">>> e = y_hat - y\n>>> e\n-3")


def test_the_model_the_reader_types_in_chapter_6_is_short() -> None:
    page = chapter("xor").read_text(encoding="utf-8")
    after = page.split("% reader-training: model", 1)[1]
    model = FENCE.search(after.lstrip("\n")).group(1)
    assert {"class Neuron:", "class Layer:", "class MLP:"} <= set(model.splitlines())
    code = [line for line in model.splitlines() if line.strip()]
    assert len(code) <= 40, f"the model is {len(code)} lines of code"
    nested = [line for line in code if line.count(" for ") > 1]
    assert not nested, f"a nested comprehension: {nested}"


def test_the_appendix_shows_the_loop_of_gradient_descent_alone() -> None:
    page = chapter("inside-tinygrad")
    text = page.read_text(encoding="utf-8")
    shown = [
        include
        for include in includes_in(page)
        if include.options.get("pyobject") == "gradient_descent"
    ]
    first = shown[0]  # in the prose; the whole function follows in a dropdown
    assert "{dropdown}" not in text.splitlines()[first.line - 2]
    assert len(shown_lines(first, ENGINE)) <= 12
    assert len(shown) == 2 and "start-at" not in shown[1].options


@pytest.mark.parametrize("page", CORE, ids=lambda page: page.stem)
def test_each_core_chapter_asks_for_a_prediction(page: Path) -> None:
    assert len(CORE) >= 6, CORE  # from a slope to a trained network
    text = page.read_text(encoding="utf-8")
    assert PREDICT.search(text), f"{page.stem} never asks the reader to predict"


def test_chapter_3_and_6_ask_where_the_book_says() -> None:
    chain = chapter("chain-rule").read_text(encoding="utf-8")
    trust = chain.split("## How far can we trust the gradient?", 1)[1].split("\n## ")[0]
    assert PREDICT.search(trust)
    xor = chapter("xor").read_text(encoding="utf-8")
    asks = [p for p in xor.split("\n\n") if PREDICT.search(p)]
    assert any("`losses[0]`" in p for p in asks)
