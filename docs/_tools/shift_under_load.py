"""Load a page again and again with the processors kept busy, and count the loads that passed.

    python docs/_tools/shift_under_load.py                  # 12 loads, 4 busy loops
    python docs/_tools/shift_under_load.py --loads 20 --busy 0
    python docs/_tools/shift_under_load.py -k 04-graph      # another of the test's pages

A layout shift that happens only when the math fonts arrive after the first
paint shows on a busy machine, at random: chapter 1 shifted in 4 of 12 loads
with four busy loops on two cores, and in none without them. This runs the
test that catches it, ``test_pages_never_move_under_the_reader.py`` (its case
for one chapter, ``-k``; chapter 1 unless told), once per load, each in a
fresh pytest with its own Chromium and server, while ``--busy`` processes
spin; then it prints each load's result and the count. The busy loops end
with the script, and by themselves after an hour at most. The site is
``$BOOK_HTML`` or ``docs/_build/html`` (``make html`` first). Run it alone:
wrap it in ``/work/coord/heavy`` where agents share a machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEST = "test_pages_never_move_under_the_reader.py"
SPIN_SECONDS = 3600  # a busy loop's own limit, should the script be killed


def busy_loops(count: int) -> list[subprocess.Popen]:
    """``count`` processes that keep a processor busy (each for an hour at most)."""
    spin = f"import time\nend = time.time() + {SPIN_SECONDS}\nwhile time.time() < end: pass"
    return [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(count)]


def one_load(test: Path, selection: str) -> bool:
    """One run of the test's selected case in a fresh pytest: True if it passed."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command += [str(test), "-k", selection]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 1: a test failed; else nothing ran
        raise SystemExit(f"shift_under_load: pytest could not run:\n{done.stdout}")
    if done.returncode:
        failure = [line for line in done.stdout.splitlines() if "Error" in line]
        print("    " + (failure[0] if failure else "failed").strip()[:200])
    return done.returncode == 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=12, help="loads (default 12)")
    parser.add_argument(
        "--busy", type=int, default=4, help="busy loops while loading (default 4)"
    )
    parser.add_argument(
        "-k", dest="selection", default="01-slopes", help="the test case (pytest -k)"
    )
    args = parser.parse_args(argv)
    found = sorted((ROOT / "tests").rglob(TEST))
    if not found:
        raise SystemExit(f"shift_under_load: no {TEST} under tests/")
    os.environ.setdefault("BOOK_HTML", str(ROOT / "docs" / "_build" / "html"))
    os.environ["REQUIRE_BROWSER"] = "1"  # a missing Chromium fails, never skips
    loops = busy_loops(args.busy)
    passed = 0
    try:
        time.sleep(1 if loops else 0)  # let the loops take the processors
        for load in range(1, args.loads + 1):
            ok = one_load(found[0], args.selection)
            passed += ok
            print(f"load {load:2}: {'passed' if ok else 'FAILED'}", flush=True)
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
    print(
        f"{args.selection}: {passed} of {args.loads} loads passed "
        f"with {args.busy} busy loops ({os.environ['BOOK_HTML']})"
    )
    return 0 if passed == args.loads else 1


if __name__ == "__main__":
    sys.exit(main())
