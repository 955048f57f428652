"""The interactive widgets work in a real browser, served and opened from disk.

pytest drives Chromium with Playwright against the built book (the ``site``,
``server`` and ``chromium`` fixtures of tests/conftest.py, skipped or failed
by its rule when missing). The tests open the pages through the local server;
what opening the book from disk (``file://``) could break, a widget's scripts
loading and mounting without a console error, is checked on every page by
``test_every_page_opened_from_disk_mounts_its_widgets_without_an_error``, and a
few tests that do not depend on how the book is opened run over ``file://``.
That no page logs an error when served is watched while axe visits every page
(tests/site/test_pages_pass_axe.py).

The numbers a widget should show are computed here with ``tinygrad`` (the Python
engine), and formatted as the widgets format them, so the JavaScript twin and the
page are both checked against the book's engine.
"""

from __future__ import annotations

import contextlib
import math
import re
from pathlib import Path

import pytest

from book.figures import widgets
from helpers import (
    ROOT,
    SAMPLE,
    TRANSLATED,
    chapter_page,
    open_page,
    reachable_pages,
    sampled_page,
    sweep,
)
from tinygrad import LINE_DATA, TrainingDiverged, Value, gradient_descent

pytestmark = pytest.mark.browser

SCRIPTS = ROOT / "docs" / "_static" / "widgets"


def widget_places() -> dict[str, str]:
    """Each widget and the chapter that holds it (``:::{widget} NAME``), in page order."""
    return {
        name: f"chapters/{page.stem}.html"
        for page in sorted((ROOT / "docs" / "chapters").glob("*.md"))
        for name in re.findall(
            r"^:::\{widget\} ([\w-]+)", page.read_text(encoding="utf-8"), re.M
        )
    }


WIDGETS = widget_places()


def test_every_widget_script_has_a_place_in_a_chapter():
    scripts = {p.stem for p in SCRIPTS.glob("*.js")} - {"engine", "ui", "plot"}
    assert len(WIDGETS) >= 7 and set(WIDGETS) == scripts == set(widgets.WIDGETS)


def shown(x: float, digits: int = 4) -> str:
    """A number as the widgets display it (``fmt`` in ui.js)."""
    if not math.isfinite(x):
        return "too large to show"
    if x == 0:
        return "0"
    if abs(x) >= 1e6 or abs(x) < 1e-3:
        mantissa, exponent = f"{x:.2e}".split("e")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}e{'-' if int(exponent) < 0 else '+'}{abs(int(exponent))}"
    scale = 10.0**digits
    rounded = math.floor(x * scale + 0.5) / scale  # JavaScript's Math.round
    if rounded == 0:
        return "0"
    text = repr(rounded)
    return text[:-2] if text.endswith(".0") else text


# --- fixtures: the book, the browser and the server are conftest.py's ------


@pytest.fixture(scope="session")
def book(site) -> Path:
    return site


@pytest.fixture(scope="session")
def browser(chromium):
    return chromium


@pytest.fixture
def base_url(server) -> str:
    return server


CLEAR_STORAGE = "() => { localStorage.clear(); sessionStorage.clear(); }"
# Pages of the module's warm contexts that a finished test handed back, by
# context (closed with their context at the end of the module).
FREE_PAGES: dict[object, list] = {}


