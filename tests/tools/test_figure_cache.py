"""The figure cache saves time without ever showing a stale figure or hiding a failure.

``docs/_ext/book/figures/cache.py`` keeps the plot directive's images between builds
and deletes a figure's images when its script, or a module the script imports
(``style.py``, ``tinygrad.py``), changes. A small Sphinx project shows all
three behaviours: an unchanged figure is not drawn again; a changed import is;
a failing script warns on every build. A second one, built alternately in
English and in Chinese into the same build folder, shows that each edition
keeps its own images: neither shows the other's figure, and switching
language redraws nothing. A figure drawn without its glyphs or its font
fails a ``-W`` build and is drawn again next time, and a figure is drawn
again when a font file it draws with changes.
"""

from __future__ import annotations

import io
import re
import shutil
import sys
import warnings
from pathlib import Path

import matplotlib
import pytest
from sphinx.errors import ExtensionError

from helpers import ROOT

pytestmark = pytest.mark.slow  # Sphinx builds

CONF = """\
import sys
sys.path[:0] = [{ext!r}, {helpers!r}]
extensions = ["book"]
exclude_patterns = ["_build", "figures"]
plot_formats = [("svg", 100)]
plot_html_show_source_link = False
plot_working_directory = {figures!r}
figure_cache_module_paths = [{helpers!r}]
"""
FIGURE = """\
import matplotlib.pyplot as plt
from palette import COLOUR

plt.plot([0, 1], [0, 1], color=COLOUR)
"""
BROKEN = "raise RuntimeError('this figure is broken')\n"


def build(
    src: Path, out: Path, language: str | None = None, **overrides: object
) -> tuple[str, str]:
    """Build the project the way `make html` does: fresh environment, kept figures."""
    return _build(src, out, language, **overrides)[:2]


def _build(src, out, language=None, werror=False, **overrides):
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    shutil.rmtree(out / "html", ignore_errors=True)
    shutil.rmtree(out / "doctrees", ignore_errors=True)
    status, warnings = io.StringIO(), io.StringIO()
    if language:
        overrides["language"] = language
    # As sphinx-build does: each build registers its nodes and directives afresh.
    with patch_docutils(src), docutils_namespace():
        app = Sphinx(
            str(src), str(src), str(out / "html"), str(out / "doctrees"), "html",
            status=status, warning=warnings, freshenv=True,
            confoverrides=overrides or None, warningiserror=werror, keep_going=werror,
        )  # fmt: skip
        app.build(force_all=True)
    return status.getvalue(), warnings.getvalue(), app.statuscode


def test_figures_are_kept_redrawn_when_an_import_changes_and_failures_always_warn(
    tmp_path,
):
    src, out, helpers = _project(tmp_path, {"line": FIGURE, "broken": BROKEN})
    (helpers / "palette.py").write_text('COLOUR = "#0072b2"\n')
    image = out / "plot_directive" / "figures" / "line.svg"
    sys.modules.pop("palette", None)

    _, warnings = build(src, out)
    assert "#0072b2" in image.read_text()
    assert "this figure is broken" in warnings
    first = image.stat().st_mtime_ns

    # Nothing changed: the image is reused, not drawn again; the failure warns again.
    _, warnings = build(src, out)
    assert image.stat().st_mtime_ns == first
    assert "this figure is broken" in warnings

    # The module the figure imports changed, the figure script did not.
    (helpers / "palette.py").write_text('COLOUR = "#d55e00"\n')
    sys.modules.pop("palette", None)
    build(src, out)
    assert "#d55e00" in image.read_text(), "a changed import must redraw the figure"
    assert "#0072b2" not in (out / "html" / "_images" / "line.svg").read_text()


WORDS = """\
import os
import matplotlib.pyplot as plt
from palette import COLOUR

plt.plot([0, 1], [0, 1], color=COLOUR)
plt.title("drawn in " + os.environ["BOOK_LANGUAGE"])
"""


