"""Check your answers to the book's exercises: ``check("6.4", answer)``.

Save this file where you run Python, next to your own files. Then, in any
Python (the prompt, a notebook, a file, the book's page)::

    from check_exercises import check
    check("1.4", k_slope)          # the exercise's number, then your answer

prints a verdict that starts with ✓ or ✗ and returns True or False. On ✗ it
names a case in words, shows your number beside the expected one, and the
likely cause. An answer of the wrong kind (None, a text, a function where a
number is wanted, code that raises) gets a sentence, not a traceback. The
messages are in Chinese with ``lang="zh_CN"``, or when the first of
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set starts with
``zh``; else in English.

The book writes each exercise's check beside the exercise, in the chapter's
source; the download of this file carries all of them, after the machinery
below. What a check is made of: ``wants`` (the kind of answer), ``case`` (a
question asked of the answer, and what it must give) and ``mistake`` (a wrong
answer learners give, and its cause):

>>> @define("0.1")
... def _():
...     wants(NUMBER, "square")
...     case("3 squared", "3 的平方", 9)
...     mistake("doubled", "3 doubled, not squared", "把 3 翻了倍，而不是平方", got=[6])
...
>>> check("0.1", 9, lang="en")
✓ Exercise 0.1: right.
True
>>> check("0.1", 6, lang="en")
✗ Exercise 0.1, 3 squared: got 6, expected 9.
  Likely cause: 3 doubled, not squared.
False
"""

from __future__ import annotations

import contextlib
import io
import linecache
import math
import numbers
import os
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

# --- the kinds of answer ------------------------------------------------------------


class Kind(NamedTuple):
    key: str  # of its words
    fits: Callable[[object], bool]


NUMBER = Kind(
    "number", lambda x: isinstance(x, numbers.Real) and not isinstance(x, bool)
)
FUNCTION = Kind("function", lambda x: callable(x) and not isinstance(x, type))
CLASS = Kind("class", lambda x: isinstance(x, type))
ANYTHING = Kind("anything", lambda x: True)


# --- what a check is made of --------------------------------------------------------


class Case(NamedTuple):
    en: str
    zh: str
    want: object
    run: Callable[[object], object]
    tol: float


class Mistake(NamedTuple):
    key: str
    en: str
    zh: str
    matches: Callable[[list[object]], bool]  # on what each case gave


class Exercise:
    def __init__(self, number: str) -> None:
        self.number = number
        self.kind, self.name = ANYTHING, "answer"
        self.cases: list[Case] = []
        self.mistakes: list[Mistake] = []


EXERCISES: dict[str, Callable[[], None]] = {}  # the number, and what defines its check
_defined: dict[str, Exercise] = {}
_defining: list[Exercise] = []


