"""Every printed value is checked: the stored benchmark numbers that the appendix quotes.

Micrograd is not installed where the book is built, so the appendix cannot
print its comparison with it from a snippet. It shows it as a table and in
prose, from the run that ``docs/_tools/benchmarks/bench_speed_chapter.py`` (``make
bench-book``) stored in ``docs/chapters/figures/speed_results.json``. This test
derives every quoted number from that file and finds it, digit for digit, in
the page, and checks that what the prose says about the numbers holds for them.
The run is quoted once: chapter 8 links to the appendix and quotes none of it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from helpers import DOCS, ROOT, chapter

CHAPTERS = DOCS / "chapters"
RESULTS = CHAPTERS / "figures" / "speed_results.json"
PAGE = chapter("inside-tinygrad")
SPEED = chapter("speed")
LABELS = {
    "floats": "the arithmetic alone (bare floats)",
    "wrapper": "one object per operation (`Float`)",
    "tinygrad": "tinygrad (ours)",
    "closures": "closure design (chapter 7)",
    "micrograd": "micrograd 0.1.0",
}


def results() -> dict:
    return json.loads(RESULTS.read_text(encoding="utf-8"))


def quotes(r: dict) -> dict[str, str]:
    """The text the page must contain: placeholder name -> the number as printed."""
    step = r["mlp_step"]
    on, off = step["ms"], step["ms_collector_off"]
    times, objects = step["times_floats"], step["tracked_per_value"]

    def share(engine: str) -> str:
        return f"{1 - off[engine] / on[engine]:.0%}"

    table = "\n".join(
        f"| {LABELS[e]} | {on[e]:.1f} ms | {off[e]:.1f} ms"
        f" | {f'{objects[e]:.2f}' if e in objects else '–'} |"
        for e in ["floats", "wrapper", "tinygrad", "closures", "micrograd"]
    )
    return {
        "MACHINE": r["machine"],
        "PYTHON": r["python"],
        "MICROGRAD": r["micrograd"],
        "NODES": f"{step['nodes']:,}",
        "TABLE11": table,
        "TG_TIMES": f"{times['tinygrad']:.1f}",
        "MG_TIMES": f"{times['micrograd']:.1f}",
        "WR_TIMES": f"{times['wrapper']:.1f}",
        "RATIO": f"{on['tinygrad'] / on['micrograd']:.2f}",
        "MG_OFF": f"{off['micrograd']:.1f} ms",
        "TG_OFF": f"{off['tinygrad']:.1f}",
        "MG_SHARE": share("micrograd"),
        "TG_SHARE": share("tinygrad"),
        "TG_OBJECTS": f"{objects['tinygrad']:.2f}",
        "CL_OBJECTS": f"{objects['closures']:.2f}",
    }


# Where each quoted number sits in the page: the words around it, so that a
# number in the wrong place fails too. "{}" marks the number.
CONTEXT = {
    "MACHINE": "once, on {} with",
    "PYTHON": "Python {} and micrograd",
    "MICROGRAD": "and micrograd {}, for a graph",
    "NODES": "a graph of {} values",
    "TABLE11": "|---|---:|---:|---:|\n{}\n",
    "TG_TIMES": "Our engine costs {} times the bare arithmetic, and micrograd",
    "MG_TIMES": "and micrograd {} times:",
    "RATIO": "ours takes {} of micrograd's time",
    "WR_TIMES": "already costs {} times the arithmetic",
    "MG_OFF": "micrograd takes {} against our",
    "TG_OFF": "against our {}.",
    "MG_SHARE": "Micrograd spends {} of its time in the collector",
    "TG_SHARE": "whose graph has no cycle at all, still {}. Each run",
    "TG_OBJECTS": "is {} such objects for ours",
    "CL_OBJECTS": "{} for the closure design.",
}


def fill(text: str, values: dict[str, str]) -> str:
    """Replace @NAME@ placeholders (used to write the pages) by the numbers."""
    return re.sub(r"@([A-Z0-9_]+)@", lambda m: values[m[1]], text)


def normalise(text: str) -> str:
    return re.sub(r"[ \t]*\n[ \t]*", "\n", text)


def test_every_quoted_number_matches_the_stored_run() -> None:
    page = normalise(PAGE.read_text(encoding="utf-8"))
    flat = re.sub(r"\s+", " ", page)
    assert not re.search(r"@[A-Z0-9_]+@", page), "a placeholder was left in the page"
    values = quotes(results())
    for name, context in CONTEXT.items():
        expected = context.format(values[name])
        assert re.sub(r"\s+", " ", expected) in flat, (
            f"{PAGE.name}: expected {expected!r} (from {RESULTS.name})"
        )


def test_chapter_8_quotes_none_of_the_run_and_links_to_it() -> None:
    text = SPEED.read_text(encoding="utf-8")
    r = results()
    for number in [f"{r['mlp_step']['nodes']:,}", "micrograd 0.1.0", "ms per step"]:
        assert number not in text, f"{SPEED.name} quotes {number!r} again"
    assert f"{PAGE.name}#speed-and-the-garbage-collector" in text


def test_the_prose_about_the_numbers_holds() -> None:
    r = results()
    on, off = r["mlp_step"]["ms"], r["mlp_step"]["ms_collector_off"]
    share = {e: 1 - off[e] / on[e] for e in on}
    # most of micrograd's time; ours pays too, without cycles
    assert share["micrograd"] > 0.5 and share["micrograd"] > share["tinygrad"] > 0
    objects = r["mlp_step"]["tracked_per_value"]
    assert objects["tinygrad"] < objects["closures"]  # "a value is ... such objects"
    assert objects["micrograd"] > objects["tinygrad"]  # "more objects than ours"
    assert off["micrograd"] > off["tinygrad"]  # "the rest of the difference"
    assert on["tinygrad"] < on["micrograd"]
    times = r["mlp_step"]["times_floats"]
    # "tens of times", and the wrapper "already" several
    assert times["tinygrad"] > 20 and times["micrograd"] > times["tinygrad"]
    assert 2 < times["wrapper"] < times["tinygrad"]


def test_the_stored_run_names_a_clean_commit_and_the_python_version() -> None:
    r = results()
    assert re.fullmatch(r"[0-9a-f]{7,40}", r["commit"]), r["commit"]
    assert "dirty" not in RESULTS.read_text(encoding="utf-8")
    assert re.fullmatch(r"3\.\d+\.\d+", r["python"])


@pytest.mark.parametrize("page", [PAGE, SPEED], ids=["appendix", "speed"])
def test_the_pages_read_no_repository_file(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for leak in [
        "speed_results.json",
        "make bench",
        "-dirty",
        "repository's root",
        "source article",
    ]:
        assert leak not in text, f"{page.name} mentions {leak!r}"


def test_the_appendix_offers_the_benchmark_script() -> None:
    assert "{download}`speed_benchmark.py <speed_benchmark.py>`" in PAGE.read_text(
        "utf-8"
    )
    script = (CHAPTERS / "speed_benchmark.py").read_text(encoding="utf-8")
    assert (
        "import tinygrad" in script
        and "docs/" not in script
        and "sys.path" not in script
    )


def test_the_downloaded_script_runs_next_to_tinygrad_alone(tmp_path: Path) -> None:
    """The reader's download needs only tinygrad.py beside it (and micrograd, said clearly)."""
    import os
    import shutil
    import subprocess
    import sys

    shutil.copy(CHAPTERS / "speed_benchmark.py", tmp_path)
    shutil.copy(ROOT / "src" / "tinygrad.py", tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    check = (
        "import sys, os; sys.path[:] = [os.getcwd()] + [p for p in sys.path if 'site-packages' in p"
        f" or not p.startswith({str(ROOT)!r})]\n"
    )
    counted = subprocess.run(
        [
            sys.executable,
            "-c",
            check + "import speed_benchmark as s\n"
            "print(s.tinygrad.__file__.startswith(os.getcwd()), s.graph_values(s.tinygrad.Value, 100))",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.split() == ["True", str(results()["mlp_step"]["nodes"])]
    try:
        import micrograd  # noqa: F401
    except ImportError:
        run = subprocess.run(
            [sys.executable, "speed_benchmark.py"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 1
        assert "micrograd is not installed: run `pip install micrograd`" in run.stderr
