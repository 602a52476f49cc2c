"""`python -m sq_edu.voila.launch` (the server command before the move) runs
`sq_edu.server.launch`: see `__main__.py`. A folder, not a module, so that git follows
`sq_edu/voila/launch.py` to `sq_edu/server/launch.py`."""
