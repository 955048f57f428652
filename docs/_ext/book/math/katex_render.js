// Renders formulas with KaTeX for katex.py, one run per page.
//
//   node katex_render.js NODE_MODULES/katex < request.json > answer.json
//
// The request is {"formulas": [{"latex": "...", "display": true}, ...],
// "macros": {...}}; the answer is a list, one entry per formula, either
// {"html": "..."} (KaTeX's HTML and, for screen readers, its MathML) or
// {"error": "..."}. Strict mode turns LaTeX that KaTeX would only guess at
// into an error, so that the build reports it. The MathML is written without
// the TeX source that KaTeX adds to it (<semantics> and <annotation>): no
// reader sees or hears it, it was a tenth of a chapter's elements, and a
// copied formula no longer carries its TeX between two readings of it.
"use strict";

const katex = require(process.argv[2]);
const TEX_ANNOTATION =
  /<\/?semantics>|<annotation encoding="application\/x-tex">[^<]*<\/annotation>/g;

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const request = JSON.parse(input);
  const answer = request.formulas.map(({ latex, display }) => {
    try {
      const html = katex.renderToString(latex, {
        displayMode: display,
        output: "htmlAndMathml",
        throwOnError: true,
        strict: "error",
        trust: false,
        macros: Object.assign({}, request.macros),
      });
      return { html: html.replace(TEX_ANNOTATION, "") };
    } catch (error) {
      return { error: String(error && error.message ? error.message : error) };
    }
  });
  process.stdout.write(JSON.stringify(answer));
});
