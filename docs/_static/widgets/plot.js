/* The widgets' plot helper: an SVG plot with axes, ticks, curves, dots and
   straight lines (tangents and secants, drawn one way for every widget).
   Needs ui.js; loaded only on pages whose widgets draw a plot
   (docs/_ext/book/figures/widgets.py). A classic script.
*/
(function () {
  "use strict";

  const { fmt, uid, h, s, onWidth } = window.BookWidgets;

  // The layout of every plot, in CSS pixels of the drawing.
  const MARGIN = { left: 48, right: 12, top: 12, bottom: 38 }; // room for tick labels and axis names
  const START_WIDTH = 480; // until the first measurement of the real width
  const ASPECT = 0.6; // height / width, between minHeight and maxHeight
  const MIN_HEIGHT = 190;
  const MAX_HEIGHT = 300;
  const X_TICK_EVERY = 70; // about one x tick per 70 pixels
  const Y_TICK_EVERY = 36;
  const X_TICK_LABEL_BELOW = 15; // from the bottom axis to the tick label's baseline
  const Y_TICK_LABEL_GAP = 6; // from the left axis to the tick label's end
  const TEXT_HALF_HEIGHT = 4; // centres a label on its tick
  const AXIS_LABEL_FROM_EDGE = { x: 4, y: 12 }; // the axis names: from the bottom, from the left
  const CLAMP_SPANS = 10; // points further than this many plot heights away are drawn at that distance
  const SAMPLES = 160; // points on a sampled curve
  const DOT_RADIUS = 5;

  // Tick positions at 1, 2 or 5 times a power of ten.
  function ticks(lo, hi, count, minStep = 0) {
    const raw = Math.max((hi - lo) / count, minStep);
    const power = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw);
    const out = [];
    for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k += 1) out.push(k * step);
    return out;
  }

  // n + 1 points [x, f(x)] evenly spread over [a, b].
  function sample(f, [a, b], n = SAMPLES) {
    const points = [];
    for (let i = 0; i <= n; i += 1) {
      const x = a + ((b - a) * i) / n;
      points.push([x, f(x)]);
    }
    return points;
  }

  /* An SVG plot that redraws at its real width, so text stays the same size
     on a phone and on a desktop. draw() is called whenever it must repaint;
     it starts with begin(). */
  function makePlot({
    x,
    y,
    xLabel,
    yLabel,
    label = "",
    draw,
    yTickLabel = fmt,
    yMinStep = 0,
    left = MARGIN.left,
    minHeight = MIN_HEIGHT,
    maxHeight = MAX_HEIGHT,
  }) {
    const svg = s("svg", { class: "widget-plot", role: "img", "aria-label": label, focusable: "false" });
    const frame = h("div", { class: "widget-plot-frame" }, svg);
    const clipId = uid("widget-clip");
    const margin = { ...MARGIN, left };

    // Keep points far outside the plot from producing absurd coordinates.
    function clampY(value) {
      const span = plot.y[1] - plot.y[0];
      return Math.min(plot.y[1] + CLAMP_SPANS * span, Math.max(plot.y[0] - CLAMP_SPANS * span, value));
    }

    const plot = {
      frame,
      svg,
      x,
      y,
      width: START_WIDTH,
      height: Math.round(START_WIDTH * ASPECT),
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
        plot.height = Math.round(Math.min(maxHeight, Math.max(minHeight, plot.width * ASPECT)));
        svg.setAttribute("viewBox", `0 0 ${plot.width} ${plot.height}`);
        svg.replaceChildren();
        const left = margin.left;
        const right = plot.width - margin.right;
        const top = margin.top;
        const bottom = plot.height - margin.bottom;
        const middle = (top + bottom) / 2;
        const defs = s("defs");
        const clip = s("clipPath", { id: clipId });
        clip.append(s("rect", { x: left, y: top, width: right - left, height: bottom - top }));
        defs.append(clip);
        svg.append(defs);
        const axes = s("g", { class: "widget-axes" });
        const xCount = Math.max(2, Math.floor((right - left) / X_TICK_EVERY));
        for (const t of ticks(plot.x[0], plot.x[1], xCount)) {
          const px = plot.sx(t);
          axes.append(s("line", { class: "widget-grid", x1: px, x2: px, y1: top, y2: bottom }));
          axes.append(s("text", { x: px, y: bottom + X_TICK_LABEL_BELOW, "text-anchor": "middle" }, fmt(t)));
        }
        const yCount = Math.max(2, Math.floor((bottom - top) / Y_TICK_EVERY));
        for (const t of ticks(plot.y[0], plot.y[1], yCount, yMinStep)) {
          const py = plot.sy(t);
          axes.append(s("line", { class: "widget-grid", x1: left, x2: right, y1: py, y2: py }));
          const at = { x: left - Y_TICK_LABEL_GAP, y: py + TEXT_HALF_HEIGHT, "text-anchor": "end" };
          axes.append(s("text", at, yTickLabel(t)));
        }
        axes.append(s("rect", { class: "widget-frame", x: left, y: top, width: right - left, height: bottom - top }));
        const xAt = { x: (left + right) / 2, y: plot.height - AXIS_LABEL_FROM_EDGE.x };
        axes.append(s("text", { class: "widget-axis-label", ...xAt, "text-anchor": "middle" }, xLabel));
        const yx = AXIS_LABEL_FROM_EDGE.y;
        const yAt = { x: yx, y: middle, transform: `rotate(-90 ${yx} ${middle})` };
        axes.append(s("text", { class: "widget-axis-label", ...yAt, "text-anchor": "middle" }, yLabel));
        svg.append(axes);
        plot.area = s("g", { "clip-path": `url(#${clipId})` });
        svg.append(plot.area);
        return plot.area;
      },
      // A polyline through [x, y] points (non-finite ones left out).
      path(points, cls) {
        const d = points
          .filter(([px, py]) => Number.isFinite(px) && Number.isFinite(py))
          .map(([px, py], i) => `${i ? "L" : "M"}${plot.sx(px).toFixed(1)},${plot.sy(clampY(py)).toFixed(1)}`)
          .join("");
        const node = s("path", { class: cls, d });
        plot.area.append(node);
        return node;
      },
      /* The straight line through (x0, y0) with this slope: across the whole
         plot, or `reach` either side of x0. Every tangent and secant of every
         widget is drawn by this. */
      line(x0, y0, slope, cls, reach = null) {
        const ends = reach === null ? plot.x : [x0 - reach, x0 + reach];
        return plot.path(
          ends.map((px) => [px, y0 + slope * (px - x0)]),
          cls
        );
      },
      tangent(x0, y0, slope, reach = null) {
        return plot.line(x0, y0, slope, "widget-tangent", reach);
      },
      dot(px, py, cls, r = DOT_RADIUS) {
        const node = s("circle", { class: cls, cx: plot.sx(px).toFixed(1), cy: plot.sy(clampY(py)).toFixed(1), r });
        plot.area.append(node);
        return node;
      },
      repaint() {
        draw();
      },
    };
    onWidth(frame, (width) => {
      plot.width = width;
      draw();
    });
    return plot;
  }

  Object.assign(window.BookWidgets, { makePlot, sample, ticks });
})();
