/* A JavaScript twin of src/tinygrad.py, the engine that drives the book's widgets.

   Every Value remembers how it was computed as a list of edges, each a
   [parent, localDerivative] pair. backward() walks those edges from the output
   back to the inputs and leaves in every value's `grad` the derivative of the
   output with respect to that value. The operations, local derivatives and
   error messages are those of tinygrad.py; tests/engine/vectors/engine_vectors.json
   keeps the two engines equal.

   JavaScript has no operator overloading, so `a * b + 1` is a.mul(b).add(1).
   A number is what isNumber() says (tinygrad.py: is_number): a
   JavaScript number, not a boolean or a numeric string. The rules and the
   error messages are those of tinygrad.py; only the names of types differ
   (Python's str is JavaScript's string).
   A classic script, not an ES module (browsers refuse module imports over
   file://): it defines window.Tinygrad in a browser and module.exports in Node.

       const { Value } = Tinygrad;          // or require(".../engine.js")
       const w = new Value(1);
       const loss = w.mul(2).sub(5).pow(2);
       loss.backward();
       [loss.data, w.grad]                  // [9, -12]
*/
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) {
    module.exports = factory();
  } else {
    root.Tinygrad = factory();
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // Python's repr() of a float, so that error messages match tinygrad.py's.
  function pyFloat(x) {
    if (Number.isNaN(x)) return "nan";
    if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
    if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
    const [mantissa, exp] = x.toExponential().split("e"); // shortest digits
    const e = Number(exp);
    if (e < -4 || e >= 16) {
      return `${mantissa}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
    }
    const text = String(x);
    return text.includes(".") ? text : text + ".0";
  }

  // What counts as a plain number, in the constructor and every operation:
  // typeof "number" (NaN and Infinity included, as Python's floats), never a
  // boolean, a string such as "2" or a BigInt.
  function isNumber(x) {
    return typeof x === "number";
  }

  // Python's repr() of a value, for error messages: '2' for the string "2".
  function pyRepr(x) {
    if (isNumber(x)) return pyFloat(x);
    if (typeof x === "string") return `'${x}'`;
    return String(x);
  }

  // The exponent of a ** n, or an error naming what is wrong (tinygrad.py: whole_exponent).
  function wholeNumber(exponent) {
    if (!isNumber(exponent)) {
      throw new TypeError(`Value ** ${pyRepr(exponent)}: the power must be a whole number, got ${typeof exponent}`);
    }
    const shown = Number.isInteger(exponent) ? String(exponent) : pyFloat(exponent);
    if (!Number.isInteger(exponent) || exponent < 1) {
      throw new RangeError(`Value ** ${shown}: only positive integer powers (1, 2, 3, ...) are supported`);
    }
    if (exponent > 2 ** 53) {
      throw new RangeError(
        `Value ** ${shown}: powers above 2**53 are not supported (a float cannot hold them exactly)`
      );
    }
    return exponent;
  }

  // A local derivative, or an error where it alone is too large for a double
  // (tinygrad.py: finite_slope): 1/a at a = 1e-310 is Infinity, and so would be
  // any gradient passed along it, even 1e-10 / a = 1e300.
  function finiteSlope(slope, formula, what, ...operands) {
    if (!Number.isFinite(slope) && !Number.isNaN(slope) && operands.every(Number.isFinite)) {
      throw new RangeError(`${what}: the local derivative ${formula} is too large for a float`);
    }
    return slope;
  }

  class Value {
    constructor(data, edges = []) {
      if (!isNumber(data)) {
        throw new TypeError(`Value() needs a real number, got ${typeof data}: ${String(data)}`);
      }
      this.data = data;
      this.grad = 0;
      this.edges = edges; // [parent, localDerivative] pairs
    }

    // a + b: both local derivatives are 1.
    add(other) {
      if (other instanceof Value) {
        return new Value(this.data + other.data, [
          [this, 1],
          [other, 1],
        ]);
      }
      if (isNumber(other)) {
        return new Value(this.data + other, [[this, 1]]); // a constant needs no node
      }
      throw new TypeError(`cannot add ${typeof other} to a Value`);
    }

    // a * b: the local derivative for each operand is the other operand.
    mul(other) {
      if (other instanceof Value) {
        return new Value(this.data * other.data, [
          [this, other.data],
          [other, this.data],
        ]);
      }
      if (isNumber(other)) {
        return new Value(this.data * other, [[this, other]]);
      }
      throw new TypeError(`cannot multiply a Value by ${typeof other}`);
    }

    // a ** n for a positive integer n: local derivative n * a**(n-1).
    pow(exponent) {
      const n = wholeNumber(exponent);
      const a = this.data;
      const result = a ** n;
      if (Number.isFinite(a) && !Number.isFinite(result)) {
        throw new RangeError(`${pyFloat(a)} ** ${n} is too large for a float`);
      }
      const slope = finiteSlope(n * a ** (n - 1), "n * a**(n-1)", `${pyFloat(a)} ** ${n}`, a);
      return new Value(result, [[this, slope]]);
    }

    // a / b: local derivatives 1/b and -a/b**2, computed as -(a/b)/b: the same
    // number, but b**2 alone overflows for b = 1e160 and becomes 0 for 1e-170.
    div(other) {
      if (!isNumber(other) && !(other instanceof Value)) {
        throw new TypeError(`cannot divide a Value by ${typeof other}`);
      }
      const a = this.data;
      const b = other instanceof Value ? other.data : other;
      if (b === 0) {
        throw new RangeError(`Value division by zero: ${pyFloat(a)} / ${pyFloat(b)}`);
      }
      const what = `${pyFloat(a)} / ${pyFloat(b)}`;
      const overB = finiteSlope(1 / b, "1/b", what, a, b);
      if (!(other instanceof Value)) return new Value(a / b, [[this, overB]]); // a constant: one edge
      const slope = finiteSlope(-(a / b) / b, "-a/b**2", what, a, b);
      return new Value(a / b, [
        [this, overB],
        [other, slope],
      ]);
    }

    // Hyperbolic tangent: local derivative 1 - tanh**2.
    tanh() {
      const t = Math.tanh(this.data);
      return new Value(t, [[this, 1 - t * t]]);
    }

    // max(0, a): local derivative 1 where a > 0, else 0. As in PyTorch, only
    // a < 0 becomes 0: a NaN stays NaN (slope 1), -0 stays -0 (slope 0, as at 0).
    relu() {
      if (this.data < 0) return new Value(0, [[this, 0]]);
      return new Value(this.data, [[this, this.data === 0 ? 0 : 1]]);
    }

    // e**a: the local derivative is the result itself.
    exp() {
      const result = Math.exp(this.data);
      if (Number.isFinite(this.data) && !Number.isFinite(result)) {
        throw new RangeError(`exp(${pyFloat(this.data)}) is too large for a float`);
      }
      return new Value(result, [[this, result]]);
    }

    // Natural logarithm of a positive value: local derivative 1/a.
    log() {
      const a = this.data;
      if (!(a > 0)) {
        throw new RangeError(`log needs a positive value, got ${pyFloat(a)}`);
      }
      return new Value(Math.log(a), [[this, finiteSlope(1 / a, "1/a", `log(${pyFloat(a)})`, a)]]);
    }

    neg() {
      return new Value(-this.data, [[this, -1]]);
    }

    // a - b: local derivatives 1 and -1.
    sub(other) {
      if (other instanceof Value) {
        return new Value(this.data - other.data, [
          [this, 1],
          [other, -1],
        ]);
      }
      if (isNumber(other)) {
        return new Value(this.data - other, [[this, 1]]);
      }
      throw new TypeError(`cannot subtract ${typeof other} from a Value`);
    }

    // Python's reflected operators, for a constant on the left: 2 + a, 2 - a, ...
    radd(other) {
      return this.add(other);
    }

    rmul(other) {
      return this.mul(other);
    }

    rsub(other) {
      if (!isNumber(other)) throw new TypeError(`cannot subtract a Value from ${typeof other}`);
      return new Value(other - this.data, [[this, -1]]);
    }

    rdiv(other) {
      if (!isNumber(other)) throw new TypeError(`cannot divide ${typeof other} by a Value`);
      const [a, b] = [other, this.data];
      if (b === 0) {
        throw new RangeError(`Value division by zero: ${pyFloat(a)} / ${pyFloat(b)}`);
      }
      const slope = finiteSlope(-(a / b) / b, "-a/b**2", `${pyFloat(a)} / ${pyFloat(b)}`, a, b);
      return new Value(a / b, [[this, slope]]);
    }

    toString() {
      return `Value(data=${pyFloat(this.data)}, grad=${pyFloat(this.grad)})`;
    }

    // Every value this one depends on, each after all its parents, itself last:
    // chapter 5's step 5 (tinygrad.py: topological_order), a stack instead of
    // recursion, so a long chain cannot overflow the call stack.
    order() {
      const order = [];
      const seen = new Set();
      const stack = [[this, false]]; // [node, are its parents in order already?]
      while (stack.length > 0) {
        const [node, parentsDone] = stack.pop();
        if (parentsDone) {
          order.push(node);
        } else if (!seen.has(node)) {
          seen.add(node);
          stack.push([node, true]); // come back to it after its parents
          // reversed(node.edges), the first edge on top: an index counting down,
          // since JavaScript's reverse() would turn the edges around in place.
          for (let i = node.edges.length - 1; i >= 0; i -= 1) stack.push([node.edges[i][0], false]);
        }
      }
      return order;
    }

    // One value's part of the backward pass: pass its gradient to its parents
    // (the widgets step through the pass with it; backward() runs it for all).
    propagate() {
      for (const [parent, localDerivative] of this.edges) {
        parent.grad += this.grad * localDerivative;
      }
    }

    // Set grad of every value this one depends on to d(this)/d(value).
    backward() {
      const order = this.order();
      for (const node of order) node.grad = 0;
      this.grad = 1;
      for (let i = order.length - 1; i >= 0; i -= 1) order[i].propagate();
    }
  }

  return { Value, pyFloat };
});
