"""Metrics: small pure functions over arrays, each stating its conventions."""
