"""Workflow detectors (C, M, H) and the two-threshold risk controller of paper 000."""
