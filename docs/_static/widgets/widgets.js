/* The book's interactive widgets, W1-W7.

   Each chapter marks a widget's place with the `widget` directive
   (docs/_ext/widgets.py), which writes
       <div class="widget" data-widget="NAME"> title, <div class="widget-fallback"> </div>
   This script builds the widget NAME inside that container and only then marks
   it `widget--mounted`, which hides the static fallback figure (widgets.css).
   If JavaScript is off, or anything here fails, the figure stays.

   Every number a widget shows is computed with engine.js, the JavaScript twin
   of tinygrad.py: no result is written into this file. A classic script (not
   an ES module), so the book also works opened straight from disk.
*/
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const SVG = "http://www.w3.org/2000/svg";

  // ------------------------------------------------------------------------
  // Small helpers: numbers for people, DOM, controls, plots
  // ------------------------------------------------------------------------

  function reducedMotion() {
    return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  // Rounded for reading: at most 4 decimals (or `digits`), powers of ten for the very large or small.
  function fmt(x, digits = 4) {
    if (!Number.isFinite(x)) return "too large to show";
    const size = Math.abs(x);
    if (size === 0) return "0";
    if (size >= 1e6 || size < 1e-3) {
      const [mantissa, exponent] = x.toExponential(2).split("e");
      return `${mantissa.replace(/\.?0+$/, "")}e${exponent}`;
    }
    const scale = 10 ** digits;
    const rounded = Math.round(x * scale) / scale;
    return rounded === 0 ? "0" : String(rounded);
  }

  let serial = 0;
  function uid(prefix) {
    serial += 1;
    return `${prefix}-${serial}`;
  }

  function h(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
    }
    node.append(...children);
    return node;
  }

  function s(tag, attributes = {}, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (value !== null && value !== undefined) node.setAttribute(key, String(value));
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A native button; aria-disabled (not `disabled`) keeps keyboard focus where it is.
  function button(label, action) {
    const node = h("button", { type: "button", class: "widget-button" }, label);
    node.addEventListener("click", () => {
      if (node.getAttribute("aria-disabled") !== "true") action();
    });
    return node;
  }

  function enable(node, on) {
    node.setAttribute("aria-disabled", on ? "false" : "true");
  }

  function controls(...children) {
    return h("div", { class: "widget-controls" }, ...children);
  }

  // A labelled slider that shows its value; arrow keys move it.
  function slider({ label, min, max, step, value, valueText, onInput }) {
    const id = uid("widget-input");
    const input = h("input", { type: "range", id, min, max, step, value });
    const shown = h("span", { class: "widget-slider-value", "aria-hidden": "true" });
    function show() {
      const text = valueText(Number(input.value));
      shown.textContent = text;
      input.setAttribute("aria-valuetext", text);
    }
    input.addEventListener("input", () => {
      show();
      onInput(Number(input.value));
    });
    show();
    return {
      row: h("div", { class: "widget-slider" }, h("label", { for: id }, label), input, shown),
      input,
      get value() {
        return Number(input.value);
      },
    };
  }

  // Named values, announced politely when they change.
  function readouts(items) {
    const list = h("dl", { class: "widget-readout", "aria-live": "polite", "aria-atomic": "true" });
    const cells = {};
    for (const [key, label, swatch] of items) {
      const term = h("dt", {});
      if (swatch) term.append(h("span", { class: `widget-swatch widget-swatch--${swatch}`, "aria-hidden": "true" }));
      term.append(label);
      cells[key] = h("dd", { "data-readout": key }, "–");
      list.append(h("div", { class: "widget-readout-item" }, term, cells[key]));
    }
    return {
      list,
      set(key, text) {
        if (cells[key].textContent !== text) cells[key].textContent = text;
      },
    };
  }

  function statusLine() {
    const node = h("p", { class: "widget-status", role: "status", "aria-live": "polite" });
    return {
      node,
      say(text, tone) {
        node.textContent = text;
        node.classList.toggle("widget-status--warning", tone === "warning");
      },
    };
  }

  // Call back with the element's width whenever it changes.
  function onWidth(element, callback) {
    if (!("ResizeObserver" in window)) return;
    let last = 0;
    new ResizeObserver((entries) => {
      const width = Math.round(entries[0].contentRect.width);
      if (width > 0 && width !== last) {
        last = width;
        callback(width);
      }
    }).observe(element);
  }

  // Tick positions at 1, 2 or 5 times a power of ten.
  function ticks(lo, hi, count, minStep = 0) {
    const raw = Math.max((hi - lo) / count, minStep);
    const power = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw);
    const out = [];
    for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k += 1) out.push(k * step);
    return out;
  }

  /* An SVG plot that redraws at its real width, so text stays the same size
     on a phone and on a desktop. draw() is called whenever it must repaint. */
  function makePlot({ x, y, xLabel, yLabel, label, draw, yTickLabel, yMinStep = 0, left = 48, minHeight = 190, maxHeight = 300 }) {
    const svg = s("svg", { class: "widget-plot", role: "img", "aria-label": label, focusable: "false" });
    const frame = h("div", { class: "widget-plot-frame" }, svg);
    const clipId = uid("widget-clip");
    const margin = { left, right: 12, top: 12, bottom: 38 };
    const plot = {
      frame,
      svg,
      x,
      y,
      width: 480,
      height: 280,
      area: null,
      sx(value) {
        const [a, b] = plot.x;
        return margin.left + ((value - a) / (b - a)) * (plot.width - margin.left - margin.right);
      },
      sy(value) {
        const [a, b] = plot.y;
        return plot.height - margin.bottom - ((value - a) / (b - a)) * (plot.height - margin.top - margin.bottom);
      },
      describe(text) {
        svg.setAttribute("aria-label", text);
      },
      // Clears the plot, draws the axes and returns the clipped drawing area.
      begin() {
        plot.height = Math.round(Math.min(maxHeight, Math.max(minHeight, plot.width * 0.6)));
        svg.setAttribute("viewBox", `0 0 ${plot.width} ${plot.height}`);
        svg.replaceChildren();
        const left = margin.left;
        const right = plot.width - margin.right;
        const top = margin.top;
        const bottom = plot.height - margin.bottom;
        const defs = s("defs");
        const clip = s("clipPath", { id: clipId });
        clip.append(s("rect", { x: left, y: top, width: right - left, height: bottom - top }));
        defs.append(clip);
        svg.append(defs);
        const axes = s("g", { class: "widget-axes" });
        const xCount = Math.max(2, Math.floor((right - left) / 70));
        for (const t of ticks(plot.x[0], plot.x[1], xCount)) {
          const px = plot.sx(t);
          axes.append(s("line", { class: "widget-grid", x1: px, x2: px, y1: top, y2: bottom }));
          axes.append(s("text", { x: px, y: bottom + 15, "text-anchor": "middle" }, fmt(t)));
        }
        const yCount = Math.max(2, Math.floor((bottom - top) / 36));
        for (const t of ticks(plot.y[0], plot.y[1], yCount, yMinStep)) {
          const py = plot.sy(t);
          axes.append(s("line", { class: "widget-grid", x1: left, x2: right, y1: py, y2: py }));
          axes.append(
            s("text", { x: left - 6, y: py + 4, "text-anchor": "end" }, yTickLabel ? yTickLabel(t) : fmt(t))
          );
        }
        axes.append(s("rect", { class: "widget-frame", x: left, y: top, width: right - left, height: bottom - top }));
        axes.append(s("text", { class: "widget-axis-label", x: (left + right) / 2, y: plot.height - 4, "text-anchor": "middle" }, xLabel));
        axes.append(
          s("text", { class: "widget-axis-label", x: 12, y: (top + bottom) / 2, "text-anchor": "middle", transform: `rotate(-90 12 ${(top + bottom) / 2})` }, yLabel)
        );
        svg.append(axes);
        plot.area = s("g", { "clip-path": `url(#${clipId})` });
        svg.append(plot.area);
        return plot.area;
      },
      path(points, cls) {
        const d = points
          .filter(([px, py]) => Number.isFinite(px) && Number.isFinite(py))
          .map(([px, py], i) => `${i ? "L" : "M"}${plot.sx(px).toFixed(1)},${plot.sy(clampY(py)).toFixed(1)}`)
          .join("");
        const node = s("path", { class: cls, d });
        plot.area.append(node);
        return node;
      },
      // The straight line through (x0, y0) with this slope, across the whole plot.
      line(x0, y0, slope, cls) {
        return plot.path(plot.x.map((px) => [px, y0 + slope * (px - x0)]), cls);
      },
      dot(px, py, cls, r = 5) {
        const node = s("circle", { class: cls, cx: plot.sx(px).toFixed(1), cy: plot.sy(clampY(py)).toFixed(1), r });
        plot.area.append(node);
        return node;
      },
      repaint() {
        draw();
      },
    };
    // Keep points far outside the plot from producing absurd coordinates.
    function clampY(value) {
      const span = plot.y[1] - plot.y[0];
      return Math.min(plot.y[1] + 10 * span, Math.max(plot.y[0] - 10 * span, value));
    }
    onWidth(frame, (width) => {
      plot.width = width;
      draw();
    });
    return plot;
  }

  function sample(f, [a, b], n = 160) {
    const points = [];
    for (let i = 0; i <= n; i += 1) {
      const x = a + ((b - a) * i) / n;
      points.push([x, f(x)]);
    }
    return points;
  }

  // ------------------------------------------------------------------------
  // W1 `x-times-x`: the trace of x * x, one operand path at a time
  // ------------------------------------------------------------------------

  function mountXTimesX(body) {
    const X = 5;
    let x = null; // Value(5) once evaluated
    let q = null; // x * x
    let seeded = false;
    let added = [false, false]; // which operand edges have passed their gradient

    const names = ["left", "right"];
    const diagram = s("svg", { class: "widget-diagram", viewBox: "0 0 300 164", role: "img" });
    const trace = h("pre", { class: "widget-trace", "aria-label": "What we have computed so far" });
    const out = readouts([
      ["q", "q = x * x"],
      ["q-grad", "q.grad"],
      ["x-grad", "x.grad"],
    ]);
    const status = statusLine();
    const evaluateButton = button("Evaluate", evaluate);
    const seedButton = button("Seed output gradient", seed);
    const operandButtons = names.map((side, i) => button(`Add ${side} operand's contribution`, () => contribute(i)));
    const lines = [];

    function evaluate() {
      x = new Value(X);
      q = x.mul(x);
      seeded = false;
      added = [false, false];
      lines.length = 0;
      lines.push(`x = ${fmt(x.data)}`, `q = x * x          # ${fmt(q.data)}`);
      status.say(`Forward pass: q = x * x = ${fmt(q.data)}. Each operand is ${fmt(x.data)}, so each local derivative is ${fmt(q.edges[0][1])}.`);
      render();
    }

    function seed() {
      for (const node of q.order()) node.grad = 0; // as backward() does
      q.grad = 1;
      seeded = true;
      added = [false, false];
      lines.length = 2;
      lines.push(`q.grad = ${fmt(q.grad)}         # seed dq/dq`);
      status.say(`Seeded the output gradient: q.grad = ${fmt(q.grad)}. x.grad starts at ${fmt(x.grad)}.`);
      render();
    }

    function contribute(i) {
      const [parent, localDerivative] = q.edges[i];
      const amount = q.grad * localDerivative;
      parent.grad += amount;
      added[i] = true;
      lines.push(`x.grad += q.grad * ${fmt(localDerivative)}  # ${names[i]}: ${fmt(parent.grad)}`);
      if (added.every(Boolean)) {
        status.say(
          `The ${names[i]} operand adds ${fmt(q.grad)} × ${fmt(localDerivative)} = ${fmt(amount)}. Both paths are in: x.grad = ${fmt(x.grad)}, the slope 2x at x = ${fmt(x.data)}.`
        );
      } else {
        status.say(`The ${names[i]} operand adds ${fmt(q.grad)} × ${fmt(localDerivative)} = ${fmt(amount)}: x.grad is now ${fmt(x.grad)}.`);
      }
      render();
    }

    function box(px, title, data, grad, active) {
      const g = s("g", { class: `widget-node${active ? " is-active" : ""}` });
      g.append(s("rect", { x: px, y: 51, width: 96, height: 62, rx: 8 }));
      g.append(s("text", { x: px + 48, y: 71, "text-anchor": "middle", class: "widget-node-title" }, title));
      g.append(s("text", { x: px + 48, y: 89, "text-anchor": "middle" }, `data ${data}`));
      g.append(s("text", { x: px + 48, y: 106, "text-anchor": "middle", class: "widget-node-grad" }, `grad ${grad}`));
      return g;
    }

    function render() {
      const evaluated = q !== null;
      enable(seedButton, evaluated);
      operandButtons.forEach((b, i) => enable(b, seeded && !added[i]));
      out.set("q", evaluated ? fmt(q.data) : "not computed yet");
      out.set("q-grad", seeded ? fmt(q.grad) : "not seeded yet");
      out.set("x-grad", seeded ? fmt(x.grad) : "–");
      trace.textContent = lines.length ? lines.join("\n") : "Press Evaluate to run q = x * x at x = 5.";

      diagram.replaceChildren();
      const local = evaluated ? fmt(q.edges[0][1]) : "?";
      const edges = [
        ["M100,66 C135,24 165,24 200,66", 18, `left operand: ×${local}`],
        ["M100,98 C135,140 165,140 200,98", 158, `right operand: ×${local}`],
      ];
      edges.forEach(([d, labelY, label], i) => {
        diagram.append(s("path", { d, class: `widget-edge${added[i] ? " is-active" : ""}` }));
        diagram.append(s("text", { x: 150, y: labelY, "text-anchor": "middle", class: "widget-edge-label" }, added[i] ? `${label}, added` : label));
      });
      diagram.append(box(4, "x", fmt(X), seeded ? fmt(x.grad) : "?", added.some(Boolean)));
      diagram.append(box(200, "q = x * x", evaluated ? fmt(q.data) : "?", seeded ? fmt(q.grad) : "?", seeded && !added.some(Boolean)));
      diagram.setAttribute(
        "aria-label",
        `x = ${fmt(X)} feeds both operands of q = x * x. q: ${evaluated ? fmt(q.data) : "not computed"}. x.grad: ${seeded ? fmt(x.grad) : "not computed"}.`
      );
    }

    body.append(
      h("p", { class: "widget-intro" }, "q = x * x at x = 5: one forward pass, then the backward pass one edge at a time."),
      controls(evaluateButton, seedButton, ...operandButtons),
      h("div", { class: "widget-diagram-frame" }, diagram),
      out.list,
      trace,
      status.node
    );
    render();
  }

  // ------------------------------------------------------------------------
  // W2 `known-point`: a formula gives value and slope at any point, not the shape
  // ------------------------------------------------------------------------

  function mountKnownPoint(body) {
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
      ["slope", "slope p′(x)", "purple"],
      ["trend", "moving right, p is"],
    ]);
    const point = slider({
      label: "Known evaluation point x",
      min: -2.2,
      max: 2.2,
      step: 0.05,
      value: 1.5,
      valueText: (v) => `x = ${fmt(v)}`,
      onInput: update,
    });
    const reveal = button("Reveal full curve", () => {
      revealed = !revealed;
      reveal.setAttribute("aria-pressed", String(revealed));
      status.say(
        revealed
          ? "The whole curve on this interval: it needed many more evaluations than one point."
          : "The curve is hidden again: only the points you have evaluated are shown."
      );
      plot.repaint();
    });
    reveal.setAttribute("aria-pressed", "false");

    const plot = makePlot({
      x: [-2.4, 2.4],
      y: [-7, 7],
      xLabel: "x",
      yLabel: "p(x)",
      label: "",
      draw,
    });

    function draw() {
      const x0 = point.value;
      const { value, slope } = at(x0);
      plot.begin();
      if (revealed) {
        curve = curve || sample((x) => p(new Value(x)).data, [-2.4, 2.4], 200);
        plot.path(curve, "widget-curve");
      }
      for (const [vx, vy] of visited) plot.dot(vx, vy, "widget-visited", 2.5);
      plot.path([[x0 - 0.45, value - 0.45 * slope], [x0 + 0.45, value + 0.45 * slope]], "widget-tangent");
      plot.dot(x0, value, "widget-point");
      plot.describe(
        `The point x = ${fmt(x0)}, p(x) = ${fmt(value)} with a short tangent of slope ${fmt(slope)}. ` +
          `${visited.size} points evaluated so far. The full curve is ${revealed ? "shown" : "hidden"}.`
      );
    }

    function update() {
      const x0 = point.value;
      const { value, slope } = at(x0);
      visited.set(x0, value);
      out.set("value", fmt(value));
      out.set("slope", fmt(slope));
      out.set("trend", slope > 0.05 ? "rising" : slope < -0.05 ? "falling" : "nearly flat");
      plot.repaint();
    }

    body.append(
      h("p", { class: "widget-intro" }, "p(x) = x⁴ − 4x² + x. Move the point: the engine gives the value and the slope there, and nothing else."),
      point.row,
      controls(reveal),
      plot.frame,
      out.list,
      status.node
    );
    status.say("Only the points you evaluate are drawn. Press Reveal full curve to see the whole function.");
    update();
  }

  // ------------------------------------------------------------------------
  // W3 `secant`: the secant through x and x + h turns into the tangent
  // ------------------------------------------------------------------------

  function mountSecant(body) {
    const H = [0.001, 0.01, 0.05, 0.1, 0.2, 0.5, 1];
    const square = (x) => x.pow(2); // f(x) = x**2
    const out = readouts([
      ["fx", "f(x)"],
      ["fxh", "f(x + h)"],
      ["secant", "secant slope (f(x+h) − f(x)) / h", "orange"],
      ["tangent", "tangent slope f′(x)", "purple"],
      ["gap", "secant − tangent"],
    ]);
    const hSlider = slider({
      label: "Small change h",
      min: 0,
      max: H.length - 1,
      step: 1,
      value: H.length - 1,
      valueText: (i) => `h = ${fmt(H[i])}`,
      onInput: update,
    });
    const xSlider = slider({
      label: "Position x",
      min: -5,
      max: 5,
      step: 0.1,
      value: 5,
      valueText: (v) => `x = ${fmt(v)}`,
      onInput: update,
    });
    const plot = makePlot({ x: [-6, 6.5], y: [-4, 40], xLabel: "x", yLabel: "f(x) = x²", label: "", draw });
    const curve = sample((x) => square(new Value(x)).data, [-6, 6.5], 200);

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
      plot.line(x0, fx, tangent, "widget-tangent");
      plot.line(x0, fx, secant, "widget-secant");
      plot.dot(x0 + h0, fxh, "widget-secant-point", 4);
      plot.dot(x0, fx, "widget-point");
      plot.describe(
        `The parabola f(x) = x² with the tangent at x = ${fmt(x0)} (slope ${fmt(tangent)}) and the secant to x + h = ${fmt(x0 + h0)} (slope ${fmt(secant)}).`
      );
    }

    function update() {
      const { fx, fxh, secant, tangent } = compute();
      out.set("fx", fmt(fx, 6)); // six decimals: f(5.001) = 25.010001
      out.set("fxh", fmt(fxh, 6));
      out.set("secant", fmt(secant, 6));
      out.set("tangent", fmt(tangent, 6));
      out.set("gap", fmt(secant - tangent, 6));
      plot.repaint();
    }

    body.append(
      h("p", { class: "widget-intro" }, "f(x) = x². Shrink h and watch the orange secant close in on the purple tangent."),
      hSlider.row,
      xSlider.row,
      plot.frame,
      out.list
    );
    update();
  }

  // ------------------------------------------------------------------------
  // W4 `loss-choice`: squared or absolute error, the same model behind both
  // ------------------------------------------------------------------------

  function mountLossChoice(body) {
    const X = 2;
    const Y = 5;
    const B = 0;
    const LOSSES = {
      squared: { label: "Squared error", of: (e) => e.pow(2), y: [0, 50] },
      // |e| from the engine's own operations: relu(e) + relu(-e), subgradient 0 at e = 0
      absolute: { label: "Absolute error", of: (e) => e.relu().add(e.neg().relu()), y: [0, 8] },
    };
    let choice = "squared";

    function compute(w0) {
      const w = new Value(w0);
      const yHat = w.mul(X).add(new Value(B));
      const e = yHat.sub(Y);
      const loss = LOSSES[choice].of(e);
      loss.backward();
      return { yHat: yHat.data, e: e.data, loss: loss.data, dPrediction: yHat.grad, dWeight: w.grad };
    }

    const status = statusLine();
    const out = readouts([
      ["prediction", "prediction ŷ = w·x"],
      ["loss", "loss L"],
      ["prediction-gradient", "prediction gradient ∂L/∂ŷ"],
      ["weight-gradient", "weight gradient ∂L/∂w", "purple"],
    ]);
    const group = h("fieldset", { class: "widget-choice" }, h("legend", {}, "Loss"));
    const name = uid("widget-loss");
    for (const [key, { label }] of Object.entries(LOSSES)) {
      const id = uid("widget-radio");
      const radio = h("input", { type: "radio", name, id, value: key, checked: key === choice });
      radio.addEventListener("change", () => {
        if (radio.checked) {
          choice = key;
          update();
        }
      });
      group.append(h("span", { class: "widget-radio" }, radio, h("label", { for: id }, label)));
    }
    const weight = slider({
      label: "Weight w",
      min: -1,
      max: 5,
      step: 0.1,
      value: 1,
      valueText: (v) => `w = ${fmt(v)}`,
      onInput: update,
    });
    const plot = makePlot({ x: [-1, 5], y: [0, 50], xLabel: "weight w", yLabel: "loss L(w)", label: "", draw });

    function draw() {
      const w0 = weight.value;
      const { loss, dWeight } = compute(w0);
      plot.y = LOSSES[choice].y;
      plot.begin();
      plot.path(sample((w) => compute(w).loss, [-1, 5], 240), "widget-curve");
      plot.path([[w0 - 0.8, loss - 0.8 * dWeight], [w0 + 0.8, loss + 0.8 * dWeight]], "widget-tangent");
      plot.dot(w0, loss, "widget-point");
      plot.describe(`${LOSSES[choice].label} as a function of the weight, with the point w = ${fmt(w0)} and its tangent of slope ${fmt(dWeight)}.`);
    }

    function update() {
      const w0 = weight.value;
      const r = compute(w0);
      out.set("prediction", fmt(r.yHat));
      out.set("loss", fmt(r.loss));
      out.set("prediction-gradient", fmt(r.dPrediction));
      out.set("weight-gradient", fmt(r.dWeight));
      if (choice === "absolute" && r.e === 0) {
        status.say("The prediction hits the target: absolute error has a kink here, and the widget uses the subgradient 0.");
      } else {
        status.say(`With x = ${X}: weight gradient = prediction gradient × x = ${fmt(r.dPrediction)} × ${X} = ${fmt(r.dWeight)}.`);
      }
      plot.repaint();
    }

    body.append(
      h("p", { class: "widget-intro" }, `One example (x, y) = (${X}, ${Y}), bias b = ${B}, prediction ŷ = w·x + b.`),
      group,
      weight.row,
      plot.frame,
      out.list,
      status.node
    );
    update();
  }

  // ------------------------------------------------------------------------
  // W5 `one-step`: one step of gradient descent on the squared error
  // ------------------------------------------------------------------------

  function mountOneStep(body) {
    const X = 2;
    const Y = 5;
    const W0 = 1;
    const LEARNING_RATE = 0.1;
    const lossOf = (w) => w.mul(X).sub(Y).pow(2); // b = 0
    let w = new Value(W0);
    let path = [];

    const status = statusLine();
    const out = readouts([
      ["steps", "steps taken"],
      ["w", "weight w"],
      ["prediction", "prediction ŷ"],
      ["loss", "loss L"],
      ["gradient", "gradient ∂L/∂w", "purple"],
    ]);
    const stepButton = button("Take one step", step);
    const resetButton = button("Reset", reset);
    const plot = makePlot({ x: [0, 4], y: [0, 26], xLabel: "weight w", yLabel: "loss L(w)", label: "", draw });

    function measure() {
      const loss = lossOf(w);
      loss.backward(); // also clears the gradients it reaches
      return { loss: loss.data, gradient: w.grad, prediction: w.data * X };
    }

    function step() {
      const before = measure();
      const old = w.data;
      w.data -= LEARNING_RATE * w.grad;
      path.push([old, before.loss]);
      const after = measure();
      status.say(
        `w ← w − η · ∂L/∂w = ${fmt(old)} − ${fmt(LEARNING_RATE)} × (${fmt(before.gradient)}) = ${fmt(w.data)}. ` +
          `The loss went from ${fmt(before.loss)} to ${fmt(after.loss)}.`
      );
      update();
    }

    function reset() {
      w = new Value(W0);
      path = [];
      status.say(`Back to w = ${fmt(w.data)}, learning rate η = ${fmt(LEARNING_RATE)}.`);
      update();
    }

    function draw() {
      const now = measure();
      plot.begin();
      plot.path(sample((v) => lossOf(new Value(v)).data, [0, 4], 200), "widget-curve");
      const points = path.concat([[w.data, now.loss]]);
      if (points.length > 1) plot.path(points, "widget-descent");
      for (const [pw, pl] of path) plot.dot(pw, pl, "widget-visited", 3.5);
      plot.path([[w.data - 0.6, now.loss - 0.6 * now.gradient], [w.data + 0.6, now.loss + 0.6 * now.gradient]], "widget-tangent");
      plot.dot(w.data, now.loss, "widget-point");
      plot.describe(`The loss (2w − 5)² against w, with the current weight ${fmt(w.data)} at loss ${fmt(now.loss)} and ${path.length} steps taken.`);
    }

    function update() {
      const now = measure();
      out.set("steps", String(path.length));
      out.set("w", fmt(w.data));
      out.set("prediction", fmt(now.prediction));
      out.set("loss", fmt(now.loss));
      out.set("gradient", fmt(now.gradient));
      plot.repaint();
    }

    body.append(
      h("p", { class: "widget-intro" }, `Squared error on (x, y) = (${X}, ${Y}) with b = 0, learning rate η = ${LEARNING_RATE}.`),
      controls(stepButton, resetButton),
      plot.frame,
      out.list,
      status.node
    );
    reset();
  }

  // ------------------------------------------------------------------------
  // W6 `backprop-graph`: the backward pass one operation at a time
  // ------------------------------------------------------------------------

  function mountBackpropGraph(body) {
    const w = new Value(1);
    const x = new Value(2);
    const y = new Value(5);
    const yHat = w.mul(x);
    const e = yHat.sub(y);
    const L = e.pow(2);
    const names = new Map([
      [w, "w"],
      [x, "x"],
      [yHat, "ŷ = w·x"],
      [y, "y (target)"],
      [e, "e = ŷ − y"],
      [L, "L = e²"],
    ]);
    // Each operation, output first: the values with edges, in reverse topological order.
    const operations = L.order().reverse().filter((node) => node.edges.length > 0);
    let reached = new Set();
    let done = 0; // operations propagated so far
    let seeded = false;

    const status = statusLine();
    const seedButton = button("Seed gradient", seed);
    const stepButton = button("Backpropagate one operation", step);
    const svg = s("svg", { class: "widget-graph", role: "img", focusable: "false" });
    const frame = h("div", { class: "widget-plot-frame" }, svg);
    let width = 560;

    function seed() {
      for (const node of L.order()) node.grad = 0; // as backward() does
      L.grad = 1;
      reached = new Set([L]);
      done = 0;
      seeded = true;
      status.say(`Seeded: dL/dL = ${fmt(L.grad)}. Now pass it back one operation at a time.`);
      render();
    }

    function step() {
      const node = operations[done];
      node.propagate(); // the engine's step: parent.grad += node.grad * local derivative
      for (const [parent] of node.edges) reached.add(parent);
      done += 1;
      const passed = node.edges.map(([parent, local]) => `${label(parent)} gets ${fmt(node.grad)} × ${fmt(local)} = ${fmt(parent.grad)}`);
      let text = `${names.get(node)}: ${passed.join("; ")}.`;
      if (done === operations.length) {
        text += ` Done: w holds ${fmt(w.grad)} and x holds ${fmt(x.grad)}. Every gradient is a derivative of the loss L.`;
      }
      status.say(text);
      render();
    }

    function label(node) {
      return names.get(node).split(" ")[0];
    }

    // Box positions as fractions of the drawing, wide (left to right) and narrow (top to bottom).
    const WIDE = new Map([[w, [0, 0]], [x, [0, 0.62]], [yHat, [0.34, 0.31]], [y, [0.34, 1]], [e, [0.67, 0.62]], [L, [1, 0.62]]]);
    const NARROW = new Map([[w, [0, 0]], [x, [0.6, 0]], [yHat, [0.3, 0.34]], [y, [1, 0.34]], [e, [0.65, 0.67]], [L, [0.65, 1]]]);

    function render() {
      enable(stepButton, seeded && done < operations.length);
      const wide = width >= 520;
      const layout = wide ? WIDE : NARROW;
      const boxW = wide ? 112 : Math.min(112, Math.floor((width - 16) / 3));
      const boxH = 64;
      const height = wide ? 250 : 380;
      const pad = 6;
      svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
      svg.replaceChildren();
      const at = (node) => {
        const [fx, fy] = layout.get(node);
        return [pad + fx * (width - boxW - 2 * pad), pad + fy * (height - boxH - 2 * pad)];
      };
      const active = done > 0 ? operations[done - 1] : null;
      // edges: from each parent box to its child box, labelled with the local derivative
      for (const node of operations) {
        for (const [parent, local] of node.edges) {
          const [px, py] = at(parent);
          const [cx, cy] = at(node);
          const x1 = wide ? px + boxW : px + boxW / 2;
          const y1 = wide ? py + boxH / 2 : py + boxH;
          const x2 = wide ? cx : cx + boxW / 2;
          const y2 = wide ? cy + boxH / 2 : cy;
          const passed = reached.has(parent) && parent !== L;
          svg.append(s("line", { x1, y1, x2, y2, class: `widget-edge${passed ? " is-active" : ""}${node === active ? " is-current" : ""}` }));
          const mx = (x1 + x2) / 2;
          const my = (y1 + y2) / 2;
          const text = local < 0 ? `×(${fmt(local)})` : `×${fmt(local)}`;
          const tagWidth = 10 + 7 * text.length;
          svg.append(s("rect", { class: "widget-edge-tag", x: mx - tagWidth / 2, y: my - 10, width: tagWidth, height: 18, rx: 4 }));
          svg.append(s("text", { x: mx, y: my + 4, "text-anchor": "middle", class: "widget-edge-label" }, text));
        }
      }
      for (const [node, name] of names) {
        const [bx, by] = at(node);
        const isNew = active && (node === active || active.edges.some(([parent]) => parent === node));
        const g = s("g", { class: `widget-node${reached.has(node) ? " is-reached" : ""}${isNew ? " is-active" : ""}`, "data-node": label(node) });
        g.append(s("rect", { x: bx, y: by, width: boxW, height: boxH, rx: 8 }));
        const cx = bx + boxW / 2;
        g.append(s("text", { x: cx, y: by + 19, "text-anchor": "middle", class: "widget-node-title" }, name));
        g.append(s("text", { x: cx, y: by + 37, "text-anchor": "middle" }, `data ${fmt(node.data)}`));
        g.append(s("text", { x: cx, y: by + 55, "text-anchor": "middle", class: "widget-node-grad" }, `grad ${reached.has(node) ? fmt(node.grad) : "?"}`));
        svg.append(g);
      }
      const summary = [...names].map(([node]) => `${label(node)}: data ${fmt(node.data)}, grad ${reached.has(node) ? fmt(node.grad) : "not yet"}`);
      svg.setAttribute("aria-label", `Computation graph of L = (w·x − y)². ${summary.join("; ")}.`);
      out.set("w-grad", reached.has(w) ? fmt(w.grad) : "not yet");
      out.set("x-grad", reached.has(x) ? fmt(x.grad) : "not yet");
      out.set("operations", `${done} of ${operations.length}`);
    }

    const out = readouts([
      ["operations", "operations passed back"],
      ["w-grad", "w.grad"],
      ["x-grad", "x.grad"],
    ]);
    onWidth(frame, (measured) => {
      width = measured;
      render();
    });
    body.append(
      h("p", { class: "widget-intro" }, "ŷ = w·x with w = 1, x = 2, target y = 5; e = ŷ − y; L = e². Each box shows its data and its gradient."),
      controls(seedButton, stepButton),
      frame,
      out.list,
      status.node
    );
    status.say("Press Seed gradient to start the backward pass at L.");
    render();
  }

  // ------------------------------------------------------------------------
  // W7 `train-line`: gradient descent on a line, and a learning rate too large
  // ------------------------------------------------------------------------

  function mountTrainLine(body) {
    const DATA = [[0, 1], [1, 3], [2, 5], [3, 7]]; // on y = 2x + 1
    const START = { w: -1, b: 0 };
    const RUN = 100;
    const KEEP = 1000; // at most this many points of the loss curve are kept
    let w;
    let b;
    let steps; // steps taken so far
    let lastLoss; // the loss before the last step
    // The loss before each step, as gradient_descent() records it, thinned out
    // so that a long run stays quick to draw: the loss before every `stride`-th
    // step, as [step, loss] pairs; `stride` doubles whenever KEEP is exceeded.
    let history;
    let stride;
    let diverged = false;
    let growing = 0; // steps in a row that made the loss larger
    let running = 0; // requestAnimationFrame id of a run in progress

    function meanSquaredError() {
      let total = null;
      for (const [xi, yi] of DATA) {
        const term = w.mul(xi).add(b).sub(yi).pow(2);
        total = total === null ? term : total.add(term);
      }
      return total.mul(1 / DATA.length);
    }

    // The loss now, or null when it is no longer a finite number.
    function currentLoss() {
      try {
        const loss = meanSquaredError().data;
        return Number.isFinite(loss) ? loss : null;
      } catch (error) {
        if (error instanceof RangeError) return null; // the engine's overflow
        throw error;
      }
    }

    const status = statusLine();
    const out = readouts([
      ["steps", "steps"],
      ["w", "w"],
      ["b", "b"],
      ["loss", "mean squared error"],
    ]);
    const rateId = uid("widget-input");
    // A text box, not type="number": that would turn "0,05" into 5 in some
    // browsers, and would not let us say what in the text was not understood.
    const rate = h("input", { type: "text", id: rateId, value: "0.05", inputmode: "decimal", autocomplete: "off", spellcheck: "false" });
    const stepButton = button("Step", () => train(1));
    const runButton = button(`Run ${RUN} steps`, () => train(RUN));
    const resetButton = button("Reset", reset);

    const linePlot = makePlot({ x: [-0.5, 3.5], y: [-2, 9], xLabel: "x", yLabel: "y", label: "", draw: drawLine, minHeight: 180, maxHeight: 260 });
    const lossPlot = makePlot({
      x: [0, RUN],
      y: [-1, 2],
      xLabel: "step",
      yLabel: "loss (log scale)",
      left: 56,
      label: "",
      draw: drawLoss,
      minHeight: 180,
      maxHeight: 260,
      yTickLabel: (t) => (Math.abs(t) <= 3 ? fmt(10 ** t) : `1e${t}`),
      yMinStep: 1, // whole powers of ten
    });

    // The learning rate in the box as { value }, or { problem } saying what is wrong.
    // A decimal comma counts as a decimal point: 0,05 is 0.05.
    function learningRate() {
      const text = rate.value.trim();
      const ABOVE_0 = "Enter a learning rate above 0, such as 0.05.";
      if (text === "") return { problem: ABOVE_0 };
      if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i.test(text)) {
        return { problem: `The learning rate “${text}” was not understood as a number. ${ABOVE_0}` };
      }
      const value = Number(text.replace(",", "."));
      return value > 0 && Number.isFinite(value) ? { value } : { problem: ABOVE_0 };
    }

    function record(loss) {
      if (steps % stride === 0) {
        history.push([steps, loss]);
        if (history.length > KEEP) {
          stride *= 2;
          history = history.filter(([step]) => step % stride === 0);
        }
      }
      lastLoss = loss;
      steps += 1;
    }

    // One step of gradient descent; false once the loss stops being a finite number.
    function takeStep(eta) {
      let loss;
      try {
        loss = meanSquaredError();
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        loss = null;
      }
      if (loss === null || !Number.isFinite(loss.data)) {
        diverged = true;
        status.say(
          `Training diverged at step ${steps}: the loss is no longer a finite number. ` +
            `Lower the learning rate (it is ${fmt(eta)}) and press Reset.`,
          "warning"
        );
        return false;
      }
      growing = loss.data > lastLoss ? growing + 1 : 0;
      record(loss.data);
      w.grad = 0; // as gradient_descent() does: every step starts from 0
      b.grad = 0;
      loss.backward(); // also clears this graph's old gradients
      w.data -= eta * w.grad;
      b.data -= eta * b.grad;
      return true;
    }

    function train(steps) {
      if (running) return;
      if (diverged) {
        status.say("Training has diverged. Lower the learning rate and press Reset.", "warning");
        return;
      }
      const { value: eta, problem } = learningRate();
      if (problem) {
        status.say(problem, "warning");
        return;
      }
      if (steps === 1 || reducedMotion()) {
        for (let i = 0; i < steps; i += 1) {
          if (!takeStep(eta)) break;
        }
        finish(eta);
        return;
      }
      let left = steps;
      const frame = () => {
        for (let i = 0; i < 5 && left > 0; i += 1) {
          left -= 1;
          if (!takeStep(eta)) left = 0;
        }
        update();
        running = left > 0 ? requestAnimationFrame(frame) : 0;
        if (!running) finish(eta);
      };
      running = requestAnimationFrame(frame);
    }

    function finish(eta) {
      if (!diverged) {
        const now = currentLoss();
        if (growing >= 3) {
          status.say(
            `The loss is growing: with learning rate ${fmt(eta)} each step overshoots the minimum and lands farther away. ` +
              "Lower the learning rate and press Reset.",
            "warning"
          );
        } else {
          status.say(`After ${steps} steps: w = ${fmt(w.data)}, b = ${fmt(b.data)}, loss ${fmt(now)}.`);
        }
      }
      update();
    }

    function reset() {
      if (running) cancelAnimationFrame(running);
      running = 0;
      w = new Value(START.w);
      b = new Value(START.b);
      steps = 0;
      lastLoss = Infinity;
      history = [];
      stride = 1;
      diverged = false;
      growing = 0;
      status.say(`Start: w = ${fmt(w.data)}, b = ${fmt(b.data)}. The data lie on y = 2x + 1.`);
      update();
    }

    function drawLine() {
      linePlot.begin();
      if (Number.isFinite(w.data) && Number.isFinite(b.data)) {
        linePlot.line(0, b.data, w.data, "widget-fit");
      }
      for (const [xi, yi] of DATA) linePlot.dot(xi, yi, "widget-data", 5);
      linePlot.describe(`The four data points and the line y = ${fmt(w.data)}·x + ${fmt(b.data)}.`);
    }

    function drawLoss() {
      const now = currentLoss();
      const series = now === null ? history : history.concat([[steps, now]]);
      const points = series.map(([step, loss]) => [step, Math.log10(Math.max(loss, 1e-30))]);
      let lo = -1;
      let hi = 2;
      for (const [, v] of points) {
        lo = Math.min(lo, v); // one at a time: Math.min(...all) overflows the call stack
        hi = Math.max(hi, v);
      }
      lossPlot.x = [0, Math.max(RUN, Math.ceil(steps / RUN) * RUN)];
      lossPlot.y = [Math.floor(lo), Math.ceil(hi)];
      lossPlot.begin();
      lossPlot.path(points, diverged || growing >= 3 ? "widget-loss widget-loss--bad" : "widget-loss");
      if (points.length) lossPlot.dot(...points[points.length - 1], "widget-point", 4);
      const [first, last] = [series[0], series[series.length - 1]].map((point) => (point ? point[1] : Infinity));
      lossPlot.describe(`Loss after each of ${steps} steps on a log scale, from ${fmt(first)} to ${fmt(last)}.`);
    }

    function update() {
      const now = currentLoss();
      out.set("steps", String(steps));
      out.set("w", fmt(w.data));
      out.set("b", fmt(b.data));
      out.set("loss", now === null ? "too large to show" : fmt(now));
      enable(stepButton, !diverged);
      enable(runButton, !diverged);
      linePlot.repaint();
      lossPlot.repaint();
    }

    const rateRow = h("div", { class: "widget-number" }, h("label", { for: rateId }, "Learning rate"), rate);
    body.append(
      h("p", { class: "widget-intro" }, "Fit ŷ = w·x + b to four points, starting from w = −1, b = 0, with the mean squared error."),
      rateRow,
      controls(stepButton, runButton, resetButton),
      h("div", { class: "widget-plots" }, linePlot.frame, lossPlot.frame),
      out.list,
      status.node
    );
    reset();
  }

  // ------------------------------------------------------------------------
  // Mounting
  // ------------------------------------------------------------------------

  const WIDGETS = {
    "x-times-x": mountXTimesX,
    "known-point": mountKnownPoint,
    secant: mountSecant,
    "loss-choice": mountLossChoice,
    "one-step": mountOneStep,
    "backprop-graph": mountBackpropGraph,
    "train-line": mountTrainLine,
  };

  function mountAll() {
    for (const container of document.querySelectorAll(".widget[data-widget]")) {
      const name = container.getAttribute("data-widget");
      const mount = WIDGETS[name];
      if (!mount || container.classList.contains("widget--mounted")) continue;
      const body = h("div", { class: "widget-body" });
      try {
        container.append(body);
        mount(body, container);
        container.classList.add("widget--mounted"); // hides the static figure
      } catch (error) {
        body.remove();
        console.error(`The ${name} widget failed; its static figure stays in its place.`, error);
      }
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
})();
