"""Without PyTorch, what needs it is skipped with the reason shown; with it, it runs.

`make test` must pass on a machine without PyTorch. These tests run pytest in a
subprocess with ``import torch`` made to fail (a tiny plugin puts a finder at
the front of ``sys.meta_path`` that refuses the name), which is what a machine
without PyTorch looks like to the pages and tests, whether or not PyTorch is
installed here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT, chapter, need

pytestmark = pytest.mark.slow  # pytest in a subprocess

PAGE = chapter("pytorch").relative_to(ROOT).as_posix()
REASON = "PyTorch is not installed"

HIDE_TORCH = '''
import sys


class HideTorch:
    """Make `import torch` fail as it does where PyTorch is not installed."""

    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith("torch."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, HideTorch())
'''


def run_pytest(
    tmp_path: Path, *args: str, hide_torch: bool
) -> tuple[int, dict[str, int], str]:
    env = dict(os.environ)
    plugin = []
    if hide_torch:
        # a maintainer's machine without PyTorch, where a missing tool is skipped
        env.pop("REQUIRE_BROWSER", None)
        (tmp_path / "hide_torch.py").write_text(HIDE_TORCH, encoding="utf-8")
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(tmp_path), env.get("PYTHONPATH")])
        )
        plugin = ["-p", "hide_torch"]
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            *plugin,
            *args,
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = result.stdout + result.stderr
    counts = {
        word: int(n)
        for n, word in re.findall(r"(\d+) (passed|skipped|failed|error)", output)
    }
    return result.returncode, counts, output


def test_the_plugin_hides_torch(tmp_path):
    (tmp_path / "hide_torch.py").write_text(HIDE_TORCH, encoding="utf-8")
    check = "import hide_torch\ntry:\n    import torch\nexcept ImportError:\n    print('hidden')\n"
    result = subprocess.run(
        [sys.executable, "-c", check], cwd=tmp_path, capture_output=True, text=True
    )
    assert result.stdout.strip() == "hidden"


def test_pytorch_chapter_skips_its_torch_examples_without_torch(tmp_path):
    returncode, counts, output = run_pytest(tmp_path, PAGE, hide_torch=True)
    assert returncode == 0, output
    assert REASON in output
    assert counts.get("skipped", 0) >= 5, output  # the PyTorch examples
    assert counts.get("passed", 0) >= 5, output  # our engine's examples still run
    assert "failed" not in counts


def test_cross_check_skips_with_its_reason_without_torch(tmp_path):
    returncode, counts, output = run_pytest(
        tmp_path, "tests/engine/test_agrees_with_pytorch.py", hide_torch=True
    )
    # 5: "no tests collected", since the whole module is skipped; in `make test`, with
    # the other test files, the run as a whole passes
    assert returncode in (0, 5), output
    assert REASON in output
    assert counts == {"skipped": 1}, output  # the whole module, once


def test_pytorch_chapter_runs_every_example_with_torch(tmp_path):
    need("torch")
    returncode, counts, output = run_pytest(tmp_path, PAGE, hide_torch=False)
    assert returncode == 0, output
    assert "skipped" not in counts, output
    assert counts["passed"] >= 10, output
