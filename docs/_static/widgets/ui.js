/* The widgets' small UI helper: numbers for people, DOM and SVG elements,
   buttons, sliders, readouts, a status line, the widgets' words, and the
   mounting of every widget. Loaded on a page with a widget, after engine.js
   and before plot.js and the widget files (docs/_ext/book/figures/widgets.py).

   Each chapter marks a widget's place with the `widget` directive, which writes
       <div class="widget" data-widget="NAME"> title, <div class="widget-fallback"> </div>
   A widget file (NAME.js) calls BookWidgets.register(NAME, mount): mount(body)
   builds the widget inside that container, and only then is it marked
   `widget--mounted`, which hides the static fallback figure (widgets.css). If
   JavaScript is off, or anything here fails, the figure stays.

   Every number a widget shows is computed with engine.js, the JavaScript twin
   of tinygrad.py. Every word it shows is marked _("...") in English and
   translated in the catalogue widgets.po (see _ below).
   Classic scripts (not ES modules), so the book also works opened from disk.
*/
(function () {
  "use strict";

  const SVG = "http://www.w3.org/2000/svg";
  // Every word a widget shows is English in its script, marked _("..."), and
  // translated in the catalogue widgets.po: the build writes this edition's
  // translations into widget-words.js (docs/_ext/book/figures/widgets.py), which the
  // page loads before this file; the English edition needs none. A {name} in
  // a message is filled in from `values`. No script decides the language.
  const WORDS = window.bookWidgetWords || {};
  function _(english, values) {
    const text = Object.prototype.hasOwnProperty.call(WORDS, english) ? WORDS[english] : english;
    if (values === undefined) return text;
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
  }

  const T = {
    tooLarge: _("too large to show"),
    failed: (name) => _("The {name} widget failed; its static figure stays in its place.", { name }),
  };

  function reducedMotion() {
    return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  // Rounded for reading: at most 4 decimals (or `digits`), powers of ten for the very large or small.
  function fmt(x, digits = 4) {
    if (!Number.isFinite(x)) return T.tooLarge;
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

  // An HTML element with attributes (null, undefined and false leave one out) and children.
  function h(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
    }
    node.append(...children);
    return node;
  }

  // An SVG element with attributes and, optionally, text.
  function s(tag, attributes = {}, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (value !== null && value !== undefined) node.setAttribute(key, String(value));
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A native button; aria-disabled (not `disabled`) keeps keyboard focus where it is.
  // A button that puts the widget back as it started says so: button(label, action, { "data-reset": "" }).
  function button(label, action, attributes = {}) {
    const node = h("button", { type: "button", class: "widget-button", ...attributes }, label);
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

  // Named values, announced politely when they change: items are [key, label, swatch colour].
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

  // Build the widget `name` in every container on the page that asks for it.
  function mount(name, build) {
    for (const container of document.querySelectorAll(`.widget[data-widget="${name}"]`)) {
      if (container.classList.contains("widget--mounted")) continue;
      const body = h("div", { class: "widget-body" });
      try {
        container.append(body);
        build(body);
        container.classList.add("widget--mounted"); // hides the static figure
      } catch (error) {
        body.remove();
        console.error(T.failed(name), error);
      }
    }
  }

  // Called by each widget file: mounts once the page is parsed.
  function register(name, build) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", () => mount(name, build));
    } else {
      mount(name, build);
    }
  }

  window.BookWidgets = {
    _,
    reducedMotion,
    fmt,
    uid,
    h,
    s,
    button,
    enable,
    controls,
    slider,
    readouts,
    statusLine,
    onWidth,
    register,
  };
})();
