"""The math arrives rendered: pages load no math JavaScript, and nothing moves.

KaTeX renders every formula when the book is built (docs/_ext/book/math/katex.py).
These tests read the built site: every formula of the Markdown is in the HTML
as KaTeX's drawing plus MathML for screen readers; no page loads a script to
typeset math; the stylesheet and every font it names are in the site; each
numbered equation's id appears once and every reference to it lands. In
Chromium: equation numbers never sit on their formula, on a phone or a desktop,
and the pages do not shift while they load.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import FOLDER, ROOT, chapter_pages, halves, in_half, site_pages

CHAPTERS = ROOT / "docs" / "chapters"


def page_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def formulas_in_markdown(markdown: str) -> int:
    """Displayed ($$...$$) and inline ($...$) formulas of a chapter, outside code."""
    prose = re.sub(r"^(```|~~~).*?^\1", "", markdown, flags=re.S | re.M)
    prose = re.sub(r"`[^`\n]*`", "", prose)
    display = len(re.findall(r"^\$\$", prose, flags=re.M)) // 2
    prose = re.sub(r"^\$\$.*?^\$\$[^\n]*", "", prose, flags=re.S | re.M)
    inline = len(re.findall(r"(?<![\\$])\$(?=\S)[^$\n]+?(?<=\S)\$(?!\$)", prose))
    return display + inline


def test_every_formula_is_rendered_with_mathml_and_no_script(site):
    for page in site_pages(site):
        text = page_text(page)
        name = page.relative_to(site).as_posix()
        assert not re.search(r"<script[^>]*src=\"[^\"]*(mathjax|katex)", text, re.I), (
            f"{name} loads math JavaScript"
        )
        assert not re.search(r"MathJax|renderMathInElement|katex\.render", text), (
            f"{name} typesets math in the browser"
        )
        assert 'class="tex"' not in text, f"{name}: a formula KaTeX could not render"
        assert not re.search(
            r"\\\(|\\\[",
            re.sub(r"<(pre|code|annotation)\b.*?</\1>", "", text, flags=re.S),
        ), f"{name}: TeX delimiters left for a script to typeset"
        formulas = text.count('<span class="katex">')
        mathml = len(re.findall(r'<span class="katex-mathml"><math\b', text))
        assert formulas == mathml, f"{name}: {formulas} formulas, {mathml} with MathML"
        if formulas:
            assert re.search(
                r'<link[^>]+href="[./]*_static/katex/katex\.min\.css(\?v=\w+)?"', text
            ), name
    for page in chapter_pages(site):
        source = CHAPTERS / (page.stem + ".md")
        expected = formulas_in_markdown(source.read_text(encoding="utf-8"))
        rendered = page_text(page).count('<span class="katex">')
        assert rendered >= expected > 0 or rendered == expected == 0, (
            f"{page.name}: {expected} formulas in the Markdown, {rendered} rendered"
        )


def test_the_stylesheet_and_its_fonts_are_in_the_site(site):
    css = site / "_static" / "katex" / "katex.min.css"
    assert css.is_file(), "KaTeX's stylesheet is not in the built site"
    fonts = set(
        re.findall(r"url\((fonts/[^)]+\.woff2)\)", css.read_text(encoding="utf-8"))
    )
    assert len(fonts) >= 15, fonts
    missing = [f for f in fonts if not (css.parent / f).is_file()]
    assert not missing, f"fonts the stylesheet names but the site lacks: {missing}"


def test_each_equation_id_appears_once_and_references_land(site):
    numbered = 0
    for page in chapter_pages(site):
        text = page_text(page)
        ids = re.findall(r'\bid="(equation-[^"]+)"', text)
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        assert not duplicates, f"{page.name}: ids written twice: {duplicates}"
        numbered += len(ids)
        for target in re.findall(r'href="([^"#]*)#(equation-[^"]+)"', text):
            file = (page.parent / target[0]).resolve() if target[0] else page
            assert f'id="{target[1]}"' in page_text(file), (
                f"{page.name}: #{target[1]} lands nowhere"
            )
    assert numbered >= 20, f"only {numbered} numbered equations in the book"


OVERLAPS = """() => [...document.querySelectorAll('div.math')].flatMap(math => {
  const number = math.querySelector('.eqno'), formula = math.querySelector('.katex-display');
  if (!number || !formula) return [];
  const a = number.getBoundingClientRect();
  const b = [...formula.querySelectorAll('.base')].map(e => e.getBoundingClientRect());
  const box = math.querySelector('.math-scroll').getBoundingClientRect();
  // the visible part of the formula: its pieces, clipped to its scrolling box
  return b.filter(r => Math.min(r.right, box.right) > a.left && Math.max(r.left, box.left) < a.right
                    && r.bottom > a.top && r.top < a.bottom)
          .map(() => math.parentElement.id || number.textContent);
})"""

# The total shift, and what moved (the element, its top and height before and
# after, the time): a failure names its cause, which a busy machine can hide.
LAYOUT_SHIFT = """() => new Promise(resolve => {
  let total = 0; const moved = [];
  const name = n => !n || !n.tagName ? String(n && n.nodeName)
    : n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.classList.length ? '.' + [...n.classList].join('.') : '');
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      total += entry.value;
      for (const s of entry.sources) moved.push(`${name(s.node)} top ${Math.round(s.previousRect.y)} -> ` +
        `${Math.round(s.currentRect.y)}, height ${Math.round(s.previousRect.height)} -> ` +
        `${Math.round(s.currentRect.height)} at ${Math.round(entry.startTime)} ms`);
    }
  }).observe({type: 'layout-shift', buffered: true});
  document.fonts.ready.then(() => setTimeout(() => resolve([total, moved]), 500));
})"""


ASSET = re.compile(r'(?:src|href)="([^"#:]+\.(?:css|js|svg|png|woff2))(?:\?[^"]*)?"')
LOADS = 3  # loads of a page that shifted, before the shift is blamed on the page
FETCH_ALL = "urls => Promise.all(urls.map(u => fetch(u).then(r => r.arrayBuffer())))"


def files_of(pages: list[Path], site: Path) -> list[str]:
    """Every local file the pages name (styles, scripts, images, icons), and KaTeX's fonts, as URL paths."""
    found = {
        (page.parent / name).resolve().relative_to(site.resolve()).as_posix()
        for page in pages
        for name in ASSET.findall(page_text(page))
        if (page.parent / name).is_file()
    }
    found |= {
        font.relative_to(site).as_posix()
        for font in (site / "_static" / "katex" / "fonts").glob("*.woff2")
    }
    return sorted(found)


