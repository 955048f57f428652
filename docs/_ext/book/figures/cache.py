"""Keep rendered figures between builds, keyed on everything that draws them.

matplotlib's ``plot`` directive writes its images to ``<build>/plot_directive``
(beside the doctrees) and skips a script whose images are newer than the
script file. That alone is not enough for this book: a figure that computes
its data with ``tinygrad.py``, or takes its colours from ``style.py``, must be
drawn again when either changes, even though the figure script did not.

Before each build this part computes, for every figure script, a hash
(:func:`figure_key`) of the script, of the local modules it imports (``style.py``,
``tinygrad.py``, and what those import), of the data files they name, of the
``plot_*`` settings and of the matplotlib version.
When the hash differs from the one recorded at the last build, the script's old
images are deleted, so the directive draws them again. A script whose plotting
failed leaves no image, so it runs (and warns) again on every build: the cache
can only ever hold images of scripts that ran cleanly.

A figure is only as good as its fonts, so the key also hashes the font files
the figures draw with: ``figure_cache_fonts`` names a function (for the book
``style:font_files``) that returns them in the book's language. A figure is
drawn again when a font file changes, and the build stops, naming the font,
when one is missing. What matplotlib says while it draws (a font family it
cannot find, a glyph missing from every font: its log and its Python
warnings) reaches Sphinx as a warning with the page's location, so ``-W``
fails the build; and a figure that warned leaves a ``<image>.warned`` mark
beside its images, so the next build draws it again (and warns again) rather
than showing a broken figure from the cache.

Figures are drawn in the book's language: :func:`hand_language_to_figures`
puts it into the environment variable ``BOOK_LANGUAGE`` (and the catalogue
folders into ``BOOK_LOCALE_DIRS``, where ``style.tr`` finds ``figures.po``,
which is part of every key) before anything is read, for the scripts run inside Sphinx (or, with ``-j``, in worker processes
forked from it) cannot see its configuration; ``style.tr`` reads it, and a
script run on its own draws in English.
Each edition keeps them beside its own doctrees (``make html`` gives the
Chinese build its folder, ``docs/_build/zh_CN/plot_directive``), and each
language has its own image names and its own record of keys as well, so that
no build ever shows or deletes another language's figures, whatever folder
it is given: in English ``slopes_secant.svg`` and
``.figure-keys.json``, as before; in any other language the directive is told
to write ``slopes_secant-zh_CN.svg`` (its ``filename-prefix`` option), and the
keys, which also hash the language, go to ``.figure-keys-zh_CN.json``.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib
import json
import logging as stdlib_logging
import os
import re
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import matplotlib
from matplotlib.sphinxext import plot_directive
from matplotlib.sphinxext.plot_directive import PlotDirective
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

LANGUAGE_VARIABLE = "BOOK_LANGUAGE"  # read by docs/chapters/figures/style.py
LOCALE_VARIABLE = "BOOK_LOCALE_DIRS"  # read there too
CATALOGUE = "figures.po"  # the figures' words
KEYS_FILE = ".figure-keys.json"
WARNED = ".warned"  # the mark a figure that warned leaves beside its images
ENGLISH = ("", "en")
_CONFIG = (
    "plot_formats",
    "plot_rcparams",
    "plot_apply_rcparams",
    "plot_pre_code",
    "plot_basedir",
)


# --- the key of a figure: a hash of everything that draws it ------------------


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


# --- the cache ------------------------------------------------------------------


def hand_language_to_figures(app: Sphinx, config: Config) -> None:
    """``BOOK_LANGUAGE``: the language the figure scripts draw their words in;
    ``BOOK_LOCALE_DIRS``: the build's catalogue folders, where they find them."""
    os.environ[LANGUAGE_VARIABLE] = config.language or "en"
    os.environ[LOCALE_VARIABLE] = os.pathsep.join(
        str(Path(app.confdir, folder).resolve()) for folder in config.locale_dirs
    )


def catalogue_files(app: Sphinx) -> list[Path]:
    """The figures' catalogue (figures.po) of the build's language, if any: its
    translations are drawn into the figures, so they are part of each key."""
    language = app.config.language or "en"
    if language in ENGLISH:
        return []
    found = [
        Path(app.confdir, folder, language, "LC_MESSAGES", CATALOGUE)
        for folder in app.config.locale_dirs
    ]
    return [path for path in found if path.is_file()]


