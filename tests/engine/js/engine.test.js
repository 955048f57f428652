// node --test tests/engine/js/ : the JavaScript twin of tinygrad.py against the shared vectors.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");

const ROOT = path.resolve(__dirname, "..", "..", "..");
const { Value, pyFloat } = require(path.join(ROOT, "docs", "_static", "widgets", "engine.js"));
const { programs } = JSON.parse(
  fs.readFileSync(path.join(ROOT, "tests", "engine", "vectors", "engine_vectors.json"), "utf8")
);

// Python picks a + b or b.__radd__(a) for us; here a constant on the left
// calls the reflected method, as Python does.
const BINARY = {
  add: [(a, b) => a.add(b), (c, b) => b.radd(c)],
  sub: [(a, b) => a.sub(b), (c, b) => b.rsub(c)],
  mul: [(a, b) => a.mul(b), (c, b) => b.rmul(c)],
  div: [(a, b) => a.div(b), (c, b) => b.rdiv(c)],
  pow: [(a, n) => a.pow(n), null],
};
const UNARY = ["neg", "tanh", "relu", "exp", "log"];

function run(program) {
  const values = {};
  for (const [name, x] of Object.entries(program.inputs)) values[name] = new Value(x);
  for (const [name, op, ...args] of program.steps) {
    const [a, b] = args.map((arg) => (typeof arg === "string" ? values[arg] : arg));
    if (UNARY.includes(op)) {
      values[name] = a[op]();
    } else {
      const [direct, reflected] = BINARY[op];
      values[name] = a instanceof Value ? direct(a, b) : reflected(a, b);
    }
  }
  for (const output of program.backward) values[output].backward();
  return values;
}

// An absolute tolerance would let 1e-160 pass for an exact 0.
function assertClose(actual, wanted, what) {
  // Relative only, as Python's math.isclose(rel_tol=1e-9): an infinity equals only itself.
  const ok =
    actual === wanted ||
    (Number.isFinite(actual) &&
      Number.isFinite(wanted) &&
      Math.abs(actual - wanted) <= 1e-9 * Math.max(Math.abs(actual), Math.abs(wanted)));
  assert.ok(ok, `${what}: got ${actual}, want ${wanted}`);
}

// tinygrad.py's error types; JavaScript has no ZeroDivisionError or OverflowError.
const ERROR_TYPES = { ValueError: RangeError, ZeroDivisionError: RangeError, OverflowError: RangeError };

for (const program of programs) {
  test(`vector ${program.name}`, () => {
    if (program.error) {
      assert.throws(() => run(program), (error) => {
        assert.ok(error instanceof ERROR_TYPES[program.error.type], `${error.name}: ${error.message}`);
        assert.equal(error.message, program.error.message);
        return true;
      });
      return;
    }
    const values = run(program);
    assert.deepEqual(Object.keys(values).sort(), Object.keys(program.expect.data).sort());
    for (const [name, value] of Object.entries(values)) {
      assertClose(value.data, program.expect.data[name], `${name}.data`);
      assertClose(value.grad, program.expect.grad[name], `${name}.grad`);
    }
  });
}

test("the book's first check: loss 9, gradients -12 and -6", () => {
  const w = new Value(1);
  const b = new Value(0);
  const loss = w.mul(2).add(b).sub(5).pow(2);
  loss.backward();
  assert.deepEqual([loss.data, w.grad, b.grad], [9, -12, -6]);
});

test("edges are [parent, localDerivative] pairs, one per use", () => {
  const x = new Value(5);
  const q = x.mul(x);
  assert.equal(q.edges.length, 2);
  assert.deepEqual(q.edges.map(([parent, local]) => [parent === x, local]), [[true, 5], [true, 5]]);
  assert.equal(x.add(3).edges.length, 1, "a constant needs no node");
  assert.equal(x.div(2).edges.length, 1, "nor in a division, as in Python");
  assert.deepEqual(x.rsub(1).edges.map(([parent, local]) => [parent === x, local]), [[true, -1]]);
  assert.deepEqual(x.rdiv(6).edges.map(([parent, local]) => [parent === x, local]), [[true, -6 / 25]]);
});

