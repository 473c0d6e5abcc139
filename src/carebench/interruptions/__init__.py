"""The interruption study (paper 002): pathways, cells, the transcript simulator, judges, studies."""
