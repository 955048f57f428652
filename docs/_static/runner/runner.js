/* Run the book's code in the page: Python (Pyodide, served by this site) on demand.
 *
 * Deferred and small: at load it only adds a Run button to each Python block.
 * Nothing of Python is fetched until the reader presses one. Then Pyodide's
 * loader is added with a <script> tag, the engine files the page offers for
 * download are written into Python's file system, and every block runs in one
 * Python session per page, in page order, as the book's doctests run it: a
 * block with ">>> " prompts is typed line by line into code.InteractiveConsole
 * (the copy button's rule: only the lines after ">>> " or "... "), a block
 * without prompts runs whole. See docs/_ext/runner.py for what the build adds.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var zh = /^zh/i.test(document.documentElement.lang || "");
  var T = zh ? {
    run: "运行", runTitle: "运行这一段代码（以及上面尚未运行的代码），Shift+Enter",
    reset: "还原", resetTitle: "把这一段代码还原为书中的原文",
    output: "输出", edit: "可编辑的 Python 代码，Shift+Enter 运行",
    loading: "正在加载 Python：{got} / {total} MB", starting: "正在启动 Python……",
    ready: "Python 已就绪（启动用时 {s} 秒）。", running: "正在运行第 {n} 段……",
    ran: "已运行到第 {n} 段。", all: "运行本页的代码",
    torch: "未运行：这一段需要 PyTorch，而 PyTorch 无法在浏览器中运行。",
    torchPage: "需要 PyTorch 的几段代码会跳过（PyTorch 无法在浏览器中运行）。",
    file: "从本地文件打开的页面无法运行 Python（浏览器拒绝加载 WebAssembly）：请用 make serve 或在构建好的文件夹中运行 python3 -m http.server 来提供网站，或在线阅读。",
    failed: "Python 无法加载：{e}"
  } : {
    run: "Run", runTitle: "Run this block (and the blocks above it not run yet), Shift+Enter",
    reset: "Reset", resetTitle: "Put back the book's text of this block",
    output: "Output", edit: "Python code, editable; Shift+Enter runs it",
    loading: "Loading Python: {got} of {total} MB", starting: "Starting Python…",
    ready: "Python is ready (it started in {s} s).", running: "Running block {n}…",
    ran: "Ran the blocks up to block {n}.", all: "Run the code on this page",
    torch: "Not run: this block needs PyTorch, which cannot run in the browser.",
    torchPage: "The blocks that need PyTorch are skipped (PyTorch cannot run in the browser).",
    file: "Python cannot run in a page opened from a file (the browser refuses to load its WebAssembly): serve the site (make serve, or python3 -m http.server in the built folder) or read it online.",
    failed: "Python could not load: {e}"
  };
  function say(key, values) {
    return T[key].replace(/\{(\w+)\}/g, function (_, k) { return values[k]; });
  }

  var control = document.querySelector(".runner-page");
  if (!control || control.getAttribute("data-needs")) return;  // no page control: nothing runs here
  var button = control.querySelector(".runner-all");
  var status = control.querySelector(".runner-status");
  var runtime = new URL(script.getAttribute("data-runtime"), document.baseURI).href;
  var fetchedBytes = Number(script.getAttribute("data-fetched-bytes")) || 0;

  if (location.protocol === "file:") {
    status.textContent = T.file;
    control.classList.add("runner-page--cannot");
    return;
  }

  var blocks = Array.prototype.map.call(
    document.querySelectorAll("article div.highlight-python"),
    function (box, index) {
      var pre = box.querySelector("pre");
      return {
        number: index + 1, box: box, pre: pre, original: pre.innerHTML,
        needs: box.classList.contains("runner-needs-torch") ? "torch" : "",
        ran: false, output: null, reset: null
      };
    });
  var hasTorchBlocks = blocks.some(function (b) { return b.needs; });

  var session = null;  // a Promise of the Python console of this page
  var busy = Promise.resolve();
  var startedAt = 0;
  window.bookRunner = { blocks: blocks, coldStartSeconds: null, done: 0 };

  function addButtons(block) {
    if (block.needs) return;
    var run = document.createElement("button");
    run.type = "button";
    run.className = "runner-run";
    run.textContent = "\u25B6\uFE0E " + T.run;
    run.title = T.runTitle;
    run.setAttribute("aria-label", T.run + " " + block.number);
    run.addEventListener("click", function () { runUpTo(block); });
    block.box.querySelector("div.highlight").appendChild(run);
    block.pre.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && event.shiftKey) {
        event.preventDefault();
        runUpTo(block);
      }
    });
  }
  blocks.forEach(addButtons);
  button.disabled = false;
  button.addEventListener("click", function () { runAll(); });

  function loadScript(url) {
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.src = url;
      tag.onload = resolve;
      tag.onerror = function () { reject(new Error(url)); };
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
              if (r.done) { c.close(); return; }
              progress(r.value.byteLength);
              c.enqueue(r.value);
            });
          }
        });
        var headers = new Headers(response.headers);
        if (/\.wasm$/.test(url)) headers.set("Content-Type", "application/wasm");
        return new Response(stream, { status: response.status, statusText: response.statusText, headers: headers });
      });
    };
  }

  var KERNEL = [
    "import code, contextlib, io",
    "class BookSession:",
    "    def __init__(self):",
    "        self.console = code.InteractiveConsole({'__name__': '__main__'})",
    "    def run(self, text, typed):",
    "        out = io.StringIO()",
    "        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):",
    "            if typed:",
    "                more = False",
    "                for line in text.split('\\n'):",
    "                    more = self.console.push(line)",
    "                if more:",
    "                    self.console.push('')",
    "            else:",
    "                self.console.resetbuffer()",
    "                self.console.runsource(text + '\\n', '<block>', 'exec')",
    "        return out.getvalue()",
    "BookSession"
  ].join("\n");

  function start() {
    if (session) return session;
    startedAt = performance.now();
    var bar = document.createElement("progress");
    bar.className = "runner-progress";
    bar.max = fetchedBytes || 1;
    bar.value = 0;
    var got = 0;
    var mb = function (n) { return (n / 1e6).toFixed(1); };
    status.textContent = say("loading", { got: mb(0), total: mb(fetchedBytes) });
    control.appendChild(bar);
    control.setAttribute("aria-busy", "true");
    var realFetch = window.fetch;
    window.fetch = countingFetch(realFetch.bind(window), function (n) {
      got += n;
      bar.value = Math.min(got, bar.max);
      status.textContent = got >= fetchedBytes ? T.starting
        : say("loading", { got: mb(got), total: mb(fetchedBytes) });
    });
    var engineFiles = Array.prototype.filter.call(
      document.querySelectorAll("a.download[href$='.py']"), function (a) { return true; });
    session = loadScript(runtime + "pyodide.js")
      .then(function () { return window.loadPyodide({ indexURL: runtime }); })
      .then(function (pyodide) {
        window.fetch = realFetch;
        return Promise.all(engineFiles.map(function (a) {
          return realFetch(a.href).then(function (r) {
            if (!r.ok) throw new Error(a.href + ": " + r.status);
            return r.text();
          }).then(function (text) {
            var name = decodeURIComponent(a.pathname.split("/").pop());
            pyodide.FS.writeFile(name, text);  // the working folder, first on sys.path
          });
        })).then(function () { return pyodide.runPython(KERNEL); });
      })
      .then(function (BookSession) {
        var seconds = (performance.now() - startedAt) / 1000;
        window.bookRunner.coldStartSeconds = seconds;
        bar.remove();
        control.removeAttribute("aria-busy");
        status.textContent = say("ready", { s: seconds.toFixed(1) }) + (hasTorchBlocks ? " " + T.torchPage : "");
        blocks.forEach(makeEditable);
        return { Session: BookSession, console: BookSession() };
      }, function (error) {
        window.fetch = realFetch;
        bar.remove();
        control.removeAttribute("aria-busy");
        status.textContent = say("failed", { e: error && error.message ? error.message : String(error) });
        session = null;
        throw error;
      });
    return session;
  }

  function makeEditable(block) {
    if (block.needs) return;
    block.pre.setAttribute("contenteditable", "plaintext-only");
    block.pre.setAttribute("spellcheck", "false");
    block.pre.setAttribute("role", "textbox");
    block.pre.setAttribute("aria-multiline", "true");
    block.pre.setAttribute("aria-label", T.edit + " (" + block.number + ")");
    block.pre.addEventListener("input", function () { showReset(block); });
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

  // The copy button's rule (docs/conf.py): with prompts, only the lines after
  // ">>> " or "... " (a bare "..." is a blank line); without prompts, the whole text.
  var PROMPT = /^(>>> |\.\.\. |\.\.\.$)/;
  function pasted(text) {
    var lines = text.replace(/\n$/, "").split("\n");
    var typed = lines.some(function (l) { return PROMPT.test(l); });
    if (!typed) return { code: lines.join("\n"), typed: false };
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
      box.className = "runner-output";
      var label = document.createElement("p");
      label.className = "runner-output-label";
      label.textContent = T.output;
      var pre = document.createElement("pre");
      pre.tabIndex = 0;
      box.appendChild(label);
      box.appendChild(pre);
      block.box.insertAdjacentElement("afterend", box);
      block.output = box;
    }
    block.output.className = "runner-output" + (kind ? " runner-output--" + kind : "");
    block.output.querySelector("pre").textContent = text;
    block.output.hidden = false;
  }

  function runOne(python, block) {
    if (block.needs) {
      show(block, T.torch, "note");
      block.ran = true;
      return;
    }
    var source = pasted(block.pre.textContent);
    var out = python.console.run(source.code, source.typed);
    show(block, out.replace(/\s+$/, ""), /Traceback \(most recent call last\)|^\s*File "<|Error: /m.test(out) ? "error" : "");
    block.ran = true;
  }

  var pause = function () { return new Promise(function (r) { setTimeout(r, 0); }); };

  function runBlocks(list) {
    busy = busy.then(function () {
      return start().then(function (python) {
        var chain = Promise.resolve();
        list.forEach(function (block) {
          chain = chain.then(function () {
            status.textContent = say("running", { n: block.number });
            return pause().then(function () { runOne(python, block); });
          });
        });
        return chain.then(function () {
          var last = list[list.length - 1];
          if (last) status.textContent = say("ran", { n: last.number });
          window.bookRunner.done += 1;
        });
      });
    }).catch(function (error) {
      if (window.console) console.error(error);
      window.bookRunner.done += 1;
    });
    return busy;
  }

  function runUpTo(block) {
    var list = blocks.filter(function (b) { return b.number < block.number && !b.ran; });
    list.push(block);
    return runBlocks(list);
  }

  function runAll() {
    return runBlocks([]).then(function () {
      return session && session.then(function (python) {
        python.console = python.Session();  // a fresh session: the page from the top
        blocks.forEach(function (b) { b.ran = false; });
      });
    }).then(function () { return runBlocks(blocks.slice()); });
  }
})();
