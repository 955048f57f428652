/* `x-times-x` (chapter 1): the trace of q = x * x, one operand path at a
   time. Needs engine.js and ui.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { strings, fmt, h, s, button, enable, controls, readouts, statusLine, register } = window.BookWidgets;

  const T = strings("x-times-x", {
    en: {
      intro: "q = x * x at x = 5: one forward pass, then the backward pass one edge at a time.",
      traceLabel: "What we have computed so far",
      evaluate: "Evaluate",
      seed: "Seed output gradient",
      sides: ["left", "right"],
      contribute: (side) => `Add ${side} operand's contribution`,
      forward: (q, x, local) =>
        `Forward pass: q = x * x = ${q}. Each operand is ${x}, so each local derivative is ${local}.`,
      seeded: (q, x) => `Seeded the output gradient: q.grad = ${q}. x.grad starts at ${x}.`,
      bothIn: (side, g, local, amount, x, at) =>
        `The ${side} operand adds ${g} × ${local} = ${amount}. Both paths are in: x.grad = ${x}, the slope 2x at x = ${at}.`,
      oneIn: (side, g, local, amount, x) => `The ${side} operand adds ${g} × ${local} = ${amount}: x.grad is now ${x}.`,
      notComputed: "not computed yet",
      notSeeded: "not seeded yet",
      start: "Press Evaluate to run q = x * x at x = 5.",
      edge: (side, local) => `${side} operand: ×${local}`,
      added: (label) => `${label}, added`,
      diagram: (x, q, g) => `x = ${x} feeds both operands of q = x * x. q: ${q}. x.grad: ${g}.`,
      notComputedShort: "not computed",
      seedComment: "seed dq/dq",
    },
    zh: {
      intro: "在 x = 5 处计算 q = x * x：先做一次前向传播，再沿每条边逐步做反向传播。",
      traceLabel: "目前已完成的计算",
      evaluate: "计算",
      seed: "给输出梯度设初值",
      sides: ["左", "右"],
      contribute: (side) => `累加${side}操作数的贡献`,
      forward: (q, x, local) => `前向传播：q = x * x = ${q}。两个操作数都是 ${x}，所以每个局部导数都是 ${local}。`,
      seeded: (q, x) => `已给输出梯度设初值：q.grad = ${q}。x.grad 从 ${x} 开始。`,
      bothIn: (side, g, local, amount, x, at) =>
        `${side}操作数贡献 ${g} × ${local} = ${amount}。两条路径都已累加：x.grad = ${x}，正是 x = ${at} 处的斜率 2x。`,
      oneIn: (side, g, local, amount, x) => `${side}操作数贡献 ${g} × ${local} = ${amount}：x.grad 现在是 ${x}。`,
      notComputed: "尚未计算",
      notSeeded: "尚未设初值",
      start: "按“计算”，在 x = 5 处算出 q = x * x。",
      edge: (side, local) => `${side}操作数：×${local}`,
      added: (label) => `${label}，已累加`,
      diagram: (x, q, g) => `x = ${x} 同时作为 q = x * x 的两个操作数。q：${q}。x.grad：${g}。`,
      notComputedShort: "尚未计算",
      seedComment: "设初值 dq/dq",
    },
  });

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
