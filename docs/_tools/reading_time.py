"""How long each chapter takes to read: words of prose and lines of code, per page.

Reads the built English pages (``make words``, after ``make html``) and counts,
inside each page's article:

- **prose**: the words outside code blocks and dropdowns (the main path), the
  formulas included as KaTeX draws them (what a reader reads);
- **code**: the lines of the code blocks outside dropdowns (input and output);
- **all words**: the words outside code blocks and formulas, dropdowns included.

A word is what whitespace separates (``x = 5`` is three, inline code counts
as prose). On the pages of 19ae703 this gives 19,593 words of prose for
chapters 1-6 (4,458 for chapter 5) where the editing issue measured 19,475
(4,407), and 1,236 lines of code, as it did. At 200 words a minute,
``min`` is the prose alone.

    python docs/_tools/reading_time.py docs/_build/html [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from html.parser import HTMLParser
from pathlib import Path

VOID = {"br", "hr", "img", "input", "meta", "link", "source", "wbr", "col", "area"}


class Counter(HTMLParser):
    """Splits an article's text into prose, code and dropdown text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []  # what each open element is: see starttag
        self.prose: list[str] = []
        self.dropdown: list[str] = []
        self.code_blocks: list[tuple[str, bool]] = []  # (text, inside a dropdown)
        self.code_text: list[str] = []
        self.formulas: list[str] = []  # the text KaTeX draws, outside dropdowns

    def kind(self, tag: str, attrs: dict[str, str]) -> str:
        classes = attrs.get("class", "").split()
        if tag == "article" and attrs.get("role") == "main":
            return "article"
        if tag == "details":
            return "dropdown"
        if tag == "pre":
            return "code"
        if "katex-html" in classes:
            return "drawn"  # the formula as drawn; its MathML twin is skipped
        if "katex" in classes or "math" in classes or tag == "math":
            return "math"
        if "headerlink" in classes or tag in ("script", "style", "button"):
            return "skip"
        return ""

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in VOID:
            return
        self.stack.append(
            f"{tag}:{self.kind(tag, dict((k, v or '') for k, v in attrs))}"
        )

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        while self.stack:
            top = self.stack.pop()
            if top.endswith(":code") and top.startswith(f"{tag}:"):
                inside = any(k.endswith(":dropdown") for k in self.stack)
                self.code_blocks.append(("".join(self.code_text), inside))
                self.code_text = []
            if top.split(":")[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        kinds = {k.split(":")[1] for k in self.stack}
        if "article" not in kinds or "skip" in kinds:
            return
        if "math" in kinds:
            if "drawn" in kinds and "dropdown" not in kinds:
                self.formulas.append(data)
            return
        if "code" in kinds:
            self.code_text.append(data)
        elif "dropdown" in kinds:
            self.dropdown.append(data)
        else:
            self.prose.append(data)


def count(page: Path) -> dict[str, int]:
    """The counts of one built page."""
    counter = Counter()
    counter.feed(page.read_text(encoding="utf-8"))
    words = len(" ".join(counter.prose).split())
    prose = words + len(" ".join(counter.formulas).split())
    dropdown = len(" ".join(counter.dropdown).split())
    code = sum(
        len([line for line in text.strip("\n").splitlines()])
        for text, inside in counter.code_blocks
        if not inside
    )
    return {"prose": prose, "code": code, "all_words": words + dropdown}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built English site")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    pages = sorted((args.site / "chapters").glob("[0-9][0-9]-*.html"))
    if not pages:
        print(f"reading_time: no chapters under {args.site}/chapters", file=sys.stderr)
        return 2
    counts = {page.stem: count(page) for page in pages}
    if args.json:
        print(json.dumps(counts, indent=1))
        return 0
    groups: dict[str, list[dict[str, int]]] = {"chapters 1-6": [], "chapters 7-11": []}
    print(f"{'page':<26}{'prose':>7}{'min':>5}{'code':>6}{'all words':>10}")
    for stem, c in counts.items():
        if stem[:2] <= "11":  # the appendix (12) is not on the main path
            groups["chapters 1-6" if stem[:2] <= "06" else "chapters 7-11"].append(c)
        print(
            f"{stem:<26}{c['prose']:>7}{c['prose'] / 200:>5.0f}"
            f"{c['code']:>6}{c['all_words']:>10}"
        )
    for name, members in groups.items():
        if members:
            total = {k: sum(c[k] for c in members) for k in members[0]}
            print(
                f"{name:<26}{total['prose']:>7}{total['prose'] / 200:>5.0f}"
                f"{total['code']:>6}{total['all_words']:>10}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
