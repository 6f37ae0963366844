"""Game-agnostic players. A bot sees one seat's view (with its legal actions) and nothing else."""
