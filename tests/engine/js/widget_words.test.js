// node --test tests/engine/js/ : the widgets take every word from _() (ui.js): English
// as the script writes it, or this edition's words from widget-words.js, which
// the build writes from widgets.po (tests/book/test_chinese_words_live_in_the_catalogues.py
// checks that every message is in the catalogue and translated).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const vm = require("node:vm");

const WIDGETS = path.resolve(__dirname, "..", "..", "..", "docs", "_static", "widgets");
const SHARED = ["engine.js", "ui.js", "plot.js"];
// Every widget's script: the folder's other files.
const NAMES = fs
  .readdirSync(WIDGETS)
  .filter((file) => file.endsWith(".js") && !SHARED.includes(file))
  .map((file) => file.slice(0, -".js".length));

// Run ui.js and every widget file in a page with no widget on it, with `words`
// standing for widget-words.js (none: the English edition).
function load(words) {
  const document = {
    documentElement: { lang: "xx" },
    readyState: "complete",
    querySelectorAll: () => [],
  };
  const window = { Tinygrad: require(path.join(WIDGETS, "engine.js")), document };
  if (words) window.bookWidgetWords = words;
  const context = vm.createContext({ window, document, console });
  for (const file of ["ui.js", "plot.js", ...NAMES.map((name) => `${name}.js`)]) {
    vm.runInContext(fs.readFileSync(path.join(WIDGETS, file), "utf8"), context, { filename: file });
  }
  return window.BookWidgets;
}

test("the widgets are found in their folder and load without any words", () => {
  assert.ok(NAMES.length >= 7, NAMES.join(", "));
  const widgets = load();
  assert.equal(widgets._("Reset"), "Reset");
  assert.equal(widgets.fmt(Infinity), "too large to show");
});

test("an edition's words replace the English, with the values filled in", () => {
  const widgets = load({
    "too large to show": "trop grand",
    "Run {n} steps": "{n} pas",
  });
  assert.equal(widgets.fmt(Infinity), "trop grand");
  assert.equal(widgets._("Run {n} steps", { n: 50 }), "50 pas");
  assert.equal(widgets._("Reset"), "Reset", "a message with no translation stays English");
  assert.equal(widgets._("{a} and {b}", { a: 1 }), "1 and {b}", "a missing value is left as it is");
});

test("the page's language is never read by the widgets", () => {
  for (const file of ["ui.js", ...NAMES.map((name) => `${name}.js`)]) {
    const text = fs.readFileSync(path.join(WIDGETS, file), "utf8");
    assert.doesNotMatch(text, /documentElement\.lang|navigator\.language/, file);
    assert.doesNotMatch(text, /[\u3400-\u9fff]/, `${file} holds words of another language`);
  }
});
