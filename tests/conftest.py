"""Shared pytest configuration for tests/."""

# The benchmarks are scripts for `make bench`, run in their own environment
# (with micrograd); they are not tests, and `--doctest-modules` must not import them.
collect_ignore = ["benchmarks"]
