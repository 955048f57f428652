"""Promise 3 of CONTRIBUTING.md, the reader's own work: ``check_engine.py`` checks their engine.

A reader who follows chapter 5 in a file runs ``python check_engine.py
engine.py`` after each step. These tests do exactly that, in a subprocess, with
the script and the engine copied into an empty folder:

* every step of chapter 5, assembled into one file as the page tells a reader
  to (one class, each step's methods added to it, a later ``backward`` in place
  of the earlier one, imports at the top), passes everything it can run, and
  skips the rest naming the step that adds it;
* ``tinygrad.py`` and the chapter's complete engine pass every case;
* an engine with one planted mistake fails (exit 1) and the cause printed is
  that mistake, with the numbers that mistake really gives;
* a file that cannot be checked gets one clear line and exit 2, no traceback.
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest

import check_engine
from check_engine import OPERATIONS
from helpers import READER_BLOCKS as BLOCKS  # chapter 5's steps, as a reader types them
from helpers import READER_STEPS as STEPS
from helpers import ROOT

SCRIPT = ROOT / "src" / "check_engine.py"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def engine_file(step: int, blocks: dict[str, str] = BLOCKS) -> str:
    """engine.py after steps 0..step, as a reader keeps it in a file.

    "In a file, the reader types the methods into the class instead": the
    functions each step attaches (``Value.tanh = tanh``) join the one class,
    indented, a method of the same name (step 4's and step 5's ``backward``)
    in place of the earlier one, and ``import math`` goes at the top.
    """
    imports: list[str] = []
    methods: dict[str, str] = {}
    head = ""
    for k in range(step + 1):
        code = blocks[f"step {k}"]
        lines = code.splitlines()
        for node in ast.parse(code).body:
            text = "\n".join(lines[node.lineno - 1 : node.end_lineno])
            if isinstance(node, ast.Import | ast.ImportFrom):
                imports += [text] if text not in imports else []
            elif isinstance(node, ast.ClassDef):  # step 0: the class and its methods
                assert node.name == "Value" and k == 0, text
                head = "\n".join(lines[node.lineno - 1 : node.body[0].lineno - 1])
                for item in node.body:
                    assert isinstance(item, ast.FunctionDef), text
                    methods[item.name] = "\n".join(
                        lines[item.lineno - 1 : item.end_lineno]
                    )
            elif isinstance(node, ast.FunctionDef):  # a later step's method
                methods[node.name] = "\n".join(
                    "    " + line if line else line
                    for line in lines[node.lineno - 1 : node.end_lineno]
                )
            else:  # Value.tanh = tanh
                assert text == f"Value.{node.targets[0].attr} = {node.value.id}", text
    top = "\n".join(imports) + "\n\n\n" if imports else ""
    return top + head + "".join(f"\n{m}\n" for m in methods.values())


def run(
    folder: Path, engine: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python check_engine.py engine.py ARGS`` in ``folder``, as a reader runs it."""
    (folder / "check_engine.py").write_bytes(SCRIPT.read_bytes())
    (folder / "engine.py").write_text(engine, encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    environment["PYTHONIOENCODING"] = "utf-8"
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "check_engine.py", "engine.py", *args],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def case_lines(output: str) -> dict[str, str]:
    """{case key: its first line}, found by the case's English title."""
    lines = output.splitlines()
    found = {}
    for case in check_engine.CASES:
        title = case.title["en"]
        matches = [line for line in lines if title in line]
        assert len(matches) == 1, f"{title!r} printed {len(matches)} times:\n{output}"
        found[case.name] = matches[0]
    return found


# The step of chapter 5 after which each case runs, and every step that adds
# something it needs (the chain needs sum(), step 3, and no recursion, step 5).
FIRST_STEP = {
    "q_of_a": {0},
    "a_times_a": {0},
    "micrograd_L": {0},
    "shared_node": {0},
    "two_children": {0},
    "data_kept": {0},
    "chapter_2_loss": {1},
    "neuron": {2},
    "numbers_on_the_left": {1, 3},
    "division": {3},
    "backward_twice": {4},
    "long_chain": {3, 5},
}


def test_the_table_of_first_steps_names_every_case() -> None:
    assert set(FIRST_STEP) == {case.name for case in check_engine.CASES}


@pytest.mark.parametrize("step", range(STEPS))
def test_each_step_of_chapter_5_passes_and_skips_the_later_cases(
    step: int, tmp_path: Path
) -> None:
    result = run(tmp_path, engine_file(step))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    lines = case_lines(result.stdout)
    for name, steps in FIRST_STEP.items():
        if max(steps) <= step:
            assert lines[name].startswith("ok "), lines[name]
        else:
            next_step = min(s for s in steps if s > step)
            assert lines[name].startswith("skip "), lines[name]
            assert f"step {next_step} " in lines[name], lines[name]
    if step == 3:  # what a second backward() gives is a question of the page
        assert lines["backward_twice"].endswith(": step 4 clears the gradients")
    # a skip names the step and the operations as a reader writes them
    assert "__" not in "".join(t for t in lines.values() if t.startswith("skip "))
    ran = sum(max(s) <= step for s in FIRST_STEP.values())
    skipped = len(FIRST_STEP) - ran
    assert result.stdout.rstrip().endswith(
        f"All {ran} cases that ran passed; {skipped} skipped."
    ), result.stdout


@pytest.mark.parametrize(
    "name, engine",
    [
        ("tinygrad.py", (ROOT / "src" / "tinygrad.py").read_text(encoding="utf-8")),
        ("the complete engine of chapter 5", BLOCKS["complete"] + "\n"),
        (
            "the steps pasted one after another, each attaching its functions",
            "\n\n".join(BLOCKS[f"step {k}"] for k in range(STEPS)) + "\n",
        ),
    ],
)
def test_the_finished_engines_pass_every_case(
    name: str, engine: str, tmp_path: Path
) -> None:
    result = run(tmp_path, engine)
    assert result.returncode == 0, result.stdout + result.stderr
    assert all(line.startswith("ok ") for line in case_lines(result.stdout).values())
    n = len(check_engine.CASES)
    assert f"All {n} cases that ran passed; 0 skipped." in result.stdout


