// node --test tests/js/ : every widget's string table has the same entries in
// English and Chinese, and the Chinese ones are Chinese.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const vm = require("node:vm");

const WIDGETS = path.resolve(__dirname, "..", "..", "docs", "_static", "widgets");
const NAMES = ["x-times-x", "known-point", "secant", "loss-choice", "one-step", "backprop-graph", "train-line"];

// Run ui.js and every widget file in a page with no widget on it, in a language.
function load(lang) {
  const document = {
    documentElement: { lang },
    readyState: "complete",
    querySelectorAll: () => [],
  };
  const window = { Tinygrad: require(path.join(WIDGETS, "engine.js")), document };
  const context = vm.createContext({ window, document, console });
  for (const file of ["ui.js", "plot.js", ...NAMES.map((name) => `${name}.js`)]) {
    vm.runInContext(fs.readFileSync(path.join(WIDGETS, file), "utf8"), context, { filename: file });
  }
  return window.BookWidgets;
}

test("every widget file registers a string table", () => {
  const { tables } = load("en");
  assert.deepEqual(Object.keys(tables).sort(), ["ui", ...NAMES].sort());
});

test("the page's language picks the table", () => {
  assert.equal(load("zh-CN").LANGUAGE, "zh");
  assert.equal(load("zh_CN").LANGUAGE, "zh");
  assert.equal(load("en").LANGUAGE, "en");
  assert.equal(load("").LANGUAGE, "en");
  assert.equal(load("zh-CN").fmt(Infinity), "太大，无法显示");
  assert.equal(load("en").fmt(Infinity), "too large to show");
});

test("a language no table has gets the English words, not nothing", () => {
  const widgets = load("fr-FR");
  assert.equal(widgets.LANGUAGE, "fr");
  assert.equal(widgets.fmt(Infinity), "too large to show");
});

// A sample value for each argument of a message, to see the whole sentence.
function text(entry) {
  if (typeof entry === "function") return entry(...Array.from({ length: entry.length }, (_, i) => String(i + 1)));
  if (Array.isArray(entry)) return entry.join(" ");
  return entry;
}

test("English and Chinese have the same entries, each one filled in", () => {
  const { tables } = load("en");
  for (const [name, { en, zh }] of Object.entries(tables)) {
    assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort(), `${name}: en and zh keys differ`);
    for (const key of Object.keys(en)) {
      assert.equal(typeof zh[key], typeof en[key], `${name}.${key}`);
      if (typeof en[key] === "function") assert.equal(zh[key].length, en[key].length, `${name}.${key}: arguments`);
      if (Array.isArray(en[key])) assert.equal(zh[key].length, en[key].length, `${name}.${key}: items`);
      assert.ok(text(en[key]).trim(), `${name}.${key}: empty in English`);
      assert.ok(text(zh[key]).trim(), `${name}.${key}: empty in Chinese`);
    }
  }
});

test("every Chinese entry is written in Chinese", () => {
  const { tables } = load("zh-CN");
  for (const [name, { en, zh }] of Object.entries(tables)) {
    for (const key of Object.keys(zh)) {
      const chinese = text(zh[key]);
      if (key === "separator") continue; // punctuation only
      assert.match(chinese, /[\u4e00-\u9fff]/, `${name}.${key} has no Chinese: ${chinese}`);
      assert.notEqual(chinese, text(en[key]), `${name}.${key} is the English text`);
    }
  }
});
