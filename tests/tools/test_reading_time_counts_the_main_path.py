"""`make words` counts what the editing issues measure: prose, code and dropdowns apart.

``docs/_tools/reading_time.py`` reads a built page. Prose is the text of the
article outside code blocks and dropdowns, with formulas as KaTeX draws them
(their MathML twin is not counted again); code is the lines of the code blocks
outside dropdowns; "all words" leaves formulas and code out and takes the
dropdowns in. Nothing outside the article (the sidebar) counts.
"""

from __future__ import annotations

from pathlib import Path

import reading_time  # docs/_tools, on pytest's pythonpath

PAGE = """<html><body>
<nav>Sidebar words that never count</nav>
<article role="main">
<h1>Slopes<a class="headerlink" href="#s">#</a></h1>
<p>We nudge <code class="literal">x</code> and watch.</p>
<p>So <span class="math"><span class="katex"><span class="katex-mathml"><math>
<mi>f</mi><mo>=</mo><mn>2</mn></math></span><span class="katex-html">f = 2</span>
</span></span> here.</p>
<div class="highlight"><pre>&gt;&gt;&gt; f(5)
25
</pre></div>
<details class="sd-dropdown"><summary>The answer</summary>
<p>Five more words in here.</p>
<div class="highlight"><pre>&gt;&gt;&gt; 1
1
&gt;&gt;&gt; 2
</pre></div>
</details>
</article></body></html>"""


def test_prose_code_and_dropdowns_are_counted_apart(tmp_path: Path) -> None:
    page = tmp_path / "slopes.html"
    page.write_text(PAGE, encoding="utf-8")
    counts = reading_time.count(page)
    # "Slopes", "We nudge x and watch.", "So here.": 1 + 5 + 2 words, and the
    # formula as drawn, "f = 2": 3 more; the dropdown: "The answer", "Five more
    # words in here.": 2 + 5; the code outside it: 2 lines.
    assert counts == {"prose": 8 + 3, "code": 2, "all_words": 8 + 2 + 5}
