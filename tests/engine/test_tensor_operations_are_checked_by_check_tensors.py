"""check_tensors.py, the download that checks a reader's tensor operations.

``python check_tensors.py FILE.py`` (and ``check_tensors.check(...)``) checks
every Function subclass a file defines under the tensors chapter's names
against central finite differences: the book's own tensorgrad.py passes; a
file of wrong operations fails, each named with its case, input, values and
likely cause; the file needs only the standard library and NumPy; the
verdicts are in Chinese where the reader's locale is. The planted wrong
answers of each exercise are in tests/exercises/test_chapter_1[01]_*.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import check_exercises
import check_tensors
from helpers import ROOT
from tensorgrad import Function

SRC = ROOT / "src"

WRONG_FILE = """
import numpy as np
from tensorgrad import Function


class Mul(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved
        return grad * a, grad * b


class Index(Function):
    @staticmethod
    def forward(ctx, x, index=()):
        ctx.shape, ctx.index = x.shape, index
        return x[index]

    @staticmethod
    def backward(ctx, grad):
        full = np.zeros(ctx.shape)
        full[ctx.index] = grad
        return (full,)


class Tanh(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(np.tanh(x))
        return np.tanh(x)

    @staticmethod
    def backward(ctx, grad):
        (t,) = ctx.saved
        return grad * (1 - t * t)


class Square(Function):
    @staticmethod
    def forward(ctx, x):
        return x * x
"""


def run(
    folder: Path, *args: str, lang: str = "en_US.UTF-8"
) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env["LANG"] = lang
    return subprocess.run(
        [sys.executable, "check_tensors.py", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def downloads(tmp_path: Path) -> Path:
    for name in ("check_tensors.py", "tensorgrad.py"):
        shutil.copy(SRC / name, tmp_path / name)
    return tmp_path


def test_the_books_own_engine_passes(tmp_path) -> None:
    done = run(downloads(tmp_path), "tensorgrad.py")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    for name in check_tensors.CASES:
        if name != "Exp":  # the chapter's exercise 6, not in tensorgrad.py
            assert any(line.startswith(f"✓ {name}: right") for line in lines), name


def test_a_file_of_wrong_operations_fails_naming_each_cause(tmp_path) -> None:
    folder = downloads(tmp_path)
    (folder / "mine.py").write_text(WRONG_FILE, encoding="utf-8")
    done = run(folder, "mine.py")
    assert done.returncode == 1, done.stdout + done.stderr
    text = done.stdout
    assert "✗ Mul, a (2, 4) * b (2, 4): the gradient of a\n  expected [[" in text
    assert "Likely cause: the operands swapped" in text
    assert "row 0 picked twice: the gradient of x" in text
    assert "Likely cause: = where a repeated index must add" in text
    assert "Tanh.backward returned a bare array, not one gradient per input" in text
    assert "Not checked (no cases for these names): Square." in text


def test_the_verdicts_are_in_chinese_in_a_chinese_locale(tmp_path) -> None:
    folder = downloads(tmp_path)
    (folder / "mine.py").write_text(WRONG_FILE, encoding="utf-8")
    done = run(folder, "mine.py", lang="zh_CN.UTF-8")
    assert "可能的原因：两个操作数弄反了" in done.stdout, done.stdout
    assert "a 的梯度" in done.stdout


@pytest.mark.parametrize(
    "environ",
    [
        {"LANG": "zh_CN.UTF-8"},
        {"LANGUAGE": "zh_TW:en", "LANG": "en_US.UTF-8"},
        {"LC_ALL": "C", "LANG": "zh_CN.UTF-8"},
        {"LANGUAGE": "fr_FR:de", "LANG": "zh_CN.UTF-8"},
        {"LANGUAGE": "fr:zh_CN"},
        {"LC_MESSAGES": "de_DE@euro"},
        {"LANG": "POSIX"},
        {},
    ],
)
def test_it_reads_the_language_as_check_exercises_does(environ) -> None:
    """The rule is written in both downloads (each runs alone): the same answers."""
    assert check_tensors.languages_asked(environ) == check_exercises.languages_asked(
        environ
    )


def test_a_language_it_lacks_is_said_once_then_english(tmp_path) -> None:
    folder = downloads(tmp_path)
    (folder / "mine.py").write_text(WRONG_FILE, encoding="utf-8")
    script = "import check_tensors\ncheck_tensors.check('mine.py')\ncheck_tensors.check('mine.py')\n"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env["LANGUAGE"], env["LANG"] = "fr_FR", "fr_FR.UTF-8"
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    told = "(check_tensors.py has no messages in fr_FR: they are in English;"
    assert lines[0] == told + " its languages: en, zh_CN.)", lines[0]
    assert sum(line.startswith(told) for line in lines) == 1, done.stdout
    assert "Likely cause: the operands swapped" in done.stdout


def test_a_file_without_operations_says_so(tmp_path) -> None:
    folder = downloads(tmp_path)
    (folder / "empty.py").write_text("x = 1\n", encoding="utf-8")
    done = run(folder, "empty.py")
    assert done.returncode == 1
    assert done.stdout.startswith("✗ empty.py defines no Function subclass")


def test_it_needs_only_the_standard_library_and_numpy(tmp_path) -> None:
    folder = downloads(tmp_path)
    script = (
        "import sys\n"
        "import numpy\n"
        "before = set(sys.modules)\n"
        "import check_tensors\n"
        "check_tensors.check('tensorgrad.py')\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(sorted(new - set(sys.stdlib_module_names)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=folder, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    new = set(eval(done.stdout.splitlines()[-1]))
    numpys = {"numpy", "cython_runtime"}  # NumPy's compiled parts load these too
    new = {m for m in new - numpys if not m.startswith("_cython_")}
    assert new <= {"check_tensors", "checked_tensorgrad", "tensorgrad"}, new


def test_a_class_is_checked_from_python_too() -> None:
    class Exp(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(np.exp(x))
            return np.exp(x)

        @staticmethod
        def backward(ctx, grad):
            (result,) = ctx.saved
            return (grad * result,)

    verdict = check_tensors.judge(Exp, lang="en")
    assert verdict == check_tensors.Verdict(True, None, "✓ Exp: right.")
    named = check_tensors.judge(Exp, name="Tanh", lang="en")
    assert not named.right and named.text.startswith("✗ Tanh, tanh(x), x (")
