"""Browser tests of the scorepad page (a package, so its conftest does not shadow tests/conftest.py)."""
