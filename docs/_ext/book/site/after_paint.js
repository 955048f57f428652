// The page's scripts, run once the page is drawn (inlined in the head by polish.py).
//
// The build writes each script file of a chapter with the type
// "book/after-paint", which no browser runs, and its address as data-src. When the
// page is parsed and its first frame drawn, this puts each back as a plain
// script, in the page's order. On a fast load every script and font arrived
// before the first frame, and the first script to ask where something is (furo
// reads the scroll position when it starts), or the load event, laid out the
// whole chapter inside that script's task: a Chinese chapter's first paint and
// its longest task (300-600 ms on a phone) both waited for a script.
// Run this late, a script's DOMContentLoaded listener runs at once, as it
// would have. <html> has data-scripts="waiting" until every script has run,
// then "ran", and window.bookScriptsRan is true.
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.remove("no-js"); // furo's; scripts will run
  root.setAttribute("data-scripts", "waiting");
  function runScripts() {
    var listen = document.addEventListener;
    document.addEventListener = function (type, listener, options) {
      if (type !== "DOMContentLoaded" || !listener) return listen.call(this, type, listener, options);
      setTimeout(function () {
        var event = new Event(type);
        if (typeof listener === "function") listener.call(document, event);
        else listener.handleEvent(event);
      });
    };
    var waiting = document.querySelectorAll('script[type="book/after-paint"]');
    var left = waiting.length + 1; // and one for the loop below
    function ran() {
      if (--left > 0) return;
      setTimeout(function () {
        // after the listeners above; the stylesheet then shows each static
        // figure that no script replaced
        root.setAttribute("data-scripts", "ran");
        window.bookScriptsRan = true;
      });
    }
    Array.prototype.forEach.call(waiting, function (placeholder) {
      var script = document.createElement("script");
      Array.prototype.forEach.call(placeholder.attributes, function (attribute) {
        var name = attribute.name === "data-src" ? "src" : attribute.name;
        if (name !== "type") script.setAttribute(name, attribute.value);
      });
      script.async = false; // one after another, in the page's order
      script.onload = script.onerror = ran;
      placeholder.replaceWith(script);
    });
    ran();
  }
  document.addEventListener("DOMContentLoaded", function () {
    // a frame's callbacks run before it is drawn: the timer runs after it
    requestAnimationFrame(function () {
      setTimeout(runScripts);
    });
  });
})();
