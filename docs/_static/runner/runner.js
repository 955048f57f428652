/* Run the book's code in the page (docs/_ext/book/runner/page.py). Small and deferred: it
 * only shows the Run buttons the build wrote into each Python block and listens
 * for a press (or Shift+Enter in a block). Nothing of Python is fetched
 * until the reader presses one: then runner-session.js (one Python session per
 * page, Pyodide served by this site) is loaded and does the rest. */
(function () {
  "use strict";
  var script = document.currentScript;
  var control = document.querySelector(".runner-page");
  if (!control || control.getAttribute("data-needs")) return; // nothing runs here
  var button = control.querySelector(".runner-all");
  var status = control.querySelector(".runner-status");
  var blocks = Array.prototype.map.call(document.querySelectorAll("article div.highlight-python"), function (box, i) {
    var pre = box.querySelector("pre");
    return {
      number: i + 1,
      box: box,
      pre: pre,
      original: null, // the book's text, kept when the block becomes editable
      ran: false,
      stopped: false, // Stop ended it: replayed only by its own Run
      output: null,
      reset: null,
      needs: box.classList.contains("runner-needs-torch") ? "torch" : "",
      // "3.11" when the page shows what that version printed (docs/_ext/book/runner/page.py)
      printedBy: (/\brunner-printed-by-(\d+)-(\d+)\b/.exec(box.className) || []).slice(1).join("."),
    };
  });
  var runner = (window.bookRunner = {
    blocks: blocks,
    control: control,
    button: button,
    status: status,
    done: 0,
    coldStartSeconds: null,
    runtime: new URL(script.getAttribute("data-runtime"), document.baseURI).href,
    fetchedBytes: Number(script.getAttribute("data-fetched-bytes")) || 0,
  });
  var loaded = null;
  function load(name) {
    // a script beside this one, loaded once: the words, then the session
    return new Promise(function (resolve, reject) {
      var tag = document.createElement("script");
      tag.src = script.src.replace(/runner\.js(\?.*)?$/, name + "$1");
      tag.onload = resolve;
      tag.onerror = function () {
        reject(new Error(tag.src));
      };
      document.head.appendChild(tag);
    });
  }
  runner.load = load; // for runner-session.js's runner-graph.js
  if (location.protocol === "file:") {
    // a classic script loads from disk; the session's WebAssembly does not
    load("runner-words.js").then(function () {
      status.textContent = window.bookRunnerWords.file;
    });
    return;
  }
  function act(block, check) {
    // block: run it (and the blocks above not run yet); none: run the page;
    // check: an exercise's starter block, run again with the check below it
    loaded =
      loaded ||
      load("runner-words.js")
        .then(function () {
          return load("runner-session.js");
        })
        .catch(function (error) {
          loaded = null; // the next press tries again
          throw error;
        });
    loaded.then(
      function () {
        return block ? runner.runUpTo(block, check && blocks[block.number]) : runner.runAll();
      },
      function (e) {
        status.textContent = String(e);
      }
    );
  }
  // The Run buttons are in the page (docs/_ext/book/runner/page.py), laid out but hidden
  // until now: showing them is a change of visibility on the buttons alone, which
  // neither restyles the page nor moves anything (a class on <html> restyled and
  // laid out all of a long chapter).
  Array.prototype.forEach.call(
    document.querySelectorAll(".highlight .runner-run, .highlight .runner-check"),
    function (run) {
      run.classList.add("runner-ready");
    }
  );
  document.addEventListener("click", function (event) {
    var run = event.target.closest && event.target.closest(".runner-run, .runner-check");
    var block = run && blockOf(run);
    if (block) act(block, run.classList.contains("runner-check"));
  });
  function blockOf(element) {
    var box = element.closest("article div.highlight-python");
    return (
      box &&
      blocks.filter(function (b) {
        return b.box === box && !b.needs;
      })[0]
    );
  }
  // Shift+Enter in a block runs it: one listener for the page.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !event.shiftKey || !event.target.closest) return;
    var block = blockOf(event.target);
    if (!block) return;
    event.preventDefault();
    act(block);
  });
  button.disabled = false;
  button.addEventListener("click", function () {
    act(null);
  });
})();
