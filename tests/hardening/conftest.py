"""The Hypothesis profiles (``ci`` and ``deep``) are registered in ``tests/conftest.py`` so that
every fuzz test of the suite follows them: ``HYPOTHESIS_PROFILE=deep python3 -m pytest
tests/hardening/test_fuzz.py tests/data/test_fuzz_data.py`` runs thousands of inputs per target."""
