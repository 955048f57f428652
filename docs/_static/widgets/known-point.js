/* `known-point` (chapter 1): a formula gives the value and the slope at any
   point, not the shape. Needs engine.js, ui.js and plot.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { _, fmt, h, button, controls, slider, readouts, statusLine, makePlot, sample, register } = window.BookWidgets;

  const T = {
    slope: _("slope p′(x)"),
    trend: _("moving right, p is"),
    point: _("Known evaluation point x"),
    reveal: _("Reveal full curve"),
    shownNow: _("The whole curve on this interval: it needed many more evaluations than one point."),
    hiddenNow: _("The curve is hidden again: only the points you have evaluated are shown."),
    describe: (x, value, slope, count, revealed) =>
      revealed
        ? _(
            "The point x = {x}, p(x) = {value} with a short tangent of slope {slope}. {count} points evaluated so far. The full curve is shown.",
            { x, value, slope, count }
          )
        : _(
            "The point x = {x}, p(x) = {value} with a short tangent of slope {slope}. {count} points evaluated so far. The full curve is hidden.",
            { x, value, slope, count }
          ),
    rising: _("rising"),
    falling: _("falling"),
    flat: _("nearly flat"),
    intro: _("p(x) = x⁴ − 4x² + x. Move the point: the engine gives the value and the slope there, and nothing else."),
    start: _("Only the points you evaluate are drawn. Press Reveal full curve to see the whole function."),
  };

  const RANGE = [-2.4, 2.4]; // the x axis, and where the full curve is sampled
  const CURVE_POINTS = 200;
  const TANGENT_REACH = 0.45; // the short tangent: this far either side of the point
  const FLAT = 0.05; // a slope smaller than this (either sign) reads as "nearly flat"
  const VISITED_RADIUS = 2.5;

  function mount(body) {
    const p = (x) => x.pow(4).sub(x.pow(2).mul(4)).add(x); // p(x) = x**4 - 4x**2 + x
    function at(x0) {
      const x = new Value(x0);
      const y = p(x);
      y.backward();
      return { value: y.data, slope: x.grad };
    }
    const visited = new Map();
    let revealed = false;
    let curve = null;

    const status = statusLine();
    const out = readouts([
      ["value", "p(x)", "blue"],
      ["slope", T.slope, "purple"],
      ["trend", T.trend],
    ]);
    const point = slider({
      label: T.point,
      min: -2.2,
      max: 2.2,
      step: 0.05,
      value: 1.5,
      valueText: (v) => `x = ${fmt(v)}`,
      onInput: update,
    });
    const reveal = button(T.reveal, () => {
      revealed = !revealed;
      reveal.setAttribute("aria-pressed", String(revealed));
      status.say(revealed ? T.shownNow : T.hiddenNow);
      plot.repaint();
    });
    reveal.setAttribute("aria-pressed", "false");

    const plot = makePlot({ x: RANGE, y: [-7, 7], xLabel: "x", yLabel: "p(x)", draw });

    function draw() {
      const x0 = point.value;
      const { value, slope } = at(x0);
      plot.begin();
      if (revealed) {
        curve = curve || sample((x) => p(new Value(x)).data, RANGE, CURVE_POINTS);
        plot.path(curve, "widget-curve");
      }
      for (const [vx, vy] of visited) plot.dot(vx, vy, "widget-visited", VISITED_RADIUS);
      plot.tangent(x0, value, slope, TANGENT_REACH);
      plot.dot(x0, value, "widget-point");
      plot.describe(T.describe(fmt(x0), fmt(value), fmt(slope), visited.size, revealed));
    }

    function update() {
      const x0 = point.value;
      const { value, slope } = at(x0);
      visited.set(x0, value);
      out.set("value", fmt(value));
      out.set("slope", fmt(slope));
      out.set("trend", slope > FLAT ? T.rising : slope < -FLAT ? T.falling : T.flat);
      plot.repaint();
    }

    body.append(
      h("p", { class: "widget-intro" }, T.intro),
      point.row,
      controls(reveal),
      plot.frame,
      out.list,
      status.node
    );
    status.say(T.start);
    update();
  }

  register("known-point", mount);
})();
