"""Keep rendered figures between builds, keyed on everything that draws them.

matplotlib's ``plot`` directive writes its images to ``<build>/plot_directive``
(beside the doctrees) and skips a script whose images are newer than the
script file. That alone is not enough for this book: a figure that computes
its data with ``tinygrad.py``, or takes its colours from ``style.py``, must be
drawn again when either changes, even though the figure script did not.

Before each build this extension computes, for every figure script, a hash of
the script, of the local modules it imports (``style.py``, ``tinygrad.py``, and
what those import), of the ``plot_*`` settings and of the matplotlib version.
When the hash differs from the one recorded at the last build, the script's old
images are deleted, so the directive draws them again. A script whose plotting
failed leaves no image, so it runs (and warns) again on every build: the cache
can only ever hold images of scripts that ran cleanly.

Figures are drawn in the book's language (figure_language.py, style.tr), and
the English and the Chinese edition share the cache folder. So that neither
build ever shows or deletes the other's figures, each language has its own
image names and its own record of keys: in English ``slopes_secant.svg`` and
``.figure-keys.json``, as before; in any other language the directive is told
to write ``slopes_secant-zh_CN.svg`` (its ``filename-prefix`` option), and the
keys, which also hash the language, go to ``.figure-keys-zh_CN.json``.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
from pathlib import Path

import matplotlib
from matplotlib.sphinxext.plot_directive import PlotDirective
from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

KEYS_FILE = ".figure-keys.json"
ENGLISH = ("", "en")
_CONFIG = (
    "plot_formats",
    "plot_rcparams",
    "plot_apply_rcparams",
    "plot_pre_code",
    "plot_basedir",
)


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


def figure_key(script: Path, search: list[Path], settings: str) -> str:
    digest = hashlib.sha256()
    digest.update(f"matplotlib {matplotlib.__version__}\n{settings}\n".encode())
    sources = [script, *_local_imports(script, search)]
    for path in [*sources, *_data_files(sources)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def language_suffix(language: str | None) -> str:
    """What a language adds to image names: nothing in English, "-zh_CN" in Chinese."""
    if (language or "") in ENGLISH:
        return ""
    return "-" + re.sub(r"[^A-Za-z0-9_-]", "-", language)


def keys_file(language: str | None) -> str:
    suffix = language_suffix(language)
    return KEYS_FILE if not suffix else KEYS_FILE.replace(".json", suffix + ".json")


def image_base(script: str, language: str | None) -> str:
    """The name the plot directive gives ``script``'s images, without "_00.svg"."""
    return Path(script).stem.replace(".", "-") + language_suffix(language)


class LanguagePlotDirective(PlotDirective):
    """The ``plot`` directive, writing images with the language in their names."""

    def run(self):
        language = self.state.document.settings.env.config.language
        if (
            self.arguments
            and language_suffix(language)
            and "filename-prefix" not in self.options
        ):
            self.options["filename-prefix"] = image_base(self.arguments[0], language)
        return super().run()


def _outputs(folder: Path, script: Path, language: str | None = None) -> list[Path]:
    """The images the plot directive wrote for ``script`` (see its render_figures)."""
    base = re.escape(image_base(script.name, language))
    pattern = re.compile(rf"{base}(_\d\d){{0,2}}\.\w+")
    return (
        [p for p in folder.glob("*") if pattern.fullmatch(p.name)]
        if folder.is_dir()
        else []
    )


def invalidate_changed_figures(app: Sphinx) -> None:
    confdir = Path(app.confdir)
    cache = Path(app.doctreedir).parent / "plot_directive"
    figures = Path(app.config.plot_working_directory or confdir)
    search = [figures] + [Path(p) for p in app.config.figure_cache_module_paths]
    settings = "\n".join(
        f"{name}={getattr(app.config, name, None)!r}" for name in _CONFIG
    )
    language = app.config.language
    settings += f"\nlanguage={language!r}"

    keys_path = cache / keys_file(language)
    try:
        old = json.loads(keys_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = {}
    new: dict[str, str] = {}
    stale = 0
    for script in sorted(figures.glob("*.py")):
        try:
            key = figure_key(script, search, settings)
        except SyntaxError:
            continue  # the plot directive reports it when the script runs
        relative = script.relative_to(confdir).as_posix()
        new[relative] = key
        if old.get(relative) != key:
            outputs = _outputs(
                cache / script.parent.relative_to(confdir), script, language
            )
            stale += bool(outputs)
            for output in outputs:
                output.unlink()
    cache.mkdir(parents=True, exist_ok=True)
    keys_path.write_text(json.dumps(new, indent=1, sort_keys=True), encoding="utf-8")
    if stale:
        logger.info("figure cache: %d figure(s) changed, drawing them again", stale)


def setup(app: Sphinx) -> dict[str, object]:
    app.setup_extension("matplotlib.sphinxext.plot_directive")
    app.add_directive("plot", LanguagePlotDirective, override=True)
    app.add_config_value(
        "figure_cache_module_paths", [], "env", types=frozenset({list})
    )
    app.connect("builder-inited", invalidate_changed_figures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