class Session:
    """Opens pages and records every console error.

    The pages open in the module's warm contexts (tests/conftest.py), so each
    loads the book from the cache; what a page left in the origin's storage
    (the theme furo remembers) is cleared when the session closes.
    """

    def __init__(self, contexts, base_url: str):
        self.contexts = contexts
        self.base_url = base_url
        self.pages = []
        self.errors: list[str] = []

    def page(self, path: str, **options):
        options.setdefault("viewport", {"width": 1100, "height": 900})
        context = self.contexts(**options)
        # A page that an earlier test of the module handed back is navigated
        # anew: a page's first load starts a renderer, about three times the
        # processor time of loading the chapter in a page that exists.
        free = [kept for kept in FREE_PAGES.get(context, []) if not kept.is_closed()]
        page = free.pop() if free else context.new_page()
        FREE_PAGES[context] = free
        page.bring_to_front()  # a page behind another gets few animation frames

        def on_console(message):
            if message.type == "error":
                self.errors.append(f"{path}: console error: {message.text}")

        def on_error(error):
            self.errors.append(f"{path}: uncaught: {error}")

        page.on("console", on_console)
        page.on("pageerror", on_error)
        self.pages.append((page, context, on_console, on_error))
        open_page(page, self.base_url + path)
        return page

    def widget(self, name: str, **options):
        """The page holding the widget, and the widget, once it has mounted."""
        page = self.page(WIDGETS[name], **options)
        widget = page.locator(f".widget[data-widget='{name}']")
        if widget.count() == 0:
            pytest.fail(
                f"{WIDGETS[name]} has no spot for the {name} widget (:::{{widget}} {name})"
            )
        expect(widget).to_have_class(re.compile(r"\bwidget--mounted\b"))
        return page, widget

    def close(self):
        """Clear what the pages stored and hand them back, blank, for the next test.

        A test that changes a page beyond its document (an init script, a
        route) closes it itself, so that no other test gets it.
        """
        for page, context, on_console, on_error in self.pages:
            if page.is_closed():
                continue
            with contextlib.suppress(Exception):  # a page without JavaScript
                page.evaluate(CLEAR_STORAGE)
            page.remove_listener("console", on_console)
            page.remove_listener("pageerror", on_error)
            try:
                page.goto("about:blank")  # nothing of this test runs on
            except Exception:
                page.close()
                continue
            FREE_PAGES.setdefault(context, []).append(page)


@pytest.fixture
def session(warm_context, base_url):
    """Pages served over HTTP; the test fails if any of them logs an error."""
    session = Session(warm_context, base_url)
    yield session
    session.close()
    assert session.errors == [], "\n".join(session.errors)


@pytest.fixture
def file_session(warm_context, book):
    """For what does not depend on how the book is opened: over file:// only."""
    session = Session(warm_context, book.as_uri() + "/")
    yield session
    session.close()
    assert session.errors == [], "\n".join(session.errors)


def expect(locator):
    """Playwright's expect, patient enough for an animation on a busy machine."""
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=30_000)
    return playwright_expect(locator)


def readout(widget, key: str):
    return widget.locator(f"[data-readout='{key}']")


def press(widget, label: str):
    """Click the widget's button named ``label``, as a reader does."""
    widget.get_by_role("button", name=label, exact=True).click()


def focus_first_control(page, widget):
    """Start keyboard navigation at the widget's title, as a reader tabbing through."""
    widget.locator(".widget-title").click()
    page.keyboard.press("Tab")


def focused_name(page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return e.labels && e.labels.length ? e.labels[0].textContent : e.textContent }"
    )


def assert_focus_is_visible(page):
    style = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth] }"
    )
    assert style[0] != "none" and style[1] != "0px", style


# --- every widget mounts in its chapter -----------------------------------


@pytest.mark.parametrize("name", WIDGETS)
def test_widget_mounts_in_its_chapter_and_hides_the_static_figure(session, name):
    page, widget = session.widget(name)
    expect(widget.locator(".widget-body")).to_be_visible()
    expect(widget.locator(".widget-fallback")).to_be_hidden()
    assert (
        widget.locator(
            ".widget-fallback img, .widget-fallback svg, .widget-fallback figure"
        ).count()
        >= 1
    ), f"the {name} widget has no static figure to fall back on"
    assert widget.get_attribute("role") == "group"
    assert widget.get_attribute("aria-labelledby")
    # readouts are announced; drawings and inputs have text alternatives and labels
    assert (
        widget.locator(".widget-readout[aria-live='polite'] [data-readout]").count()
        >= 1
    )
    for drawing in widget.locator(".widget-body svg").all():
        assert drawing.get_attribute("role") == "img" and drawing.get_attribute(
            "aria-label"
        )
    for control in widget.locator(".widget-body input").all():
        assert control.evaluate("e => e.labels.length > 0"), "an input without a label"


# Each page loads the shared helpers and the scripts of its own widgets, no
# others, in page order; plot.js where one of them draws a plot.
PAGE_SCRIPTS = {
    path: ["engine", "ui"]
    + ["plot"] * any("makePlot" in (SCRIPTS / f"{n}.js").read_text() for n in names)
    + names
    for path in dict.fromkeys(WIDGETS.values())
    for names in [[n for n, p in WIDGETS.items() if p == path]]
}


