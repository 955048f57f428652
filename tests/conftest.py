"""Shared pytest configuration for tests/."""
