"""Inspect's entry point (``[project.entry-points.inspect_ai]``): makes ``carebench/escalation``."""

from carebench.interop.inspect_task import escalation

__all__ = ["escalation"]
