/* `one-step` (chapter 2): one step of gradient descent on the squared
   error. Needs engine.js, ui.js and plot.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { _, fmt, h, button, controls, readouts, statusLine, makePlot, sample, register } = window.BookWidgets;

  const T = {
    steps: _("steps taken"),
    weight: _("weight w"),
    prediction: _("prediction ŷ"),
    loss: _("loss L"),
    gradient: _("gradient ∂L/∂w"),
    step: _("Take one step"),
    reset: _("Reset"),
    yLabel: _("loss L(w)"),
    stepped: (old, eta, gradient, now, before, after) =>
      _("w ← w − η · ∂L/∂w = {old} − {eta} × ({gradient}) = {now}. The loss went from {before} to {after}.", {
        old,
        eta,
        gradient,
        now,
        before,
        after,
      }),
    back: (w, eta) => _("Back to w = {w}, learning rate η = {eta}.", { w, eta }),
    describe: (w, loss, steps) =>
      _("The loss (2w − 5)² against w, with the current weight {w} at loss {loss} and {steps} steps taken.", {
        w,
        loss,
        steps,
      }),
    intro: (x, y, eta) => _("Squared error on (x, y) = ({x}, {y}) with b = 0, learning rate η = {eta}.", { x, y, eta }),
  };

  const X = 2;
  const Y = 5;
  const W0 = 1;
  const LEARNING_RATE = 0.1;
  const W_RANGE = [0, 4];
  const CURVE_POINTS = 200;
  const TANGENT_REACH = 0.6;
  const VISITED_RADIUS = 3.5;

  function mount(body) {
    const lossOf = (w) => w.mul(X).sub(Y).pow(2); // b = 0
    let w = new Value(W0);
    let path = [];

    const status = statusLine();
    const out = readouts([
      ["steps", T.steps],
      ["w", T.weight],
      ["prediction", T.prediction],
      ["loss", T.loss],
      ["gradient", T.gradient, "purple"],
    ]);
    const stepButton = button(T.step, step);
    const resetButton = button(T.reset, reset, { "data-reset": "" });
    const plot = makePlot({ x: W_RANGE, y: [0, 26], xLabel: T.weight, yLabel: T.yLabel, draw });

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
        T.stepped(fmt(old), fmt(LEARNING_RATE), fmt(before.gradient), fmt(w.data), fmt(before.loss), fmt(after.loss))
      );
      update();
    }

    function reset() {
      w = new Value(W0);
      path = [];
      status.say(T.back(fmt(w.data), fmt(LEARNING_RATE)));
      update();
    }

    function draw() {
      const now = measure();
      plot.begin();
      plot.path(
        sample((v) => lossOf(new Value(v)).data, W_RANGE, CURVE_POINTS),
        "widget-curve"
      );
      const points = path.concat([[w.data, now.loss]]);
      if (points.length > 1) plot.path(points, "widget-descent");
      for (const [pw, pl] of path) plot.dot(pw, pl, "widget-visited", VISITED_RADIUS);
      plot.tangent(w.data, now.loss, now.gradient, TANGENT_REACH);
      plot.dot(w.data, now.loss, "widget-point");
      plot.describe(T.describe(fmt(w.data), fmt(now.loss), path.length));
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
      h("p", { class: "widget-intro" }, T.intro(X, Y, LEARNING_RATE)),
      controls(stepButton, resetButton),
      plot.frame,
      out.list,
      status.node
    );
    reset();
  }

  register("one-step", mount);
})();
