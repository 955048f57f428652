/* `train-line` (chapter 6): gradient descent on a line, and a learning
   rate too large. Needs engine.js, ui.js and plot.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { _, reducedMotion, fmt, uid, h, button, enable, controls, readouts, statusLine, makePlot, register } =
    window.BookWidgets;

  const T = {
    steps: _("steps"),
    loss: _("mean squared error"),
    step: _("Step"),
    run: (n) => _("Run {n} steps", { n }),
    reset: _("Reset"),
    stepAxis: _("step"),
    lossAxis: _("loss (log scale)"),
    above0: _("Enter a learning rate above 0, such as 0.05."),
    unreadable: (text, above0) =>
      _("The learning rate “{text}” was not understood as a number. {above0}", { text, above0 }),
    diverged: (step, eta) =>
      _(
        "Training diverged at step {step}: the loss is no longer a finite number. Lower the learning rate (it is {eta}) and press Reset.",
        { step, eta }
      ),
    stillDiverged: _("Training has diverged. Lower the learning rate and press Reset."),
    growing: (eta) =>
      _(
        "The loss is growing: with learning rate {eta} each step overshoots the minimum and lands farther away. Lower the learning rate and press Reset.",
        { eta }
      ),
    after: (steps, w, b, loss) => _("After {steps} steps: w = {w}, b = {b}, loss {loss}.", { steps, w, b, loss }),
    start: (w, b) => _("Start: w = {w}, b = {b}. The data lie on y = 2x + 1.", { w, b }),
    line: (w, b) => _("The four data points and the line y = {w}·x + {b}.", { w, b }),
    lossCurve: (steps, first, last) =>
      _("Loss after each of {steps} steps on a log scale, from {first} to {last}.", { steps, first, last }),
    rate: _("Learning rate"),
    intro: _("Fit ŷ = w·x + b to four points, starting from w = −1, b = 0, with the mean squared error."),
  };

  const DATA = [
    [0, 1],
    [1, 3],
    [2, 5],
    [3, 7],
  ]; // on y = 2x + 1
  const START = { w: -1, b: 0 };
  const RUN = 100; // steps of the Run button
  const PER_FRAME = 5; // steps drawn per animation frame
  const KEEP = 1000; // at most this many points of the loss curve are kept
  const GROWING = 3; // steps in a row that made the loss larger before we warn
  const SMALLEST_LOSS = 1e-30; // the log scale's floor
  const DOT_RADIUS = { data: 5, last: 4 };
  const PLOT_HEIGHT = { minHeight: 180, maxHeight: 260 };
  const LOSS_AXIS_LEFT = 56; // room for labels such as 1e12
  const PLAIN_POWERS = 3; // powers of ten up to 10^3 and down to 10^-3 are written out

  function mount(body) {
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
      ["steps", T.steps],
      ["w", "w"],
      ["b", "b"],
      ["loss", T.loss],
    ]);
    const rateId = uid("widget-input");
    // A text box, not type="number": that would turn "0,05" into 5 in some
    // browsers, and would not let us say what in the text was not understood.
    const rate = h("input", {
      type: "text",
      id: rateId,
      value: "0.05",
      inputmode: "decimal",
      autocomplete: "off",
      spellcheck: "false",
    });
    const stepButton = button(T.step, () => train(1));
    const runButton = button(T.run(RUN), () => train(RUN));
    const resetButton = button(T.reset, reset, { "data-reset": "" });

    const linePlot = makePlot({ x: [-0.5, 3.5], y: [-2, 9], xLabel: "x", yLabel: "y", draw: drawLine, ...PLOT_HEIGHT });
    const lossPlot = makePlot({
      x: [0, RUN],
      y: [-1, 2],
      xLabel: T.stepAxis,
      yLabel: T.lossAxis,
      left: LOSS_AXIS_LEFT,
      draw: drawLoss,
      ...PLOT_HEIGHT,
      yTickLabel: (t) => (Math.abs(t) <= PLAIN_POWERS ? fmt(10 ** t) : `1e${t}`),
      yMinStep: 1, // whole powers of ten
    });

    // The learning rate in the box as { value }, or { problem } saying what is wrong.
    // A decimal comma counts as a decimal point: 0,05 is 0.05.
    function learningRate() {
      const text = rate.value.trim();
      if (text === "") return { problem: T.above0 };
      if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i.test(text)) {
        return { problem: T.unreadable(text, T.above0) };
      }
      const value = Number(text.replace(",", "."));
      return value > 0 && Number.isFinite(value) ? { value } : { problem: T.above0 };
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
        status.say(T.diverged(steps, fmt(eta)), "warning");
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

    function train(count) {
      if (running) return;
      if (diverged) {
        status.say(T.stillDiverged, "warning");
        return;
      }
      const { value: eta, problem } = learningRate();
      if (problem) {
        status.say(problem, "warning");
        return;
      }
      if (count === 1 || reducedMotion()) {
        for (let i = 0; i < count; i += 1) {
          if (!takeStep(eta)) break;
        }
        finish(eta);
        return;
      }
      let left = count;
      const frame = () => {
        for (let i = 0; i < PER_FRAME && left > 0; i += 1) {
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
        if (growing >= GROWING) {
          status.say(T.growing(fmt(eta)), "warning");
        } else {
          status.say(T.after(steps, fmt(w.data), fmt(b.data), fmt(currentLoss())));
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
      status.say(T.start(fmt(w.data), fmt(b.data)));
      update();
    }

    function drawLine() {
      linePlot.begin();
      if (Number.isFinite(w.data) && Number.isFinite(b.data)) {
        linePlot.line(0, b.data, w.data, "widget-fit");
      }
      for (const [xi, yi] of DATA) linePlot.dot(xi, yi, "widget-data", DOT_RADIUS.data);
      linePlot.describe(T.line(fmt(w.data), fmt(b.data)));
    }

    function drawLoss() {
      const now = currentLoss();
      const series = now === null ? history : history.concat([[steps, now]]);
      const points = series.map(([step, loss]) => [step, Math.log10(Math.max(loss, SMALLEST_LOSS))]);
      let lo = -1;
      let hi = 2;
      for (const [, v] of points) {
        lo = Math.min(lo, v); // one at a time: Math.min(...all) overflows the call stack
        hi = Math.max(hi, v);
      }
      lossPlot.x = [0, Math.max(RUN, Math.ceil(steps / RUN) * RUN)];
      lossPlot.y = [Math.floor(lo), Math.ceil(hi)];
      lossPlot.begin();
      lossPlot.path(points, diverged || growing >= GROWING ? "widget-loss widget-loss--bad" : "widget-loss");
      if (points.length) lossPlot.dot(...points[points.length - 1], "widget-point", DOT_RADIUS.last);
      const [first, last] = [series[0], series[series.length - 1]].map((point) => (point ? point[1] : Infinity));
      lossPlot.describe(T.lossCurve(steps, fmt(first), fmt(last)));
    }

    function update() {
      const now = currentLoss();
      out.set("steps", String(steps));
      out.set("w", fmt(w.data));
      out.set("b", fmt(b.data));
      out.set("loss", fmt(now === null ? Infinity : now));
      enable(stepButton, !diverged);
      enable(runButton, !diverged);
      linePlot.repaint();
      lossPlot.repaint();
    }

    const rateRow = h("div", { class: "widget-number" }, h("label", { for: rateId }, T.rate), rate);
    body.append(
      h("p", { class: "widget-intro" }, T.intro),
      rateRow,
      controls(stepButton, runButton, resetButton),
      h("div", { class: "widget-plots" }, linePlot.frame, lossPlot.frame),
      out.list,
      status.node
    );
    reset();
  }

  register("train-line", mount);
})();
