/* The in-page Python's own thread (a module Web Worker), started by runner-session.js.
 *
 * Python runs here, never on the page's thread, so an endless loop cannot
 * freeze the page: the page stays responsive and its Stop button can end the
 * worker. Messages in: {type: "start", runtime, files, interrupt, words} and
 * {type: "fresh"} (the page from the top) and {type: "run", code, typed}; out: {type: "progress", bytes}, {type: "ready",
 * version} or {type: "failed", error}, and {type: "done", out, graphs} or
 * {type: "died", error} for each run. */
var session = null;
var fresh = null; // a new session in the same Python: what the old one held is freed

// Count the bytes of Pyodide's own downloads for the page's progress bar.
// The WebAssembly module is handed on as it came, its bytes counted on a copy:
// a browser keeps the machine code it compiled from a response of its own
// fetch (not from a Response made here), so Python starts faster on the next
// chapter. A server that sends it with another type gets a copy that says
// application/wasm, which Pyodide's streaming start requires.
function counted(response) {
  var reader = response.body.getReader();
  return new ReadableStream({
    pull: function (c) {
      return reader.read().then(function (r) {
        if (r.done) {
          c.close();
          return;
        }
        self.postMessage({ type: "progress", bytes: r.value.byteLength });
        c.enqueue(r.value);
      });
    },
  });
}

function countingFetch(original, runtime) {
  return function (input, init) {
    var url = String(input && input.url ? input.url : input);
    return original(input, init).then(function (response) {
      if (url.indexOf(runtime) !== 0 || !response.body) return response;
      var wasm = /\.wasm$/.test(url);
      if (wasm && response.headers.get("Content-Type") === "application/wasm") {
        // a download that breaks is Pyodide's to report, from the response itself
        counted(response.clone())
          .pipeTo(new WritableStream())
          .catch(function () {});
        return response;
      }
      var headers = new Headers(response.headers);
      if (wasm) headers.set("Content-Type", "application/wasm");
      return new Response(counted(response), {
        status: response.status,
        statusText: response.statusText,
        headers: headers,
      });
    });
  };
}

function start(m) {
  var realFetch = self.fetch.bind(self);
  self.fetch = countingFetch(realFetch, m.runtime);
  return import(m.runtime + "pyodide.mjs")
    .then(function (loader) {
      return loader.loadPyodide({ indexURL: m.runtime, packageBaseUrl: m.runtime });
    })
    .then(function (pyodide) {
      self.fetch = realFetch;
      if (m.interrupt) pyodide.setInterruptBuffer(m.interrupt);
      pyodide.FS.mkdirTree("/book");
      return Promise.all(
        m.files.map(function (file) {
          return realFetch(file.url)
            .then(function (r) {
              if (!r.ok) throw new Error(file.url + ": " + r.status);
              return r.text();
            })
            .then(function (text) {
              pyodide.FS.writeFile(file.path, text);
            });
        })
      ).then(function () {
        pyodide.globals.set("book_words", pyodide.toPy(m.words));
        var kernel = pyodide.runPython(
          [
            "import sys",
            "sys.path.append('/book')",
            "import book_session",
            "book_session.free_chains_shallowly()",
            "book_session.BookSession, sys.version.split()[0]",
          ].join("\n")
        );
        fresh = function () {
          if (session) {
            session.close(); // frees the old blocks' values link by link
            session.destroy();
          }
          session = kernel.get(0)(pyodide.globals.get("book_words"));
        };
        fresh();
        self.postMessage({ type: "ready", version: kernel.get(1) });
      });
    });
}

self.onmessage = function (event) {
  var m = event.data;
  if (m.type === "start") {
    start(m).catch(function (error) {
      self.postMessage({ type: "failed", error: String((error && error.message) || error) });
    });
  } else if (m.type === "fresh") {
    fresh();
  } else if (m.type === "run") {
    try {
      var out = session.run(m.code, m.typed);
      var graphs = session.graphs.toJs();
      self.postMessage({ type: "done", out: out, graphs: graphs });
    } catch (error) {
      // not a Python exception (those are printed): Pyodide itself failed
      self.postMessage({ type: "died", error: String((error && error.message) || error).split("\n")[0] });
    }
  }
};
