"""The in-page Python's module reaches Pyodide as the browser fetched it.

A browser keeps the machine code it compiled from a WebAssembly module only
when the module comes as its own response to a fetch: the next chapter's
Python then starts from that code (on this machine, 1.7 to 2.3 s instead of
2.5 to 3.3 s, measured with a browser profile that keeps its cache, as a
reader's does). So the worker (docs/_static/runner/runner-worker.js) counts
the module's bytes for the progress bar on a copy, and hands the response on
unchanged; only a module served with another type than application/wasm is
handed on as a copy of that type, which Pyodide's streaming start requires.
``node --test tests/site/js/`` checks the worker's fetch with a stand-in
``fetch``, and that a download that breaks leaves no unhandled error behind.
"""

from __future__ import annotations

from helpers import ROOT, node_test


def test_the_worker_hands_the_module_on_as_fetched_and_counts_every_byte():
    report = node_test(ROOT / "tests" / "site" / "js")
    assert "# pass 4" in report, report[-2000:]
