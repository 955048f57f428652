"""Lighthouse over the built book, served gzip-compressed as a static host serves it.

    python docs/_tools/audit.py docs/_build/html            # both editions' pages
    python docs/_tools/audit.py docs/_build/html chapters/01-slopes.html --runs 1

``make audit`` runs this. For each page it runs Lighthouse 12.2.3 (fetched by
``npx``; the mobile preset, which is Lighthouse's default) three times with the
Chromium the browser tests use, served by the server they use (both from
``find_browser.py``), and prints one line of medians: the four category scores
(with the range of the performance scores), the total blocking time (TBT), the
layout shift (CLS), the number of DOM elements and the bytes the page
transferred on load. One run on a shared machine swings by 5-10 points; the
median of three does not. The pages are the front page, every chapter and the
glossary, in the English edition and, when it is built, the Chinese one
(``zh_CN/``). The JSON reports are kept in ``docs/_build/audit/``.

Figures under the book's targets (performance 95, the other three 100, TBT
200 ms, CLS 0.01, 200 KB) are marked with ``!``; the exit status is 1 when any
page misses one. Lighthouse's performance score depends on how busy the machine
is: the load average is printed with the table.

The first paint (FP, as Lighthouse observed it, before its simulation) comes
about 0.3, 1.3 or 2.3 s into a load, from run to run and page to page, in steps
of a second, and the simulated speed index follows it (1.5 to 4 s), costing a
page 1-3 points. Lighthouse's tracker has the same symptom, whole seconds in
headless runs, traced there to the compositor offering the page's renderer no
frame during the load (GoogleChrome/lighthouse#17148, open). Our traces of such
runs (Lighthouse's ``--save-assets``) show a wait of that kind, not its cause:
the page is painted, committed and activated at 0.3-0.4 s; then, its main
thread mostly idle (3-156 ms busy in three traces), its compositor submits no
frame for a second. With ``--disable-features=PaintHolding`` among Chromium's
flags the first paint came at 0.5-0.8 s here (6 runs of 6, 2026-12-07), and a
page that Playwright loads is painted at 0.4-0.8 s. A row whose FP column shows
a second or more lost its speed index to that, not to the page; the audit still
runs Lighthouse as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import find_browser  # beside this file: the Chromium and the server

LIGHTHOUSE = "lighthouse@12.2.3"
# Lighthouse starts the Chromium itself: headless, with the flags the tests use.
CHROME_FLAGS = " ".join(["--headless=new", *find_browser.CHROMIUM_ARGS])
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
MAX_TBT_MS = 200
MAX_CLS = 0.01
MAX_KB = 200
EDITIONS = ("", "zh_CN/")


def default_pages(site: Path) -> list[str]:
    """The front page, the chapters and the glossary of each edition that is built."""
    pages: list[str] = []
    for edition in EDITIONS:
        root = site / edition
        if not (root / "index.html").is_file():
            continue
        chapters = sorted(p.name for p in (root / "chapters").glob("*.html"))
        pages += [edition + "index.html"]
        pages += [f"{edition}chapters/{name}" for name in chapters]
        if (root / "glossary.html").is_file():
            pages.append(edition + "glossary.html")
    return pages


def lighthouse(url: str, report: Path, categories: list[str]) -> dict:
    """One Lighthouse run of ``url``; its JSON report is written to ``report``."""
    npx = shutil.which("npx")
    if npx is None:
        raise SystemExit(
            "audit: npx not found (make audit puts .venv's Node first on PATH)"
        )
    command = [npx, "-y", LIGHTHOUSE, url, "--output=json", f"--output-path={report}"]
    command += ["--quiet", f"--chrome-flags={CHROME_FLAGS}"]
    command += ["--only-categories=" + ",".join(categories)]
    try:
        executable = find_browser.chromium_executable()
    except find_browser.Missing as problem:
        raise SystemExit(f"audit: {problem}") from None
    # Chromium leaves a folder in the temporary folder when Lighthouse ends it
    # (its SingletonSocket): each run gets a temporary folder of its own.
    with tempfile.TemporaryDirectory(prefix="audit-") as scratch:
        env = dict(os.environ, CHROME_PATH=executable, TMPDIR=scratch)
        done = subprocess.run(
            command, env=env, capture_output=True, text=True, timeout=600
        )
    if done.returncode != 0 or not report.is_file():
        raise SystemExit(f"audit: Lighthouse failed on {url}:\n{done.stderr[-2000:]}")
    return json.loads(report.read_text(encoding="utf-8"))


def figures(result: dict) -> dict[str, float]:
    """The figures of one Lighthouse report that the table shows.

    >>> report = {"categories": {n: {"score": 1} for n in TARGETS}, "audits": {
    ...     "total-blocking-time": {"numericValue": 12.5},
    ...     "cumulative-layout-shift": {"numericValue": 0},
    ...     "dom-size": {"numericValue": 6106},
    ...     "total-byte-weight": {"numericValue": 86_000},
    ...     "metrics": {"details": {"items": [{"observedFirstPaint": 1234.5}]}}}}
    >>> figures(report)["performance"], figures(report)["tbt"], figures(report)["fp"]
    (100, 12.5, 1234.5)
    """
    categories = result["categories"]
    audits = result["audits"]
    row = {
        name: round(100 * (categories[name]["score"] or 0))
        if name in categories
        # a category not asked for (--quick) is shown as -1, and never as a miss
        else -1
        for name in TARGETS
    }
    for name, audit in (
        ("tbt", "total-blocking-time"),
        ("cls", "cumulative-layout-shift"),
        ("dom", "dom-size"),
        ("kb", "total-byte-weight"),
    ):
        row[name] = audits[audit].get("numericValue", float("nan"))
    row["kb"] /= 1000
    observed = audits["metrics"].get("details", {}).get("items", [{}])[0]
    row["fp"] = observed.get("observedFirstPaint", float("nan"))
    return row


def median_row(rows: list[dict[str, float]]) -> dict[str, float]:
    """Each figure's median over the runs, and the lowest and highest performance.

    >>> runs = [{"performance": 76, "tbt": 790}, {"performance": 77, "tbt": 770},
    ...         {"performance": 96, "tbt": 100}]
    >>> median_row(runs)
    {'performance': 77, 'tbt': 770, 'low': 76, 'high': 96}
    """
    if not rows:
        raise ValueError("median_row: no runs to take the median of")
    row = {name: statistics.median_low(r[name] for r in rows) for name in rows[0]}
    row["low"] = min(r["performance"] for r in rows)
    row["high"] = max(r["performance"] for r in rows)
    return row


def misses(row: dict[str, float]) -> list[str]:
    """The figures of ``row`` that miss the book's targets.

    >>> misses({"performance": 94, "accessibility": 100, "best-practices": 100,
    ...         "seo": 100, "tbt": 250, "cls": 0.0, "kb": 90})
    ['performance', 'tbt']
    """
    missed = [name for name, target in TARGETS.items() if 0 <= row[name] < target]
    for name, limit in (("tbt", MAX_TBT_MS), ("cls", MAX_CLS), ("kb", MAX_KB)):
        if not row[name] <= limit:  # NaN (a figure Lighthouse could not measure) misses
            missed.append(name)
    return missed


COLUMNS = (  # name, heading, width, format
    ("performance", "perf", 4, "d"),
    ("range", "runs", 7, ""),
    ("accessibility", "a11y", 4, "d"),
    ("best-practices", "BP", 4, "d"),
    ("seo", "SEO", 4, "d"),
    ("tbt", "TBT ms", 6, ".0f"),
    ("fp", "FP ms", 6, ".0f"),
    ("cls", "CLS", 6, ".3f"),
    ("dom", "DOM", 6, ".0f"),
    ("kb", "KB", 5, ".0f"),
)


def line(page: str, row: dict[str, float], missed: list[str]) -> str:
    """One line of the table: the medians, ``!`` after a figure that misses its target."""
    cells = [f"{page:<30}"]
    for name, _, width, spec in COLUMNS:
        if name == "range":
            text = f"{row['low']:.0f}-{row['high']:.0f}"
        else:
            text = "-" if row[name] == -1 else format(row[name], spec)
        cells.append(f"{text + ('!' if name in missed else ' '):>{width + 1}}")
    return " ".join(cells)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the built HTML site")
    parser.add_argument(
        "pages",
        nargs="*",
        help="pages to audit (default: each edition's front page, chapters, glossary)",
    )
    parser.add_argument("--reports", type=Path, help="where to keep the JSON reports")
    parser.add_argument(
        "--runs", type=int, default=3, help="Lighthouse runs per page (default 3)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="performance only (axe's accessibility audit is the slow part)",
    )
    args = parser.parse_intermixed_args(argv)  # pages may follow the options
    categories = ["performance"] if args.quick else list(TARGETS)
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, not {args.runs}")
    site = args.site.resolve()
    if not (site / "index.html").is_file():
        raise SystemExit(f"audit: no built site in {site}: run `make html` first")
    reports = args.reports or site.parent / "audit"
    reports.mkdir(parents=True, exist_ok=True)
    pages = args.pages or default_pages(site)
    for page in pages:
        if not (site / page).is_file():
            raise SystemExit(f"audit: no page {page!r} in {site}")
    header = f"{'page':<30} " + " ".join(
        f"{heading:>{width + 1}}" for _, heading, width, _ in COLUMNS
    )
    print(f"median of {args.runs} Lighthouse run(s) per page; load average ", end="")
    print(" ".join(f"{load:.1f}" for load in os.getloadavg()))
    print(header)
    print("-" * len(header))
    failed = False
    with find_browser.serve(site, compress=True) as base:
        for page in pages:
            name = page.replace("/", "_")
            rows = [
                figures(
                    lighthouse(
                        base + page, reports / f"{name}.{run + 1}.json", categories
                    )
                )
                for run in range(args.runs)
            ]
            row = median_row(rows)
            missed = misses(row)
            failed |= bool(missed)
            print(line(page, row, missed), flush=True)
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(
        f"targets: performance >= 95; accessibility, best practices, SEO = 100; "
        f"TBT <= {MAX_TBT_MS} ms; CLS <= {MAX_CLS}; <= {MAX_KB} KB on load (gzip). "
        f"'!' marks a miss. Reports: {reports}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