def define(number: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register the function below as the check of exercise ``number``."""

    def register(body: Callable[[], None]) -> Callable[[], None]:
        EXERCISES[number] = body
        _defined.pop(number, None)
        return body

    return register


def wants(kind: Kind, name: str) -> None:
    """The answer is a NUMBER, a FUNCTION or a CLASS, which the book calls ``name``."""
    _defining[-1].kind, _defining[-1].name = kind, name


def case(
    en: str,
    zh: str,
    want: object,
    *,
    run: Callable[[object], object] | None = None,
    args: Sequence[object] | None = None,
    tol: float = 1e-6,
) -> None:
    """A case named ``en`` (``zh`` in Chinese): ``run(answer)``, or ``answer(*args)``,
    or the answer itself, must give ``want`` (numbers within ``tol``)."""
    if run is None:
        run = (lambda f: f(*args)) if args is not None else (lambda x: x)
    _defining[-1].cases.append(Case(en, zh, want, run, tol))


def mistake(
    key: str,
    en: str,
    zh: str,
    *,
    like: object = None,
    got: Sequence[object] | None = None,
    when: Callable[[list[object]], bool] | None = None,
) -> None:
    """A wrong answer and its cause, told by what the cases give: what the answer
    ``like`` gives, the numbers ``got`` (one per case), or ``when(results)``."""
    exercise = _defining[-1]
    if like is not None:
        cached: list[list[object]] = []

        def when(results: list[object], like: object = like) -> bool:
            if not cached:
                cached.append([outcome(c, like)[0] for c in exercise.cases])
            return all(alike(r, m) for r, m in zip(results, cached[0]))

    elif got is not None:
        wrong = list(got)
        when = lambda results: all(alike(r, m) for r, m in zip(results, wrong))  # noqa: E731
    if when is None:
        raise TypeError("mistake() needs like=, got= or when=")
    exercise.mistakes.append(Mistake(key, en, zh, when))


def exercise(number: str) -> Exercise | None:
    """The check of exercise ``number``, defined the first time it is asked for."""
    if number not in _defined and number in EXERCISES:
        _defining.append(Exercise(number))
        try:
            EXERCISES[number]()
        except BaseException:
            _defining.pop()  # half defined: asked again, defined again
            raise
        _defined[number] = _defining.pop()
    return _defined.get(number)


# --- judging an answer --------------------------------------------------------------


class Verdict(NamedTuple):
    right: bool
    cause: str | None  # the key of the mistake recognised, if any
    text: str


def check(number: object, answer: object = None, lang: str | None = None) -> bool:
    """Print the verdict on ``answer`` to exercise ``number`` ("6.4"); True if right."""
    verdict = judge(number, answer, lang)
    missing = "" if lang else languages_asked(os.environ)[1]
    if missing and missing not in _told:  # once: the messages are in English
        _told.add(missing)
        print(Words("en")("no_language", language=missing, known=", ".join(WORDS)))
    print(verdict.text)
    return verdict.right


_told: set[str] = set()  # the languages asked for that check() said it lacks


def judge(number: object, answer: object, lang: str | None = None) -> Verdict:
    """The verdict on ``answer``, without printing it."""
    words = Words(lang or language_from_environment(os.environ))
    if isinstance(number, type) or not isinstance(number, str):
        return Verdict(False, None, words("not_a_number", got=show(number)))
    try:
        checked = exercise(number)
    except ImportError as missing:  # the check needs NumPy or check_tensors.py
        return Verdict(False, None, words("needs", number=number, module=missing.name))
    if checked is None:
        chapter = number.split(".")[0]
        known = [n for n in EXERCISES if n.split(".")[0] == chapter]
        return Verdict(
            False, None, words("unknown", number=number, known=", ".join(known) or "-")
        )
    head = words("exercise", number=number)
    problem = wrong_kind(checked, answer, words)
    if problem:
        return Verdict(
            False, None, words("wrong_kind_head", head=head, problem=problem)
        )
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        results = [outcome(c, answer) for c in checked.cases]
    failed = [
        (c, got, where)
        for c, (got, where) in zip(checked.cases, results)
        if not alike(got, c.want, c.tol)
    ]
    lines = printed.getvalue().count("\n")
    quiet = ["  " + words("printed", lines=lines)] if lines else []
    if not failed:
        right = words("right", head=head, n=len(results))
        return Verdict(True, None, "\n".join([right, *quiet]))
    c, got, where = failed[0]
    seen = [got for got, _where in results]
    found = next((m for m in checked.mistakes if safely(m.matches, seen)), None)
    what = what_went_wrong(got, where, c.want, words)
    text = words("wrong", head=head, case=words.pick(c), what=what)
    told = got is ... or got is None or isinstance(got, Raised)  # says what to do
    if len(failed) > 1 and got is not ...:
        text += words("more_wrong", n=len(failed), of=len(results))
    if found:
        quiet.insert(0, "  " + words("cause", cause=words.pick(found)))
    elif not told:
        quiet.insert(0, "  " + words("no_cause"))
    return Verdict(False, found.key if found else None, "\n".join([text, *quiet]))


def wrong_kind(checked: Exercise, answer: object, words: Words) -> str | None:
    """A sentence if ``answer`` is not the kind of thing the exercise asks for."""
    kind, name = checked.kind, checked.name
    if kind.fits(answer):
        return None
    wanted = words("want_" + kind.key, name=name)
    if answer is ...:
        return words("wrong_kind", wanted=wanted, got=words("got_stub"))
    if answer is None:
        got = words("got_none")
    elif isinstance(answer, str):
        got = words("got_text", text=show(answer))
    elif isinstance(answer, type):
        got = words("got_class", name=answer.__name__)
    elif callable(answer):
        got = words("got_function", name=getattr(answer, "__name__", "?"))
    elif NUMBER.fits(answer):
        got = words("got_number", value=show(answer))
    else:
        got = words("got_other", type=type(answer).__name__, value=show(answer))
    advice = ""
    if kind in (FUNCTION, CLASS) and NUMBER.fits(answer):
        advice = words("pass_itself", number=checked.number, name=name)
    return words("wrong_kind", wanted=wanted, got=got) + advice


class Raised(NamedTuple):
    """What a case gave when the answer's code raised ``error``."""

    error: BaseException


def outcome(c: Case, answer: object) -> tuple[object, tuple[str, int, str] | None]:
    """What the case gives on ``answer`` (a Raised on an error), and where it was raised."""
    try:
        return c.run(answer), None
    except Exception as error:  # any error of the reader's is reported
        return Raised(error), place(error.__traceback__)


def place(tb: object) -> tuple[str, int, str] | None:
    """(function, line, its text) of the reader's frame nearest the error."""
    here = os.path.abspath(__file__)
    found = None
    while tb is not None:
        code = tb.tb_frame.f_code
        if os.path.abspath(code.co_filename) != here:
            line = linecache.getline(code.co_filename, tb.tb_lineno).strip()
            found = (code.co_name, tb.tb_lineno, line)
        tb = tb.tb_next
    return found


def what_went_wrong(
    got: object, where: tuple[str, int, str] | None, want: object, words: Words
) -> str:
    if isinstance(got, Raised):
        error = got.error
        message = str(error).splitlines()[0] if str(error) else ""
        text = f"{type(error).__name__}: {message}" if message else type(error).__name__
        if isinstance(error, NotImplementedError):
            return words("still_to_write", error=text)
        if where is None:
            return words("raised", error=text, where="")
        function, line, source = where
        at = words("at_line", function=function, line=line, source=source)
        return words(
            "raised", error=text, where=at if source else words("in", function=function)
        )
    if got is ...:
        return words("gave_stub", expected=show(want))
    if got is None and not isinstance(want, type(None)):
        return words("gave_none", expected=show(want))
    return words("got_expected", got=show(got), expected=show(want))


def safely(matches: Callable[[list[object]], bool], results: list[object]) -> bool:
    try:
        return bool(matches(results))
    except Exception:  # a mistake that cannot be told is not this one
        return False


def alike(got: object, want: object, tol: float = 1e-6) -> bool:
    """Equal, numbers within ``tol`` (relative or absolute), element by element."""
    if isinstance(got, Raised) or isinstance(want, Raised):
        return (
            isinstance(got, Raised)
            and isinstance(want, Raised)
            and type(got.error) is type(want.error)
        )
    if hasattr(got, "tolist") and not isinstance(got, (list, tuple)):
        got = got.tolist()  # a NumPy array or number
    if hasattr(want, "tolist") and not isinstance(want, (list, tuple)):
        want = want.tolist()
    if NUMBER.fits(got) and NUMBER.fits(want):
        return math.isclose(got, want, rel_tol=tol, abs_tol=tol)
    if isinstance(got, (list, tuple)) and isinstance(want, (list, tuple)):
        return len(got) == len(want) and all(
            alike(g, w, tol) for g, w in zip(got, want)
        )
    try:
        return bool(got == want)
    except Exception:  # == itself may raise (an array)
        return False


def show(x: object) -> str:
    """A value as the verdict shows it: numbers to 10 significant digits.

    >>> show(0.1 + 0.2), show(-22), show([1.0, 2.5]), show("abc")
    ('0.3', '-22', '[1, 2.5]', "'abc'")
    """
    if hasattr(x, "tolist") and not isinstance(x, (list, tuple)):
        x = x.tolist()
    if isinstance(x, bool) or x is None:
        return repr(x)
    if isinstance(x, numbers.Real):
        return format(x, ".10g") if x == x else "nan"
    if isinstance(x, (list, tuple)):
        items = [show(item) for item in x[:8]] + (["..."] if len(x) > 8 else [])
        inside = ", ".join(items) + (
            "," if isinstance(x, tuple) and len(x) == 1 else ""
        )
        return f"[{inside}]" if isinstance(x, list) else f"({inside})"
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


# --- the words ----------------------------------------------------------------------

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "exercise": "Exercise {number}",
        "right": "✓ {head}: right in all {n} cases.",
        "right_one": "✓ {head}: right.",
        "right_two": "✓ {head}: right in both cases.",
        "wrong": "✗ {head}, {case}: {what}",
        "more_wrong": " (Wrong in {n} of {of} cases.)",
        "all_wrong": " (Wrong in all {n} cases.)",
        "both_wrong": " (Wrong in both cases.)",
        "cause": "Likely cause: {cause}.",
        "no_cause": "Likely cause: none of the mistakes this check knows; work one"
        " case out by hand and compare.",
        "wrong_kind_head": "✗ {head} {problem}",
        "got_expected": "got {got}, expected {expected}.",
        "gave_stub": "got ..., the placeholder of the starter code; write your answer"
        " in its place (expected {expected}).",
        "gave_none": "got None: a return statement is missing (expected {expected}).",
        "raised": "your code raised {error}{where}.",
        "in": " (in {function})",
        "at_line": " (in {function}, line {line}: {source})",
        "still_to_write": "your code raised {error}: that part is still to write.",
        "printed": "(Your code printed {lines} lines while it was checked; not shown.)",
        "wrong_kind": "wants {wanted}; this is {got}.",
        "want_number": "a number ({name})",
        "want_function": "a function ({name})",
        "want_class": "a class ({name})",
        "want_anything": "{name}",
        "got_stub": "..., the placeholder of the starter code: write your answer in its place",
        "got_none": "None (a function that returns nothing gives None)",
        "got_text": "the text {text}; write a number or code without quotes",
        "got_class": "the class {name}",
        "got_function": "the function {name}; call it, or give the number itself",
        "got_number": "the number {value}",
        "got_other": "a {type}, {value}",
        "pass_itself": ' Pass {name} itself, not what it returns: check("{number}", {name}).',
        "not_a_number": "✗ check() takes the exercise's number as text, then your answer:"
        ' check("6.4", answer). This is {got}. (To check your engine of chapter 5,'
        " use check_engine: from check_engine import check as check_engine.)",
        "unknown": "✗ There is no checked exercise {number}. Checked in that chapter: {known}.",
        "needs": "✗ Exercise {number} is checked with {module}, which this Python cannot"
        " import: install NumPy (pip install numpy), or save check_tensors.py (on the"
        " tensors chapter's page) next to this file.",
        "no_language": "(check_exercises.py has no messages in {language}: they are"
        " in English; its languages: {known}.)",
        "usage": "Check your answers to the book's exercises. In Python, in this file's"
        ' folder:\n\n    from check_exercises import check\n    check("1.4", k_slope)'
        "    # the exercise's number, then your answer\n\nExercises: {exercises}",
    },
    "zh_CN": {
        "exercise": "练习 {number}",
        "right": "✓ {head}：全部 {n} 个情形都对。",
        "right_one": "✓ {head}：正确。",
        "right_two": "✓ {head}：两个情形都对。",
        "wrong": "✗ {head}，{case}：{what}",
        "more_wrong": "（{of} 个情形中有 {n} 个不对。）",
        "all_wrong": "（{n} 个情形都不对。）",
        "both_wrong": "（两个情形都不对。）",
        "cause": "可能的原因：{cause}。",
        "no_cause": "可能的原因：不是这个检查认识的错误；请手算一个情形来对照。",
        "wrong_kind_head": "✗ {head} {problem}",
        "got_expected": "得到 {got}，应为 {expected}。",
        "gave_stub": "得到 ...，这是起始代码里的占位符；请在那里写上你的答案（应为 {expected}）。",
        "gave_none": "得到 None：缺了 return 语句（应为 {expected}）。",
        "raised": "你的代码抛出了 {error}{where}。",
        "in": "（在 {function} 中）",
        "at_line": "（在 {function} 的第 {line} 行：{source}）",
        "still_to_write": "你的代码抛出了 {error}：这一部分还没写。",
        "printed": "（检查时你的代码打印了 {lines} 行，这里不显示。）",
        "wrong_kind": "要的是{wanted}；这里给的是{got}。",
        "want_number": "一个数（{name}）",
        "want_function": "一个函数（{name}）",
        "want_class": "一个类（{name}）",
        "want_anything": "{name}",
        "got_stub": " ...，即起始代码里的占位符：请在那里写上你的答案",
        "got_none": " None（没有返回值的函数给出 None）",
        "got_text": "文本 {text}；数或代码不要加引号",
        "got_class": "类 {name}",
        "got_function": "函数 {name}；请调用它，或者直接给出那个数",
        "got_number": "数 {value}",
        "got_other": "一个 {type}：{value}",
        "pass_itself": '请传入 {name} 本身，而不是它的返回值：check("{number}", {name})。',
        "not_a_number": '✗ check() 先接收练习编号（文本），再接收你的答案：check("6.4", answer)。'
        "这里给的是 {got}。（要检查第 5 章你自己的引擎，请用 check_engine："
        "from check_engine import check as check_engine。）",
        "unknown": "✗ 没有要检查的练习 {number}。这一章要检查的练习有：{known}。",
        "needs": "✗ 练习 {number} 要用 {module} 来检查，而这个 Python 导入不了它：请安装 NumPy"
        "（pip install numpy），或者把 check_tensors.py（在张量一章的页面上）保存在这个文件旁边。",
        "no_language": "（check_exercises.py 没有 {language} 的消息：用英文显示；"
        "它的语言：{known}。）",
        "usage": "检查你对本书练习的答案。在这个文件所在的文件夹里运行 Python：\n\n"
        '    from check_exercises import check\n    check("1.4", k_slope)'
        "    # 先写练习编号，再写你的答案\n\n练习：{exercises}",
    },
}


