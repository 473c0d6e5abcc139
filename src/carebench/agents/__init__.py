"""Agents: prompt conditions, the output contract and backends."""
