"""The in-page Python's words are one table, translated like the book's other words.

``docs/_ext/book/runner/words.py`` holds every word of the runner: those the build
writes into the page and those its scripts show, which the build writes, in
the page's language, into ``_static/runner/runner-words.js``. The scripts use
exactly the table's words, hold none of their own, and never decide the
language themselves.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from book.runner import words as runner_words
from helpers import CHINESE, ROOT

RUNNER = ROOT / "docs" / "_static" / "runner"
SCRIPTS = sorted(RUNNER.glob("*.js"))
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def used_words() -> set[str]:
    """The words the scripts ask for: ``T.name``, ``say("name"...)``, ``bookRunnerWords.name``."""
    found: set[str] = set()
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        found |= set(re.findall(r"\bT\.(\w+)", text))
        found |= set(re.findall(r"\bsay\(\s*\"(\w+)\"", text))
        found |= set(re.findall(r"bookRunnerWords\.(\w+)", text))
    return found


def test_the_scripts_use_every_word_of_the_table_and_no_other() -> None:
    table = set(runner_words.SCRIPTS) | {"language"}
    assert used_words() == table


def test_no_script_holds_words_or_decides_the_language() -> None:
    assert SCRIPTS and not (RUNNER / "runner-words.js").exists()
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        assert not CJK.search(text), f"{script.name} holds Chinese words"
        assert "documentElement.lang" not in text, f"{script.name} reads the language"
        assert not re.search(r"\bzh\b", text), f"{script.name} names a language"


def built_words(folder: Path) -> dict[str, str]:
    text = (folder / "_static" / "runner" / "runner-words.js").read_text(
        encoding="utf-8"
    )
    return json.loads(text[text.index("{") : text.rindex("}") + 1])


def test_each_edition_gets_the_scripts_words_in_its_language(site, zh_site) -> None:
    english, chinese = built_words(site), built_words(zh_site)
    assert english["language"] == "en" and chinese["language"] == CHINESE
    assert set(english) == set(chinese) == set(runner_words.SCRIPTS) | {"language"}
    for key, message in runner_words.SCRIPTS.items():
        assert english[key] == message
        assert CJK.search(chinese[key]), f"{key} is not translated: {chinese[key]!r}"
        # a placeholder the script fills in is kept by the translation
        placeholders = lambda text: sorted(re.findall(r"\{\w+\}", text))  # noqa: E731
        assert placeholders(chinese[key]) == placeholders(message), key
