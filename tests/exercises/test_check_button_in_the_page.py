"""Promise 5 in the page: the Check button runs the reader's answer, then its check.

In headless Chromium, on chapter pages served as a static host serves them
(three exercises in English, one in Chinese): the starter block of a checked exercise has a Check button
(检查 in Chinese) that the keyboard reaches; the reader writes a wrong answer
into the block and presses it, and the verdict under the block is ✗ with the
likely cause, in the page's language; then a right answer, and it is ✓.
"""

from __future__ import annotations

import pytest

from helpers import CHAPTERS, SAMPLE, chapter_page, open_page, sweep

pytestmark = pytest.mark.browser

TRAIN = """from check_exercises import check


def train(loss_of, parameters, steps, learning_rate):
    losses = []
    for step in range(steps):
        loss = loss_of()
        losses.append(loss.data)
        loss.backward()
        for p in parameters:
            p.data -= learning_rate * p.grad
    return losses
"""
# exercise: (a wrong answer with its cause in each language, a right answer)
ANSWERS = {
    "1.4": (
        "from check_exercises import check\n\n\ndef k_slope(x):\n    return 6 * x + 4\n",
        {
            "en": "Likely cause: the term -4x has slope -4",
            "zh_CN": "可能的原因：-4x 这一项",
        },
        "from check_exercises import check\n\n\ndef k_slope(x):\n    return 6 * x - 4\n",
    ),
    "2.1": (
        "from check_exercises import check\n\n\n"
        "def step(w, learning_rate):\n    return w + learning_rate * (8 * w - 20)\n",
        {"en": "Likely cause: the step goes uphill"},
        "from check_exercises import check\n\n\n"
        "def step(w, learning_rate):\n    return w - learning_rate * (8 * w - 20)\n",
    ),
    "6.1": (
        TRAIN.replace("p.data -=", "p.data +="),
        {"en": "Likely cause: a step uphill"},
        TRAIN,
    ),
}
PAGES = {
    "1.4": chapter_page("slopes"),
    "2.1": chapter_page("loss"),
    "6.1": chapter_page("xor"),
}
EDITIONS = {"en": ("", "Check", "✓ Exercise"), "zh_CN": ("zh_CN/", "检查", "✓ 练习")}


def press_check(page, starter, text: str) -> str:
    """Write ``text`` into the starter, press its Check with the keyboard: the verdict."""
    done = page.evaluate("window.bookRunner ? window.bookRunner.done : 0")
    starter.locator("pre").evaluate(
        "(pre, t) => { pre.textContent = t; pre.dispatchEvent(new Event('input')); }",
        text,
    )
    button = starter.locator(".runner-check")
    button.focus()
    assert page.evaluate("document.activeElement.classList.contains('runner-check')")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.bookRunner.done > {done}", timeout=300_000)
    call = starter.locator(
        "xpath=following-sibling::div[contains(@class,'highlight-python')][1]"
    )
    number = page.evaluate(
        "box => window.bookRunner.blocks.find(b => b.box === box).number",
        call.element_handle(),
    )
    return page.evaluate(
        f"() => window.bookRunner.blocks[{number - 1}].output.querySelector('pre').textContent"
    )


# Every exercise in English, one in Chinese: the button hands the page's language
# to the same checker, whose Chinese words the catalogue tests hold and whose
# Chinese verdicts tests/exercises/ check in Python.
# make test: the sample chapters' exercises (helpers.SAMPLE); make sweeps: the rest.
CASES = [(exercise, "en") for exercise in ANSWERS] + [("1.4", "zh_CN")]


def sampled(case: tuple[str, str]) -> bool:
    return CHAPTERS[int(case[0].split(".")[0]) - 1].stem in SAMPLE


@pytest.mark.parametrize(
    "exercise, edition", sweep(CASES, sampled, ids=lambda case: "-".join(case))
)
def test_check_says_wrong_with_its_cause_then_right(
    exercise: str, edition: str, python_page, server: str
) -> None:
    folder, label, tick = EDITIONS[edition]
    wrong, cause, right = ANSWERS[exercise]
    page = python_page
    open_page(page, server + folder + PAGES[exercise])
    page.wait_for_function(
        "() => window.bookRunner && !document.querySelector('.runner-all').disabled"
    )
    starter = page.locator("div.runner-exercise").filter(
        has=page.locator(f'.runner-check[aria-label*="{exercise}"]')
    )
    assert starter.count() == 1
    assert starter.locator(".runner-check").inner_text().endswith(label)
    verdict = press_check(page, starter, wrong)
    assert verdict.startswith("✗ ") and cause[edition] in verdict, verdict
    verdict = press_check(page, starter, right)
    assert verdict.startswith(tick), verdict
