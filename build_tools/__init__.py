"""Build tools: vendor the runtime, build the engine wheel, MkDocs hooks, serve, bench."""
