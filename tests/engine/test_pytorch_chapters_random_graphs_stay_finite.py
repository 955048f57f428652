"""Every printed value is checked: the random graphs of the PyTorch chapter never overflow.

Chapter 9 compares the engines on graphs that chance writes from its list
``OPERATIONS`` and says that every operation is safe whatever it is handed.
This test keeps the guarantee behind that sentence, which the page no longer
proves: no operation's result is larger than three times the largest of 1 and
its operands' sizes (sums and differences at most double the larger operand,
``-x * 3`` triples it, ``x.tanh().exp() * y`` multiplies ``y`` by at most e,
and ``2 - x.tanh() ** 3`` is near 2 however small ``x`` is: hence the 1). So
from inputs between -2 and 2, fifteen steps make no value larger than
``2 * 3**15``, far from where a float overflows. The operations and the
generator are taken from the page itself, so a change there is checked here.
"""

from __future__ import annotations

import doctest
import math
import random
import re

from helpers import chapter
from tinygrad import Value

PAGE = chapter("pytorch")
FENCE = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def page_code() -> dict:
    """The page's OPERATIONS and random_graph, run as the page runs them."""
    namespace: dict = {"Value": Value}
    blocks = [b for b in FENCE.findall(PAGE.read_text(encoding="utf-8"))]
    wanted = [b for b in blocks if "OPERATIONS = [" in b or "def random_graph" in b]
    assert wanted, "the page no longer defines OPERATIONS and random_graph"
    parser = doctest.DocTestParser()
    for block in wanted:
        for example in parser.get_examples(block):
            exec(example.source, namespace)
    return namespace


def test_no_operation_grows_a_value_more_than_threefold() -> None:
    operations = page_code()["OPERATIONS"]
    rng = random.Random(1)
    sizes = [rng.uniform(-1, 1) * 10.0 ** rng.randint(-6, 6) for _ in range(1000)]
    worst = 0.0
    for operation in operations:
        for x, y in zip(sizes, sizes[1:]):
            result = operation(Value(x), Value(y)).data
            assert math.isfinite(result), (x, y)
            worst = max(worst, abs(result) / max(1.0, abs(x), abs(y)))
    assert 2.9 < worst <= 3.0 * (1 + 1e-12), worst  # -x * 3 reaches it


def test_the_random_graphs_stay_far_from_overflow() -> None:
    namespace = page_code()
    bound = 2 * 3**15  # inputs below 2, at most threefold per step, fifteen steps
    for seed in range(100):
        out, inputs = namespace["random_graph"](seed, Value)
        out.backward()
        numbers = [out.data] + [x.grad for x in inputs]
        assert all(math.isfinite(n) for n in numbers), seed
        assert abs(out.data) <= 19 * bound, seed  # the sum of 19 values
