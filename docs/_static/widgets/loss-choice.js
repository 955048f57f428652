/* `loss-choice` (chapter 2): squared or absolute error, the same model
   behind both. Needs engine.js, ui.js and plot.js. */
(function () {
  "use strict";

  const { Value } = window.Tinygrad;
  const { _, fmt, uid, h, slider, readouts, statusLine, makePlot, sample, register } = window.BookWidgets;

  const T = {
    squared: _("Squared error"),
    absolute: _("Absolute error"),
    prediction: _("prediction ŷ = w·x"),
    loss: _("loss L"),
    predictionGradient: _("prediction gradient ∂L/∂ŷ"),
    weightGradient: _("weight gradient ∂L/∂w"),
    legend: _("Loss"),
    weight: _("Weight w"),
    xLabel: _("weight w"),
    yLabel: _("loss L(w)"),
    describe: (loss, w, slope) =>
      _("{loss} as a function of the weight, with the point w = {w} and its tangent of slope {slope}.", {
        loss,
        w,
        slope,
      }),
    kink: _("The prediction hits the target: absolute error has a kink here, and the widget uses the subgradient 0."),
    chain: (x, dPrediction, dWeight) =>
      _("With x = {x}: weight gradient = prediction gradient × x = {dPrediction} × {x} = {dWeight}.", {
        x,
        dPrediction,
        dWeight,
      }),
    intro: (x, y, b) => _("One example (x, y) = ({x}, {y}), bias b = {b}, prediction ŷ = w·x + b.", { x, y, b }),
  };

  const X = 2;
  const Y = 5;
  const B = 0;
  const W_RANGE = [-1, 5];
  const CURVE_POINTS = 240;
  const TANGENT_REACH = 0.8;

  function mount(body) {
    const LOSSES = {
      squared: { label: T.squared, of: (e) => e.pow(2), y: [0, 50] },
      // |e| from the engine's own operations: relu(e) + relu(-e), subgradient 0 at e = 0
      absolute: { label: T.absolute, of: (e) => e.relu().add(e.neg().relu()), y: [0, 8] },
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
      ["prediction", T.prediction],
      ["loss", T.loss],
      ["prediction-gradient", T.predictionGradient],
      ["weight-gradient", T.weightGradient, "purple"],
    ]);
    const group = h("fieldset", { class: "widget-choice" }, h("legend", {}, T.legend));
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
      label: T.weight,
      min: -1,
      max: 5,
      step: 0.1,
      value: 1,
      valueText: (v) => `w = ${fmt(v)}`,
      onInput: update,
    });
    const plot = makePlot({ x: W_RANGE, y: LOSSES.squared.y, xLabel: T.xLabel, yLabel: T.yLabel, draw });

    function draw() {
      const w0 = weight.value;
      const { loss, dWeight } = compute(w0);
      plot.y = LOSSES[choice].y;
      plot.begin();
      plot.path(
        sample((w) => compute(w).loss, W_RANGE, CURVE_POINTS),
        "widget-curve"
      );
      plot.tangent(w0, loss, dWeight, TANGENT_REACH);
      plot.dot(w0, loss, "widget-point");
      plot.describe(T.describe(LOSSES[choice].label, fmt(w0), fmt(dWeight)));
    }

    function update() {
      const r = compute(weight.value);
      out.set("prediction", fmt(r.yHat));
      out.set("loss", fmt(r.loss));
      out.set("prediction-gradient", fmt(r.dPrediction));
      out.set("weight-gradient", fmt(r.dWeight));
      if (choice === "absolute" && r.e === 0) {
        status.say(T.kink);
      } else {
        status.say(T.chain(X, fmt(r.dPrediction), fmt(r.dWeight)));
      }
      plot.repaint();
    }

    body.append(
      h("p", { class: "widget-intro" }, T.intro(X, Y, B)),
      group,
      weight.row,
      plot.frame,
      out.list,
      status.node
    );
    update();
  }

  register("loss-choice", mount);
})();
