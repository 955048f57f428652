"""Every page of the built site is valid HTML: the Nu HTML Checker (vnu) finds no error.

vnu is the pinned npm package ``vnu-jar`` (docs/_tools/package.json, installed by ``make``
into node_modules), run with Java on every HTML page a reader can reach, the
404 page, search and index included. Without Java the test is skipped with a
reason, unless ``REQUIRE_BROWSER=1`` (CI installs ``default-jre-headless``).
"""

from __future__ import annotations

import json
import subprocess
import urllib.parse
from pathlib import Path

import pytest

from helpers import JAVA_OPTIONS, NODE_MODULES, chapter_page, need

pytestmark = pytest.mark.slow  # the Nu HTML Checker, on Java

VNU = NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"


def java() -> str:
    """Java, for the Nu HTML Checker (skipped or failed by the rule of conftest.py)."""
    need("vnu")
    return need("java")


def checked_pages(site: Path) -> list[Path]:
    pages = sorted(
        p
        for p in site.rglob("*.html")
        if not p.relative_to(site).parts[0].startswith("_")
    )
    names = {p.relative_to(site).as_posix() for p in pages}
    assert {
        "index.html",
        "404.html",
        "search.html",
        chapter_page("slopes"),
    } <= names, names
    return pages


def vnu_errors(pages: list[Path]) -> list[dict]:
    done = subprocess.run(
        [
            java(),
            *JAVA_OPTIONS,
            "-jar",
            str(VNU),
            "--errors-only",
            "--format",
            "json",
            *map(str, pages),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    report = json.loads(done.stderr)  # vnu writes its JSON report to stderr
    return [
        m
        for m in report["messages"]
        if m.get("type") in {"error", "non-document-error"}
    ]


BROKEN = (
    '<!DOCTYPE html><html lang="en"><head><title>t</title></head>'
    '<body><p id="a">one</p><p id="a">two</p><p role="heading">h</p></body></html>'
)


@pytest.fixture(scope="module")
def report(site, tmp_path_factory) -> dict[str, list[str]]:
    """vnu's errors per page, from one run (one Java start) over every page and a
    broken page of our own, which shows that the checker does report errors."""
    broken = tmp_path_factory.mktemp("vnu") / "broken.html"
    broken.write_text(BROKEN, encoding="utf-8")
    pages = [page.resolve() for page in (*checked_pages(site), broken)]
    found: dict[str, list[str]] = {str(page): [] for page in pages}
    for m in vnu_errors(pages):
        where = urllib.parse.urlparse(m.get("url", "?")).path  # vnu says file:/path
        found.setdefault(where, []).append(f"{m.get('lastLine', '?')}: {m['message']}")
    found["broken"] = found.pop(str(broken.resolve()))
    return found


def test_the_checker_reports_an_error_it_should(report):
    messages = report["broken"]
    assert any("Duplicate ID" in m for m in messages), messages
    assert any("aria-level" in m for m in messages), messages


@pytest.mark.slow
def test_every_page_is_valid_html(report, site):
    errors = [
        f"{url.removeprefix(site.resolve().as_posix() + '/')}:{line}"
        for url, lines in report.items()
        if url != "broken"
        for line in lines
    ]
    assert errors == [], (
        f"{len(errors)} errors in {len(report) - 1} pages:\n" + "\n".join(errors)
    )