def font_files(app: Sphinx) -> list[Path]:
    """The files ``figure_cache_fonts`` ("module:function") returns, in the book's
    language; none when it is not set. A missing module or font stops the build."""
    spec = app.config.figure_cache_fonts
    if not spec:
        return []
    module_name, _, function = spec.partition(":")
    try:
        sys.modules.pop(module_name, None)  # imported afresh, in this language
        module = importlib.import_module(module_name)
        files = [Path(f) for f in getattr(module, function)()]
        sys.modules.pop(module_name, None)
        missing = [str(f) for f in files if not f.is_file()]
        if missing:
            raise FileNotFoundError(f"font file(s) missing: {', '.join(missing)}")
    except (ImportError, AttributeError, OSError, ValueError) as error:
        raise ExtensionError(
            f"figure_cache: figure_cache_fonts = {spec!r}: {error}"
        ) from error
    return files


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


class _Heard(stdlib_logging.Handler):
    """Keeps what matplotlib logs at WARNING and above ("findfont: ...")."""

    def __init__(self) -> None:
        super().__init__(stdlib_logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: stdlib_logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextlib.contextmanager
def matplotlib_complaints() -> Iterator[list[str]]:
    """Collect, in order and once each, what matplotlib logs or warns inside."""
    heard: list[str] = []
    handler = _Heard()
    mpl_logger = stdlib_logging.getLogger("matplotlib")
    mpl_logger.addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            # Left ignored, as Python leaves it: the collector warns of whatever
            # unclosed object it frees just then, made by anyone, not the figure.
            warnings.simplefilter("ignore", ResourceWarning)
            yield heard
    finally:
        mpl_logger.removeHandler(handler)
        for message in [*handler.messages, *(str(w.message) for w in caught)]:
            if message not in heard:
                heard.append(message)


class LanguagePlotDirective(PlotDirective):
    """The ``plot`` directive, writing images with the language in their names,
    and turning what matplotlib says while drawing into Sphinx warnings."""

    def run(self):
        env = self.state.document.settings.env
        language = env.config.language
        if (
            self.arguments
            and language_suffix(language)
            and "filename-prefix" not in self.options
        ):
            self.options["filename-prefix"] = image_base(self.arguments[0], language)
        with matplotlib_complaints() as heard:
            result = super().run()
        if heard:
            script = self.arguments[0] if self.arguments else "(inline code)"
            for message in heard:
                logger.warning(
                    "figure %s: %s",
                    script,
                    message,
                    location=(env.docname, self.lineno),
                    type="figure_cache",
                    subtype="matplotlib",
                )
            if self.arguments:
                self._mark_warned(env)
        return result

    def _mark_warned(self, env) -> None:
        """Leave ``<image>.warned`` beside the images: the next build draws them again."""
        # The plot directive's own way to find the script and its image folder.
        confdir = Path(plot_directive.setup.confdir)
        base = Path(env.srcdir)
        if env.config.plot_basedir:
            base = confdir / env.config.plot_basedir
        source = (base / self.arguments[0]).resolve()
        folder = Path(env.doctreedir).parent / "plot_directive"
        folder /= source.parent.relative_to(confdir.resolve())
        folder.mkdir(parents=True, exist_ok=True)
        mark = folder / (image_base(source.name, env.config.language) + WARNED)
        mark.write_text("drawn with warnings: draw it again\n", encoding="utf-8")


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
    fonts = font_files(app) + catalogue_files(app)

    keys_path = cache / keys_file(language)
    try:
        old = json.loads(keys_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = {}
    new: dict[str, str] = {}
    stale = 0
    for script in sorted(figures.glob("*.py")):
        try:
            key = figure_key(script, search, settings, fonts)
        except SyntaxError:
            continue  # the plot directive reports it when the script runs
        relative = script.relative_to(confdir).as_posix()
        new[relative] = key
        outputs = _outputs(cache / script.parent.relative_to(confdir), script, language)
        warned = any(p.name.endswith(WARNED) for p in outputs)
        if old.get(relative) != key or warned:
            stale += bool(outputs)
            for output in outputs:
                output.unlink()
    cache.mkdir(parents=True, exist_ok=True)
    keys_path.write_text(json.dumps(new, indent=1, sort_keys=True), encoding="utf-8")
    if stale:
        logger.info("figure cache: %d figure(s) changed, drawing them again", stale)


def register(app: Sphinx) -> None:
    app.add_directive("plot", LanguagePlotDirective, override=True)
    app.add_config_value(
        "figure_cache_module_paths", [], "env", types=frozenset({list})
    )
    app.add_config_value("figure_cache_fonts", "", "env", types=frozenset({str}))
