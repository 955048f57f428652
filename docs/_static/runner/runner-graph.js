/* Draw the graph a block's to_dot(...) gave, under the block (runner-session.js loads
 * this file the first time a block shows one). Graphviz compiled to WebAssembly, the
 * npm package @viz-js/viz as one classic script that the site serves beside Pyodide
 * (docs/_ext/book/runner/page.py), is loaded here, once: nothing of it is fetched before a
 * reader draws. The drawing takes the page's colours, in both themes; its caption,
 * the text alternative, counts the nodes and edges and gives the output's numbers;
 * the DOT text stays one click away. */
(function () {
  "use strict";
  var R = window.bookRunner;
  var T = window.bookRunnerWords;
  var VIZ = new URL("../viz/viz-global.js", R.runtime).href; // runtime: _static/pyodide/
  var viz = null;

  function say(key, values) {
    return T[key].replace(/\{(\w+)\}/g, function (_, k) {
      return values[k];
    });
  }

  function graphviz() {
    viz =
      viz ||
      new Promise(function (resolve, reject) {
        var tag = document.createElement("script");
        tag.src = VIZ;
        tag.onload = resolve;
        tag.onerror = function () {
          viz = null;
          reject(new Error(tag.src));
        };
        document.head.appendChild(tag);
      }).then(function () {
        return window.Viz.instance();
      });
    return viz;
  }

  // What the picture shows, in words: to_dot lists the nodes parents first, so the
  // last node is the output; each label is "name\ndata X\ngrad Y" (the name optional).
  function describe(dot) {
    var nodes = [],
      edges = 0;
    dot.split("\n").forEach(function (line) {
      if (/^\s*n\d+\s*->/.test(line)) edges += 1;
      else {
        var node = /^\s*n\d+\s*\[label="(.*)"\];\s*$/.exec(line);
        if (node) nodes.push(node[1].split("\\n"));
      }
    });
    var last = nodes[nodes.length - 1] || [];
    var data = /^data (.*)$/.exec(last[last.length - 2] || "");
    var grad = /^grad (.*)$/.exec(last[last.length - 1] || "");
    var counts = { nodes: nodes.length, edges: edges };
    if (!data || !grad) return say("graphAltPlain", counts);
    counts.data = data[1];
    counts.grad = grad[1];
    if (last.length < 3) return say("graphAltUnnamed", counts);
    counts.name = last[0].replace(/\\"/g, '"').replace(/\\\\/g, "\\");
    return say("graphAlt", counts);
  }

  R.drawGraph = function (block, dot) {
    var box = block.output;
    var old = box.querySelector(".runner-graph");
    if (old) old.remove();
    var pre = box.querySelector("pre");
    return graphviz().then(
      function (instance) {
        var figure = document.createElement("figure");
        figure.className = "runner-graph";
        var svg = instance.renderSVGElement(dot);
        var caption = document.createElement("figcaption");
        caption.id = "runner-graph-" + block.number;
        caption.textContent = describe(dot);
        svg.setAttribute("role", "img");
        svg.setAttribute("aria-labelledby", caption.id);
        figure.appendChild(svg);
        figure.appendChild(caption);
        // the text one click away when the block printed nothing but the graph
        if (pre.textContent.trim() === dot.trim()) {
          var text = document.createElement("details");
          var summary = document.createElement("summary");
          summary.textContent = T.graphText;
          text.appendChild(summary);
          pre.replaceWith(text);
          text.appendChild(pre);
          box.insertBefore(figure, text);
        } else box.appendChild(figure);
      },
      function (error) {
        var note = document.createElement("p");
        note.className = "runner-output-note runner-graph";
        note.textContent = say("graphFailed", { e: error.message || String(error) });
        box.appendChild(note);
      }
    );
  };
})();
