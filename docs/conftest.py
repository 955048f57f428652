"""`make doctest` for the pages: Sybil runs every Python example in docs/**/*.md.

A ```python fence with ``>>>`` prompts is a doctest; one without prompts is a
script that must run. State carries through a page, as it does for a reader
pasting the snippets in order into one Python session.
"""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser

collect_ignore_glob = ["_build/*", "_tools/*", "*.py", "**/*.py"]

pytest_collect_file = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE),
        SkipParser(),
    ],
    patterns=["*.md", "**/*.md"],
    excludes=["_build/*", "_tools/*"],  # _tools: authoring scripts and npm packages
).pytest()
