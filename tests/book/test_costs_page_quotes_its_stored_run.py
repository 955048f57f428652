"""Every printed value is checked: the stored timings that "What a gradient costs" quotes.

How long finite differences, forward mode and reverse mode take depends on the
reader's machine, so chapter 8 checks bounds there and quotes the run that
``docs/_tools/benchmarks/bench_gradient_costs.py`` (``make bench-costs``)
stored in ``docs/chapters/figures/gradient_costs_results.json``, from which
its figure is drawn too. This test derives every quoted number from that file
and finds it, digit for digit and in its sentence, in the page; checks that
what the prose says about the numbers holds for them; and that the code the
stored run measured is the page's code.
"""

from __future__ import annotations

import importlib.util
import json
import re

import pytest

from helpers import ROOT, chapter

PAGE = chapter("speed")
RESULTS = ROOT / "docs" / "chapters" / "figures" / "gradient_costs_results.json"
BENCH = ROOT / "docs" / "_tools" / "benchmarks" / "bench_gradient_costs.py"
TABLE_ROWS = [10, 100, 1000]


def stored() -> dict:
    return json.loads(RESULTS.read_text(encoding="utf-8"))


def ms(value: float) -> str:
    """Milliseconds to three significant digits, never in exponent form."""
    return f"{float(f'{value:.3g}'):g} ms"


def quotes(run: dict) -> dict[str, str]:
    """Placeholder name -> the number as the page prints it."""
    p, t = run["parameters"], run["ms"]
    at = {n: p.index(n) for n in (100, 1000)}
    fd, fw, rv = t["finite_differences"], t["forward_mode"], t["reverse_mode"]
    one = run["one_value"]
    return {
        "MACHINE": run["machine"],
        "PYTHON": run["python"],
        "TABLE": "\n".join(
            f"| {n:,} | {ms(fd[p.index(n)])} | {ms(fw[p.index(n)])} | {ms(rv[p.index(n)])} |"
            for n in TABLE_ROWS
        ),
        "FD_GROWTH": f"{fd[at[1000]] / fd[at[100]]:.0f}",
        "FW_GROWTH": f"{fw[at[1000]] / fw[at[100]]:.0f}",
        "RV_GROWTH": f"{rv[at[1000]] / rv[at[100]]:.0f}",
        "FD_RATIO": f"{fd[at[1000]] / rv[at[1000]]:.0f}",
        "FW_RATIO": f"{fw[at[1000]] / rv[at[1000]]:.0f}",
        "VALUES_TIMES": f"{one['forward_ms'] / one['floats_ms']:.0f}",
        "BOTH_TIMES": f"{one['reverse_ms'] / one['floats_ms']:.0f}",
    }


# Where each quoted number sits: the words around it ("{}" marks the number).
CONTEXT = {
    "MACHINE": "1,000 parameters on {} with Python",
    "PYTHON": "with Python {}, and stored the times",
    "TABLE": "|---:|---:|---:|---:|\n{}\n",
    "FD_GROWTH": "finite differences took {} times as long, forward mode",
    "FW_GROWTH": "forward mode {} times, and reverse mode",
    "RV_GROWTH": "and reverse mode {} times. At 1,000",
    "FD_RATIO": "finite differences took {} times as long as reverse mode",
    "FW_RATIO": "and forward mode {} times. A network",
    "VALUES_TIMES": "forward pass on `Value`s took {} times as long as on floats",
    "BOTH_TIMES": "backward passes together {} times.",
}
RECAP = "reverse mode was {FD_RATIO} times as fast as finite differences and {FW_RATIO} times as fast as forward mode"


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def test_the_page_quotes_the_stored_run_digit_for_digit() -> None:
    text = page()
    assert not re.search(r"@[A-Z0-9_]+@", text), "a placeholder was left in the page"
    values = quotes(stored())
    missing = [
        context.format(values[name])
        for name, context in CONTEXT.items()
        if flat(context.format(values[name])) not in flat(text)
    ]
    missing += [q for q in [RECAP.format(**values)] if q not in flat(text)]
    assert not missing, f"{PAGE.name} does not quote {RESULTS.name} as: {missing}"


def test_the_prose_about_the_numbers_holds() -> None:
    run = stored()
    p, t, one = run["parameters"], run["ms"], run["one_value"]
    fd, fw, rv = t["finite_differences"], t["forward_mode"], t["reverse_mode"]
    # "With 10 parameters every way takes less than a tenth of a millisecond"
    assert max(fd[p.index(10)], fw[p.index(10)], rv[p.index(10)]) < 0.1
    # "Forward mode lost to finite differences at every size"
    assert all(f > d for f, d in zip(fw, fd))
    # the figure's caption: reverse mode's line rises least
    for name in ("finite_differences", "forward_mode"):
        assert t[name][-1] / t[name][0] > rv[-1] / rv[0]
    # the figure's alt text: close together at 10, more than ten times apart at 1,000
    assert 0.5 < fd[0] / rv[0] < 2 and fd[-1] / rv[-1] > 10
    assert (
        "start close together; at 1,000 they are more than a factor of ten apart"
        in flat(page())
    )
    # the recap: "tens of times the float operation it wraps"
    assert 10 <= one["forward_ms"] / one["floats_ms"] < 100
    assert 10 <= one["reverse_ms"] / one["floats_ms"] < 100
    # the bounds the page checks on the reader's machine hold on the stored run
    text = flat(page())
    assert "finite > 3 * reverse, forward > 10 * reverse" in text
    at = p.index(300)
    assert fd[at] / rv[at] > 3 and fw[at] / rv[at] > 10
    # (not both > values: in a loaded browser a wall-clock best of five flipped it)
    assert "values > 5 * floats, both > 5 * floats" in text
    assert one["forward_ms"] / one["floats_ms"] > 5
    assert one["reverse_ms"] / one["floats_ms"] > 5
    # the alt text: forward mode on top, reverse mode at the bottom from 30 on
    assert all(w > f for w, f in zip(fw, fd)) and p[1] == 30
    assert all(r < f for r, f in zip(rv[1:], fd[1:]))


def test_the_stored_run_names_a_clean_commit_and_the_python_version() -> None:
    run = stored()
    assert re.fullmatch(r"[0-9a-f]{7,40}", run["commit"]), run["commit"]
    assert re.fullmatch(r"3\.\d+\.\d+", run["python"])
    assert run["parameters"] == [10, 30, 100, 300, 1000]
    assert run["one_value"]["parameters"] == 10_000  # the page times 10,000


def test_the_stored_run_measures_the_pages_own_code(monkeypatch) -> None:
    """make bench-costs runs the definitions it reads from the page, not copies."""
    monkeypatch.syspath_prepend(str(BENCH.parent))  # its stored_run module
    spec = importlib.util.spec_from_file_location("bench_gradient_costs", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    code = bench.page_code()
    page_file = str(PAGE)
    for name in bench.MEASURED:
        assert not hasattr(bench, name), f"{BENCH.name} defines its own {name}"
        found = code[name]
        function = found.__init__ if isinstance(found, type) else found
        assert function.__code__.co_filename == page_file, name
    xs, weights = bench.problem(3)
    gradients = [code[n](weights, xs) for n in ("forward_mode", "reverse_mode")]
    assert gradients[0] == pytest.approx(gradients[1])