def test_each_language_keeps_its_own_figures(tmp_path, monkeypatch):
    monkeypatch.delenv("BOOK_LANGUAGE", raising=False)  # restored after the test
    src, out = tmp_path / "src", tmp_path / "out"
    figures, helpers = src / "figures", tmp_path / "helpers"
    figures.mkdir(parents=True)
    helpers.mkdir()
    (src / "conf.py").write_text(
        CONF.format(
            ext=str(ROOT / "docs" / "_ext"), figures=str(figures), helpers=str(helpers)
        )
    )
    (figures / "words.py").write_text(WORDS)
    (helpers / "palette.py").write_text('COLOUR = "#0072b2"\n')
    (src / "index.rst").write_text(
        "Figures\n=======\n\n.. plot:: figures/words.py\n   :alt: A line.\n"
    )
    cache = out / "plot_directive" / "figures"
    english, chinese = cache / "words.svg", cache / "words-zh_CN.svg"
    sys.modules.pop("palette", None)

    def page_image() -> str:
        html = (out / "html" / "index.html").read_text()
        (name,) = re.findall(r'src="_images/([^"]+)"', html)
        return (out / "html" / "_images" / name).read_text()

    build(src, out)
    assert "<!-- drawn in en -->" in english.read_text() and not chinese.exists()
    assert "drawn in en" in page_image()
    english_drawn = english.stat().st_mtime_ns

    _, warnings = build(src, out, "zh_CN")
    assert "<!-- drawn in zh_CN -->" in chinese.read_text()
    assert "drawn in zh_CN" in page_image() and "drawn in en" not in page_image()
    assert english.stat().st_mtime_ns == english_drawn, (
        "the Chinese build must leave the English figure"
    )
    assert (out / "plot_directive" / ".figure-keys.json").is_file()
    assert (out / "plot_directive" / ".figure-keys-zh_CN.json").is_file()
    chinese_drawn = chinese.stat().st_mtime_ns

    # Back and forth: each build reuses its own image and shows it, nothing is drawn again.
    build(src, out)
    assert "drawn in en" in page_image()
    build(src, out, "zh_CN")
    assert "drawn in zh_CN" in page_image()
    assert english.stat().st_mtime_ns == english_drawn
    assert chinese.stat().st_mtime_ns == chinese_drawn

    # A changed import redraws the figure in each language, when that language is built.
    (helpers / "palette.py").write_text('COLOUR = "#d55e00"\n')
    sys.modules.pop("palette", None)
    build(src, out, "zh_CN")
    assert "#d55e00" in chinese.read_text() and "#0072b2" in english.read_text()
    build(src, out)
    assert "#d55e00" in english.read_text()
    assert "drawn in en" in page_image() and "#d55e00" in page_image()


NO_GLYPH = """\
import matplotlib.pyplot as plt

plt.rcParams["font.family"] = ["DejaVu Sans"]
plt.title("\\u659c")  # a Chinese character, which DejaVu Sans lacks
"""
NO_FONT = """\
import matplotlib.pyplot as plt

plt.rcParams["font.family"] = ["No Such Family", "DejaVu Sans"]
plt.title("words")
"""


def _project(tmp_path: Path, figures_code: dict[str, str]) -> tuple[Path, Path, Path]:
    src, out = tmp_path / "src", tmp_path / "out"
    figures, helpers = src / "figures", tmp_path / "helpers"
    figures.mkdir(parents=True)
    helpers.mkdir()
    (src / "conf.py").write_text(
        CONF.format(
            ext=str(ROOT / "docs" / "_ext"), figures=str(figures), helpers=str(helpers)
        )
    )
    body = "".join(f"\n.. plot:: figures/{name}.py\n" for name in figures_code)
    (src / "index.rst").write_text("Figures\n=======\n" + body)
    for name, code in figures_code.items():
        (figures / f"{name}.py").write_text(code)
    (helpers / "palette.py").write_text('COLOUR = "#0072b2"\n')
    sys.modules.pop("palette", None)
    return src, out, helpers


