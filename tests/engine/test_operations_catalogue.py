"""Every public operation of both engines is in the tests' catalogue, tests/engine/operations.py.

The engine tests (finite differences, PyTorch, the shared vectors, the scalar
engine) check what the catalogue lists, so an operation missing from it would
be checked by none of them. Here every method and operator that `tinygrad.Value`
and `tensorgrad.Tensor` define, every function of `tensorgrad` and every
`tensorgrad.Function` subclass must be either an operation of the catalogue or
named, with a reason, as not an operation.
"""

from __future__ import annotations

import inspect

import numpy as np
from operations import (
    SCALAR_OPERATIONS,
    TENSOR_NOT_OPERATIONS,
    TENSOR_OPERATIONS,
    TENSOR_WITHOUT_DERIVATIVE,
    VALUE_NOT_OPERATIONS,
)

import tensorgrad
from tinygrad import Value


def defined_methods(cls: type) -> set[str]:
    """The methods, operators and properties a class defines itself (not its data slots)."""
    return {
        name
        for name, member in vars(cls).items()
        if inspect.isfunction(member)
        or isinstance(member, (staticmethod, classmethod, property))
    }


def tensorgrad_functions() -> set[str]:
    """The public functions defined in tensorgrad.py (not those it imports)."""
    return {
        name
        for name, member in vars(tensorgrad).items()
        if inspect.isfunction(member)
        and member.__module__ == "tensorgrad"
        and not name.startswith("_")
    }


def test_every_method_of_value_is_in_the_catalogue() -> None:
    catalogued = {m for op in SCALAR_OPERATIONS.values() for m in op.methods}
    missing = defined_methods(Value) - catalogued - set(VALUE_NOT_OPERATIONS)
    assert not missing, (
        f"Value defines {sorted(missing)}, which tests/engine/operations.py does not list: "
        "add it to SCALAR_OPERATIONS (or, if it is not an operation, to VALUE_NOT_OPERATIONS)"
    )


def test_the_catalogue_names_only_real_methods_of_value() -> None:
    catalogued = {m for op in SCALAR_OPERATIONS.values() for m in op.methods}
    assert catalogued | set(VALUE_NOT_OPERATIONS) <= defined_methods(Value)
    assert not catalogued & set(VALUE_NOT_OPERATIONS)


def test_every_operation_of_tensorgrad_is_in_the_catalogue() -> None:
    catalogued = {m for op in TENSOR_OPERATIONS.values() for m in op.methods}
    public = defined_methods(tensorgrad.Tensor) | tensorgrad_functions()
    missing = public - catalogued - set(TENSOR_NOT_OPERATIONS)
    assert not missing, (
        f"tensorgrad defines {sorted(missing)}, which tests/engine/operations.py does not list: "
        "add it to TENSOR_OPERATIONS (or, if it is not an operation, to TENSOR_NOT_OPERATIONS)"
    )
    assert catalogued | set(TENSOR_NOT_OPERATIONS) <= public
    assert not catalogued & set(TENSOR_NOT_OPERATIONS)


def test_every_function_subclass_is_used_by_an_operation() -> None:
    subclasses = {
        name
        for name, member in vars(tensorgrad).items()
        if inspect.isclass(member)
        and issubclass(member, tensorgrad.Function)
        and member is not tensorgrad.Function
    }
    used = {f for op in TENSOR_OPERATIONS.values() for f in op.functions}
    used |= {function for function, _, _ in TENSOR_WITHOUT_DERIVATIVE.values()}
    assert subclasses == used


def test_every_operation_has_its_counterparts_and_a_domain_per_operand() -> None:
    for op in SCALAR_OPERATIONS.values():
        assert len(op.domain) == op.arity, op.name
        assert callable(op.apply) and callable(op.on_floats) and callable(op.slopes)
        assert op.torch_name, op.name
        assert bool(op.exponents) == (op.name == "pow"), op.name
    for op in TENSOR_OPERATIONS.values():
        assert len(op.domain) == op.arity, op.name
        assert op.cases, op.name
        assert all(len(case.operands) == op.arity for case in op.cases), op.name


def test_the_catalogue_agrees_with_the_engines_on_plain_numbers() -> None:
    """A catalogue with a wrong counterpart would make every test that uses it wrong."""
    for op in SCALAR_OPERATIONS.values():
        args = [1.5, -0.75][: op.arity] if op.name != "log" else [1.5]
        if op.exponents:
            args = [1.5, 3]
        ours = op.apply(*[Value(args[0]), *args[1:]]).data
        assert ours == op.on_floats(*args), op.name
    rng = np.random.default_rng(0)
    for op in TENSOR_OPERATIONS.values():
        for case in op.cases:
            arrays = case.arrays(rng)
            ours = op.apply(
                *[tensorgrad.Tensor(a) for a in arrays], **case.options
            ).data
            np.testing.assert_allclose(
                ours, op.on_arrays(*map(np.asarray, arrays), **case.options)
            )
