"""Promise 5: check("N.M", answer) says right or wrong, and on wrong the likely cause.

The machinery of ``check_exercises.py`` (src/), on exercises defined here the
way a chapter defines its own: a verdict starts with ✓ or ✗; on ✗ it names a
case in words, shows the reader's value beside the expected one, and the
cause; an answer of the wrong kind gets a sentence, never a traceback; the
Chinese words come with ``lang="zh_CN"`` or a Chinese locale.
"""

from __future__ import annotations

import contextlib
import io

import pytest

from book.exercises import assemble

CHECKER = assemble.load()


@CHECKER.define("0.8")
def _number() -> None:
    CHECKER.wants(CHECKER.NUMBER, "slope")
    CHECKER.case("the slope of x² at -3", "x² 在 -3 处的斜率", -6)
    CHECKER.mistake(
        "estimate", "that is the secant's slope", "那是割线的斜率", got=[-5.999]
    )


@CHECKER.define("0.9")
def _function() -> None:
    CHECKER.wants(CHECKER.FUNCTION, "square")
    CHECKER.case("at x = 3", "x = 3 处", 9, args=[3])
    CHECKER.case("at x = -2", "x = -2 处", 4, args=[-2])
    CHECKER.mistake("double", "2x is not x²", "2x 不是 x²", like=lambda x: 2 * x)


def said(number: str, answer: object, lang: str = "en") -> tuple[bool, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        right = CHECKER.check(number, answer, lang=lang)
    return right, out.getvalue()


def test_a_right_answer_gets_a_tick_and_true() -> None:
    assert said("0.8", -6) == (True, "✓ Exercise 0.8: right.\n")
    assert said("0.9", lambda x: x * x) == (
        True,
        "✓ Exercise 0.9: right in both cases.\n",
    )


def test_a_wrong_answer_names_the_case_the_numbers_and_the_cause() -> None:
    right, text = said("0.9", lambda x: 2 * x)
    assert not right
    assert text.splitlines() == [
        "✗ Exercise 0.9, at x = 3: got 6, expected 9. (Wrong in both cases.)",
        "  Likely cause: 2x is not x².",
    ]
    assert CHECKER.judge("0.9", lambda x: 2 * x).cause == "double"
    assert CHECKER.judge("0.8", -5.999).cause == "estimate"


def test_a_wrong_answer_no_mistake_explains_says_so() -> None:
    verdict = CHECKER.judge("0.9", lambda x: x * x + 1, "en")
    assert verdict.cause is None
    assert "got 10, expected 9" in verdict.text
    assert "none of the mistakes this check knows" in verdict.text


@pytest.mark.parametrize(
    ("number", "answer", "sentence"),
    [
        ("0.8", None, "wants a number (slope); this is None"),
        ("0.8", "-6", "this is the text '-6'; write a number or code without quotes"),
        (
            "0.8",
            lambda x: -6,
            "this is the function <lambda>; call it, or give the number",
        ),
        ("0.8", ..., "the placeholder of the starter code"),
        ("0.9", 9, 'Pass square itself, not what it returns: check("0.9", square).'),
        ("0.9", int, "this is the class int"),
        ("0.9", [1, 2], "this is a list, [1, 2]"),
    ],
)
def test_an_answer_of_the_wrong_kind_gets_a_sentence(number, answer, sentence) -> None:
    right, text = said(number, answer)
    assert not right
    assert text.startswith("✗ ") and sentence in text, text
    assert "Traceback" not in text and text.count("\n") == 1


def test_code_that_raises_is_reported_by_its_error_not_a_traceback() -> None:
    def square(x):
        return x / 0

    right, text = said("0.9", square)
    assert not right
    assert (
        "your code raised ZeroDivisionError: division by zero (in square, line " in text
    )
    assert "Traceback" not in text


def test_unfinished_code_says_so() -> None:
    def square(x):
        raise NotImplementedError("write me")

    assert "that part is still to write" in said("0.9", square)[1]
    assert "a return statement is missing" in said("0.9", lambda x: None)[1]
    assert "the placeholder of the starter code" in said("0.9", lambda x: ...)[1]


def test_what_the_readers_code_prints_is_counted_not_shown() -> None:
    def square(x):
        print("working on", x)
        return x * x

    right, text = said("0.9", square)
    assert right and "working on" not in text
    assert "printed 2 lines" in text


def test_a_wrong_number_or_a_class_first_gets_a_sentence() -> None:
    assert (
        "There is no checked exercise 0.7. Checked in that chapter:"
        in said("0.7", 1)[1]
    )
    right, text = said(CHECKER.Case, None)  # check(Value), meant for check_engine
    assert not right and "from check_engine import check as check_engine" in text
    assert said(1.4, 3)[1].startswith("✗ check() takes the exercise's number as text")


def test_chinese_verdicts() -> None:
    assert said("0.9", lambda x: x * x, "zh_CN")[1] == "✓ 练习 0.9：两个情形都对。\n"
    text = said("0.9", lambda x: 2 * x, "zh_CN")[1]
    assert text.splitlines() == [
        "✗ 练习 0.9，x = 3 处：得到 6，应为 9。（两个情形都不对。）",
        "  可能的原因：2x 不是 x²。",
    ]


@pytest.mark.parametrize(
    ("environment", "language"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh_CN"),
        ({"LANGUAGE": "zh_TW:en", "LANG": "en_US.UTF-8"}, "zh_CN"),
        ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_environment(environment, language) -> None:
    assert CHECKER.language_from_environment(environment) == language


def test_a_language_it_lacks_is_said_once_then_english(monkeypatch) -> None:
    monkeypatch.setenv("LANGUAGE", "fr_FR")
    monkeypatch.setattr(CHECKER, "_told", set())
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        CHECKER.check("0.8", -6)
        CHECKER.check("0.8", -6)
    assert out.getvalue().splitlines() == [
        "(check_exercises.py has no messages in fr_FR: they are in English;"
        " its languages: en, zh_CN.)",
        "✓ Exercise 0.8: right.",
        "✓ Exercise 0.8: right.",
    ]


def test_a_check_that_needs_a_missing_module_says_which(monkeypatch) -> None:
    @CHECKER.define("0.6")
    def _needs() -> None:
        import check_tensors_not_here  # noqa: F401

    right, text = said("0.6", 1)
    assert not right and text.startswith("✗ Exercise 0.6 is checked with")
    assert "check_tensors_not_here" in text and "Traceback" not in text
    assert said("0.6", 1)[1] == text  # asked again: the same sentence, not a pass
