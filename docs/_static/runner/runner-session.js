/* The in-page Python, loaded by runner.js when the reader first presses Run.
 *
 * Python runs in a Web Worker (runner-worker.js, beside this file), never on
 * the page's thread, so a block that never ends cannot freeze the page: the
 * Stop button ends it. Where the site is cross-origin isolated, Stop raises
 * KeyboardInterrupt in the running block (Pyodide's interrupt buffer); where
 * it is not (GitHub Pages sends no such headers, so no SharedArrayBuffer),
 * Stop ends the worker and the next Run starts a fresh Python, which first
 * runs the blocks above again, and the page says so. The worker writes the
 * engine files the page offers for download into Python's working folder,
 * and the Python half of the runner (book_session.py) into /book; every block
 * runs in one Python session per page, in page order, as the book's doctests
 * run it: a block with ">>> " prompts is typed line by line into
 * code.InteractiveConsole (the copy button's rule: only the lines after
 * ">>> " or "... "), a block without prompts runs whole. */
(function () {
  "use strict";
  var R = window.bookRunner;
  var blocks = R.blocks,
    control = R.control,
    status = R.status,
    runtime = R.runtime;
  var T = window.bookRunnerWords; // runner-words.js
  function say(key, values) {
    return T[key].replace(/\{(\w+)\}/g, function (_, k) {
      return values[k];
    });
  }
  var sheet = document.createElement("link");
  sheet.rel = "stylesheet";
  sheet.href = document.currentScript.src.replace(/\.js(\?.*)?$/, ".css");
  document.head.appendChild(sheet);
  var hasTorchBlocks = blocks.some(function (b) {
    return b.needs;
  });
  var session = null; // a Promise of the started worker: the Python of this page
  var worker = null;
  var pending = null; // {resolve, reject} of the block the worker is running
  var interrupt =
    window.crossOriginIsolated && window.SharedArrayBuffer ? new Uint8Array(new SharedArrayBuffer(1)) : null;
  var busy = Promise.resolve();
  var WORKER = document.currentScript.src.replace(/runner-session\.js(\?.*)?$/, "runner-worker.js");
  var SESSION_PY = document.currentScript.src.replace(/runner-session\.js(\?.*)?$/, "book_session.py");
  // A download, also under the reader's own name that the pages import (notebooks/first_cell.py)
  var READERS_OWN = { "engine_book.py": "engine.py" };

  // Stop: shown beside the page's Run button while a block runs.
  var stopButton = document.createElement("button");
  stopButton.type = "button";
  stopButton.className = "runner-stop";
  stopButton.textContent = T.stop;
  stopButton.title = T.stopTitle;
  stopButton.hidden = true;
  R.button.insertAdjacentElement("afterend", stopButton);
  stopButton.addEventListener("click", stop);

  function stop() {
    if (!pending) return;
    if (interrupt) {
      interrupt[0] = 2; // SIGINT: the running block raises KeyboardInterrupt
      return;
    }
    worker.terminate();
    var was = pending;
    forget();
    was.reject({ stopped: true });
  }

  function forget() {
    // the worker is gone: the next run starts a fresh Python from the top
    worker = null;
    session = null;
    pending = null;
    blocks.forEach(function (b) {
      b.ran = false;
    });
  }

  function start() {
    if (session) return session;
    var startedAt = performance.now();
    var bar = document.createElement("progress");
    bar.className = "runner-progress";
    bar.max = R.fetchedBytes || 1;
    bar.value = 0;
    var got = 0;
    var mb = function (n) {
      return (n / 1e6).toFixed(1);
    };
    status.textContent = say("loading", { got: mb(0), total: mb(R.fetchedBytes) });
    bar.setAttribute("aria-label", status.textContent);
    control.appendChild(bar);
    control.setAttribute("aria-busy", "true");
    var files = [{ url: SESSION_PY, path: "/book/book_session.py" }];
    Array.prototype.forEach.call(document.querySelectorAll("a.download[href$='.py']"), function (a) {
      // into the working folder, first on sys.path
      var name = decodeURIComponent(a.pathname.split("/").pop());
      files.push({ url: a.href, path: name });
      if (READERS_OWN[name]) files.push({ url: a.href, path: READERS_OWN[name] });
    });
    function done() {
      bar.remove();
      control.removeAttribute("aria-busy");
    }
    session = new Promise(function (resolve, reject) {
      worker = new Worker(WORKER, { type: "module" });
      worker.onmessage = function (event) {
        var m = event.data;
        if (m.type === "progress") {
          got += m.bytes;
          bar.value = Math.min(got, bar.max);
          status.textContent =
            got >= R.fetchedBytes ? T.starting : say("loading", { got: mb(got), total: mb(R.fetchedBytes) });
        } else if (m.type === "ready") {
          done();
          resolve({ version: m.version });
        } else if (m.type === "failed") {
          done();
          reject(new Error(m.error));
        } else if (pending) {
          var was = pending;
          pending = null;
          if (m.type === "done") was.resolve({ text: m.out, graphs: m.graphs || [] });
          else was.reject({ died: m.error });
        }
      };
      worker.onerror = function (event) {
        event.preventDefault();
        var error = new Error(event.message || "the worker failed");
        if (pending) {
          var was = pending;
          pending = null;
          was.reject({ died: error.message });
        } else reject(error);
      };
      worker.postMessage({
        type: "start",
        runtime: runtime,
        files: files,
        interrupt: interrupt,
        words: { exit: T.exit, input: T.input, incomplete: T.incomplete, language: T.language },
      });
    }).then(
      function (python) {
        var seconds = (performance.now() - startedAt) / 1000;
        R.coldStartSeconds = seconds;
        status.textContent = say("ready", { s: seconds.toFixed(1) }) + (hasTorchBlocks ? " " + T.torchPage : "");
        blocks.forEach(makeEditable);
        return python;
      },
      function (error) {
        done();
        status.textContent = say("failed", { e: error && error.message ? error.message : String(error) });
        if (worker) worker.terminate();
        worker = null;
        session = null;
        throw error;
      }
    );
    return session;
  }

  // Run one block's code in the worker: a Promise of what it printed.
  function execute(source) {
    return new Promise(function (resolve, reject) {
      if (interrupt) interrupt[0] = 0;
      pending = { resolve: resolve, reject: reject };
      stopButton.hidden = false;
      worker.postMessage({ type: "run", code: source.code, typed: source.typed });
    }).then(
      function (out) {
        stopButton.hidden = true;
        return out;
      },
      function (why) {
        stopButton.hidden = true;
        throw why;
      }
    );
  }

  function makeEditable(block) {
    if (block.needs || block.original !== null) return; // once, with the book's text
    var pre = block.pre;
    block.original = pre.innerHTML; // for Reset: the book's text, before any edit
    pre.setAttribute("contenteditable", "plaintext-only");
    pre.setAttribute("spellcheck", "false");
    pre.setAttribute("role", "textbox");
    pre.setAttribute("aria-multiline", "true");
    pre.setAttribute("aria-label", T.edit + " (" + block.number + ")");
    pre.addEventListener("input", function () {
      showReset(block);
    });
  }

  function showReset(block) {
    if (block.reset) return;
    var reset = document.createElement("button");
    reset.type = "button";
    reset.className = "runner-reset";
    reset.textContent = T.reset;
    reset.title = T.resetTitle;
    reset.setAttribute("aria-label", T.reset + " " + block.number);
    reset.addEventListener("click", function () {
      block.pre.innerHTML = block.original;
      unstop(block); // the book's text runs to its end
      reset.remove();
      block.reset = null;
      block.pre.focus();
    });
    block.box.querySelector("div.highlight").appendChild(reset);
    block.reset = reset;
  }

  function unstop(block) {
    block.stopped = false;
    block.box.classList.remove("runner-stopped");
  }

  // The copy button's rule (docs/_ext/book/code/copy_rule.py, which hands the prompt to the
  // page): with prompts, only the lines after ">>> " or "... " (a bare "..." is a
  // blank line); without prompts, the whole text.
  var PROMPT = new RegExp("^(" + window.bookCopyRule.prompt + ")");
  function pasted(text) {
    var lines = text.replace(/\n$/, "").split("\n");
    if (
      !lines.some(function (l) {
        return PROMPT.test(l);
      })
    )
      return { code: lines.join("\n"), typed: false };
    var code = [];
    lines.forEach(function (l) {
      var m = PROMPT.exec(l);
      if (m) code.push(l.slice(m[0].length));
    });
    return { code: code.join("\n"), typed: true };
  }

  function show(block, text, kind) {
    if (!block.output) {
      var box = document.createElement("div");
      var label = document.createElement("p");
      label.className = "runner-output-label";
      label.textContent = T.output + " (" + block.number + ")";
      var pre = document.createElement("pre");
      pre.tabIndex = 0;
      box.appendChild(label);
      box.appendChild(pre);
      block.box.insertAdjacentElement("afterend", box);
      block.output = box;
    }
    var graph = block.output.querySelector(".runner-graph");
    if (graph) graph.remove(); // a graph belongs to the run that drew it
    var folded = block.output.querySelector("details");
    if (folded) folded.replaceWith(folded.querySelector("pre"));
    var look = kind || (!text ? "empty" : /^[\u2713\u2717] /.test(text) ? "verdict" : ""); // verdict: a check's
    block.output.className = "runner-output" + (look ? " runner-output--" + look : "");
    block.output.querySelector("pre").textContent = text;
    var note = block.output.querySelector(".runner-output-note");
    if (note) note.remove();
    block.output.querySelector("p").textContent = T.output + " (" + block.number + ")" + (text ? "" : T.nothing);
  }

  var ERROR =
    /^Traceback \(most recent call last\):|^\s*File "<(block|console)>|^\w*(Error|Exception|Exit)\b.*$|^KeyboardInterrupt/m;
  function runOne(python, block) {
    if (block.needs) {
      show(block, T.torch, "note");
      block.ran = true;
      return Promise.resolve();
    }
    return execute(pasted(block.pre.textContent)).then(
      function (result) {
        var out = result.text;
        show(block, out.replace(/\s+$/, ""), ERROR.test(out) ? "error" : "");
        if (result.graphs.length) draw(block, result.graphs[result.graphs.length - 1]);
        if (block.printedBy && block.printedBy !== python.version.split(".").slice(0, 2).join(".")) {
          var note = document.createElement("p");
          note.className = "runner-output-note";
          note.textContent = say("printedBy", { page: block.printedBy, here: python.version });
          block.output.appendChild(note);
        }
        block.ran = true;
      },
      function (why) {
        if (why && why.stopped) {
          // replayed after the fresh start only when its own Run is pressed
          block.stopped = true;
          block.box.classList.add("runner-stopped");
          show(block, T.stoppedRestart, "error");
        } else {
          // not a Python exception (those are printed): Pyodide itself failed
          R.stopped = say("stopped", { e: String((why && why.died) || why) });
          show(block, R.stopped, "error");
        }
        throw why;
      }
    );
  }

  // A graph the block's last to_dot(...) gave, drawn under it (runner-graph.js,
  // loaded with Graphviz the first time a block draws one).
  var grapher = null;
  function draw(block, dot) {
    grapher =
      grapher ||
      R.load("runner-graph.js").catch(function (error) {
        grapher = null; // the next graph tries again
        throw error;
      });
    R.drawing = grapher.then(function () {
      return R.drawGraph(block, dot);
    });
    R.drawing.catch(function (e) {
      if (window.console) console.error(e);
    });
  }

  function runBlocks(list, fresh) {
    busy = busy
      .then(function () {
        if (R.stopped) {
          status.textContent = T.reload;
          return;
        }
        return start().then(function (python) {
          if (fresh) {
            // the page from the top, in a new session of the same Python
            worker.postMessage({ type: "fresh" });
            blocks.forEach(function (b) {
              b.ran = false;
            });
          }
          var todo = typeof list === "function" ? list() : list;
          var chain = Promise.resolve();
          todo.forEach(function (block) {
            chain = chain.then(function () {
              status.textContent = say("running", { n: block.number });
              return new Promise(function (r) {
                setTimeout(r, 0); // the status is painted before the block runs
              }).then(function () {
                return runOne(python, block);
              });
            });
          });
          return chain.then(function () {
            if (!todo.length) return;
            var last = todo[todo.length - 1].number;
            var left = blocks.filter(function (b) {
              return b.stopped && b.number < last;
            });
            status.textContent =
              say("ran", { n: last }) +
              left
                .map(function (b) {
                  return " " + say("leftOut", { n: b.number });
                })
                .join("") +
              (hasTorchBlocks ? " " + T.torchPage : "");
          });
        });
      })
      .catch(function (error) {
        if (error && error.stopped) status.textContent = T.stoppedRestart;
        else if (R.stopped) status.textContent = T.reload;
        else if (window.console) console.error(error);
      })
      .then(function () {
        R.done += 1;
      });
    return busy;
  }

  // A block that was stopped is never replayed on its way to another: only its
  // own Run runs it again (else an endless loop, stopped, would run again at once).
  // Check (an exercise's starter): the starter, edited or not, then its check.
  R.runUpTo = function (block, check) {
    return runBlocks(function () {
      // decided when its turn comes: earlier runs may have run some
      var also = check ? [block, check] : [block];
      also.forEach(unstop);
      return blocks
        .filter(function (b) {
          return b.number < block.number && !b.ran && !b.stopped;
        })
        .concat(also);
    }, false);
  };
  R.runAll = function () {
    return runBlocks(function () {
      return blocks.filter(function (b) {
        return !b.stopped;
      });
    }, true);
  };
})();
