/* A code block, formula or table wider than the screen scrolls sideways. A
   keyboard reader can scroll it only if it can take focus, so each one that
   overflows becomes a Tab stop (and loses it again when it fits).
   docs/_ext/page_polish.py loads this on every page. */
(function () {
  "use strict";
  var SELECTOR = "div.highlight > pre, div.math-scroll, div.table-wrapper";
  var MARK = "data-scroll-focus";

  function mark() {
    var elements = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < elements.length; i++) {
      var element = elements[i];
      var overflows = element.scrollWidth > element.clientWidth + 1;
      if (overflows && !element.hasAttribute("tabindex")) {
        element.setAttribute("tabindex", "0");
        element.setAttribute(MARK, "");
      } else if (!overflows && element.hasAttribute(MARK)) {
        element.removeAttribute("tabindex");
        element.removeAttribute(MARK);
      }
    }
  }

  var pending = null;
  function later() {
    if (pending !== null) return;
    pending = window.requestAnimationFrame(function () {
      pending = null;
      mark();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mark);
  } else {
    mark();
  }
  window.addEventListener("resize", later);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(later);
})();