test("order() lists parents before children, each value once", () => {
  const a = new Value(3);
  const s = a.mul(a);
  const q = s.add(a);
  assert.deepEqual(q.order(), [a, s, q]);
});

test("propagate() is one operation of the backward pass", () => {
  const w = new Value(1);
  const yHat = w.mul(2);
  const loss = yHat.sub(5).pow(2);
  const e = loss.edges[0][0];
  loss.grad = 1;
  loss.propagate();
  assert.equal(e.grad, -6);
  assert.equal(w.grad, 0, "nothing reaches w before its own operation runs");
  e.propagate();
  yHat.propagate();
  assert.equal(w.grad, -12);
});

test("backward() is repeatable: it clears the gradients it reaches", () => {
  const a = new Value(3);
  const q = a.mul(a).add(a);
  q.backward();
  q.backward();
  assert.equal(a.grad, 7);
});

test("backward() handles a chain far longer than the call stack", () => {
  const x = new Value(1);
  let y = x;
  for (let i = 0; i < 200000; i += 1) y = y.mul(1);
  y.backward();
  assert.equal(x.grad, 1);
});

test("pow accepts any whole number from 1 up; the message names the value or the type", () => {
  assert.equal(new Value(2).pow(3).data, 8);
  assert.equal(new Value(3).pow(2.0).data, 9, "2.0 is the whole number 2, as in tinygrad.py");
  for (const [bad, shown] of [[2.5, "2.5"], [0, "0"], [-1, "-1"], [NaN, "nan"], [Infinity, "inf"]]) {
    assert.throws(() => new Value(2).pow(bad), {
      name: "RangeError",
      message: `Value ** ${shown}: only positive integer powers (1, 2, 3, ...) are supported`,
    });
  }
  assert.throws(() => new Value(2).pow("2"), {
    name: "TypeError",
    message: "Value ** '2': the power must be a whole number, got string",
  });
  for (const bad of [true, null, undefined, [2], new Value(2), 2n]) {
    assert.throws(() => new Value(2).pow(bad), (error) => {
      assert.ok(error instanceof TypeError, String(error));
      assert.match(error.message, new RegExp(`got ${typeof bad}$`));
      assert.doesNotMatch(error.message, /positive integer powers/, "no message contradicts itself");
      return true;
    });
  }
});

test("one rule for a number: typeof number, never a boolean, everywhere", () => {
  const operations = {
    "new Value(x)": (x) => new Value(x),
    "add": (x) => new Value(2).add(x),
    "radd": (x) => new Value(2).radd(x),
    "sub": (x) => new Value(2).sub(x),
    "rsub": (x) => new Value(2).rsub(x),
    "mul": (x) => new Value(2).mul(x),
    "rmul": (x) => new Value(2).rmul(x),
    "div": (x) => new Value(2).div(x),
    "rdiv": (x) => new Value(2).rdiv(x),
  };
  for (const [name, operation] of Object.entries(operations)) {
    for (const good of [2, 0.25, -3, 1e300]) {
      assert.ok(operation(good) instanceof Value, `${name}(${good})`);
    }
    for (const bad of [true, false, "2", null, undefined, [1], {}, 2n]) {
      assert.throws(() => operation(bad), TypeError, `${name}(${String(bad)})`);
    }
  }
});

test("x/x at 1e160 and 1e-170 is 1 with gradient 0: the slope is -(a/b)/b, never -a/b**2", () => {
  for (const size of [1e160, 1e-170, -1e160, 1e-300, 1e300]) {
    const x = new Value(size);
    const q = x.div(x);
    q.backward();
    assert.equal(q.data, 1);
    assert.equal(x.grad, 0, `at ${size}`);
  }
  for (const [a, b] of [[1e200, 1e160], [1e-200, 1e-170]]) {
    for (const reflected of [false, true]) {
      const v = new Value(b);
      const q = reflected ? v.rdiv(a) : new Value(a).div(v);
      q.backward();
      assertClose(v.grad, -(a / b) / b, `d(${a}/b)/db at b = ${b}`);
      assert.ok(Number.isFinite(v.grad) && v.grad !== 0);
    }
  }
});

