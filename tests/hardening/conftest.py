"""Hypothesis profiles for the fuzz tests: ``ci`` (the default, a few seconds in all) and
``deep`` (thousands of inputs per target): ``HYPOTHESIS_PROFILE=deep python3 -m pytest
tests/hardening/test_fuzz.py``."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow],
           "derandomize": False}
settings.register_profile("ci", max_examples=50, **_COMMON)
settings.register_profile("deep", max_examples=5000, **_COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
