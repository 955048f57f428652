/* `known-point` (chapter 1): a formula gives the value and the slope at any
   point, not the shape. Needs engine.js, ui.js and plot.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { strings, fmt, h, button, controls, slider, readouts, statusLine, makePlot, sample, register } =
    window.BookWidgets;

  const T = strings("known-point", {
    en: {
      slope: "slope p′(x)",
      trend: "moving right, p is",
      point: "Known evaluation point x",
      reveal: "Reveal full curve",
      shownNow: "The whole curve on this interval: it needed many more evaluations than one point.",
      hiddenNow: "The curve is hidden again: only the points you have evaluated are shown.",
      describe: (x, value, slope, count, revealed) =>
        `The point x = ${x}, p(x) = ${value} with a short tangent of slope ${slope}. ` +
        `${count} points evaluated so far. The full curve is ${revealed ? "shown" : "hidden"}.`,
      rising: "rising",
      falling: "falling",
      flat: "nearly flat",
      intro: "p(x) = x⁴ − 4x² + x. Move the point: the engine gives the value and the slope there, and nothing else.",
      start: "Only the points you evaluate are drawn. Press Reveal full curve to see the whole function.",
    },
    zh: {
      slope: "斜率 p′(x)",
      trend: "向右移动时，p 在",
      point: "已知的求值点 x",
      reveal: "显示完整曲线",
      shownNow: "这个区间上的完整曲线：画出它需要的求值次数远多于一个点。",
      hiddenNow: "曲线又隐藏了：只显示你已经求值过的点。",
      describe: (x, value, slope, count, revealed) =>
        `点 x = ${x}，p(x) = ${value}，画出一小段斜率为 ${slope} 的切线。` +
        `目前已求值 ${count} 个点。完整曲线${revealed ? "已显示" : "已隐藏"}。`,
      rising: "上升",
      falling: "下降",
      flat: "几乎持平",
      intro: "p(x) = x⁴ − 4x² + x。移动这个点：引擎给出该点的值和斜率，仅此而已。",
      start: "只画出你求值过的点。按“显示完整曲线”查看整个函数。",
    },
  });

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
