"""`python -m sq_edu.voila.kernel` (kernel specs written before the move) runs
`sq_edu.server.kernel`: see `__main__.py`. A folder, not a module, so that git follows
`sq_edu/voila/kernel.py` to `sq_edu/server/kernel.py`."""
