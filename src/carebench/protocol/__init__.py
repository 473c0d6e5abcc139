"""The workflow protocol of paper 001: evidence items, work products and atomic scores.

Modules are imported by path (``carebench.protocol.scores``); this package imports nothing.
"""