@pytest.mark.parametrize("path", sweep(reachable_pages(), sampled_page, ids=str))
def test_every_page_opened_from_disk_mounts_its_widgets_without_an_error(
    file_session, path
):
    """Over file://: classic scripts load, every widget mounts, nothing logs an error."""
    page = file_session.page(path)
    page.wait_for_load_state("load")
    for widget in page.locator(".widget").all():
        expect(widget).to_have_class(re.compile(r"\bwidget--mounted\b"))
        expect(widget.locator(".widget-fallback")).to_be_hidden()
    first, _, rest = path.partition("/")
    english = rest if first in TRANSLATED else path
    expected = [n for n, p in WIDGETS.items() if p == english]
    names = page.eval_on_selector_all(".widget", "ws => ws.map(w => w.dataset.widget)")
    assert sorted(names) == sorted(expected), names
    # the file_session fixture fails the test if the page logged an error


@pytest.mark.parametrize("path", PAGE_SCRIPTS)
def test_each_page_loads_only_the_classic_scripts_of_its_widgets(session, path):
    page = session.page(path)
    scripts = page.eval_on_selector_all(
        "script[src*='widgets/']",
        "els => els.map(e => [e.getAttribute('src'), e.type, e.async])",
    )
    assert [src.split("?")[0] for src, _, _ in scripts] == [
        f"../_static/widgets/{name}.js" for name in PAGE_SCRIPTS[path]
    ]
    # not type=module: classic scripts, put back by after_paint.js in order
    assert all(kind in ("", None, "text/javascript") for _, kind, _ in scripts)
    assert not any(run_as_they_come for _, _, run_as_they_come in scripts)


def test_no_page_without_a_widget_loads_widget_scripts(book):
    for html in [book / "index.html", book / chapter_page("engine")]:
        assert "_static/widgets/" not in html.read_text(encoding="utf-8"), html.name


def test_no_script_under_static_is_over_400_lines():
    static = ROOT / "docs" / "_static"
    long = {
        p.name: n
        for p in static.rglob("*.js")
        if (n := len(p.read_text().splitlines())) > 400
    }
    assert long == {}, f"split these scripts (at most 400 lines each): {long}"


# --- each widget: the scripted interactions show the book's numbers --------------


def test_x_times_x_adds_both_inputs_paths_to_10(session):
    page, w = session.widget("x-times-x")
    assert (
        w.get_by_role("button", name="Add the left input's path").get_attribute(
            "aria-disabled"
        )
        == "true"
    )
    press(w, "Evaluate")
    expect(readout(w, "q")).to_have_text("25")
    expect(readout(w, "slope")).to_have_text("0")
    press(w, "Add the left input's path")
    expect(readout(w, "slope")).to_have_text("5")
    press(w, "Add the right input's path")
    expect(readout(w, "slope")).to_have_text("10")
    expect(w.locator(".widget-trace")).to_contain_text("dq_dx += 5")
    x = Value(5)
    (x * x).backward()
    assert shown(x.grad) == "10"


def p_of(x0: float) -> tuple[float, float]:
    x = Value(x0)
    y = x**4 - 4 * x**2 + x
    y.backward()
    return y.data, x.grad


