"""``python -m carebench`` runs the CLI."""

from carebench.cli import main

main()
