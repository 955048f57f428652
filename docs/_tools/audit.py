"""Lighthouse over the built book, served gzip-compressed as a static host serves it.

    python docs/_tools/audit.py docs/_build/html            # the front page and every chapter
    python docs/_tools/audit.py docs/_build/html chapters/01-slopes.html

``make audit`` runs this. For each page it runs Lighthouse 12.2.3 (fetched by
``npx``; the mobile preset, which is Lighthouse's default) with the Chromium the
browser tests use, served by the server they use (both from ``find_browser.py``),
and prints one line: the four category scores, the layout shift (CLS) and the
bytes the page transferred on load. The JSON reports are
kept in ``docs/_build/audit/``. Scores under the book's targets (performance
95, the other three 100, CLS 0.01, 200 KB) are marked with ``!``; the exit
status is 1 when any page misses one.

Lighthouse's performance score depends on how busy the machine is: on a machine
shared with other work, run it again before believing a low number.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import find_browser  # beside this file: the Chromium and the server

LIGHTHOUSE = "lighthouse@12.2.3"
# Lighthouse starts the Chromium itself: headless, with the flags the tests use.
CHROME_FLAGS = " ".join(["--headless=new", *find_browser.CHROMIUM_ARGS])
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
MAX_CLS = 0.01
MAX_KB = 200


def default_pages(site: Path) -> list[str]:
    chapters = sorted(
        p.relative_to(site).as_posix() for p in (site / "chapters").glob("*.html")
    )
    return ["index.html", *chapters]


def lighthouse(url: str, report: Path) -> dict:
    npx = shutil.which("npx")
    if npx is None:
        raise SystemExit(
            "audit: npx not found (make audit puts .venv's Node first on PATH)"
        )
    command = [npx, "-y", LIGHTHOUSE, url, "--output=json", f"--output-path={report}"]
    command += ["--quiet", f"--chrome-flags={CHROME_FLAGS}"]
    command += ["--only-categories=performance,accessibility,best-practices,seo"]
    try:
        executable = find_browser.chromium_executable()
    except find_browser.Missing as problem:
        raise SystemExit(f"audit: {problem}") from None
    env = dict(os.environ, CHROME_PATH=executable)
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not report.is_file():
        raise SystemExit(f"audit: Lighthouse failed on {url}:\n{done.stderr[-2000:]}")
    return json.loads(report.read_text(encoding="utf-8"))


def figures(result: dict) -> dict[str, float]:
    categories = result["categories"]
    audits = result["audits"]
    row = {name: round(100 * (categories[name]["score"] or 0)) for name in TARGETS}
    row["cls"] = audits["cumulative-layout-shift"].get("numericValue", float("nan"))
    row["kb"] = audits["total-byte-weight"].get("numericValue", float("nan")) / 1000
    return row


def misses(row: dict[str, float]) -> list[str]:
    missed = [name for name, target in TARGETS.items() if row[name] < target]
    if not row["cls"] <= MAX_CLS:
        missed.append("cls")
    if not row["kb"] <= MAX_KB:
        missed.append("kb")
    return missed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the built HTML site")
    parser.add_argument(
        "pages", nargs="*", help="pages to audit (default: front page, chapters)"
    )
    parser.add_argument("--reports", type=Path, help="where to keep the JSON reports")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "index.html").is_file():
        raise SystemExit(f"audit: no built site in {site}: run `make html` first")
    reports = args.reports or site.parent / "audit"
    reports.mkdir(parents=True, exist_ok=True)
    pages = args.pages or default_pages(site)
    header = f"{'page':<28} {'perf':>4} {'a11y':>4} {'BP':>4} {'SEO':>4} {'CLS':>6} {'KB':>6}"
    print(header)
    print("-" * len(header))
    failed = False
    with find_browser.serve(site, compress=True) as base:
        for page in pages:
            report = reports / (page.replace("/", "_") + ".json")
            row = figures(lighthouse(base + page, report))
            missed = misses(row)
            failed |= bool(missed)

            def cell(name: str, text: str, missed: list[str] = missed) -> str:
                return text + ("!" if name in missed else " ")

            print(
                f"{page:<28} {cell('performance', str(row['performance'])):>5}"
                f"{cell('accessibility', str(row['accessibility'])):>5}"
                f"{cell('best-practices', str(row['best-practices'])):>5}"
                f"{cell('seo', str(row['seo'])):>5}"
                f"{cell('cls', format(row['cls'], '.3f')):>7}"
                f"{cell('kb', format(row['kb'], '.0f')):>7}",
                flush=True,
            )
    print(
        f"targets: performance >= 95; accessibility, best practices, SEO = 100; "
        f"CLS <= {MAX_CLS}; <= {MAX_KB} KB on load (gzip). '!' marks a miss. "
        f"Reports: {reports}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