class Words:
    """The messages in one language: ``words("cause", cause=...)``."""

    def __init__(self, language: str) -> None:
        self.language = language if language in WORDS else "en"

    def __call__(self, key: str, **values: object) -> str:
        n = values.get("n")
        if key == "right" and n in (1, 2):
            key = "right_one" if n == 1 else "right_two"
        if key == "more_wrong" and n == values["of"]:
            key = "both_wrong" if n == 2 else "all_wrong"
        return WORDS[self.language][key].format(**values)

    def pick(self, item: Case | Mistake) -> str:
        """A case's or a mistake's own words, in this language."""
        return item.zh if self.language == "zh_CN" else item.en


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The first language of WORDS that LANGUAGE, LC_ALL, LC_MESSAGES or LANG
    names (the first of them that is set decides), else English.

    >>> language_from_environment({"LANG": "zh_CN.UTF-8"})
    'zh_CN'
    >>> language_from_environment({"LANGUAGE": "de:zh", "LANG": "C"})
    'zh_CN'
    """
    return languages_asked(environ)[0]


def languages_asked(environ: Mapping[str, str]) -> tuple[str, str]:
    """(the language of the messages, the first language asked for that WORDS lacks)."""
    missing = ""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(variable):
            for item in environ[variable].split(":"):
                code = item.split(".")[0].split("@")[0]
                for language in WORDS:
                    if code.split("_")[0] == language.split("_")[0]:
                        return language, missing
                if code not in ("C", "POSIX", ""):
                    missing = missing or code
            break
    return "en", missing


def main() -> None:
    """``python check_exercises.py``: how to use it, and the exercises it checks."""
    words = Words(language_from_environment(os.environ))
    print(words("usage", exercises=", ".join(EXERCISES) or "-"))


# --- the book's exercises, from the chapters' sources -------------------------------
# (The book's build writes each chapter's checks here.)

if __name__ == "__main__":
    main()
