"""Host-only tools (CLI, simulator, solver, deploy, benchmarks).

Never shipped to a board: ``deploy`` skips this package.
"""