def test_it_checks_a_file_in_another_folder(tmp_path: Path) -> None:
    """By path, from any folder: ``python check_engine.py mine/engine.py``."""
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "engine.py").write_text(engine_file(5), encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path / "mine" / "engine.py")],
        cwd=tmp_path / "elsewhere",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "LANG": "C.UTF-8", "LANGUAGE": ""},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    n = len(check_engine.CASES)
    assert f"All {n} cases that ran passed; 0 skipped." in result.stdout


# (what the reader got wrong, the step it is planted in, the right code, the
#  wrong code, extra arguments, the cause printed, numbers the output shows)
MISTAKES = [
    (
        "= instead of +=",
        5,
        "parent.grad += node.grad",
        "parent.grad = node.grad",
        (),
        "a gradient is assigned with = instead of added with +=",
        ["got       q 12.0, a.grad 3.0", "a*a 9.0, a.grad 3.0"],
    ),
    (
        "the walk not reversed",
        0,
        "for node in reversed(order):",
        "for node in order:",
        (),
        "the walk reaches a node before its children have added their shares to its "
        "gradient (here a.grad is 1.0, where a right walk over the edges your "
        "operations record gives 7.0): walk through reversed(order)",
        ["got       q 12.0, a.grad 1.0"],
    ),
    (
        "a node pushed back after its parents in the walk without recursion",
        5,
        "                stack.append((node, True))  # come back to it after its parents\n"
        "                for parent, _ in reversed(node.edges):  # the first edge on top\n"
        "                    stack.append((parent, False))\n",
        "                for parent, _ in reversed(node.edges):  # the first edge on top\n"
        "                    stack.append((parent, False))\n"
        "                stack.append((node, True))  # come back to it after its parents\n",
        (),
        "the walk reaches a node before its children have added their shares to its "
        "gradient (here a.grad is 1.0, where a right walk over the edges your "
        "operations record gives 7.0): walk through reversed(order), and put each "
        "node in order after its parents (step 5 pushes (node, True) before them)",
        ["got       q 12.0, a.grad 1.0"],
    ),
    (
        "gradients not cleared",
        5,
        "        for node in order:\n            node.grad = 0.0\n",
        "",
        (),
        "the gradients are not cleared",
        ["after two 20.0"],
    ),
    (
        "gradients not cleared, said by --step 4",
        3,
        "",
        "",
        ("--step", "4"),
        "the gradients are not cleared",
        ["after two 20.0"],
    ),
    (
        "the seed missing",
        5,
        "        self.grad = 1.0\n",
        "",
        (),
        "seed it (self.grad = 1.0)",
        ["got       L -8.0, a.grad 0.0, b.grad 0.0, c.grad 0.0, f.grad 0.0"],
    ),
    (
        "a recursive walk at step 5",
        4,
        "",
        "",
        ("--step", "5"),
        "likely cause: visit() calls itself once per node, and Python stops at about "
        "1,000 calls: step 5, a walk without recursion",
        ["got       RecursionError: maximum recursion depth exceeded"],
    ),
    (
        "the local derivative of *",
        0,
        "((self, other.data), (other, self.data))",
        "((self, other.data), (other, other.data))",
        (),
        "the local derivative of a * b is wrong",
        [
            "x * y at x = 3, y = 4 gives x.grad 4.0, y.grad 4.0, not x.grad 4.0, y.grad 3.0"
        ],
    ),
    (
        "the local derivative of **",
        1,
        "n * self.data ** (n - 1)",
        "n * self.data ** n",
        (),
        "the local derivative of a ** n is wrong",
        ["w.grad 36.0, b.grad 18.0"],
    ),
    (
        "the local derivative of tanh",
        2,
        "1 - o * o",
        "1 - o",
        (),
        "the local derivative of a.tanh() is wrong",
        ["x.tanh() at x = 0.5 gives x.grad 0.5379, not x.grad 0.7864"],
    ),
    (
        "the local derivative of /",
        3,
        "(other, -self.data / other.data ** 2)",
        "(other, self.data / other.data ** 2)",
        (),
        "the local derivative of a / b is wrong",
        ["got       x/y 0.75, x.grad 0.25, y.grad 0.1875"],
    ),
    (
        "a - b computed as a + b",
        1,
        "return self + (-other)",
        "return self + other",
        (),
        "a - b computes a wrong value",
        ["got       loss 49.0, w.grad 28.0, b.grad 14.0"],
    ),
    (
        "1 - w computed as w - 1",
        3,
        "return Value(other) - self",
        "return self - Value(other)",
        (),
        "1 - a computes a wrong value",
        ["1 - x at x = 3 gives 2.0, not -2.0"],
    ),
    (
        "seen missing from the recursive walk",
        0,
        "if node not in seen:",
        "if True:",
        (),
        "keep the set seen",
        ["got       c 12.0, b.grad 2.0, a.grad 8.0"],
    ),
    (
        "seen missing from the walk without recursion",
        5,
        "elif node not in seen:",
        "else:",
        (),
        "keep the set seen",
        ["got       c 12.0, b.grad 2.0, a.grad 8.0"],
    ),
    (
        "edges kept as a set",
        0,
        "self.edges = edges",
        "self.edges = set(edges)",
        (),
        "the edges are kept as a set",
        ["got       q 12.0, a.grad 4.0", "a*a 9.0, a.grad 3.0"],
    ),
    (
        "a plain number not turned into a Value",
        1,
        "        other = other if isinstance(other, Value) else Value(other)\n"
        "        return Value(self.data * other.data,",
        "        return Value(self.data * other.data,",
        (),
        "likely cause: __mul__ (engine.py, line {line}) reads .data of a plain "
        "number: a number, such as the 2 of w * 2, reaches it as other, and a number "
        "has no .data. Make it a Value first, as step 0 does: other = other if "
        "isinstance(other, Value) else Value(other)",
        ["got       AttributeError: 'int' object has no attribute 'data'"],
    ),
    (
        "a plain number wrapped even when it is a Value",
        0,
        "        other = other if isinstance(other, Value) else Value(other)\n"
        "        return Value(self.data + other.data,",
        "        other = Value(other)\n        return Value(self.data + other.data,",
        (),
        "likely cause: __init__ (engine.py, line ",
        [
            "got       TypeError: float() argument must be a string or a real number, "
            "not 'Value'",
            ") got a Value where it takes a number: __add__ makes Value(other) of an "
            "other that is a Value already. Wrap a plain number only: other = other "
            "if isinstance(other, Value) else Value(other)",
        ],
    ),
    (
        "a * b that returns NotImplemented for a number",
        1,
        "        other = other if isinstance(other, Value) else Value(other)\n"
        "        return Value(self.data * other.data,",
        "        if not isinstance(other, Value):\n"
        "            return NotImplemented\n"
        "        return Value(self.data * other.data,",
        (),
        "likely cause: Python found no way to compute Value * int: __mul__ (a * b) "
        "is missing, or returns NotImplemented for a plain number. Make the number a "
        "Value and compute; step 0 writes other = other if isinstance(other, Value) "
        "else Value(other)",
        ["got       TypeError: unsupported operand type(s) for *: 'Value' and 'int'"],
    ),
    (
        "2 * a that returns NotImplemented",
        3,
        "    def __rmul__(self, other):  # other * self\n        return self * other\n",
        "    def __rmul__(self, other):  # other * self\n        return NotImplemented\n",
        (),
        "likely cause: Python found no way to compute int * Value: __rmul__ (2 * a) "
        "is missing, or returns NotImplemented for a plain number. Make the number a "
        "Value and compute; step 3 writes return self * other",
        ["got       TypeError: unsupported operand type(s) for *: 'int' and 'Value'"],
    ),
    (
        "an operation without return",
        1,
        "        return Value(self.data**n,",
        "        Value(self.data**n,",
        (),
        "likely cause: x ** 3 at x = 3 gives None, not a Value: __pow__ (a ** n) must "
        "return the Value it makes, return Value(...) (without return, a function "
        "gives None)",
        ["got       AttributeError: 'NoneType' object has no attribute 'backward'"],
    ),
    (
        "the list that append() returns",
        5,
        "order.append(node)",
        "order = order.append(node)",
        (),
        "likely cause: backward (engine.py, line {line}) got None where a Value, a "
        "number or a list belongs: a function without return gives None, and so does "
        "a method that changes its object in place, such as order.append(node).",
        ["got       AttributeError: 'NoneType' object has no attribute 'append'"],
    ),
    (
        "import math missing",
        2,
        "import math\n",
        "",
        (),
        "likely cause: tanh (engine.py, line ",
        [
            "got       NameError: name 'math' is not defined",
            ") uses math, which your file does not import: put import math at the top "
            "of the file (step 2 starts with import math)",
        ],
    ),
    (
        "a local derivative that divides by the data",
        2,
        "((self, other.data), (other, self.data))",
        "((self, self.data * other.data / self.data), (other, self.data))",
        (),
        "likely cause: __mul__ (engine.py, line {line}) divides by zero: a value of "
        "this case is 0, and a formula of yours divides by it. A local derivative "
        "must hold at every input: write it without dividing by a value's data, and "
        "compare __mul__ with step 0",
        ["got       ZeroDivisionError: float division by zero"],
    ),
    (
        "edges None for a value no operation made",
        0,
        "def __init__(self, data, edges=()):",
        "def __init__(self, data, edges=None):",
        (),
        "likely cause: backward (engine.py, line ",
        [
            "got       TypeError: 'NoneType' object is not iterable",
            "in visit) walks the edges of a value whose edges are None: a value that no "
            "operation made has no edges, an empty tuple, as in "
            "def __init__(self, data, edges=())",
        ],
    ),
    (
        "the edges walked without unpacking them",
        0,
        "for parent, _ in node.edges:",
        "for parent in node.edges:",
        (),
        "likely cause: backward (engine.py, line {line}, in visit) does not read "
        "an edge as the pair it is: each edge is (parent, local_derivative), and "
        "step 0 reads it as for parent, local_derivative in node.edges",
        ["got       AttributeError: 'tuple' object has no attribute 'edges'"],
    ),
    (
        "an edge that is not a pair",
        0,
        "((self, 1.0), (other, 1.0))",
        "(self, other)",
        (),
        "likely cause: x + y at x = 3, y = 4 records the edge Value(data=3.0, "
        "grad=0.0), and each edge is a pair (parent, local_derivative), the input "
        "Value first, then a number: look at the edges __add__ (a + b) makes",
        ["got       TypeError: cannot unpack non-iterable Value object"],
    ),
    (
        "a Value that defines __eq__",
        0,
        "    def __add__(self, other):",
        "    def __eq__(self, other):\n"
        "        return self.data == other.data\n\n"
        "    def __add__(self, other):",
        (),
        "likely cause: backward (engine.py, line ",
        [
            "got       TypeError: unhashable type: 'Value'",
            "in visit) puts a Value in a set or a dict, and your Value cannot go there: "
            "a class that defines __eq__ loses its hash.",
        ],
    ),
    (
        "a method of a step below the detected one deleted",
        5,
        "    def __rmul__(self, other):  # other * self\n        return self * other\n",
        "",
        (),
        "Value has no 2 * a (__rmul__), which step 3 adds",
        [],
    ),
    (
        "data changed by the walk",
        5,
        "parent.grad += node.grad * local_derivative",
        "parent.grad += node.grad * local_derivative\n"
        "                parent.data -= 0.1 * parent.grad",
        (),
        "backward() changes data: L = (a*b + c)*f at a=2, b=-3, c=10, f=-2, "
        "a.data was 2.0 and is 1.4 afterwards",
        ["got       a 1.4, b -2.6, c 10.2, f -2.4, a*b -5.8, L -8.0"],
    ),
    (
        "data cleared instead of grad",
        5,
        "node.grad = 0.0",
        "node.data = 0.0",
        (),
        "backward() changes data: L = (a*b + c)*f at a=2, b=-3, c=10, f=-2, "
        "a.data was 2.0 and is 0.0 afterwards",
        ["got       q 0.0, a.grad 7.0"],
    ),
    (
        "__init__ that takes other arguments",
        5,
        "def __init__(self, data, edges=()):",
        "def __init__(self, data, edges, label):",
        (),
        "the book's case runs a = Value(3), and your Value cannot take it "
        "(TypeError: Value.__init__() missing 2 required positional arguments: "
        "'edges' and 'label'): the book makes a value from one number",
        [],
    ),
    (
        "data called by another name",
        5,
        ".data",
        ".value",
        (),
        "the book's case runs return q.data, a.grad, and your Value cannot take "
        "it (AttributeError: 'Value' object has no attribute 'data')",
        [],
    ),
    (
        "a walk that stops because the stack is never popped",
        5,
        "node, parents_done = stack.pop()",
        "node, parents_done = stack[-1]",
        (),
        "backward() kept growing its order past 300,000 entries (at engine.py, line",
        [
            "in backward), on a graph of a few thousand nodes at most: does every "
            "turn of the loop take an entry off the stack "
            "(node, parents_done = stack.pop())?",
            "got       stopped: order grew past 300,000 entries",
        ],
    ),
    (
        "a step said done but missing",
        1,
        "",
        "",
        ("--step", "2"),
        "Value has no a.tanh() (tanh), which step 2 adds",
        [],
    ),
]

