/* `backprop-graph` (chapter 4): the backward pass one operation at a time,
   on the graph of L = (w·x − y)². Needs engine.js and ui.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { _, fmt, h, s, button, enable, controls, readouts, statusLine, onWidth, register } = window.BookWidgets;

  const T = {
    target: _("y (target)"),
    seed: _("Seed gradient"),
    step: _("Backpropagate one operation"),
    seeded: (g) => _("Seeded: dL/dL = {g}. Now pass it back one operation at a time.", { g }),
    gets: (parent, g, local, now) => _("{parent} gets {g} × {local} = {now}", { parent, g, local, now }),
    done: (w, x) => _(" Done: w holds {w} and x holds {x}. Every gradient is a derivative of the loss L.", { w, x }),
    notYet: _("not yet"),
    node: (name, data, grad) => _("{name}: data {data}, grad {grad}", { name, data, grad }),
    graph: (summary) => _("Computation graph of L = (w·x − y)². {summary}.", { summary }),
    operations: _("operations passed back"),
    progress: (done, all) => _("{done} of {all}", { done, all }),
    intro: _("ŷ = w·x with w = 1, x = 2, target y = 5; r = ŷ − y; L = r². Each box shows its data and its gradient."),
    start: _("Press Seed gradient to start the backward pass at L."),
    separator: _("; "),
  };

  // Box positions as fractions of the drawing, wide (left to right) and narrow (top to bottom).
  const WIDE = { w: [0, 0], x: [0, 0.62], ŷ: [0.34, 0.31], y: [0.34, 1], r: [0.67, 0.62], L: [1, 0.62] };
  const NARROW = { w: [0, 0], x: [0.6, 0], ŷ: [0.3, 0.34], y: [1, 0.34], r: [0.65, 0.67], L: [0.65, 1] };
  const WIDE_FROM = 520; // the drawing runs left to right from this width on
  const START_WIDTH = 560;
  const BOX = { width: 112, height: 64, radius: 8, lines: [19, 37, 55] }; // text baselines in a box
  const HEIGHT = { wide: 250, narrow: 380 };
  const PAD = 6;
  const TAG = { height: 18, radius: 4, padding: 10, perCharacter: 7, above: 10, baseline: 4 }; // edge labels

  function mount(body) {
    const w = new Value(1);
    const x = new Value(2);
    const y = new Value(5);
    const yHat = w.mul(x);
    const r = yHat.sub(y);
    const L = r.pow(2);
    // Each value: its symbol (data-node, status) and the title of its box.
    const nodes = [
      [w, "w", "w"],
      [x, "x", "x"],
      [yHat, "ŷ", "ŷ = w·x"],
      [y, "y", T.target],
      [r, "r", "r = ŷ − y"],
      [L, "L", "L = r²"],
    ];
    const symbol = new Map(nodes.map(([node, sym]) => [node, sym]));
    const title = new Map(nodes.map(([node, , text]) => [node, text]));
    // Each operation, output first: the values with edges, in reverse topological order.
    const operations = L.order()
      .reverse()
      .filter((node) => node.edges.length > 0);
    let reached = new Set();
    let done = 0; // operations propagated so far
    let seeded = false;

    const status = statusLine();
    const seedButton = button(T.seed, seed);
    const stepButton = button(T.step, step);
    const svg = s("svg", { class: "widget-graph", role: "img", focusable: "false" });
    const frame = h("div", { class: "widget-plot-frame" }, svg);
    let width = START_WIDTH;

    function seed() {
      for (const node of L.order()) node.grad = 0; // as backward() does
      L.grad = 1;
      reached = new Set([L]);
      done = 0;
      seeded = true;
      status.say(T.seeded(fmt(L.grad)));
      render();
    }

    function step() {
      const node = operations[done];
      node.propagate(); // the engine's step: parent.grad += node.grad * local derivative
      for (const [parent] of node.edges) reached.add(parent);
      done += 1;
      const passed = node.edges.map(([parent, local]) =>
        T.gets(symbol.get(parent), fmt(node.grad), fmt(local), fmt(parent.grad))
      );
      let text = `${title.get(node)}: ${passed.join(T.separator)}.`;
      if (done === operations.length) text += T.done(fmt(w.grad), fmt(x.grad));
      status.say(text);
      render();
    }

    function render() {
      enable(stepButton, seeded && done < operations.length);
      const wide = width >= WIDE_FROM;
      const layout = wide ? WIDE : NARROW;
      const boxW = wide ? BOX.width : Math.min(BOX.width, Math.floor((width - 16) / 3));
      const boxH = BOX.height;
      const height = wide ? HEIGHT.wide : HEIGHT.narrow;
      svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
      svg.replaceChildren();
      const at = (node) => {
        const [fx, fy] = layout[symbol.get(node)];
        return [PAD + fx * (width - boxW - 2 * PAD), PAD + fy * (height - boxH - 2 * PAD)];
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
          const cls = `widget-edge${passed ? " is-active" : ""}${node === active ? " is-current" : ""}`;
          svg.append(s("line", { x1, y1, x2, y2, class: cls }));
          const mx = (x1 + x2) / 2;
          const my = (y1 + y2) / 2;
          const text = local < 0 ? `×(${fmt(local)})` : `×${fmt(local)}`;
          const tagWidth = TAG.padding + TAG.perCharacter * text.length;
          const tag = { x: mx - tagWidth / 2, y: my - TAG.above, width: tagWidth, height: TAG.height, rx: TAG.radius };
          svg.append(s("rect", { class: "widget-edge-tag", ...tag }));
          svg.append(
            s("text", { x: mx, y: my + TAG.baseline, "text-anchor": "middle", class: "widget-edge-label" }, text)
          );
        }
      }
      const [titleY, dataY, gradY] = BOX.lines;
      for (const [node, sym, name] of nodes) {
        const [bx, by] = at(node);
        const isNew = active && (node === active || active.edges.some(([parent]) => parent === node));
        const cls = `widget-node${reached.has(node) ? " is-reached" : ""}${isNew ? " is-active" : ""}`;
        const g = s("g", { class: cls, "data-node": sym });
        g.append(s("rect", { x: bx, y: by, width: boxW, height: boxH, rx: BOX.radius }));
        const cx = bx + boxW / 2;
        g.append(s("text", { x: cx, y: by + titleY, "text-anchor": "middle", class: "widget-node-title" }, name));
        g.append(s("text", { x: cx, y: by + dataY, "text-anchor": "middle" }, `data ${fmt(node.data)}`));
        const grad = `grad ${reached.has(node) ? fmt(node.grad) : "?"}`;
        g.append(s("text", { x: cx, y: by + gradY, "text-anchor": "middle", class: "widget-node-grad" }, grad));
        svg.append(g);
      }
      const summary = nodes.map(([node, sym]) =>
        T.node(sym, fmt(node.data), reached.has(node) ? fmt(node.grad) : T.notYet)
      );
      svg.setAttribute("aria-label", T.graph(summary.join(T.separator)));
      out.set("w-grad", reached.has(w) ? fmt(w.grad) : T.notYet);
      out.set("x-grad", reached.has(x) ? fmt(x.grad) : T.notYet);
      out.set("operations", T.progress(done, operations.length));
    }

    const out = readouts([
      ["operations", T.operations],
      ["w-grad", "w.grad"],
      ["x-grad", "x.grad"],
    ]);
    onWidth(frame, (measured) => {
      width = measured;
      render();
    });
    body.append(
      h("p", { class: "widget-intro" }, T.intro),
      controls(seedButton, stepButton),
      frame,
      out.list,
      status.node
    );
    status.say(T.start);
    render();
  }

  register("backprop-graph", mount);
})();
