/* Every word the in-page Python shows once a reader pressed Run, in both languages:
 * runner-session.js (the session, its buttons and messages) and runner-graph.js (the
 * drawn graphs). Loaded with runner-session.js by runner.js; the page's own Run
 * buttons and its first line are written by the build (docs/_ext/runner.py, book.po). */
window.bookRunnerWords = {
  zh: {
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
    stop: "停止",
    stopTitle: "停止正在运行的代码",
    stoppedRestart:
      "已停止。浏览器中的 Python 已重新启动：下次运行时，会先重新运行上面的各段，但不包括这一段；要再次运行这一段，请按它自己的“运行”按钮。",
    leftOut: "第 {n} 段已停止，没有重新运行；要再次运行它，请按它自己的“运行”按钮。",
    interrupted: "已停止（KeyboardInterrupt）。",
    exit: "SystemExit：sys.exit({code}) 会结束一个程序；在本页中，Python 会继续运行后面的各段。",
    input: "input() 在本页中无法向你提问：请把值直接写进代码里，例如 name = 'Ada'。",
    incomplete: "SyntaxError：这一段代码不完整，最后一条语句没有写完。",
    graphText: "DOT 文本",
    graphAlt: "由 to_dot 画出的图：{nodes} 个节点、{edges} 条边；输出 {name} 的 data 为 {data}，grad 为 {grad}。",
    graphAltUnnamed: "由 to_dot 画出的图：{nodes} 个节点、{edges} 条边；输出的 data 为 {data}，grad 为 {grad}。",
    graphAltPlain: "由这一段的 DOT 文本画出的图：{nodes} 个节点、{edges} 条边。",
    graphFailed: "Graphviz 无法画出这张图：{e}",
  },
  en: {
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
    stop: "Stop",
    stopTitle: "Stop the code that is running",
    stoppedRestart:
      "Stopped. The browser's Python was started afresh: the next run first runs the blocks above it again, but not this one; press this block's own Run to run it again.",
    leftOut: "Block {n} was stopped and is not run again; press its own Run to run it again.",
    interrupted: "Stopped (KeyboardInterrupt).",
    exit: "SystemExit: sys.exit({code}) ends a program; in the page, Python goes on with the blocks below.",
    input: "input() cannot ask you anything in the page: write the value into the code instead, e.g. name = 'Ada'.",
    incomplete: "SyntaxError: this block is incomplete: its last statement is not finished.",
    graphText: "The DOT text",
    graphAlt:
      "The graph that to_dot drew: {nodes} nodes and {edges} edges; the output, {name}, has data {data} and grad {grad}.",
    graphAltUnnamed:
      "The graph that to_dot drew: {nodes} nodes and {edges} edges; the output has data {data} and grad {grad}.",
    graphAltPlain: "The graph of this block's DOT text: {nodes} nodes and {edges} edges.",
    graphFailed: "Graphviz could not draw this graph: {e}",
  },
};
