"""Security tests start their own Voila servers exactly as `sq-edu serve` does
(shared settings, such as the progress folder, are in tests/conftest.py)."""
