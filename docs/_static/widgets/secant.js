/* `secant` (chapter 1): the secant through x and x + h turns into the
   tangent. Needs engine.js, ui.js and plot.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { strings, fmt, h, slider, readouts, makePlot, sample, register } = window.BookWidgets;

  const T = strings("secant", {
    en: {
      secant: "secant slope (f(x+h) − f(x)) / h",
      tangent: "tangent slope f′(x)",
      gap: "secant − tangent",
      h: "Small change h",
      x: "Position x",
      describe: (x, tangent, xh, secant) =>
        `The parabola f(x) = x² with the tangent at x = ${x} (slope ${tangent}) and the secant to x + h = ${xh} (slope ${secant}).`,
      intro: "f(x) = x². Shrink h and watch the orange secant close in on the purple tangent.",
    },
    zh: {
      secant: "割线斜率 (f(x+h) − f(x)) / h",
      tangent: "切线斜率 f′(x)",
      gap: "割线斜率 − 切线斜率",
      h: "增量 h",
      x: "位置 x",
      describe: (x, tangent, xh, secant) =>
        `抛物线 f(x) = x²，画出 x = ${x} 处的切线（斜率 ${tangent}）和连到 x + h = ${xh} 的割线（斜率 ${secant}）。`,
      intro: "f(x) = x²。把 h 缩小，看橙色的割线逐渐贴近紫色的切线。",
    },
  });

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
