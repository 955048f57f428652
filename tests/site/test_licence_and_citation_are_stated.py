"""The licence of every file is stated, and the book says how to cite it.

The code is under MIT (as ``pyproject.toml`` says), the prose and the figures
under CC BY-SA 4.0; ``LICENSES/`` holds both texts and ``REUSE.toml`` says
which covers which file (``make lint`` runs ``reuse lint`` over all of it).
``CITATION.cff`` and the front page's BibTeX block ("Cite this book") describe
the same book, and every page of both editions says in its footer which
licence covers what.
"""

from __future__ import annotations

import re
import tomllib

import yaml

from helpers import ROOT, site_pages

CODE, PROSE = "MIT", "CC-BY-SA-4.0"


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _reuse_annotations() -> list[dict]:
    return tomllib.loads((ROOT / "REUSE.toml").read_text(encoding="utf-8"))[
        "annotations"
    ]


def _identifiers(expression: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9.+-]+", expression)) - {"AND", "OR", "WITH"}


def test_every_licence_named_has_its_text_in_licenses():
    named = {CODE, PROSE}
    for annotation in _reuse_annotations():
        named |= _identifiers(annotation["SPDX-License-Identifier"])
    for identifier in named:
        text = ROOT / "LICENSES" / f"{identifier}.txt"
        assert text.is_file(), f"REUSE.toml names {identifier}, but {text} is missing"
    assert "Permission is hereby granted" in (ROOT / "LICENSES/MIT.txt").read_text()
    assert "Attribution-ShareAlike 4.0 International" in (
        ROOT / "LICENSES/CC-BY-SA-4.0.txt"
    ).read_text(encoding="utf-8")


def test_code_is_mit_as_pyproject_says_and_pages_are_cc_by_sa():
    project = _pyproject()["project"]
    assert (
        project["license"] == CODE
    )  # an SPDX expression, as setuptools >= 77 reads it
    assert project["license-files"] == [f"LICENSES/{CODE}.txt"]
    first, *rest = _reuse_annotations()
    assert first["path"] == "**" and first["SPDX-License-Identifier"] == CODE
    pages = [a for a in rest if "**/*.md" in a["path"]]
    assert pages, "REUSE.toml has no annotation for the pages"
    assert _identifiers(pages[0]["SPDX-License-Identifier"]) == {PROSE, CODE}


def _citation() -> dict:
    return yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))


def test_citation_cff_has_what_cff_1_2_requires():
    cff = _citation()
    missing = {"cff-version", "message", "title", "authors"} - set(cff)
    assert not missing, f"CITATION.cff lacks {sorted(missing)}"
    assert cff["cff-version"] == "1.2.0"
    assert cff["authors"] and all(
        "name" in a or "family-names" in a for a in cff["authors"]
    ), "every author needs a name (or family-names)"
    assert cff["version"] == _pyproject()["project"]["version"]
    assert set(cff["license"]) == {CODE, PROSE}
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(cff["date-released"]))


def _bibtex(text: str) -> dict[str, str]:
    block = re.search(r"```bibtex\n(@book\{.*?\n\})\n```", text, re.S)
    assert block, "docs/index.md has no BibTeX block"
    return dict(re.findall(r"^\s*(\w+)\s*=\s*\{+(.*?)\}+,?$", block.group(1), re.M))


def test_the_front_page_cites_the_book_as_citation_cff_does():
    cff = _citation()
    fields = _bibtex((ROOT / "docs/index.md").read_text(encoding="utf-8"))
    assert fields["title"] == cff["title"]
    assert fields["author"] == cff["authors"][0]["name"]
    assert fields["edition"] == cff["version"]
    assert fields["year"] == str(cff["date-released"])[:4]


def test_both_front_pages_show_the_same_bibtex(site, zh_site):
    blocks = []
    for folder in (site, zh_site):
        page = (folder / "index.html").read_text(encoding="utf-8")
        found = re.search(
            r'<div class="highlight-bibtex.*?<pre[^>]*>(.*?)</pre>', page, re.S
        )
        assert found, f"{folder / 'index.html'} shows no BibTeX block"
        blocks.append(re.sub(r"<[^>]+>", "", found.group(1)))
    assert blocks[0] == blocks[1]
    assert "@book{slopes-to-backprop," in blocks[0]


def test_every_page_of_both_editions_says_which_licence_covers_what(site, zh_site):
    words = {site: ("CC BY-SA 4.0", "MIT"), zh_site: ("CC BY-SA 4.0", "MIT")}
    for folder, (prose, code) in words.items():
        pages = [p for p in site_pages(folder) if p.name != "404.html"]
        assert len(pages) > 10
        for page in pages:
            text = page.read_text(encoding="utf-8")
            footer = re.search(r'<p class="book-licence">(.*?)</p>', text, re.S)
            assert footer, f"{page}: no licence in the footer"
            assert prose in footer.group(1) and code in footer.group(1), page
            if folder == zh_site:
                assert re.search(r"[\u4e00-\u9fff]", footer.group(1)), (
                    f"{page}: the licence line is not translated"
                )
