"""One look for every figure in the book: the palette and the axes style.

The palette is Okabe and Ito's, which stays distinct for colour-blind readers,
with its two lightest colours darkened just enough that every line and point
has 3:1 contrast with the white paper (WCAG's rule for graphics): orange
#E69F00 (2.3:1) became #C27C00 (3.4:1), sky blue #56B4E9 (2.3:1) #3B8ED0
(3.5:1). Nothing is drawn faded (alpha) either: a faded line loses its
contrast. The widgets use the same colours (docs/_static/widgets/widgets.css).
The secant is always orange and the tangent always purple.

Every word a figure draws goes through `tr`, keyed by the English text: the
English build draws the English text itself, the Chinese build (Sphinx's
``language`` is ``zh_CN``; docs/_ext/book/figure_cache.py hands it to the
scripts as the environment variable ``BOOK_LANGUAGE``) draws the Chinese text
of the table ``ZH_CN`` below, in the same font for Latin letters, digits and
math, with Noto Sans SC for the Chinese characters: the font file comes
from npm's ``@fontsource/noto-sans-sc``, pinned in docs/_tools/package.json and
unpacked to TrueType by docs/_tools/cjk_font.py when ``make`` installs it, and
is registered with matplotlib here, so no system font is needed. Terms follow the
book's glossary (术语表). ``data`` and ``grad`` stay as they are: they are the
names of the engine's attributes, which the Chinese text also keeps.
"""

import os
import string
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib import font_manager

BLUE = "#0072B2"  # curves: the function or the loss
ORANGE = "#C27C00"  # secants, finite differences
PURPLE = "#CC79A7"  # tangents, derivatives
GREEN = "#009E73"  # gradient-descent steps, training
VERMILION = "#D55E00"  # errors, divergence
SKY = "#3B8ED0"  # a second series
GREY = "#666666"  # guides and annotations

plt.rcParams.update(
    {
        "figure.figsize": (6.4, 3.6),
        "figure.dpi": 100,
        "figure.facecolor": "white",
        "axes.facecolor": "white",
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": True,
        "grid.color": "#dddddd",
        "grid.linewidth": 0.6,
        "font.size": 10,
        "legend.frameon": False,
        "lines.linewidth": 2,
        "svg.fonttype": "path",
    }
)

CJK_FONT = "Noto Sans SC"
# Written by docs/_tools/cjk_font.py (make runs it after npm ci): regular and bold.
CJK_FONT_FILES = [
    Path(__file__).resolve().parents[2]
    / "_tools"
    / "node_modules"
    / ".book-fonts"
    / f"NotoSansSC-{style}.ttf"
    for style in ("Regular", "Bold")
]
CJK_FONT_FILE = CJK_FONT_FILES[0]


def language() -> str:
    """The language the figures are drawn in: the book's, or English when run alone."""
    return os.environ.get("BOOK_LANGUAGE") or "en"


def chinese() -> bool:
    return language().replace("-", "_").lower().startswith("zh")


def tr(english: str, /, **values: object) -> str:
    """The words ``english`` in the book's language, with ``values`` filled in.

    ``english`` is a `str.format` template ("slope {slope:g}"); in English it is
    drawn as written, in Chinese its entry in ``ZH_CN`` is.
    """
    text = english
    if chinese():
        try:
            text = ZH_CN[english]
        except KeyError:
            raise KeyError(
                f"style.tr: no Chinese text for {english!r}; add it to ZH_CN in style.py"
            ) from None
    return text.format(**values) if values else text


def fields(template: str) -> list[str]:
    """The placeholders of a template, with their formats: "{slope:g}" -> ["slope:g"]."""
    return sorted(
        f"{name}:{spec}"
        for _, name, spec, _ in string.Formatter().parse(template)
        if name is not None
    )


def font_files() -> list[Path]:
    """The font files the figures draw their words with, in the book's language.

    The figure cache (docs/_ext/book/figure_cache.py) hashes them into every
    figure's key, so a figure is drawn again when its fonts change. A family
    matplotlib cannot find is an error here, not a silent fallback.
    """
    found = [
        Path(
            font_manager.findfont(
                font_manager.FontProperties(family=[family], weight=weight),
                fallback_to_default=False,
            )
        )
        for family in plt.rcParams["font.family"]
        for weight in ("normal", "bold")
    ]
    return list(dict.fromkeys(found))


