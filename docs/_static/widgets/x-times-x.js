/* `x-times-x` (chapter 1): the trace of q = x * x, one operand path at a
   time. Needs engine.js and ui.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { _, fmt, h, s, button, enable, controls, readouts, statusLine, register } = window.BookWidgets;

  const T = {
    intro: _("q = x * x at x = 5: one forward pass, then the backward pass one edge at a time."),
    traceLabel: _("What we have computed so far"),
    evaluate: _("Evaluate"),
    seed: _("Seed output gradient"),
    sides: [_("left"), _("right")],
    contribute: (side) => _("Add {side} operand's contribution", { side }),
    forward: (q, x, local) =>
      _("Forward pass: q = x * x = {q}. Each operand is {x}, so each local derivative is {local}.", { q, x, local }),
    seeded: (q, x) => _("Seeded the output gradient: q.grad = {q}. x.grad starts at {x}.", { q, x }),
    bothIn: (side, g, local, amount, x, at) =>
      _(
        "The {side} operand adds {g} × {local} = {amount}. Both paths are in: x.grad = {x}, the slope 2x at x = {at}.",
        { side, g, local, amount, x, at }
      ),
    oneIn: (side, g, local, amount, x) =>
      _("The {side} operand adds {g} × {local} = {amount}: x.grad is now {x}.", { side, g, local, amount, x }),
    notComputed: _("not computed yet"),
    notSeeded: _("not seeded yet"),
    start: _("Press Evaluate to run q = x * x at x = 5."),
    edge: (side, local) => _("{side} operand: ×{local}", { side, local }),
    added: (label) => _("{label}, added", { label }),
    diagram: (x, q, g) => _("x = {x} feeds both operands of q = x * x. q: {q}. x.grad: {g}.", { x, q, g }),
    notComputedShort: _("not computed"),
    seedComment: _("seed dq/dq"),
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
    let seeded = false;
    let added = [false, false]; // which operand edges have passed their gradient

    const diagram = s("svg", { class: "widget-diagram", viewBox: VIEW, role: "img" });
    const trace = h("pre", { class: "widget-trace", "aria-label": T.traceLabel });
    const out = readouts([
      ["q", "q = x * x"],
      ["q-grad", "q.grad"],
      ["x-grad", "x.grad"],
    ]);
    const status = statusLine();
    const evaluateButton = button(T.evaluate, evaluate);
    const seedButton = button(T.seed, seed);
    const operandButtons = T.sides.map((side, i) => button(T.contribute(side), () => contribute(i)));
    const lines = [];

    function evaluate() {
      x = new Value(X);
      q = x.mul(x);
      seeded = false;
      added = [false, false];
      lines.length = 0;
      lines.push(`x = ${fmt(x.data)}`, `q = x * x          # ${fmt(q.data)}`);
      status.say(T.forward(fmt(q.data), fmt(x.data), fmt(q.edges[0][1])));
      render();
    }

    function seed() {
      for (const node of q.order()) node.grad = 0; // as backward() does
      q.grad = 1;
      seeded = true;
      added = [false, false];
      lines.length = 2;
      lines.push(`q.grad = ${fmt(q.grad)}         # ${T.seedComment}`);
      status.say(T.seeded(fmt(q.grad), fmt(x.grad)));
      render();
    }

    function contribute(i) {
      const [parent, localDerivative] = q.edges[i];
      const amount = q.grad * localDerivative;
      parent.grad += amount;
      added[i] = true;
      lines.push(`x.grad += q.grad * ${fmt(localDerivative)}  # ${T.sides[i]}: ${fmt(parent.grad)}`);
      const numbers = [T.sides[i], fmt(q.grad), fmt(localDerivative), fmt(amount), fmt(x.grad)];
      status.say(added.every(Boolean) ? T.bothIn(...numbers, fmt(x.data)) : T.oneIn(...numbers));
      render();
    }

    function box(px, title, data, grad, active) {
      const g = s("g", { class: `widget-node${active ? " is-active" : ""}` });
      const middle = px + BOX.width / 2;
      const [titleY, dataY, gradY] = BOX.lines;
      g.append(s("rect", { x: px, y: BOX.y, width: BOX.width, height: BOX.height, rx: BOX.radius }));
      g.append(s("text", { x: middle, y: titleY, "text-anchor": "middle", class: "widget-node-title" }, title));
      g.append(s("text", { x: middle, y: dataY, "text-anchor": "middle" }, `data ${data}`));
      g.append(s("text", { x: middle, y: gradY, "text-anchor": "middle", class: "widget-node-grad" }, `grad ${grad}`));
      return g;
    }

    function render() {
      const evaluated = q !== null;
      enable(seedButton, evaluated);
      operandButtons.forEach((b, i) => enable(b, seeded && !added[i]));
      out.set("q", evaluated ? fmt(q.data) : T.notComputed);
      out.set("q-grad", seeded ? fmt(q.grad) : T.notSeeded);
      out.set("x-grad", seeded ? fmt(x.grad) : "–");
      trace.textContent = lines.length ? lines.join("\n") : T.start;

      diagram.replaceChildren();
      const local = evaluated ? fmt(q.edges[0][1]) : "?";
      EDGES.forEach(([d, labelY], i) => {
        const label = T.edge(T.sides[i], local);
        diagram.append(s("path", { d, class: `widget-edge${added[i] ? " is-active" : ""}` }));
        const at = { x: EDGE_LABEL_X, y: labelY, "text-anchor": "middle", class: "widget-edge-label" };
        diagram.append(s("text", at, added[i] ? T.added(label) : label));
      });
      diagram.append(box(X_BOX, "x", fmt(X), seeded ? fmt(x.grad) : "?", added.some(Boolean)));
      const qData = evaluated ? fmt(q.data) : "?";
      diagram.append(box(Q_BOX, "q = x * x", qData, seeded ? fmt(q.grad) : "?", seeded && !added.some(Boolean)));
      const shown = (ready, value) => (ready ? value : T.notComputedShort);
      diagram.setAttribute(
        "aria-label",
        T.diagram(fmt(X), shown(evaluated, qData), shown(seeded, seeded ? fmt(x.grad) : ""))
      );
    }

    body.append(
      h("p", { class: "widget-intro" }, T.intro),
      controls(evaluateButton, seedButton, ...operandButtons),
      h("div", { class: "widget-diagram-frame" }, diagram),
      out.list,
      trace,
      status.node
    );
    render();
  }

  register("x-times-x", mount);
})();
