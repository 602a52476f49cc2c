"""Load tests drive a real Voila with the light page client of `bench/load.py`
(shared settings, such as the progress folder, are in tests/conftest.py)."""
