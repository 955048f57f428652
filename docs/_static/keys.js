// The arrow keys move to the previous and the next chapter (navigation_with_keys
// in conf.py: Sphinx's doctools.js listens on the document). doctools.js leaves
// a key alone only in an <input>, <textarea>, <select> or <button>; this script
// also keeps it for a code block being edited (the runner makes blocks
// contenteditable), a widget, and a box that scrolls sideways with the arrow
// keys (code, formulas and tables are Tab stops for that: page_polish.py). It
// stands before doctools.js in the page (site/doors.py) and so listens on the
// document before doctools.js does, so that stopping the event
// there keeps it from doctools.js and from nothing else: the element that has
// the key has seen it already.
(function () {
  "use strict";
  var ARROWS = { ArrowLeft: true, ArrowRight: true };
  var OWN_KEYS =
    "input, textarea, select, button, [contenteditable], .widget, [tabindex]:not([tabindex='-1']), [role=slider], [role=textbox], [role=listbox], [role=menu], [role=tablist], [role=radiogroup]";

  function keepsArrows(element) {
    if (!element || element === document.body || !element.closest) return false;
    return element.isContentEditable || Boolean(element.closest(OWN_KEYS));
  }

  document.addEventListener("keydown", function (event) {
    if (!ARROWS[event.key]) return;
    if (keepsArrows(event.target) || keepsArrows(document.activeElement)) {
      event.stopImmediatePropagation();
    }
  });
})();