test("relu keeps NaN, as PyTorch does: the slope is 0 only where a <= 0", () => {
  const x = new Value(NaN);
  const y = x.relu();
  assert.ok(Number.isNaN(y.data));
  y.backward();
  assert.equal(x.grad, 1);
  const z = x.relu().pow(2);
  z.backward();
  assert.ok(Number.isNaN(z.data) && Number.isNaN(x.grad));
  assert.deepEqual([new Value(-2).relu().data, new Value(0).relu().data, new Value(2).relu().data], [0, 0, 2]);
});

test("relu keeps -0, as PyTorch does, with slope 0 as at 0", () => {
  for (const zero of [-0, 0]) {
    const x = new Value(zero);
    const y = x.relu();
    assert.ok(Object.is(y.data, zero), `relu(${pyFloat(zero)}) is ${pyFloat(y.data)}`);
    y.backward();
    assert.equal(x.grad, 0);
  }
});

test("a local derivative too large for a double is refused, naming it, as in tinygrad.py", () => {
  const x = new Value(1e-310);
  for (const [make, message] of [
    [() => x.log(), "log(1e-310): the local derivative 1/a is too large for a float"],
    [() => new Value(1e-20).div(x), "1e-20 / 1e-310: the local derivative 1/b is too large for a float"],
    [() => x.rdiv(1e-200), "1e-200 / 1e-310: the local derivative -a/b**2 is too large for a float"],
  ]) {
    assert.throws(make, { name: "RangeError", message });
  }
  assert.equal(new Value(4).log().edges[0][1], 0.25, "a plain number wherever 1/a fits");
  assert.equal(new Value(Infinity).div(new Value(2)).data, Infinity, "an infinite operand is no refusal");
});

test("powers up to 2**53 keep their sign; above, they are refused", () => {
  for (const [x, n, data, grad] of [
    [-1, 2 ** 53 - 1, -1, 2 ** 53 - 1],
    [1, 2 ** 53, 1, 2 ** 53],
    [-0.5, 2 ** 53 - 1, -0, 0],
  ]) {
    const a = new Value(x);
    const b = a.pow(n);
    b.backward();
    assert.ok(Object.is(b.data, data) && Object.is(a.grad + 0, grad + 0), `${x} ** ${n}: ${b.data}, ${a.grad}`);
  }
  assert.throws(() => new Value(-1).pow(2 ** 53 + 2), {
    name: "RangeError",
    message: "Value ** 9007199254740994: powers above 2**53 are not supported (a float cannot hold them exactly)",
  });
  assert.throws(() => new Value(1.0000001).pow(2 ** 53), { name: "RangeError", message: /too large for a float/ });
});

test("Value() needs a number", () => {
  assert.throws(() => new Value("3"), TypeError);
  assert.throws(() => new Value(3).add("3"), TypeError);
  assert.throws(() => new Value(3).mul(null), TypeError);
});

test("pyFloat() writes floats as Python's repr() does", () => {
  const cases = [
    [3, "3.0"], [-2.5, "-2.5"], [0.1, "0.1"], [1e16, "1e+16"], [1e15, "1000000000000000.0"],
    [1e-5, "1e-05"], [0.0001, "0.0001"], [2.5e-7, "2.5e-07"], [1e200, "1e+200"],
    [123456789012345678, "1.2345678901234568e+17"], [0, "0.0"], [-0, "-0.0"],
    [Infinity, "inf"], [-Infinity, "-inf"], [NaN, "nan"],
  ];
  for (const [x, text] of cases) assert.equal(pyFloat(x), text, String(x));
  assert.equal(String(new Value(3)), "Value(data=3.0, grad=0.0)");
});
