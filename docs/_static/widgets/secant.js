/* `secant` (chapter 1): the secant through x and x + h turns into the
   tangent. Needs engine.js, ui.js and plot.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { _, fmt, h, slider, readouts, makePlot, sample, register } = window.BookWidgets;

  const T = {
    secant: _("secant slope (f(x+h) − f(x)) / h"),
    tangent: _("tangent slope f′(x)"),
    gap: _("secant − tangent"),
    h: _("Small change h"),
    x: _("Position x"),
    describe: (x, tangent, xh, secant) =>
      _(
        "The parabola f(x) = x² with the tangent at x = {x} (slope {tangent}) and the secant to x + h = {xh} (slope {secant}).",
        { x, tangent, xh, secant }
      ),
    intro: _("f(x) = x². Shrink h and watch the orange secant close in on the purple tangent."),
  };

  const H = [0.001, 0.01, 0.05, 0.1, 0.2, 0.5, 1]; // the slider's steps
  const RANGE = [-6, 6.5];
  const CURVE_POINTS = 200;
  const DIGITS = 6; // f(5.001) = 25.010001 needs six decimals
  const SECANT_POINT_RADIUS = 4;

  function mount(body) {
    const square = (x) => x.pow(2); // f(x) = x**2
    const out = readouts([
      ["fx", "f(x)"],
      ["fxh", "f(x + h)"],
      ["secant", T.secant, "orange"],
      ["tangent", T.tangent, "purple"],
      ["gap", T.gap],
    ]);
    const hSlider = slider({
      label: T.h,
      min: 0,
      max: H.length - 1,
      step: 1,
      value: H.length - 1,
      valueText: (i) => `h = ${fmt(H[i])}`,
      onInput: update,
    });
    const xSlider = slider({
      label: T.x,
      min: -5,
      max: 5,
      step: 0.1,
      value: 5,
      valueText: (v) => `x = ${fmt(v)}`,
      onInput: update,
    });
    const plot = makePlot({ x: RANGE, y: [-4, 40], xLabel: "x", yLabel: "f(x) = x²", draw });
    const curve = sample((x) => square(new Value(x)).data, RANGE, CURVE_POINTS);

    function compute() {
      const x0 = xSlider.value;
      const h0 = H[hSlider.value];
      const fx = square(new Value(x0)).data;
      const fxh = square(new Value(x0 + h0)).data;
      const x = new Value(x0);
      const y = square(x);
      y.backward();
      return { x0, h0, fx, fxh, secant: (fxh - fx) / h0, tangent: x.grad };
    }

    function draw() {
      const { x0, h0, fx, fxh, secant, tangent } = compute();
      plot.begin();
      plot.path(curve, "widget-curve");
      plot.tangent(x0, fx, tangent);
      plot.line(x0, fx, secant, "widget-secant");
      plot.dot(x0 + h0, fxh, "widget-secant-point", SECANT_POINT_RADIUS);
      plot.dot(x0, fx, "widget-point");
      plot.describe(T.describe(fmt(x0), fmt(tangent), fmt(x0 + h0), fmt(secant)));
    }

    function update() {
      const { fx, fxh, secant, tangent } = compute();
      out.set("fx", fmt(fx, DIGITS));
      out.set("fxh", fmt(fxh, DIGITS));
      out.set("secant", fmt(secant, DIGITS));
      out.set("tangent", fmt(tangent, DIGITS));
      out.set("gap", fmt(secant - tangent, DIGITS));
      plot.repaint();
    }

    body.append(h("p", { class: "widget-intro" }, T.intro), hSlider.row, xSlider.row, plot.frame, out.list);
    update();
  }

  register("secant", mount);
})();
