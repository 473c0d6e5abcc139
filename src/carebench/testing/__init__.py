"""Test and benchmark helpers shipped with carebench (a scripted OpenAI-compatible server)."""