# A walk that never ends runs until the guard stops it (3 s of processor time).
SLOW = {"a walk that stops because the stack is never popped": pytest.mark.slow}


@pytest.mark.parametrize(
    "step, right, wrong, args, cause, shown",
    [pytest.param(*m[1:], id=m[0], marks=SLOW.get(m[0], ())) for m in MISTAKES],
)
def test_a_planted_mistake_fails_with_its_cause(
    step: int,
    right: str,
    wrong: str,
    args: tuple[str, ...],
    cause: str,
    shown: list[str],
    tmp_path: Path,
) -> None:
    engine = engine_file(step)
    assert right in engine, f"{right!r} is not in step {step}: update this test"
    planted = engine.replace(right, wrong)
    result = run(tmp_path, planted, *args)
    if "{line}" in cause:  # the line of the planted mistake in engine.py
        lines = planted.splitlines()
        cause = cause.format(
            line=1 + next(i for i, t in enumerate(lines) if wrong in t)
        )
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr == ""
    assert "FAIL " in result.stdout
    assert cause in result.stdout, result.stdout
    for numbers in shown:
        assert numbers in result.stdout, result.stdout


def test_one_cause_is_told_once_then_referred_to(tmp_path: Path) -> None:
    engine = engine_file(5).replace(
        "parent.grad += node.grad", "parent.grad = node.grad"
    )
    output = run(tmp_path, engine).stdout
    assert output.count("likely cause: a gradient is assigned with =") == 1
    assert output.count("likely cause: the same as above") == output.count("FAIL ") - 1


