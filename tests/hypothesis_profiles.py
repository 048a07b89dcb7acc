"""The Hypothesis profiles of every fuzz test: ``ci``, the default (50 inputs per target), and
``deep`` (``HYPOTHESIS_PROFILE=deep``, 5000 per target). A fuzz test module imports this module
before it builds any ``settings`` (a ``settings`` object copies the profile loaded then);
``tests/conftest.py`` imports it too when a run names a profile (``--hypothesis-profile``) or
after collection when Hypothesis was imported. Hypothesis is imported only by the processes that
collect a fuzz test."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

for name, examples in (("ci", 50), ("deep", 5000)):
    settings.register_profile(name, max_examples=examples, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow], derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
