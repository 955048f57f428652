// What the copy button copies, laid out so that a paste into any Python prompt runs.
//
// docs/_ext/book/code/copy_rule.py puts this file into sphinx-copybutton's copybutton.js,
// after the package's own formatCopyText (renamed promptLinesOf): that keeps the
// lines with a prompt and removes the prompts (PROMPT below, from copy_rule.py);
// replSafe then lays the code out for the classic prompt of Python 3.11 and 3.12,
// which ends a statement at the first blank line and needs one after a compound
// statement (a class, def, for, if, with, try) before the next statement.
// 3.13's prompt and IPython accept both layouts. The page keeps the code as written.

// For each line: does it begin inside a string, a bracket, or after a backslash?
function continuedLines(lines) {
  var continued = [];
  var quote = null;
  var depth = 0;
  var backslash = false;
  lines.forEach(function (line) {
    continued.push(quote !== null || depth > 0 || backslash);
    for (var i = 0; i < line.length; i++) {
      var c = line[i];
      if (quote !== null) {
        if (c === "\\") i++;
        else if (line.startsWith(quote, i)) {
          i += quote.length - 1;
          quote = null;
        }
      } else if (c === "#") break;
      else if (c === '"' || c === "'") {
        quote = line.startsWith(c + c + c, i) ? c + c + c : c;
        i += quote.length - 1;
      } else if ("([{".indexOf(c) >= 0) depth++;
      else if (")]}".indexOf(c) >= 0) depth = Math.max(0, depth - 1);
    }
    if (quote !== null && quote.length === 1) quote = null; // a one-line string ends with its line
    backslash = quote === null && line.endsWith("\\");
  });
  return continued;
}

// A line at the left margin that goes on with the statement before it.
var CLAUSE = /^(else|elif|except|finally)\b/;
// A line at the left margin that begins a compound statement.
var COMPOUND = /^(if|for|while|try|with|def|class|async)\b|^(match|case)\b.*:\s*(#.*)?$/;

// No blank line inside a statement; one blank line after each compound statement.
function replSafe(text) {
  var lines = text.split("\n");
  var continued = continuedLines(lines);
  var out = [];
  var held = []; // blank and comment lines, placed once the next statement is known
  var open = false; // a compound statement goes on until a blank line
  lines.forEach(function (line, i) {
    if (continued[i]) {
      out.push(line); // inside a string or a bracket: as written
      return;
    }
    if (line.trim() === "" || line.trim()[0] === "#") {
      held.push(line.trim() === "" ? "" : line);
      return;
    }
    var comments = held.filter(function (l) {
      return l !== "";
    });
    var inside = /^\s/.test(line) || CLAUSE.test(line);
    if (inside) out.push.apply(out, comments); // a blank line here would end the statement
    else if (open) out.push.apply(out, [""].concat(comments)); // end the statement before
    else out.push.apply(out, held); // between simple statements: as written
    out.push(line);
    held = [];
    // A decorator's def or class follows at once; a body or a clause goes on.
    open = line[0] !== "@" && (inside || COMPOUND.test(line));
  });
  out.push.apply(
    out,
    held.filter(function (l) {
      return l !== "";
    })
  );
  // The copy ends with a newline: pressing Enter after the paste then runs
  // it, in 3.13's prompt too (which runs a pasted block at a blank last line).
  if (out.length && out[out.length - 1] !== "") out.push("");
  return out.join("\n");
}

function formatCopyText() {
  return replSafe(promptLinesOf.apply(null, arguments));
}