def test_a_long_cases_walk_is_redone_under_the_cases_own_limit(monkeypatch) -> None:
    """The diagnosis redoes a right walk on the case's own graph: on the chain of
    10,000 that took about the quick probes' 0.5 s, so its cause came out as "no
    common mistake matches" or as the real one, by how busy the machine was."""
    namespace: dict[str, object] = {}
    planted = engine_file(5).replace(
        "parent.grad += node.grad", "parent.grad = node.grad"
    )
    exec(compile(planted, "engine.py", "exec"), namespace)
    limits: list[float | None] = []
    run = check_engine.Guard.run

    def recording(self, function, *args, seconds=None, keep=None):
        if ".cause.<locals>." in getattr(function, "__qualname__", ""):
            limits.append(seconds)
        return run(self, function, *args, seconds=seconds, keep=keep)

    monkeypatch.setattr(check_engine.Guard, "run", recording)
    printed = check_output(namespace["Value"], lang="en", step=5)
    assert (
        printed.count("likely cause: the same as above") == printed.count("FAIL ") - 1
    )
    assert check_engine.SECONDS in limits, limits  # the chain's walk
    assert set(limits) == {check_engine.SECONDS, check_engine.AFTER_A_TIMEOUT}


def test_the_output_is_the_same_every_time(tmp_path: Path) -> None:
    """Even with edges in a set, whose order depends on the objects' hashes."""
    engine = engine_file(5).replace("self.edges = edges", "self.edges = set(edges)")
    outputs = {run(tmp_path, engine).stdout for _ in range(2)}
    assert len(outputs) == 1


@pytest.mark.parametrize(
    "engine, message",
    [
        (None, "check_engine.py: nothing.py: no such file"),
        (
            "class Value:\n    def __init__(self, data)\n        pass\n",
            "check_engine.py: cannot import engine.py: SyntaxError: expected ':' "
            "(engine.py, line 2)",
        ),
        (
            "import math\nscale = 1 / 0\n",
            "check_engine.py: cannot import engine.py: ZeroDivisionError: division "
            "by zero (engine.py, line 2, in <module>)",
        ),
        ("class Valu:\n    pass\n", "check_engine.py: engine.py defines no Value"),
        ("Value = 3\n", "check_engine.py: Value in engine.py is not a class"),
    ],
    ids=["missing file", "syntax error", "error on import", "no Value", "not a class"],
)
def test_a_file_that_cannot_be_checked_gets_one_line(
    engine: str | None, message: str, tmp_path: Path
) -> None:
    if engine is None:
        (tmp_path / "check_engine.py").write_bytes(SCRIPT.read_bytes())
        result = subprocess.run(
            [sys.executable, "check_engine.py", "nothing.py"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "LANG": "C.UTF-8", "LANGUAGE": ""},
        )
    else:
        result = run(tmp_path, engine)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message), result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_what_the_reader_s_file_prints_is_not_shown(tmp_path: Path) -> None:
    engine = engine_file(0) + "\na = Value(3)\nprint('my own output', a.data)\n"
    result = run(tmp_path, engine)
    assert result.returncode == 0 and "my own output" not in result.stdout