if chinese():
    for cjk_file in CJK_FONT_FILES:
        if not cjk_file.is_file():
            raise FileNotFoundError(
                f"style.py: the Chinese figures' font {cjk_file} is missing: run "
                "`make html`, which installs @fontsource/noto-sans-sc (npm ci) and "
                "unpacks it (docs/_tools/cjk_font.py)"
            )
        if str(cjk_file) not in {f.fname for f in font_manager.fontManager.ttflist}:
            font_manager.fontManager.addfont(str(cjk_file))
    # Latin letters, digits and math keep the book's font; what it lacks
    # (Chinese characters, full-width punctuation) comes from the CJK font.
    # (matplotlib falls back from font to font along font.family, not along
    # the generic family's list, so the two fonts are named there.)
    plt.rcParams["font.family"] = ["DejaVu Sans", CJK_FONT]

# Each figure's words in Chinese, keyed by the English template given to `tr`.
ZH_CN = {
    # chapter 1: slopes_known_point.py
    "slope {slope:g} at x = {x:g}": "x = {x:g} 处斜率为 {slope:g}",
    "Known: one point and its slope": "已知：一个点和它的斜率",
    "p(x), evaluated everywhere": "p(x)，处处求值",
    "Revealed: the whole curve": "揭晓：整条曲线",
    # slopes_secant.py
    "secant, h = {h:g}: slope {slope:g}": "割线，h = {h:g}：斜率 {slope:g}",
    "tangent: slope {slope:g}": "切线：斜率 {slope:g}",
    "Secants through x = 5 turn into the tangent as h shrinks": "随着 h 缩小，经过 x = 5 的割线变成切线",
    # slopes_x_times_x.py
    "grad {grad:g} (seed)": "grad {grad:g}（种子）",
    "left operand: local derivative {value:g}, contributes {value:g}": "左操作数：局部导数 {value:g}，贡献 {value:g}",
    "right operand: local derivative {value:g}, contributes {value:g}": "右操作数：局部导数 {value:g}，贡献 {value:g}",
    # chapter 2: loss_tangents.py
    "w = {w:g}\nloss {loss:g}, slope {slope:+g}": "w = {w:g}\n损失 {loss:g}，斜率 {slope:+g}",
    "tangent lines": "切线",
    "downhill move": "往下坡移动",
    "weight w": "权重 w",
    "loss L(w)": "损失 L(w)",
    "Same loss, opposite slopes": "损失相同，斜率相反",
    # loss_choice.py
    "squared error": "平方误差",
    "absolute error": "绝对误差",
    "Loss against prediction (target 5)": "损失随预测值的变化（目标值 5）",
    "loss": "损失",
    "squared: 2(ŷ - y)": "平方误差：2(ŷ - y)",
    "absolute: -1 or +1": "绝对误差：-1 或 +1",
    "0 at the kink": "尖点处取 0",
    "Slope against prediction": "斜率随预测值的变化",
    "gradient of the loss w.r.t. ŷ": "损失对 ŷ 的梯度",
    "prediction ŷ": "预测值 ŷ",
    # loss_one_step.py
    "tangent at w = {w:g}: slope {slope:g}": "w = {w:g} 处的切线：斜率 {slope:g}",
    "w = {w:g}, loss {loss:g}": "w = {w:g}，损失 {loss:g}",
    "w = {w:.1f}, loss {loss:.2f}": "w = {w:.1f}，损失 {loss:.2f}",
    "one step, learning rate 0.1": "一步，学习率 0.1",
    "One step downhill: w = 1 → 2.2": "往下坡走一步：w = 1 → 2.2",
    # chapter 3: chain_linear.py
    "tangent at w = 1": "w = 1 处的切线",
    "gap {gap:g}": "差距 {gap:g}",
    "Step {step:g}: predicted {predicted:g}, exact {exact:g}": "步长 {step:g}：预测 {predicted:g}，精确 {exact:g}",
    "step in w": "w 的步长",
    "|exact - predicted|": "|精确 - 预测|",
    "The gap shrinks like step²": "差距随步长的平方缩小",
    # chain_path.py
    "gradient {grad:g}": "梯度 {grad:g}",
    "gradients flow right to left: each is the one to its right times the edge's local derivative": "梯度从右向左流动：每个梯度等于它右边的梯度乘以边上的局部导数",
    # chain_tanh.py
    "tangent, slope {slope:.1f}": "切线，斜率 {slope:.1f}",
    "tanh stays between -1 and 1": "tanh 始终在 -1 和 1 之间",
    "slope 1 - tanh(n)²": "斜率 1 - tanh(n)²",
    "{slope:.1f} at n = {n:.4f}": "n = {n:.4f} 处为 {slope:.1f}",
    "Its slope: 1 at 0, nearly 0 far out": "它的斜率：在 0 处为 1，远处接近 0",
    # chapter 4: graph_backprop_widget.py
    "y (target)": "y（目标值）",
    # chapter 5: engine_fd_error.py
    "central difference error": "中心差分的误差",
    "h = 1e-5, the book's choice": "h = 1e-5，本书的选择",
    "truncation error\nfalls like h²": "截断误差\n像 h² 那样下降",
    "cancellation error\ngrows like 1/h": "相消误差\n像 1/h 那样增长",
    "nudge h": "增量 h",
    "|estimate − exact derivative|": "|估计值 − 精确导数|",
    "Central difference for (2w − 5)³ at w = 1, against the engine's 54": "(2w − 5)³ 在 w = 1 处的中心差分，与引擎给出的 54 相比",
    # chapter 6: xor_learning_rates.py
    "learning rate {rate}": "学习率 {rate}",
    "learning rate {rate} (diverges)": "学习率 {rate}（发散）",
    "step": "步数",
    "mean squared error (log scale)": "均方误差（对数坐标）",
    "Fitting y = 2x + 1 from w = -1, b = 0": "从 w = -1、b = 0 出发拟合 y = 2x + 1",
    # xor_network.py
    "2 inputs": "2 个输入",
    "4 tanh neurons\n{parameters} parameters": "4 个 tanh 神经元\n{parameters} 个参数",
    "1 linear neuron\n{parameters} parameters": "1 个线性神经元\n{parameters} 个参数",
    # xor_surface.py
    "target {target:+d}": "目标值 {target:+d}",
    "first input": "第一个输入",
    "second input": "第二个输入",
    "prediction of the trained MLP([2, 4, 1])": "训练好的 MLP([2, 4, 1]) 的预测值",
    "prediction": "预测值",
    # xor_train_line.py
    "after {steps} steps": "{steps} 步之后",
    "data": "数据",
    "the line, step by step": "一步步转动的直线",
    "loss (log scale)": "损失（对数坐标）",
    "learning rate 0.05": "学习率 0.05",
    # chapter 7: designs_gc.py
    "edge table (ours)": "边表（我们的）",
    "closure design": "闭包设计",
    "collector off": "垃圾回收器关闭",
    "collector on": "垃圾回收器打开",
    "processor time per training step (ms)": "每个训练步的处理器时间（ms）",
    "One training step: 2-16-16-1 network, 30 points": "一个训练步：2-16-16-1 网络，30 个点",
    # chapter 8: speed_per_op.py
    "arithmetic alone": "纯算术",
    "tinygrad (ours)": "tinygrad（我们的）",
    "closure design (ch. 7)": "闭包设计（第 7 章）",
    "processor time per value in the graph (ns)": "图中每个值的处理器时间（ns）",
    "One training step on {points} points (stored run)": "{points} 个点上的一个训练步（保存的运行结果）",
    # speed_scaling.py
    "slope 1 (linear)": "斜率 1（线性）",
    "Chains, measured for this figure": "链，为本图测量",
    "values in the graph": "图中值的个数",
    "processor time (ms)": "处理器时间（ms）",
    "tinygrad, collector off": "tinygrad，垃圾回收器关闭",
    "tinygrad, collector on": "tinygrad，垃圾回收器打开",
    "micrograd, collector off": "micrograd，垃圾回收器关闭",
    "micrograd, collector on": "micrograd，垃圾回收器打开",
    "Training steps, stored run (Python {python})": "训练步，保存的运行结果（Python {python}）",
    # chapter 10: tensors_broadcast.py
    "forward: NumPy uses b\nin every row": "前向：NumPy 在每一行\n都用到 b",
    "backward: the gradients\nof those uses add up": "反向：每次使用的\n梯度加在一起",
    "b.grad = sum over the rows": "b.grad = 各行之和",
    # tensors_mistakes.py
    "{label} read as {prediction}": "{label} 被认成 {prediction}",
    # tensors_speed.py
    "scalar engine (tinygrad.Value)": "标量引擎（tinygrad.Value）",
    "tensor engine (tensorgrad.Tensor)": "张量引擎（tensorgrad.Tensor）",
    "{speedup:,.0f}x faster\nat a batch of 8": "批量为 8 时\n快 {speedup:,.0f} 倍",
    "images per training step (batch size)": "每个训练步的图像数（批量大小）",
    "milliseconds per image": "每张图像的毫秒数",
    "One training step of the same network, per image": "同一个网络的一个训练步，按每张图像计",
    # tensors_training.py
    "loss of each batch": "每个批量的损失",
    "mean loss over one epoch": "每一轮的平均损失",
    "training step": "训练步",
    "cross-entropy (log scale)": "交叉熵（对数坐标）",
    "Training the digits network: {accuracy:.1%} of the test images right": "训练数字识别网络：测试图像认对 {accuracy:.1%}",
}
