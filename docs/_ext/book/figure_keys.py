"""The key of a figure: a hash of everything that draws it (figure_cache.py).

Its script, the local modules it imports (``style.py``, ``tinygrad.py``, and
what those import), the data files they read, the ``plot_*`` settings,
matplotlib's version and the font files. Two builds that would draw the same
figure compute the same key; any change to one of these changes it.
"""

from __future__ import annotations

import ast
import hashlib
from pathlib import Path

import matplotlib


def _local_imports(script: Path, search: list[Path]) -> list[Path]:
    """Every module file under ``search`` that ``script`` imports, directly or not."""
    found: list[Path] = []
    todo = [script]
    while todo:
        tree = ast.parse(todo.pop().read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            else:
                continue
            for name in names:
                for folder in search:
                    candidate = folder / (name.split(".")[0] + ".py")
                    if (
                        candidate.is_file()
                        and candidate != script
                        and candidate not in found
                    ):
                        found.append(candidate)
                        todo.append(candidate)
                        break
    return sorted(found)


def _data_files(sources: list[Path]) -> list[Path]:
    """Files that ``sources`` name in a string ("speed_results.json", "07-two-designs.md")
    and that exist beside them or one folder up: data a figure reads, not imports."""
    found: set[Path] = set()
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                name = node.value
                if "\n" in name or "." not in name or len(name) > 200:
                    continue
                for folder in (source.parent, source.parent.parent):
                    candidate = folder / name
                    if candidate.is_file() and candidate.suffix != ".py":
                        found.add(candidate)
    return sorted(found)


def figure_key(
    script: Path, search: list[Path], settings: str, fonts: list[Path] = ()
) -> str:
    """The hash of everything that draws ``script``: its code, the local modules
    and data it reads, ``settings``, matplotlib's version and the ``fonts``."""
    digest = hashlib.sha256()
    digest.update(f"matplotlib {matplotlib.__version__}\n{settings}\n".encode())
    sources = [script, *_local_imports(script, search)]
    for path in [*sources, *_data_files(sources), *fonts]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