@pytest.mark.parametrize(
    "args, env, chinese",
    [
        ((), {}, False),
        (("--lang", "zh_CN"), {}, True),
        ((), {"LANG": "zh_CN.UTF-8"}, True),
        (("--lang", "en"), {"LANG": "zh_CN.UTF-8"}, False),
    ],
)
def test_the_language_comes_from_lang_or_the_environment(
    args: tuple[str, ...], env: dict[str, str], chinese: bool, tmp_path: Path
) -> None:
    engine = engine_file(3).replace("1 - o * o", "1 - o")
    result = run(tmp_path, engine, *args, env=env)
    assert result.returncode == 1
    language = "zh_CN" if chinese else "en"
    words = check_engine.LANGUAGES[language]
    lines = result.stdout.splitlines()
    for key in ("fail", "skip", "ok"):
        assert any(words[key] in line for line in lines), (key, result.stdout)
    neuron = next(case for case in check_engine.CASES if case.name == "neuron")
    assert neuron.title[language] in result.stdout
    assert ("likely cause" in result.stdout) != chinese


@pytest.mark.parametrize(
    "environ, language, asked",
    [
        ({}, "en", ""),
        ({"LANG": "zh_CN.UTF-8"}, "zh_CN", ""),
        ({"LANG": "zh_TW.UTF-8"}, "zh_CN", ""),  # the one Chinese edition
        ({"LANGUAGE": "zh_CN:en", "LANG": "en_US.UTF-8"}, "zh_CN", ""),
        ({"LANGUAGE": "fr:zh_CN", "LANG": "fr_FR.UTF-8"}, "zh_CN", ""),
        ({"LC_ALL": "C.UTF-8", "LANG": "zh_CN.UTF-8"}, "en", ""),
        ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "de_DE.UTF-8"}, "zh_CN", ""),
        ({"LANG": "en_GB.UTF-8"}, "en", ""),
        ({"LANGUAGE": "", "LANG": "fr_FR.UTF-8"}, "en", "fr_FR"),  # said, not silent
    ],
)
def test_the_first_locale_variable_set_decides(
    environ: dict[str, str], language: str, asked: str
) -> None:
    assert check_engine.language_from_environment(environ) == (language, asked)


def test_a_language_the_file_does_not_know_is_said(tmp_path: Path) -> None:
    result = run(tmp_path, engine_file(5), env={"LANG": "fr_FR.UTF-8"})
    assert result.returncode == 0
    first, second = result.stdout.splitlines()[:2]
    assert first == (
        "check_engine.py has no messages in fr_FR: they are in English (its "
        "languages: en, zh_CN)."
    )
    assert second.startswith("Checking Value from engine.py as an engine of step 5")


def test_a_new_language_is_one_entry_of_languages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The entry makes it known to the environment, to lang= and to --lang; the
    messages beside the cases not yet written in it are shown in English."""
    french = dict(check_engine.LANGUAGES["en"], ok="bon", fail="ÉCHEC")
    monkeypatch.setitem(check_engine.LANGUAGES, "fr", french)
    assert check_engine.language_from_environment({"LANG": "fr_FR.UTF-8"}) == (
        "fr",
        "",
    )
    namespace: dict[str, object] = {}
    exec(
        BLOCKS["step 0"].replace("* local_derivative", "* local_derivative * 2"),
        namespace,
    )
    printed = check_output(namespace["Value"], lang="fr")
    assert "bon   chapter 5: backward() changes grad only, not data" in printed
    assert "ÉCHEC chapter 4: q = a*a + a at a = 3" in printed
    assert check_engine.main(["--lang", "fr", "nothing.py"]) == 2  # no such file


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def texts_beside_their_use() -> list[dict[str, str]]:
    """Every message written in the file as {"en": ..., "zh_CN": ...}, and every
    case's title, from the file's own syntax tree."""
    found = [dict(case.title) for case in check_engine.CASES]
    for node in ast.walk(ast.parse(SCRIPT.read_text(encoding="utf-8"))):
        keys = [
            k.value for k in getattr(node, "keys", []) if isinstance(k, ast.Constant)
        ]
        if isinstance(node, ast.Dict) and "en" in keys:
            code = compile(ast.Expression(node), str(SCRIPT), "eval")
            found.append(eval(code, vars(check_engine)))  # a message may add WRAP
    return [text for text in found if isinstance(text["en"], str)]  # not LANGUAGES


def test_every_message_is_in_every_language_with_the_same_blanks() -> None:
    languages = check_engine.LANGUAGES
    english = languages["en"]
    texts = texts_beside_their_use()
    assert len(texts) > 40, len(texts)  # the titles, the causes, the meanings
    for text in texts:
        assert text.keys() == languages.keys(), text
        for language in languages:
            assert placeholders(text[language]) == placeholders(text["en"]), text
            if language != "en":
                assert text[language] != text["en"], text
    for language, words in languages.items():
        assert words.keys() == english.keys(), language
        for key in english:
            assert placeholders(words[key]) == placeholders(english[key]), key
    same = {k for k in english if english[k] == languages["zh_CN"][k]}
    assert same == {"in_backward"}, same  # code, not words


def test_a_walk_wrong_in_no_known_way_is_named_as_the_walk(tmp_path: Path) -> None:
    """A walk that doubles every share: no common mistake, but the walk, not an operation."""
    engine = engine_file(5).replace(
        "parent.grad += node.grad * local_derivative",
        "parent.grad += node.grad * local_derivative * 2",
    )
    result = run(tmp_path, engine)
    assert result.returncode == 1
    assert (
        "likely cause: the walk is wrong, not the operations (here a.grad is 26.0, "
        "where a right walk over the edges your operations record gives 7.0): "
        "compare your backward() with step 3 of chapter 5"
    ) in result.stdout, result.stdout
    assert "local derivative" not in result.stdout


def with_backward(engine: str, walk: str) -> str:
    """``engine`` with its method backward() replaced by ``walk``."""
    start = engine.index("    def backward(self):\n")
    end = engine.find("\n    def ", start + 1)
    rest = "" if end == -1 else engine[end:]
    return engine[:start] + walk.rstrip("\n") + "\n" + rest


# The walks a reader may write instead of a topological order: micrograd's
# recursion into each parent once its shares are passed, and chapter 5's
# example of the wrong walk, a recursion along each edge.
PER_PARENT = """\
    def backward(self):
        def pass_back(node):
            for parent, local_derivative in node.edges:
                parent.grad += node.grad * local_derivative
            for parent in {parents}:
                pass_back(parent)
        self.grad = 1.0
        pass_back(self)
