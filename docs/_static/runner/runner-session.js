/* The in-page Python, loaded by runner.js when the reader first presses Run.
 *
 * Pyodide's loader is added with a <script> tag; the engine files the page
 * offers for download are written into Python's working folder, and the
 * Python half of the runner (book_session.py, beside this file) into /book;
 * every block runs in one Python session per page, in page order, as the
 * book's doctests run it: a block with ">>> " prompts is typed line by line
 * into code.InteractiveConsole (the copy button's rule: only the lines after
 * ">>> " or "... "), a block without prompts runs whole. */
(function () {
  "use strict";
  var R = window.bookRunner;
  var blocks = R.blocks,
    control = R.control,
    status = R.status,
    runtime = R.runtime;
  var T = R.zh
    ? {
        reset: "还原",
        resetTitle: "把这一段代码还原为书中的原文",
        output: "输出",
        nothing: "：没有输出",
        edit: "可编辑的 Python 代码，Shift+Enter 运行",
        loading: "正在加载 Python：{got} / {total} MB",
        starting: "正在启动 Python……",
        ready: "Python 已就绪（启动用时 {s} 秒）。",
        running: "正在运行第 {n} 段……",
        ran: "已运行到第 {n} 段。",
        torch: "未运行：这一段需要 PyTorch，而 PyTorch 无法在浏览器中运行。",
        torchPage: "需要 PyTorch 的几段代码会跳过（PyTorch 无法在浏览器中运行）。",
        failed: "Python 无法加载：{e}",
        stopped: "浏览器中的 Python 在这一段停止了（{e}）。请在自己的电脑上运行这一段；重新加载页面可重新启动 Python。",
        printedBy: "本页显示的是 Python {page} 的输出；浏览器中的 Python 是 {here}，这里的数字可能不同。",
        reload: "浏览器中的 Python 已停止：请重新加载页面。",
      }
    : {
        reset: "Reset",
        resetTitle: "Put back the book's text of this block",
        output: "Output",
        nothing: ": nothing printed",
        edit: "Python code, editable; Shift+Enter runs it",
        loading: "Loading Python: {got} of {total} MB",
        starting: "Starting Python…",
        ready: "Python is ready (it started in {s} s).",
        running: "Running block {n}…",
        ran: "Ran the blocks up to block {n}.",
        torch: "Not run: this block needs PyTorch, which cannot run in the browser.",
        torchPage: "The blocks that need PyTorch are skipped (PyTorch cannot run in the browser).",
        failed: "Python could not load: {e}",
        stopped:
          "The browser's Python stopped at this block ({e}). Run it on your computer; reload the page to start Python again.",
        printedBy:
          "The page shows what Python {page} printed; the Python in your browser is {here}, whose numbers here may differ.",
        reload: "The browser's Python has stopped: reload the page to start it again.",
      };
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
  var session = null; // a Promise of {Session, console}: the Python of this page
  var busy = Promise.resolve();

  function loadScript(url) {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.src = url;
      tag.onload = resolve;
      tag.onerror = function () {
        reject(new Error(url));
      };
      document.head.appendChild(tag);
    });
  }

  // While Pyodide loads, count the bytes of its own fetches for the progress bar.
  function countingFetch(original, progress) {
    return function (input, init) {
      var url = String(input && input.url ? input.url : input);
      return original(input, init).then(function (response) {
        if (url.indexOf(runtime) !== 0 || !response.body) return response;
        var reader = response.body.getReader();
        var stream = new ReadableStream({
          pull: function (c) {
            return reader.read().then(function (r) {
              if (r.done) {
                c.close();
                return;
              }
              progress(r.value.byteLength);
              c.enqueue(r.value);
            });
          },
        });
        var headers = new Headers(response.headers);
        if (/\.wasm$/.test(url)) headers.set("Content-Type", "application/wasm");
        return new Response(stream, { status: response.status, statusText: response.statusText, headers: headers });
      });
    };
  }

  // The Python half: book_session.py, beside this script.
  var SESSION_PY = document.currentScript.src.replace(/runner-session\.js(\?.*)?$/, "book_session.py");
  var KERNEL = [
    "import sys",
    "sys.path.append('/book')",
    "import book_session",
    "book_session.free_chains_shallowly()",
    "book_session.BookSession, sys.version.split()[0]",
  ].join("\n");

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
    var realFetch = window.fetch;
    window.fetch = countingFetch(realFetch.bind(window), function (n) {
      got += n;
      bar.value = Math.min(got, bar.max);
      status.textContent =
        got >= R.fetchedBytes ? T.starting : say("loading", { got: mb(got), total: mb(R.fetchedBytes) });
    });
    var engineFiles = Array.prototype.slice.call(document.querySelectorAll("a.download[href$='.py']"));
    function done() {
      window.fetch = realFetch;
      bar.remove();
      control.removeAttribute("aria-busy");
    }
    session = loadScript(runtime + "pyodide.js")
      .then(function () {
        return window.loadPyodide({ indexURL: runtime, packageBaseUrl: runtime });
      })
      .then(function (pyodide) {
        done();
        function copy(url, path) {
          return realFetch(url)
            .then(function (r) {
              if (!r.ok) throw new Error(url + ": " + r.status);
              return r.text();
            })
            .then(function (text) {
              pyodide.FS.writeFile(path, text);
            });
        }
        pyodide.FS.mkdirTree("/book");
        return Promise.all(
          [copy(SESSION_PY, "/book/book_session.py")].concat(
            engineFiles.map(function (a) {
              // into the working folder, first on sys.path
              return copy(a.href, decodeURIComponent(a.pathname.split("/").pop()));
            })
          )
        ).then(function () {
          return pyodide.runPython(KERNEL);
        });
      })
      .then(
        function (kernel) {
          var BookSession = kernel.get(0);
          var seconds = (performance.now() - startedAt) / 1000;
          R.coldStartSeconds = seconds;
          status.textContent = say("ready", { s: seconds.toFixed(1) }) + (hasTorchBlocks ? " " + T.torchPage : "");
          blocks.forEach(makeEditable);
          return { Session: BookSession, console: BookSession(), version: kernel.get(1) };
        },
        function (error) {
          done();
          status.textContent = say("failed", { e: error && error.message ? error.message : String(error) });
          session = null;
          throw error;
        }
      );
    return session;
  }

  function makeEditable(block) {
    if (block.needs) return;
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
      reset.remove();
      block.reset = null;
      block.pre.focus();
    });
    block.box.querySelector("div.highlight").appendChild(reset);
    block.reset = reset;
  }

  // The copy button's rule (docs/_ext/copy_rule.py, which hands the prompt to the
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
    block.output.className = "runner-output" + (kind ? " runner-output--" + kind : text ? "" : " runner-output--empty");
    block.output.querySelector("pre").textContent = text;
    var note = block.output.querySelector(".runner-output-note");
    if (note) note.remove();
    block.output.querySelector("p").textContent = T.output + " (" + block.number + ")" + (text ? "" : T.nothing);
  }

  var ERROR = /^Traceback \(most recent call last\):|^\s*File "<(block|console)>|^\w*(Error|Exception)\b.*$/m;
  function runOne(python, block) {
    if (block.needs) {
      show(block, T.torch, "note");
    } else {
      var source = pasted(block.pre.textContent);
      var out;
      try {
        out = python.console.run(source.code, source.typed);
      } catch (error) {
        // not a Python exception (those are printed): Pyodide itself failed
        R.stopped = say("stopped", { e: String((error && error.message) || error).split("\n")[0] });
        show(block, R.stopped, "error");
        status.textContent = T.reload;
        throw error;
      }
      show(block, out.replace(/\s+$/, ""), ERROR.test(out) ? "error" : "");
      if (block.printedBy && block.printedBy !== python.version.split(".").slice(0, 2).join(".")) {
        var note = document.createElement("p");
        note.className = "runner-output-note";
        note.textContent = say("printedBy", { page: block.printedBy, here: python.version });
        block.output.appendChild(note);
      }
    }
    block.ran = true;
  }

  var pause = function () {
    return new Promise(function (r) {
      setTimeout(r, 0);
    });
  };

  function runBlocks(list, fresh) {
    busy = busy
      .then(function () {
        if (R.stopped) {
          status.textContent = T.reload;
          return;
        }
        return start().then(function (python) {
          if (fresh) {
            // the page from the top, in a new session
            python.console = python.Session();
            blocks.forEach(function (b) {
              b.ran = false;
            });
          }
          var todo = typeof list === "function" ? list() : list;
          var chain = Promise.resolve();
          todo.forEach(function (block) {
            chain = chain.then(function () {
              status.textContent = say("running", { n: block.number });
              return pause().then(function () {
                runOne(python, block);
              });
            });
          });
          return chain.then(function () {
            if (todo.length)
              status.textContent =
                say("ran", { n: todo[todo.length - 1].number }) + (hasTorchBlocks ? " " + T.torchPage : "");
          });
        });
      })
      .catch(function (error) {
        if (window.console) console.error(error);
      })
      .then(function () {
        R.done += 1;
      });
    return busy;
  }

  R.runUpTo = function (block) {
    return runBlocks(function () {
      // decided when its turn comes: earlier runs may have run some
      return blocks
        .filter(function (b) {
          return b.number < block.number && !b.ran;
        })
        .concat([block]);
    }, false);
  };
  R.runAll = function () {
    return runBlocks(blocks.slice(), true);
  };
})();
