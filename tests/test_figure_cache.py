"""The figure cache saves time without ever showing a stale figure or hiding a failure.

``docs/_ext/figure_cache.py`` keeps the plot directive's images between builds
and deletes a figure's images when its script, or a module the script imports
(``style.py``, ``tinygrad.py``), changes. A small Sphinx project shows all
three behaviours: an unchanged figure is not drawn again; a changed import is;
a failing script warns on every build. A second one, built alternately in
English and in Chinese into the same build folder, shows that each edition
keeps its own images: neither shows the other's figure, and switching
language redraws nothing.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from built_site import ROOT

CONF = """\
import sys
sys.path[:0] = [{ext!r}, {helpers!r}]
extensions = ["matplotlib.sphinxext.plot_directive", "figure_cache"]
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


def build(src: Path, out: Path, language: str | None = None) -> tuple[str, str]:
    """Build the project the way `make html` does: fresh environment, kept figures."""
    import shutil

    from sphinx.application import Sphinx

    shutil.rmtree(out / "html", ignore_errors=True)
    shutil.rmtree(out / "doctrees", ignore_errors=True)
    status, warnings = io.StringIO(), io.StringIO()
    app = Sphinx(
        str(src),
        str(src),
        str(out / "html"),
        str(out / "doctrees"),
        "html",
        status=status,
        warning=warnings,
        freshenv=True,
        confoverrides={"language": language} if language else None,
    )
    app.build(force_all=True)
    return status.getvalue(), warnings.getvalue()


def test_figures_are_kept_redrawn_when_an_import_changes_and_failures_always_warn(
    tmp_path,
):
    src, out = tmp_path / "src", tmp_path / "out"
    figures, helpers = src / "figures", tmp_path / "helpers"
    figures.mkdir(parents=True)
    helpers.mkdir()
    (src / "conf.py").write_text(
        CONF.format(
            ext=str(ROOT / "docs" / "_ext"), figures=str(figures), helpers=str(helpers)
        )
    )
    (figures / "line.py").write_text(FIGURE)
    (figures / "broken.py").write_text(BROKEN)
    (helpers / "palette.py").write_text('COLOUR = "#0072b2"\n')
    (src / "index.rst").write_text(
        "Figures\n=======\n\n.. plot:: figures/line.py\n\n.. plot:: figures/broken.py\n"
    )
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


LANGUAGE_CONF = CONF.replace('"figure_cache"]', '"figure_cache", "figure_language"]')
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
        LANGUAGE_CONF.format(
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
