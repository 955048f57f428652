"""The copy button's rule, defined once: what a reader gets when they copy a block.

sphinx-copybutton (set up here with :data:`PROMPT`, :data:`SETTINGS`) keeps only the
lines of a block that begin with a prompt, ``>>> `` or ``... `` (a bare ``...``
is the blank line that ends a ``def`` or ``for``), and removes the prompts; a
block without prompts is copied whole. Then ``copy_rule.js`` (beside this file)
lays the code out for the classic prompt of Python 3.11 and 3.12: no blank line
inside a statement, a blank line after each compound statement. The page keeps
the code as written, for a reader who types it into a file.

This part puts that JavaScript into sphinx-copybutton's ``copybutton.js``
(its ``copybutton_format_func`` template value) and gives the in-page runner
the prompt as ``window.bookCopyRule.prompt``. The test that pastes every
chapter into real Pythons (tests/book/test_pasting_into_real_pythons.py) runs the
same JavaScript, :func:`format_func_js`, in Node.js.
"""

from __future__ import annotations

import json
from pathlib import Path

import sphinx_copybutton
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError

# The prompts of a doctest block: ">>> ", "... ", and a bare "..." (a blank line).
# A JavaScript regular expression as well as a Python one (sphinx-copybutton
# matches it in the browser); conf.py gives it to sphinx-copybutton.
PROMPT = r">>> |\.\.\. |\.\.\.$"

STOCK = Path(sphinx_copybutton.__file__).parent / "_static" / "copybutton_funcs.js"
RULE = Path(__file__).with_name("copy_rule.js")
STOCK_FORMAT = "export function formatCopyText("


def format_func_js() -> str:
    """sphinx-copybutton's functions, its formatCopyText renamed, then ours.

    >>> "function replSafe(" in format_func_js() and "export" not in format_func_js()
    True
    """
    stock = STOCK.read_text(encoding="utf-8")
    if STOCK_FORMAT not in stock:
        raise ExtensionError(
            f"copy_rule: {STOCK_FORMAT!r} not found in {STOCK}: check the new"
            " sphinx-copybutton release"
        )
    stock = stock.replace(STOCK_FORMAT, "function promptLinesOf(")
    stock = stock.replace("export function", "function")
    rule = RULE.read_text(encoding="utf-8")
    given = f"window.bookCopyRule = {{ prompt: {json.dumps(PROMPT)} }};\n"
    return stock + "\n" + rule + "\n" + given


# sphinx-copybutton's settings: the rule above, the book's, not conf.py's.
SETTINGS = {
    "copybutton_prompt_text": PROMPT,
    "copybutton_prompt_is_regexp": True,
    "copybutton_only_copy_prompt_lines": True,  # output lines are not copied
    "copybutton_remove_prompts": True,
}


def use_the_rule(app: Sphinx, config: Config) -> None:
    """sphinx-copybutton's settings and script, after its own handler (500)
    has put its settings into the pages' context: the book's replace them."""
    for name, value in SETTINGS.items():
        setattr(config, name, value)
        config.html_context[name] = value
    config.html_context["copybutton_format_func"] = format_func_js()