"""
PER_EDGE = """\
    def backward(self):
        def pass_back(node):
            for parent, local_derivative in node.edges:
                parent.grad += node.grad * local_derivative
                pass_back(parent)
        self.grad = 1.0
        pass_back(self)
"""
PASSES_ON_EARLY = (
    "a node passes its gradient on before all of its children have added their "
    "shares: backward() recurses into each parent instead of walking a "
    "topological order ("
)
PER_PARENT_IN_A_SET = PER_PARENT.format(parents="{p for p, _ in node.edges}")
CHINESE_PASSES_ON_EARLY = (
    "一个节点在它所有的子节点都把自己那一份加进来之前，就把梯度往回传了："
    "backward() 对每个父节点递归，而不是按拓扑序遍历（"
)


@pytest.mark.parametrize(
    "walk, cause, shown",
    [
        pytest.param(
            PER_PARENT.format(parents="dict.fromkeys(p for p, _ in node.edges)"),
            PASSES_ON_EARLY + "here a.grad is 24.0, where a right walk over the edges "
            "your operations record gives 18.0); put the nodes in order first, as step "
            "0 does",
            [
                "FAIL  chapter 5: t = a*a, q = t + t*2 at a = 3",
                "got       q 27.0, t.grad 3.0, a.grad 24.0",
            ],
            id="recursion into each parent",
        ),
        pytest.param(  # a set's order varies: the gradient is 24.0 or 36.0
            PER_PARENT_IN_A_SET,
            PASSES_ON_EARLY + "here a.grad is ",
            ["FAIL  chapter 5: t = a*a, q = t + t*2 at a = 3"],
            id="recursion into each parent, in a set's order",
        ),
        pytest.param(
            PER_EDGE,
            "a node passes its gradient on once per edge that reaches it, before "
            "all of its children have added their shares: backward() recurses "
            "along each edge instead of walking a topological order (here a.grad "
            "is 6.0, where a right walk over the edges your operations record gives "
            "4.0)",
            ["got       c 12.0, b.grad 2.0, a.grad 6.0"],
            id="recursion along each edge",
        ),
    ],
)
def test_a_recursion_instead_of_an_order_fails_at_step_0(
    walk: str, cause: str, shown: list[str], tmp_path: Path
) -> None:
    """Each passes q = a*a + a, a*a and L: only a node with two children tells."""
    result = run(tmp_path, with_backward(engine_file(0), walk))
    assert result.returncode == 1, result.stdout
    lines = case_lines(result.stdout)
    for name in ("q_of_a", "a_times_a", "micrograd_L", "data_kept"):
        assert lines[name].startswith("ok "), result.stdout
    assert lines["two_children"].startswith("FAIL "), result.stdout
    assert "likely cause: " + cause in result.stdout, result.stdout
    for numbers in shown:
        assert numbers in result.stdout, result.stdout
    assert "local derivative" not in result.stdout
    assert "computes a wrong" not in result.stdout


def test_the_recursion_into_each_parent_is_named_in_chinese(tmp_path: Path) -> None:
    walk = PER_PARENT.format(parents="dict.fromkeys(p for p, _ in node.edges)")
    engine = with_backward(engine_file(0), walk)
    result = run(tmp_path, engine, "--lang", "zh_CN")
    assert result.returncode == 1
    assert (
        "可能的原因：" + CHINESE_PASSES_ON_EARLY + "这里 a.grad 是 24.0，而沿你的运算"
        "记录的边正确遍历得到 18.0）；请像第 0 步那样先把节点排好序"
    ) in result.stdout, result.stdout


def test_a_recursion_into_each_parent_fails_with_every_method(tmp_path: Path) -> None:
    """micrograd's walk in the engine of all five steps, said to be step 4."""
    walk = PER_PARENT.format(parents="dict.fromkeys(p for p, _ in node.edges)")
    result = run(tmp_path, with_backward(engine_file(5), walk), "--step", "4")
    assert result.returncode == 1
    assert case_lines(result.stdout)["two_children"].startswith("FAIL ")
    assert "likely cause: " + PASSES_ON_EARLY in result.stdout, result.stdout


DICT_WALK = """\
    def backward(self):
        order, seen = [], set()
        def visit(node):
            if node not in seen:
                seen.add(node)
                for parent, _ in node.edges:
                    visit(parent)
                order.append(node)
        visit(self)
        grads = {self: 1.0}
        for node in reversed(order):
            for parent, local_derivative in node.edges:
                grads[parent] += grads[node] * local_derivative
        for node in order:
            node.grad = grads[node]
"""


def test_a_key_error_in_the_walk_is_said_of_the_walk(tmp_path: Path) -> None:
    """Gradients kept in a dict, read before anything was stored for a node."""
    engine = with_backward(engine_file(0), DICT_WALK)
    line = 1 + engine.splitlines().index(
        "                grads[parent] += grads[node] * local_derivative"
    )
    result = run(tmp_path, engine)
    assert result.returncode == 1
    assert "got       KeyError: Value(data=9.0, grad=0.0)" in result.stdout
    assert (
        f"likely cause: backward (engine.py, line {line}) reads Value(data=9.0, "
        "grad=0.0) from a dict that does not hold it: the walk reads a node's entry "
        "before anything was stored there. Keep each gradient in node.grad, 0.0 from "
        "__init__, and add to it with +="
    ) in result.stdout, result.stdout


