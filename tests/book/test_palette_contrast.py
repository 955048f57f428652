"""Every colour the book draws with has 3:1 contrast with what it is drawn on.

WCAG 2.x asks 3:1 for the parts of a graphic a reader needs (1.4.11). The
figures are drawn on white paper in both themes (docs/chapters/figures/style.py);
the widgets draw on the page's background, white or furo's dark #131416, with
the colours of docs/_static/widgets/widgets.css.
"""

from __future__ import annotations

import re

from helpers import ROOT

FIGURES = ROOT / "docs" / "chapters" / "figures"
WIDGETS_CSS = ROOT / "docs" / "_static" / "widgets" / "widgets.css"
WHITE, DARK = "#ffffff", "#131416"  # furo's --color-background-primary, light and dark


def luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [
        c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_matches_wcag_examples():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#e69f00", "#ffffff"), 2) == 2.25  # the old secant orange


def test_every_figure_colour_has_3_to_1_on_the_paper():
    import style  # docs/chapters/figures, on pytest's pythonpath

    names = ["BLUE", "ORANGE", "PURPLE", "GREEN", "VERMILION", "SKY", "GREY"]
    low = {n: round(contrast(getattr(style, n), WHITE), 2) for n in names}
    assert all(v >= 3 for v in low.values()), low


def test_no_figure_fades_a_line_or_point():
    faded = [
        p.name
        for p in FIGURES.glob("*.py")
        if re.search(
            r"\.(plot|scatter|loglog|semilogy|axvline|axhline)\([^)]*alpha=",
            p.read_text(),
        )
    ]
    assert not faded, (
        f"lines or points drawn with alpha (they lose their contrast): {faded}"
    )


def widget_colours() -> dict[str, dict[str, str]]:
    css = WIDGETS_CSS.read_text(encoding="utf-8")
    light = dict(
        re.findall(
            r"--widget-(\w+):\s*(#[0-9a-fA-F]{6})", css.split("/* Dark theme")[0]
        )
    )
    dark_block = re.search(
        r'body\[data-theme="dark"\] \.widget \{(.*?)\}', css, re.S
    ).group(1)
    dark = {
        **light,
        **dict(re.findall(r"--widget-(\w+):\s*(#[0-9a-fA-F]{6})", dark_block)),
    }
    return {"light": light, "dark": dark}


def test_every_widget_colour_has_3_to_1_in_both_themes():
    colours = widget_colours()
    assert {"blue", "orange", "purple", "green", "vermilion"} <= set(colours["light"])
    for theme, background in (("light", WHITE), ("dark", DARK)):
        low = {n: round(contrast(c, background), 2) for n, c in colours[theme].items()}
        assert all(v >= 3 for v in low.values()), (theme, low)


def test_the_dark_theme_colours_are_the_same_for_both_ways_of_choosing_it():
    css = WIDGETS_CSS.read_text(encoding="utf-8")
    explicit = re.search(
        r'body\[data-theme="dark"\] \.widget \{(.*?)\}', css, re.S
    ).group(1)
    system = re.search(
        r'body:not\(\[data-theme="light"\]\) \.widget \{(.*?)\}', css, re.S
    ).group(1)
    assert sorted(explicit.split()) == sorted(system.split())
