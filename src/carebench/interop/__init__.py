"""Interoperability with other evaluation tools: Inspect tasks and the Inspect log importer.

Everything here imports ``inspect_ai`` lazily or only in modules that need it, so the core install
never requires it (install the ``carebench[inspect]`` extra).
"""