@pytest.mark.slow  # 50 runs of the checker
def test_the_cause_quotes_the_number_of_its_own_got_line(tmp_path: Path) -> None:
    """micrograd's recursion into each parent, walking a set of parents: the set's
    order, and so the gradient, depends on the values' hashes. Here each of 50
    runs hashes a value by where it lies in memory mixed with the run's own
    number, so the runs walk the set both ways (by a default hash alone, which
    is the address, all 50 runs of a clean clone walked it one way); in each,
    the number the cause quotes is the number its got line shows."""
    (tmp_path / "check_engine.py").write_bytes(SCRIPT.read_bytes())
    engine = with_backward(engine_file(0), PER_PARENT_IN_A_SET)
    engine += (
        "\nValue.__hash__ = lambda self: hash((id(self), int(os.environ['RUN'])))\n"
    )
    (tmp_path / "engine.py").write_text("import os\n" + engine, encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    runs = [
        subprocess.Popen(
            [sys.executable, "check_engine.py", "engine.py"],
            cwd=tmp_path,
            env={**environment, "RUN": str(seed)},
            stdout=subprocess.PIPE,
            text=True,
        )
        for seed in range(50)
    ]
    seen = set()
    for process in runs:
        output = process.communicate(timeout=120)[0]
        got = re.search(r"got       q 27.0, t.grad 3.0, a.grad (\S+)\n", output)
        quoted = re.search(
            re.escape(PASSES_ON_EARLY) + r"here a.grad is (\S+),", output
        )
        assert got and quoted, output
        assert quoted[1] == got[1], output
        seen.add(got[1])
    assert seen == {"24.0", "36.0"}, seen  # the seeds did walk the set both ways


# A reflected method that calls itself: the number first, as the reader may
# "fix" sum() or 2 * w, sends Python back to the same method, without end.
@pytest.mark.parametrize(
    "method, op, right",
    [(op.method, op.written, op.fix) for op in OPERATIONS.values() if op.fix],
)
def test_a_reflected_method_that_calls_itself_is_named(
    method: str, op: str, right: str, tmp_path: Path
) -> None:
    wrong = f"return other {op.split()[1]} self"  # 2 * a: return other * self
    engine = engine_file(5)
    assert engine.count(right) == 1, f"{right!r}: update this test"
    planted = engine.replace(right, wrong)
    line = 1 + next(i for i, t in enumerate(planted.splitlines()) if wrong in t)
    result = run(tmp_path, planted)
    assert result.returncode == 1, result.stdout
    lines = case_lines(result.stdout)
    assert lines["numbers_on_the_left"].startswith("FAIL "), result.stdout
    assert "got       RecursionError: maximum recursion depth exceeded" in result.stdout
    assert (
        f"likely cause: {method} ({op}) calls itself without end (engine.py, line "
        f"{line}, in {method}): other is a plain number there, and putting it first "
        f"sends Python back to {method}; step 3 writes {right}"
    ) in result.stdout, result.stdout
    assert "once per node" not in result.stdout  # not blamed on the walk
    assert "without recursion" not in result.stdout
    assert not [t for t in lines.values() if t.startswith("skip ")], result.stdout


def test_a_reflected_method_that_calls_itself_is_named_in_chinese(
    tmp_path: Path,
) -> None:
    planted = engine_file(3).replace("return self + other", "return other + self")
    line = 1 + planted.splitlines().index("        return other + self")
    result = run(tmp_path, planted, "--lang", "zh_CN")
    assert result.returncode == 1
    assert (
        f"可能的原因：__radd__（2 + a）无休止地调用自己（engine.py, line "
        f"{line}, in __radd__）：那里的 other 是一个普通的数，把它放在前面，Python "
        "又会回到 __radd__；第 3 步写的是 return self + other"
    ) in result.stdout, result.stdout
    # the chain fails with the same cause: not a skip that blames the walk
    assert "第 5 步才用不递归的方式遍历图" not in result.stdout, result.stdout


def test_what_an_error_means_is_said_in_chinese(tmp_path: Path) -> None:
    """The meaning of an error, named by the reader's method, in the page's words."""
    planted = engine_file(1).replace(
        "        other = other if isinstance(other, Value) else Value(other)\n"
        "        return Value(self.data * other.data,",
        "        return Value(self.data * other.data,",
    )
    line = 1 + next(
        i
        for i, t in enumerate(planted.splitlines())
        if t.startswith("        return Value(self.data * other.data,")
    )
    result = run(tmp_path, planted, "--lang", "zh_CN")
    assert result.returncode == 1
    assert (
        f"可能的原因：__mul__（engine.py, line {line}）读取了一个普通数的 .data："
        "像 w * 2 里的 2 这样的数会作为 other 传进来，而数没有 .data。"
    ) in result.stdout, result.stdout


def streamed(folder: Path, engine: str) -> tuple[list[tuple[float, str]], int, str]:
    """Each line check_engine.py prints, with the seconds after the start it came at."""
    (folder / "check_engine.py").write_bytes(SCRIPT.read_bytes())
    (folder / "engine.py").write_text(engine, encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    start = time.monotonic()
    with subprocess.Popen(
        [sys.executable, "check_engine.py", "engine.py"],
        cwd=folder,
        env=environment,
        stdin=subprocess.PIPE,  # never closed: an input() would wait for ever
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        lines = [(time.monotonic() - start, line) for line in process.stdout]
        status = process.wait(timeout=60)
        return lines, status, process.stderr.read()


@pytest.mark.slow  # the guard's limits are seconds long
def test_an_endless_backward_is_stopped_and_named_while_the_report_streams(
    tmp_path: Path,
) -> None:
    """Step 5's stack where an entry never leaves: a loop without end, nothing grows."""
    engine = (
        engine_file(5)
        .replace("node, parents_done = stack.pop()", "node, parents_done = stack[-1]")
        .replace("order.append(node)", "pass")
    )
    lines, status, _ = streamed(tmp_path, engine)
    assert status == 1
    text = [line for _, line in lines]
    assert text[0].startswith("Checking Value from engine.py as an engine of step")
    fails = [(t, line) for t, line in lines if line.startswith("FAIL ")]
    assert len(fails) == len(check_engine.CASES)
    # The header is out before the first case starts, each case as it ends: the
    # first case runs out its whole time after the header came (a gap, not a
    # clock reading, so a slow start on a busy machine does not matter; half of
    # it, since this test reads the pipe on that busy machine too).
    assert fails[0][0] - lines[0][0] > check_engine.SECONDS / 2, (lines[0], fails[0])
    assert fails[0][0] < fails[-1][0]
    causes = [line for line in text if "likely cause" in line]
    assert causes[0].startswith(
        "      likely cause: backward() did not finish within 3 s (it was at "
        "engine.py, line "
    ), causes[0]
    assert (
        causes[0]
        .rstrip()
        .endswith(
            "in backward): does every turn of the loop take an entry off the stack "
            "(node, parents_done = stack.pop())?"
        )
    ), causes[0]
    assert all(line.strip() == "likely cause: the same as above" for line in causes[1:])


def test_input_in_the_engine_is_named_and_never_waits(tmp_path: Path) -> None:
    engine = engine_file(5).replace(
        "        self.grad = 1.0\n",
        "        input('go on?')\n        self.grad = 1.0\n",
    )
    lines, status, _ = streamed(tmp_path, engine)
    assert status == 1
    output = "".join(line for _, line in lines)
    assert "got       input() was called" in output
    line = 1 + engine.splitlines().index("        input('go on?')")
    assert (
        f"likely cause: your code calls input() (engine.py, line {line}, in "
        "backward), and nobody can answer it while it is checked"
    ) in output, output


def test_what_the_engine_prints_is_counted_not_shown(tmp_path: Path) -> None:
    """A print() left in the walk: 30,000 lines in the chain alone."""
    engine = engine_file(5).replace(
        "            for parent, local_derivative in node.edges:\n",
        "            print('at', node)\n"
        "            for parent, local_derivative in node.edges:\n",
    )
    result = run(tmp_path, engine)
    assert result.returncode == 0, result.stdout
    assert "at Value(" not in result.stdout
    last = result.stdout.rstrip().splitlines()[-1]
    assert last.startswith("Your code printed ") and last.endswith(
        " lines while it was checked; they are not shown."
    ), last
    assert int(last.split()[3].replace(",", "")) > 30_000


@pytest.mark.slow  # an import that never ends is stopped after seconds
@pytest.mark.parametrize(
    "engine, message",
    [
        (
            "name = input()\n",
            "check_engine.py: engine.py calls input() while it is imported (engine.py, "
            "line 1, in <module>): nobody can answer it here",
        ),
        (
            "import sys\n\nsys.exit(0)\n",
            "check_engine.py: engine.py calls sys.exit() while it is imported "
            "(engine.py, line 3, in <module>)",
        ),
        (
            "while True:\n    print('training...')\n",
            "check_engine.py: engine.py did not finish importing within 5 s (it was "
            "at engine.py, line ",
        ),
    ],
    ids=["input()", "sys.exit()", "an endless loop that prints"],
)
def test_an_import_that_waits_or_ends_gets_one_line(
    engine: str, message: str, tmp_path: Path
) -> None:
    lines, status, errors = streamed(tmp_path, engine + "\n\n" + engine_file(0))
    assert status == 2 and lines == []
    assert errors.startswith(message), errors
    assert errors.count("\n") == 1


def check_output(V: type, **arguments: object) -> str:
    """What ``check(V)`` prints, in this process."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert check_engine.check(V, **arguments) is None
    return out.getvalue()


@pytest.mark.parametrize("step", range(STEPS))
def test_check_of_a_class_prints_what_the_command_prints(
    step: int, tmp_path: Path
) -> None:
    """check(Value) on the steps pasted at the prompt (class Value(Value): ...)."""
    namespace: dict[str, object] = {}
    for k in range(step + 1):
        exec(compile(BLOCKS[f"step {k}"], "<stdin>", "exec"), namespace)
    printed = check_output(namespace["Value"], lang="en")
    command = run(tmp_path, engine_file(step)).stdout
    assert printed == command.replace("Value from engine.py", "Value").replace(
        "--step N", "step=N"
    )


def test_check_of_a_class_names_the_line_at_the_prompt() -> None:
    namespace: dict[str, object] = {}
    code = BLOCKS["step 0"].replace(
        "return Value(self.data + other.data,", "return Value(self.data + other.dta,"
    )
    exec(compile(code, "<stdin>", "exec"), namespace)
    printed = check_output(namespace["Value"], lang="en", step=0)
    line = 1 + next(i for i, t in enumerate(code.splitlines()) if "other.dta" in t)
    assert (
        f"likely cause: __add__ (<stdin>, line {line}) reads .dta of a Value, and a "
        "Value has only what __init__ gives it (the book's: data, grad and edges): "
        "set dta in __init__, or use the name __init__ sets"
    ) in printed


@pytest.mark.parametrize(
    "arguments, error",
    [
        ({"Value": 3}, "check() needs the class itself, as in check(Value); got 3"),
        ({"step": 7}, "check() takes step=0 to 5, or none; got 7"),
        ({"step": True}, "check() takes step=0 to 5, or none; got True"),
        ({"lang": "fr"}, "check() takes lang='en' or 'zh_CN'; got 'fr'"),
    ],
)
def test_check_refuses_what_it_cannot_check(
    arguments: dict[str, object], error: str
) -> None:
    namespace: dict[str, object] = {}
    exec(BLOCKS["step 0"], namespace)
    arguments = {"Value": namespace["Value"], **arguments}
    with pytest.raises((TypeError, ValueError)) as caught:
        check_engine.check(**arguments)
    assert str(caught.value) == error