def test_a_figure_drawn_without_its_glyphs_or_font_fails_the_build_and_is_drawn_again(
    tmp_path,
):
    src, out, _ = _project(tmp_path, {"no_glyph": NO_GLYPH, "no_font": NO_FONT})
    cache = out / "plot_directive" / "figures"

    _, warnings, status = _build(src, out, werror=True)
    assert status == 1, "-W must fail on a figure drawn without its glyphs"
    assert re.search(
        r"index\.rst:\d+: WARNING: figure figures/no_glyph\.py: Glyph 26012 "
        r"\(\\N\{CJK UNIFIED IDEOGRAPH-659C\}\) missing from font\(s\) DejaVu Sans",
        warnings,
    ), warnings
    assert re.search(
        r"index\.rst:\d+: WARNING: figure figures/no_font\.py: "
        r"findfont: Font family 'No Such Family' not found",
        warnings,
    ), warnings
    assert (cache / "no_glyph.warned").is_file() and (cache / "no_glyph.svg").is_file()
    drawn = {
        name: (cache / f"{name}.svg").stat().st_mtime_ns
        for name in ("no_glyph", "no_font")
    }

    # Nothing changed, yet both are drawn again and warn again: never kept broken.
    _, warnings, status = _build(src, out, werror=True)
    assert status == 1
    assert "no_glyph.py: Glyph 26012" in warnings
    assert "no_font.py: findfont" in warnings
    for name, first in drawn.items():
        assert (cache / f"{name}.svg").stat().st_mtime_ns != first, f"{name} was kept"

    # Fixed: drawn once more, then kept, and the build is clean.
    (src / "figures" / "no_glyph.py").write_text(NO_GLYPH.replace("\\u659c", "slope"))
    (src / "figures" / "no_font.py").write_text(
        NO_FONT.replace('"No Such Family", ', "")
    )
    _, warnings, status = _build(src, out, werror=True)
    assert status == 0 and "WARNING" not in warnings, warnings
    assert not list(cache.glob("*.warned"))
    clean = (cache / "no_glyph.svg").stat().st_mtime_ns
    build(src, out)
    assert (cache / "no_glyph.svg").stat().st_mtime_ns == clean


FONTS = """\
from pathlib import Path

def font_files():
    return [Path(__file__).with_name("font.ttf")]
"""


def test_a_figure_is_drawn_again_when_a_font_file_it_uses_changes(tmp_path):
    src, out, helpers = _project(tmp_path, {"line": FIGURE})
    (helpers / "palette.py").write_text('COLOUR = "#0072b2"\n' + FONTS)
    fonts = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    shutil.copyfile(fonts / "DejaVuSans.ttf", helpers / "font.ttf")
    image = out / "plot_directive" / "figures" / "line.svg"
    uses = {"figure_cache_fonts": "palette:font_files"}

    build(src, out, **uses)
    first = image.stat().st_mtime_ns
    build(src, out, **uses)
    assert image.stat().st_mtime_ns == first, "same fonts: the figure is kept"

    shutil.copyfile(fonts / "DejaVuSans-Bold.ttf", helpers / "font.ttf")
    build(src, out, **uses)
    assert image.stat().st_mtime_ns != first, "a changed font must redraw the figure"

    (helpers / "font.ttf").unlink()
    with pytest.raises(ExtensionError, match=r"font file\(s\) missing: .*font\.ttf"):
        build(src, out, **uses)


def test_an_unclosed_file_freed_while_a_figure_draws_is_not_the_figures_warning(
    tmp_path,
):
    """The collector may free anyone's unclosed file while a figure draws: not a
    complaint of the figure's (it marked a clean figure as warned, at random)."""
    from book.figures.cache import matplotlib_complaints

    (tmp_path / "data.txt").write_text("1 2 3\n")
    with matplotlib_complaints() as heard:
        open(tmp_path / "data.txt")  # freed at once, unclosed
        warnings.warn("the figure's own complaint", UserWarning, stacklevel=1)
    assert heard == ["the figure's own complaint"]
