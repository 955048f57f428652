"""The code of the two-designs chapter, loaded from the page itself.

`ClosureValue` (micrograd's design) and the model code that runs it are written
once, in ``docs/chapters/07-two-designs.md``, where the reader sees them and
Sybil checks them. Figure scripts and ``docs/_tools/benchmarks`` load them from there,
so that they time the very code the page shows: this module runs the page's
script blocks (the ```python fences without ``>>>`` prompts, which define things
and print nothing), in order, up to the exercises.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

PAGE = Path(__file__).resolve().parents[1] / "07-two-designs.md"

_FENCE = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def load(page: Path = PAGE) -> SimpleNamespace:
    """Run the page's script blocks before "## Exercises"; return what they define."""
    text = page.read_text(encoding="utf-8").split("\n## Exercises", 1)[0]
    namespace: dict = {"__name__": "two_designs_page"}
    for block in _FENCE.findall(text):
        if not block.lstrip().startswith(">>>"):
            exec(compile(block, str(page), "exec"), namespace)
    return SimpleNamespace(
        **{k: v for k, v in namespace.items() if not k.startswith("__")}
    )


page = load()
