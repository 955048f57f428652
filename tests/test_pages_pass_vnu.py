"""Every page of the built site is valid HTML: the Nu HTML Checker (vnu) finds no error.

vnu is the pinned npm package ``vnu-jar`` (docs/_tools/package.json, installed by ``make``
into node_modules), run with Java on every HTML page a reader can reach, the
404 page, search and index included. Without Java the test is skipped with a
reason, unless ``REQUIRE_BROWSER=1`` (CI installs ``default-jre-headless``).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from built_site import NODE_MODULES, need

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
        "chapters/01-slopes.html",
    } <= names, names
    return pages


def vnu_errors(pages: list[Path]) -> list[dict]:
    done = subprocess.run(
        [
            java(),
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


def test_the_checker_reports_an_error_it_should(tmp_path):
    broken = tmp_path / "broken.html"
    broken.write_text(
        '<!DOCTYPE html><html lang="en"><head><title>t</title></head>'
        '<body><p id="a">one</p><p id="a">two</p><p role="heading">h</p></body></html>',
        encoding="utf-8",
    )
    messages = [m["message"] for m in vnu_errors([broken])]
    assert any("Duplicate ID" in m for m in messages), messages
    assert any("aria-level" in m for m in messages), messages


@pytest.mark.slow
def test_every_page_is_valid_html(site):
    pages = checked_pages(site)
    errors = vnu_errors(pages)
    lines = [
        f"{m.get('url', '?').split(site.as_posix() + '/')[-1]}:{m.get('lastLine', '?')}: {m['message']}"
        for m in errors
    ]
    assert errors == [], f"{len(errors)} errors in {len(pages)} pages:\n" + "\n".join(
        lines
    )
