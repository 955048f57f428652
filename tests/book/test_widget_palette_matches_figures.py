"""The widgets draw with the figures' palette: docs/chapters/figures/style.py is its one source.

widgets.css repeats the light-theme colours as CSS variables (a browser cannot
read Python); this test is what keeps the copy equal to the source, so change
style.py first, then the CSS (CONTRIBUTING.md, "The palette"). The widgets'
dark-theme colours exist only in widgets.css: figures are drawn on white.
"""

from __future__ import annotations

import re

from helpers import ROOT

FIGURES = ROOT / "docs" / "chapters" / "figures"
WIDGETS_CSS = ROOT / "docs" / "_static" / "widgets" / "widgets.css"


def figure_palette() -> dict[str, str]:
    import style  # docs/chapters/figures, on pytest's pythonpath

    return {
        name.lower(): getattr(style, name).lower()
        for name in ("BLUE", "ORANGE", "PURPLE", "GREEN", "VERMILION")
    }


def widget_light_palette() -> dict[str, str]:
    css = WIDGETS_CSS.read_text(encoding="utf-8")
    light = css.split("/* Dark theme")[0]
    return {
        name: colour.lower()
        for name, colour in re.findall(r"--widget-(\w+):\s*(#[0-9a-fA-F]{6})", light)
    }


def test_the_widgets_light_colours_are_the_figures_colours():
    figures, widgets = figure_palette(), widget_light_palette()
    assert set(figures) <= set(widgets), (
        f"widgets.css lacks {set(figures) - set(widgets)}"
    )
    differ = {n: (figures[n], widgets[n]) for n in figures if figures[n] != widgets[n]}
    assert differ == {}, (
        f"widgets.css disagrees with style.py (style.py, css): {differ}"
    )


def test_widgets_css_has_no_colour_of_its_own_in_the_light_theme():
    assert set(widget_light_palette()) - {"accent"} <= set(figure_palette())
