"""`make doctest` for the pages: Sybil runs every Python example in docs/**/*.md.

A ```python fence with ``>>>`` prompts is a doctest; one without prompts is a
script that must run. State carries through a page, as it does for a reader
pasting the snippets in order into one Python session. A page imports
``check_exercises`` as a reader does; here it is the file the build offers,
assembled from the chapters' checks (docs/_ext/book/exercises/assemble.py).
"""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser

from book.exercises import assemble

assemble.load()  # import check_exercises finds the assembled file

collect_ignore_glob = ["_build/*", "_tools/*", "*.py", "**/*.py"]

pytest_collect_file = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE),
        SkipParser(),
    ],
    patterns=["*.md", "**/*.md"],
    excludes=["_build/*", "_tools/*"],  # _tools: authoring scripts and npm packages
).pytest()