def test_known_point_reads_value_and_slope_and_reveals_the_curve(session):
    page, w = session.widget("known-point")
    value, slope = p_of(1.5)
    expect(readout(w, "value")).to_have_text(shown(value))  # -2.4375, as in the chapter
    expect(readout(w, "slope")).to_have_text(shown(slope))  # 2.5
    assert w.locator(".widget-curve").count() == 0, (
        "the curve shows before Reveal full curve"
    )
    w.locator("input[type=range]").focus()
    for _ in range(10):
        page.keyboard.press("ArrowLeft")
    value, slope = p_of(1.0)
    expect(readout(w, "value")).to_have_text(shown(value))
    expect(readout(w, "slope")).to_have_text(shown(slope))
    expect(readout(w, "trend")).to_have_text("falling")
    press(w, "Reveal full curve")
    expect(w.get_by_role("button", name="Reveal full curve")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(w.locator(".widget-curve")).to_have_count(1)


def test_secant_turns_into_the_tangent(session):
    page, w = session.widget("secant")
    expect(readout(w, "secant")).to_have_text("11")  # x = 5, h = 1: 2x + h
    expect(readout(w, "tangent")).to_have_text("10")
    h_slider, x_slider = w.locator("input[type=range]").all()
    h_slider.focus()
    page.keyboard.press("Home")  # the smallest h
    expect(h_slider).to_have_attribute("aria-valuetext", "h = 0.001")
    expect(readout(w, "fxh")).to_have_text("25.010001")
    expect(readout(w, "secant")).to_have_text("10.001")
    expect(readout(w, "tangent")).to_have_text("10")
    secant = ((Value(5 + 0.001) ** 2).data - (Value(5) ** 2).data) / 0.001
    assert shown(secant, 6) == "10.001"
    x_slider.focus()
    page.keyboard.press("Home")  # x = -5: the slope turns negative
    expect(readout(w, "tangent")).to_have_text("-10")
    expect(readout(w, "secant")).to_have_text("-9.999")
    assert (
        w.locator(".widget-secant").count() == 1
        and w.locator(".widget-tangent").count() == 1
    )


def test_loss_choice_shows_prediction_and_weight_gradients(session):
    page, w = session.widget("loss-choice")
    expect(w.get_by_role("radio", name="Squared error")).to_be_checked()
    expect(readout(w, "prediction")).to_have_text("2")
    expect(readout(w, "loss")).to_have_text("9")
    expect(readout(w, "prediction-gradient")).to_have_text("-6")
    expect(readout(w, "weight-gradient")).to_have_text("-12")
    w.get_by_role("radio", name="Absolute error").check()
    expect(readout(w, "loss")).to_have_text("3")
    expect(readout(w, "prediction-gradient")).to_have_text("-1")
    expect(readout(w, "weight-gradient")).to_have_text("-2")
    slider = w.locator("input[type=range]")
    slider.focus()
    for _ in range(15):  # w from 1 to 2.5: the prediction hits the target 5
        page.keyboard.press("ArrowRight")
    expect(slider).to_have_attribute("aria-valuetext", "w = 2.5")
    expect(readout(w, "prediction-gradient")).to_have_text("0")
    expect(readout(w, "weight-gradient")).to_have_text("0")
    expect(w.locator(".widget-status")).to_contain_text("subgradient 0")
    w.get_by_role("radio", name="Squared error").check()
    slider.focus()
    for _ in range(15):  # w = 4: the same loss 9 as at w = 1, and the opposite push
        page.keyboard.press("ArrowRight")
    expect(slider).to_have_attribute("aria-valuetext", "w = 4")
    expect(readout(w, "loss")).to_have_text("9")
    expect(readout(w, "weight-gradient")).to_have_text("12")


def test_one_step_moves_w_to_2_2_and_the_loss_to_0_36(session):
    page, w = session.widget("one-step")
    expect(readout(w, "w")).to_have_text("1")
    expect(readout(w, "loss")).to_have_text("9")
    expect(readout(w, "gradient")).to_have_text("-12")
    press(w, "Take one step")
    weight = Value(1)
    gradient_descent(
        lambda: (weight * 2 - 5) ** 2, [weight], steps=1, learning_rate=0.1
    )
    expect(readout(w, "w")).to_have_text(shown(weight.data))
    expect(readout(w, "w")).to_have_text("2.2")
    expect(readout(w, "prediction")).to_have_text("4.4")
    expect(readout(w, "loss")).to_have_text("0.36")
    expect(readout(w, "steps")).to_have_text("1")
    press(w, "Reset")
    expect(readout(w, "w")).to_have_text("1")
    expect(readout(w, "loss")).to_have_text("9")
    expect(readout(w, "steps")).to_have_text("0")


def test_backprop_graph_reaches_w_and_x_one_operation_at_a_time(session):
    page, w = session.widget("backprop-graph")
    step = w.get_by_role("button", name="Backpropagate one operation")
    assert step.get_attribute("aria-disabled") == "true"
    press(w, "Seed gradient")
    expect(w.locator("[data-node='L']")).to_contain_text("grad 1")
    expect(w.locator("[data-node='w']")).to_contain_text("grad ?")
    press(w, "Backpropagate one operation")
    expect(w.locator("[data-node='r']")).to_contain_text("grad -6")
    press(w, "Backpropagate one operation")
    expect(w.locator("[data-node='y']")).to_contain_text("grad 6")
    expect(readout(w, "w-grad")).to_have_text("not yet")
    press(w, "Backpropagate one operation")
    expect(readout(w, "w-grad")).to_have_text("-12")
    expect(readout(w, "x-grad")).to_have_text("-6")
    expect(w.locator("[data-node='w']")).to_contain_text("grad -12")
    expect(readout(w, "operations")).to_have_text("3 of 3")
    expect(step).to_have_attribute("aria-disabled", "true")
    expect(w.locator(".widget-status")).to_contain_text("w holds -12 and x holds -6")


def line_after(steps: int, learning_rate: float = 0.05):
    w, b = Value(-1), Value(0)

    def mean_squared_error():
        return sum((w * x + b - y) ** 2 for x, y in LINE_DATA) * (1 / len(LINE_DATA))

    gradient_descent(mean_squared_error, [w, b], steps, learning_rate)
    return w.data, b.data, mean_squared_error().data


def assert_line(w, steps: int):
    expect(readout(w, "steps")).to_have_text(str(steps))
    slope, intercept, loss = line_after(steps)
    expect(readout(w, "w")).to_have_text(shown(slope))
    expect(readout(w, "b")).to_have_text(shown(intercept))
    expect(readout(w, "loss")).to_have_text(shown(loss))


def test_train_line_steps_like_the_python_engine(session):
    page, w = session.widget("train-line")
    expect(w.get_by_label("Learning rate")).to_have_value("0.05")
    assert_line(w, 0)
    expect(readout(w, "loss")).to_have_text("41.5")
    press(w, "Step")
    assert_line(w, 1)
    press(w, "Run 100 steps")  # animated: the readouts settle after a few frames
    assert_line(w, 101)
    assert (
        w.locator(".widget-fit").count() == 1 and w.locator(".widget-data").count() == 4
    )
    assert w.locator(".widget-loss").count() == 1
    press(w, "Reset")
    assert_line(w, 0)


def test_train_line_diverges_at_0_3_without_breaking_the_page(session):
    # where the Python engine gives up
    with pytest.raises(TrainingDiverged) as diverged:
        line_after(2000, learning_rate=0.3)
    at_step = int(re.search(r"at step (\d+)", str(diverged.value)).group(1))
    page, w = session.widget("train-line")
    w.get_by_label("Learning rate").fill("0.3")
    press(w, "Run 100 steps")
    expect(readout(w, "steps")).to_have_text("100")
    expect(w.locator(".widget-status")).to_contain_text("The loss is growing")
    assert_no_broken_numbers(w)
    taken = 100
    # On to the run in which the loss overflows, without the animation (a
    # reader who asks for reduced motion); that run animates, as most readers see it.
    page.emulate_media(reduced_motion="reduce")
    try:
        while taken < at_step:  # run on until the loss overflows
            if taken + 100 >= at_step:
                page.emulate_media(reduced_motion="no-preference")
            press(w, "Run 100 steps")
            taken = min(taken + 100, at_step)
            expect(readout(w, "steps")).to_have_text(str(taken))
            assert_no_broken_numbers(w)
    finally:
        page.emulate_media(reduced_motion="no-preference")
    expect(w.locator(".widget-status")).to_contain_text(
        f"Training diverged at step {at_step}: the loss is no longer a finite number"
    )
    expect(readout(w, "steps")).to_have_text(str(at_step))
    expect(readout(w, "loss")).to_have_text("too large to show")
    expect(w.get_by_role("button", name="Step", exact=True)).to_have_attribute(
        "aria-disabled", "true"
    )
    assert_no_broken_numbers(w)
    press(w, "Reset")
    expect(readout(w, "steps")).to_have_text("0")
    expect(w.get_by_role("button", name="Step", exact=True)).to_have_attribute(
        "aria-disabled", "false"
    )


def assert_no_broken_numbers(widget):
    text = widget.inner_text() + " ".join(
        widget.locator("[aria-label]").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
    )
    for broken in ("NaN", "Infinity", "undefined", "null"):
        assert broken not in text, f"{broken} on screen: {text}"


def test_train_line_refuses_a_learning_rate_that_is_not_positive(file_session):
    page, w = file_session.widget("train-line")
    for bad in ["", "-0.1", "0"]:
        w.get_by_label("Learning rate").fill(bad)
        press(w, "Step")
        expect(w.locator(".widget-status")).to_contain_text(
            "Enter a learning rate above 0"
        )
        expect(readout(w, "steps")).to_have_text("0")


def test_train_line_reads_a_decimal_comma_and_says_what_it_cannot_read(file_session):
    page, w = file_session.widget("train-line")
    box = w.get_by_label("Learning rate")
    box.fill("0,05")  # a decimal comma: 0.05, not 5
    press(w, "Step")
    assert_line(w, 1)
    box.fill(" 0,05 ")
    press(w, "Run 100 steps")
    assert_line(w, 101)
    expect(w.locator(".widget-status")).to_contain_text("After 101 steps")
    for bad in ["abc", "0.05.1", "5%", "0,0,5", "1/20"]:
        box.fill(bad)
        press(w, "Step")
        expect(w.locator(".widget-status")).to_have_text(
            f"The learning rate “{bad}” was not understood as a number. "
            "Enter a learning rate above 0, such as 0.05."
        )
        expect(w.locator(".widget-status")).to_be_visible()
        expect(readout(w, "steps")).to_have_text("101")  # nothing trained


# 2,000 presses of "Run 100 steps", clicked by the page itself. With reduced
# motion each press takes its 100 steps at once, so the time of a press is
# the time of its 100 steps and one redraw.
PRESS_RUN_2000_TIMES = """(widget) => {
  const run = [...widget.querySelectorAll("button")].find((b) => b.textContent === "Run 100 steps");
  const path = () => widget.querySelector(".widget-loss").getAttribute("d");
  const times = [];
  const paths = [];
  for (let i = 0; i < 2000; i += 1) {
    const start = performance.now();
    run.click();
    times.push(performance.now() - start);
    if ((i + 1) % 500 === 0) paths.push(path());
  }
  return { times, paths };
}"""


def test_train_line_draws_200000_steps_and_stays_quick(file_session):
    """The loss history is thinned out: no call-stack overflow, no press slower than the first."""
    page, w = file_session.widget("train-line", reduced_motion="reduce")
    result = page.evaluate(PRESS_RUN_2000_TIMES, w.element_handle())
    times, paths = result["times"], result["paths"]
    expect(readout(w, "steps")).to_have_text("200000")
    expect(readout(w, "w")).to_have_text("2")  # converged long ago
    expect(readout(w, "b")).to_have_text("1")
    expect(w.locator(".widget-status")).to_contain_text("After 200000 steps")
    # The plot kept updating: its curve changed after every 500 presses ...
    assert len(set(paths)) == len(paths) == 4
    # ... and stays a curve of at most about 1,000 points.
    for d in paths:
        assert 500 <= d.count("L") <= 1001, d.count("L")
    label = w.locator(".widget-plot").nth(1).get_attribute("aria-label")
    assert label.startswith("Loss after each of 200000 steps"), label
    first, last = sorted(times[:200]), sorted(times[-200:])
    median_first, median_last = first[100], last[100]
    assert median_last < 3 * median_first + 5, (median_first, median_last)
    assert sum(times) < 60_000, f"2000 presses took {sum(times):.0f} ms"


def test_widgets_compute_with_the_engine(file_session):
    """A twin engine whose backward() doubles every gradient doubles what loss-choice and one-step show."""
    doubling = """
        (() => {
          let engine;
          Object.defineProperty(window, "Tinygrad", {
            configurable: true,
            get: () => engine,
            set: (value) => {
              const backward = value.Value.prototype.backward;
              value.Value.prototype.backward = function () {
                backward.call(this);
                for (const node of this.order()) node.grad *= 2;
              };
              engine = value;
            },
          });
        })();
    """
    page = file_session.page(WIDGETS["loss-choice"])
    try:
        page.add_init_script(doubling)
        page.reload()
        loss_choice = page.locator(".widget[data-widget='loss-choice']")
        expect(readout(loss_choice, "weight-gradient")).to_have_text("-24")
        expect(
            readout(page.locator(".widget[data-widget='one-step']"), "gradient")
        ).to_have_text("-24")
    finally:
        page.close()  # its init script stays with it: never handed to another test


# --- keyboard, screen readers, motion, phone, theme -------------------------


KEYBOARD = {
    "x-times-x": [
        ("Evaluate", ["Space"]),
        ("Add the left input's path", ["Enter"]),
        ("Add the right input's path", ["Enter"]),
    ],
    "known-point": [
        ("Known evaluation point x", ["ArrowLeft"] * 10),
        ("Reveal full curve", ["Enter"]),
    ],
    "secant": [("Small change h", ["Home"]), ("Position x", ["End"])],
    "loss-choice": [
        ("Squared error", ["ArrowRight"]),
        ("Weight w", ["ArrowRight"] * 15),
    ],
    "one-step": [("Take one step", ["Enter"])],
    "backprop-graph": [
        ("Seed gradient", ["Enter"]),
        ("Backpropagate one operation", ["Enter"] * 3),
    ],
    "train-line": [
        ("Learning rate", []),
        ("Step", ["Enter"]),
        ("Run 100 steps", ["Space"]),
    ],
}

AFTER_KEYBOARD = {
    "x-times-x": [("slope", "10")],
    "known-point": [("value", "-2"), ("slope", "-3")],
    "secant": [("secant", "10.001"), ("tangent", "10")],
    "loss-choice": [("prediction-gradient", "0"), ("weight-gradient", "0")],
    "one-step": [("w", "2.2"), ("loss", "0.36")],
    "backprop-graph": [("w-grad", "-12"), ("x-grad", "-6")],
    "train-line": [("steps", "101")],
}


@pytest.mark.parametrize("name", WIDGETS)
def test_every_control_works_by_keyboard(session, name):
    page, w = session.widget(name)
    focus_first_control(page, w)
    for label, keys in KEYBOARD[name]:
        assert focused_name(page).strip() == label, (
            f"Tab reached {focused_name(page)!r}, not {label!r}"
        )
        assert_focus_is_visible(page)
        for key in keys:
            page.keyboard.press(key)
        page.keyboard.press("Tab")
    for key, text in AFTER_KEYBOARD[name]:
        expect(readout(w, key)).to_have_text(text)


def test_reduced_motion_runs_100_steps_at_once(file_session):
    page, w = file_session.widget("train-line", reduced_motion="reduce")
    press(w, "Run 100 steps")
    assert readout(w, "steps").inner_text() == "100"  # no waiting: no animation
    page2, graph = file_session.widget("backprop-graph", reduced_motion="reduce")
    duration = graph.locator(".widget-node rect").first.evaluate(
        "e => getComputedStyle(e).transitionDuration"
    )
    assert set(duration.replace(" ", "").split(",")) == {"0s"}


@pytest.mark.parametrize(
    "path", sweep(sorted(set(WIDGETS.values())), sampled_page, ids=str)
)
def test_widgets_fit_a_phone_screen(file_session, path):
    page = file_session.page(
        path, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    for name in [n for n, p in WIDGETS.items() if p == path]:
        w = page.locator(f".widget[data-widget='{name}']")
        expect(w).to_have_class(re.compile(r"\bwidget--mounted\b"))
        w.scroll_into_view_if_needed()
        box = w.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (name, box)
        overflow = w.evaluate(
            "e => [...e.querySelectorAll('.widget-body *')]"
            ".filter(c => c.getBoundingClientRect().right > 361 || c.getBoundingClientRect().left < -1)"
            ".map(c => c.tagName + '.' + (c.className.baseVal ?? c.className))"
        )
        assert overflow == [], (name, overflow)


def test_widgets_follow_the_light_and_dark_theme(file_session):
    colours = {}
    for scheme in ("light", "dark"):
        page, w = file_session.widget("one-step", color_scheme=scheme)
        colour = w.evaluate("e => getComputedStyle(e).color")
        assert colour == page.evaluate("() => getComputedStyle(document.body).color")
        background = w.locator(".widget-readout-item").first.evaluate(
            "e => getComputedStyle(e).backgroundColor"
        )
        colours[scheme] = (colour, background)
        # furo's theme switch (data-theme on body) wins over the system setting
        other = "light" if scheme == "dark" else "dark"
        page.evaluate(f"() => document.body.dataset.theme = '{other}'")
        switched = w.evaluate("e => getComputedStyle(e).color")
        assert switched != colour
    assert colours["light"] != colours["dark"]


# --- robustness: the static figure stays when JavaScript does not run ------


@pytest.mark.parametrize("path", sorted(set(WIDGETS.values())))
def test_static_figures_stay_without_javascript(session, path):
    page = session.page(path, java_script_enabled=False)
    for name in [n for n, p in WIDGETS.items() if p == path]:
        widget = page.locator(f".widget[data-widget='{name}']")
        expect(widget.locator(".widget-fallback")).to_be_visible()
        assert widget.locator(".widget-body").count() == 0


def test_static_figures_stay_when_a_script_fails(browser, server):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route("**/widgets/engine.js*", lambda route: route.abort())
        open_page(page, server + WIDGETS["secant"])
        page.wait_for_load_state("load")
        for name in ("x-times-x", "known-point", "secant"):
            widget = page.locator(f".widget[data-widget='{name}']")
            expect(widget.locator(".widget-fallback")).to_be_visible()
            assert "widget--mounted" not in widget.get_attribute("class")
    finally:
        context.close()


# --- the Chinese edition: every widget speaks Chinese ----------------------

# What a Chinese widget may still show in Latin letters: the engine's attribute
# names and functions, as code (x.grad, data 25, tanh). Single letters and
# two-letter names (w, b, x, ŷ, dL) never match the check below.
CODE_WORDS = {"data", "grad", "tanh", "relu"}


@pytest.fixture(scope="session")
def zh_book(zh_site) -> Path:
    return zh_site


def english_words(text: str) -> set[str]:
    """Words of three letters or more that are not code."""
    return {w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in CODE_WORDS}


# Use every control once, as a reader exploring it would: a value the box
# cannot read, then one that makes the loss grow; every choice, from the last;
# every slider to its end (the End key's value); every button up to three
# times, until it says it has nothing more to do. After each action (and two
# frames, for what a widget draws on the next one), what the widget says: its
# visible text and every text alternative in it. All in the page, in one call:
# what is checked here is the words, not how a press arrives (the keyboard and
# pointer tests above drive the controls as a reader does).
DRIVE = """async ([widget, listen]) => {
  const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const said = [];
  const look = () => { if (listen) said.push(widget.innerText + '\\n' +
    [...widget.querySelectorAll('[aria-label], [aria-valuetext]')]
      .flatMap(n => [n.getAttribute('aria-label'), n.getAttribute('aria-valuetext')])
      .filter(Boolean).join('\\n')); };
  const type = (box, text) => { box.value = text; box.dispatchEvent(new Event('input', {bubbles: true})); };
  const act = async action => { action(); await frames(); look(); };
  look();
  for (const box of widget.querySelectorAll('input[type=text]')) {
    type(box, '5%');
    await act(() => widget.querySelector('button').click());
    type(box, '0.3');
  }
  for (const radio of [...widget.querySelectorAll('input[type=radio]')].reverse())
    await act(() => radio.click());
  for (const range of widget.querySelectorAll('input[type=range]'))
    await act(() => { range.value = range.max;
      for (const kind of ['input', 'change']) range.dispatchEvent(new Event(kind, {bubbles: true})); });
  for (const button of widget.querySelectorAll('button'))
    for (let i = 0; i < 3 && button.getAttribute('aria-disabled') !== 'true'; i++)
      await act(() => button.click());
  const readouts = Object.fromEntries([...widget.querySelectorAll('[data-readout]')]
    .map(e => [e.dataset.readout, e.innerText]));
  return [said, readouts];
}"""


def drive(page, widget, listen: bool = True) -> tuple[list[str], dict[str, str]]:
    """What the widget said after each action of DRIVE, and its readouts at the end.

    Nothing is listened to when not ``listen``: the English side is driven
    only for its readouts.
    """
    said, readouts = page.evaluate(DRIVE, [widget.element_handle(), listen])
    return said, readouts


# make test: the sample chapters' widgets (helpers.SAMPLE); make sweeps: the rest
@pytest.mark.parametrize(
    "name", sweep(list(WIDGETS), lambda name: WIDGETS[name][9:-5] in SAMPLE, ids=str)
)
def test_every_widget_speaks_chinese_in_the_chinese_edition(
    warm_context, book, zh_book, name
):
    english, chinese = (
        Session(warm_context, book.as_uri() + "/"),
        Session(warm_context, zh_book.as_uri() + "/"),
    )
    try:
        page, w = english.widget(name, reduced_motion="reduce")
        _, english_readouts = drive(page, w, listen=False)
        page, w = chinese.widget(name, reduced_motion="reduce")
        assert page.evaluate("document.documentElement.lang").lower().startswith("zh")
        said, chinese_readouts = drive(page, w)
    finally:
        english.close()
        chinese.close()
    assert english.errors == [] and chinese.errors == [], (
        english.errors + chinese.errors
    )
    left = {word for text in said for word in english_words(text)}
    assert left == set(), f"English left in the Chinese {name} widget: {sorted(left)}"
    assert all(re.search(r"[\u4e00-\u9fff]", text) for text in said)
    # The same actions show the same numbers in both editions.
    number = re.compile(r"-?\d[\d.]*(e[+-]\d+)?")
    same = {k: v for k, v in english_readouts.items() if number.fullmatch(v)}
    assert same, english_readouts
    assert {k: chinese_readouts[k] for k in same} == same
