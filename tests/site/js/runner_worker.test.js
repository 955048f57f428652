// node --test tests/site/js/ : what the in-page Python's worker (runner-worker.js)
// does with Pyodide's downloads. The WebAssembly module must reach Pyodide as the
// browser's own response (a browser keeps the code it compiled only from one of
// those), its bytes still counted for the progress bar.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const vm = require("node:vm");

const WORKER = path.resolve(__dirname, "..", "..", "..", "docs", "_static", "runner", "runner-worker.js");
const RUNTIME = "https://book.example/_static/pyodide/";

// runner-worker.js in a worker's globals; `sent` collects what it posts.
function load() {
  const sent = [];
  const self = { postMessage: (m) => sent.push(m) };
  const globals = { self, ReadableStream, WritableStream, Response, Headers, String, Promise };
  vm.runInNewContext(fs.readFileSync(WORKER, "utf8"), globals);
  return { countingFetch: globals.countingFetch, sent };
}

function served(bytes, type) {
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } });
}

const counted = (sent) => sent.filter((m) => m.type === "progress").reduce((n, m) => n + m.bytes, 0);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test("the module is handed on as the browser's response, its bytes counted", async () => {
  const { countingFetch, sent } = load();
  const response = served(1000, "application/wasm");
  const got = await countingFetch(async () => response, RUNTIME)(RUNTIME + "pyodide.asm.wasm");
  assert.equal(got, response);
  assert.equal((await got.arrayBuffer()).byteLength, 1000);
  await settle();
  assert.equal(counted(sent), 1000);
});

test("a module served with another type gets application/wasm and is counted", async () => {
  const { countingFetch, sent } = load();
  const response = served(700, "application/octet-stream");
  const got = await countingFetch(async () => response, RUNTIME)(RUNTIME + "pyodide.asm.wasm");
  assert.notEqual(got, response);
  assert.equal(got.headers.get("Content-Type"), "application/wasm");
  assert.equal((await got.arrayBuffer()).byteLength, 700);
  assert.equal(counted(sent), 700);
});

test("Pyodide's other files are counted as they are read, the book's are not", async () => {
  const { countingFetch, sent } = load();
  const zip = await countingFetch(async () => served(300, "application/zip"), RUNTIME)(
    RUNTIME + "python_stdlib.zip"
  );
  assert.equal(zip.headers.get("Content-Type"), "application/zip");
  assert.equal((await zip.arrayBuffer()).byteLength, 300);
  const own = served(50, "text/plain");
  const page = await countingFetch(async () => own, RUNTIME)("https://book.example/_downloads/tinygrad.py");
  assert.equal(page, own);
  assert.equal(counted(sent), 300);
});

test("a download that breaks leaves no unhandled error behind", async () => {
  const { countingFetch } = load();
  const body = new ReadableStream({
    pull(c) {
      c.error(new Error("connection lost"));
    },
  });
  const response = new Response(body, { headers: { "Content-Type": "application/wasm" } });
  const got = await countingFetch(async () => response, RUNTIME)(RUNTIME + "pyodide.asm.wasm");
  await assert.rejects(got.arrayBuffer(), /connection lost/);
  await settle();
});