@pytest.mark.browser
@pytest.mark.parametrize("half", halves())
def test_numbers_never_cover_formulas_and_nothing_shifts(chromium, server, site, half):
    """On a phone (360 px) and a desktop (1280 px), every chapter, with its files in the cache
    (the sample chapters in make test, the rest in make sweeps).

    Whether the fonts arrive before the first layout on a first visit depends
    on the network (the page preloads them); `make audit` measures that case.
    Here every file the chapters use is fetched once into the context's cache
    first, so each chapter is loaded once per width, as on a second visit; a
    page that shifted is loaded again, up to LOADS times, and fails if it
    shifts every time.
    """
    pages = in_half(chapter_pages(site), half)
    overlaps, shifts = [], []
    context = chromium.new_context()
    page = context.new_page()
    page.goto(server + "genindex.html", wait_until="load")
    files = files_of(pages, site)
    assert any(f.endswith("katex.min.css") for f in files), files
    page.evaluate(FETCH_ALL, [server + f for f in files])
    for width in (360, 1280):
        # each load is a new document in the same page (a new page would start
        # a renderer first, which costs more than the chapter's layout)
        page.set_viewport_size({"width": width, "height": 800})
        for page_path in pages:
            where = f"{page_path.name} at {width} px"
            seen = []
            # A shift the page causes comes back on every load; one that a busy
            # machine causes (a cached font decoded late) does not.
            for _ in range(LOADS):
                page.goto(
                    server + page_path.relative_to(site).as_posix(), wait_until="load"
                )
                shift, moved = page.evaluate(LAYOUT_SHIFT)
                if not seen:
                    overlaps += [f"{where}: {o}" for o in page.evaluate(OVERLAPS)]
                if shift <= 0.01:
                    break
                seen.append(f"{shift:.3f}; moved: " + "; ".join(moved))
            else:
                shifts.append(
                    f"{where}: layout shift on each of {LOADS} loads: "
                    + " | ".join(seen)
                )
    context.close()
    assert not overlaps, "equation numbers on top of formulas:\n" + "\n".join(
        sorted(set(overlaps))
    )
    assert not shifts, "\n".join(shifts)


CLOSING = ".,;:!?)]}\u2019\u201d\u3001\u3002\uff0c\uff1b\uff1a\uff01\uff1f\uff09\u300d\u300f\u300b\u3009\u2026"
FORMULA_THEN_PUNCTUATION = re.compile(
    r'(<span class="nowrap">)?<span class="math notranslate nohighlight">'
    r'(?:(?!<span class="math ).)*?</span></span></span>([' + re.escape(CLOSING) + "])",
    re.S,
)


def test_punctuation_after_a_formula_never_starts_a_line(site):
    """ "x²." and "10⁻²⁰。" stay on one line: the formula and its punctuation share a nowrap span."""
    checked, loose = 0, []
    for edition in (site / folder for folder in FOLDER.values()):
        for page in chapter_pages(edition):
            for match in FORMULA_THEN_PUNCTUATION.finditer(
                page.read_text(encoding="utf-8")
            ):
                checked += 1
                if not match[1]:
                    loose.append(f"{page.relative_to(site)}: ...{match[0][-80:]}")
    assert checked > 500, checked
    assert loose == [], (
        f"{len(loose)} formulas whose punctuation can wrap:\n" + "\n".join(loose[:5])
    )


def test_the_wrapping_takes_the_punctuation_and_leaves_the_rest():
    from docutils import nodes

    from book.math.punctuation import keep_punctuation_with_formulas

    paragraph = nodes.paragraph()
    paragraph += nodes.Text("小于 ")
    paragraph += nodes.math("", "10^{-20}")
    paragraph += nodes.Text("。完整")
    paragraph += nodes.math("", "x")
    paragraph += nodes.Text(" and")
    paragraph += nodes.math("", "y")
    paragraph += nodes.Text(").")
    document = nodes.document(None, None)
    document += paragraph
    keep_punctuation_with_formulas(None, document, "page")
    shapes = [
        (
            type(child).__name__,
            child.astext(),
            child.get("classes", []) if isinstance(child, nodes.Element) else [],
        )
        for child in paragraph.children
    ]
    assert shapes == [
        ("Text", "小于 ", []),
        ("inline", "10^{-20}。", ["nowrap"]),
        ("Text", "完整", []),
        ("math", "x", []),
        ("Text", " and", []),
        ("inline", "y).", ["nowrap"]),
    ]
