/* `x-times-x` (chapter 1): the two paths through q = x * x, one input at a
   time, adding up to the slope 2x. Needs engine.js and ui.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { _, fmt, h, s, button, enable, controls, readouts, statusLine, register } = window.BookWidgets;

  const T = {
    intro: _("q = x * x at x = 5: run it once, then add what each input's path brings to the slope."),
    traceLabel: _("What we have computed so far"),
    evaluate: _("Evaluate"),
    sides: [_("left"), _("right")],
    contribute: (side) => _("Add the {side} input's path", { side }),
    slope: _("slope dq/dx"),
    evaluated: (q, x, local) =>
      _("Ran q = x * x = {q} and kept both inputs. Each is {x}, so each path's local derivative is {local}.", {
        q,
        x,
        local,
      }),
    bothIn: (side, amount, slope, at) =>
      _("The {side} input's path adds {amount}. Both paths are in: the slope is {slope}, that is 2x at x = {at}.", {
        side,
        amount,
        slope,
        at,
      }),
    oneIn: (side, amount, slope) =>
      _("The {side} input's path adds {amount}: the slope is {slope} so far.", { side, amount, slope }),
    notComputed: _("not computed yet"),
    start: _("Press Evaluate to run q = x * x at x = 5."),
    edge: (side, local) => _("{side} input: ×{local}", { side, local }),
    added: (label) => _("{label}, added", { label }),
    slopeLine: (slope) => _("slope {slope}", { slope }),
    diagram: (x, q, slope) =>
      _("x = {x} feeds both inputs of q = x * x. q: {q}. Slope so far: {slope}.", { x, q, slope }),
    notComputedShort: _("not computed"),
  };

  // The drawing: two boxes joined by two curved edges, in a 300 × 164 box.
  const VIEW = "0 0 300 164";
  const BOX = { y: 51, width: 96, height: 62, radius: 8, lines: [71, 89, 106] }; // text baselines
  const X_BOX = 4;
  const Q_BOX = 200;
  const EDGES = [
    ["M100,66 C135,24 165,24 200,66", 18], // the path and its label's baseline
    ["M100,98 C135,140 165,140 200,98", 158],
  ];
  const EDGE_LABEL_X = 150;

  function mount(body) {
    const X = 5;
    let x = null; // Value(5) once evaluated
    let q = null; // x * x
    let slope = 0;
    let added = [false, false]; // which inputs' paths have been added to the slope

    const diagram = s("svg", { class: "widget-diagram", viewBox: VIEW, role: "img" });
    const trace = h("pre", { class: "widget-trace", "aria-label": T.traceLabel });
    const out = readouts([
      ["q", "q = x * x"],
      ["slope", T.slope],
    ]);
    const status = statusLine();
    const evaluateButton = button(T.evaluate, evaluate);
    const pathButtons = T.sides.map((side, i) => button(T.contribute(side), () => contribute(i)));
    const lines = [];

    function evaluate() {
      x = new Value(X);
      q = x.mul(x);
      slope = 0;
      added = [false, false];
      lines.length = 0;
      lines.push(`x = ${fmt(x.data)}`, `q = x * x    # ${fmt(q.data)}`, "dq_dx = 0");
      status.say(T.evaluated(fmt(q.data), fmt(x.data), fmt(q.edges[0][1])));
      render();
    }

    function contribute(i) {
      const localDerivative = q.edges[i][1]; // the other input, kept from the run
      slope += localDerivative;
      added[i] = true;
      lines.push(`dq_dx += ${fmt(localDerivative)}   # ${T.sides[i]}: ${fmt(slope)}`);
      const numbers = [T.sides[i], fmt(localDerivative), fmt(slope)];
      status.say(added.every(Boolean) ? T.bothIn(...numbers, fmt(x.data)) : T.oneIn(...numbers));
      render();
    }

    function box(px, title, value, note, active) {
      const g = s("g", { class: `widget-node${active ? " is-active" : ""}` });
      const middle = px + BOX.width / 2;
      const [titleY, valueY, noteY] = BOX.lines;
      g.append(s("rect", { x: px, y: BOX.y, width: BOX.width, height: BOX.height, rx: BOX.radius }));
      g.append(s("text", { x: middle, y: titleY, "text-anchor": "middle", class: "widget-node-title" }, title));
      g.append(s("text", { x: middle, y: valueY, "text-anchor": "middle" }, value));
      if (note) g.append(s("text", { x: middle, y: noteY, "text-anchor": "middle", class: "widget-node-grad" }, note));
      return g;
    }

    function render() {
      const evaluated = q !== null;
      pathButtons.forEach((b, i) => enable(b, evaluated && !added[i]));
      out.set("q", evaluated ? fmt(q.data) : T.notComputed);
      out.set("slope", evaluated ? fmt(slope) : "–");
      trace.textContent = lines.length ? lines.join("\n") : T.start;

      diagram.replaceChildren();
      const local = evaluated ? fmt(q.edges[0][1]) : "?";
      EDGES.forEach(([d, labelY], i) => {
        const label = T.edge(T.sides[i], local);
        diagram.append(s("path", { d, class: `widget-edge${added[i] ? " is-active" : ""}` }));
        const at = { x: EDGE_LABEL_X, y: labelY, "text-anchor": "middle", class: "widget-edge-label" };
        diagram.append(s("text", at, added[i] ? T.added(label) : label));
      });
      const slopeText = evaluated ? fmt(slope) : "?";
      diagram.append(box(X_BOX, "x", fmt(X), T.slopeLine(slopeText), added.some(Boolean)));
      const qData = evaluated ? fmt(q.data) : "?";
      diagram.append(box(Q_BOX, "q = x * x", qData, "", evaluated && !added.some(Boolean)));
      diagram.setAttribute(
        "aria-label",
        T.diagram(fmt(X), evaluated ? qData : T.notComputedShort, evaluated ? slopeText : T.notComputedShort)
      );
    }

    body.append(
      h("p", { class: "widget-intro" }, T.intro),
      controls(evaluateButton, ...pathButtons),
      h("div", { class: "widget-diagram-frame" }, diagram),
      out.list,
      trace,
      status.node
    );
    render();
  }

  register("x-times-x", mount);
})();
