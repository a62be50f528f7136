"""Shared fixtures of the Python package's tests: the package from this
tree (python/), and the counts tests/python/run.sh reads."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import trickwood  # noqa: E402

TREE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# every setup the engines have: For Northwood!'s deals and medals, the
# Duet's levels and boards
SETUPS = [("northwood", {"setup": s, "medal": m}) for s in ("intro", "full") for m in ("bronze", "silver", "gold")]
SETUPS += [("northwood", {"setup": "full", "finish": True})]
SETUPS += [("fox", {"level": lv, "dealer": d}) for lv in (1, 2, 3) for d in (0, 1)]
SETUPS += [("fox", {"level": 1, "board": "side-a-reconstruction-2026.json"})]


@pytest.fixture(params=SETUPS, ids=lambda p: "%s-%s" % (p[0], "-".join("%s" % v for v in p[1].values())))
def setup(request):
    return request.param


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("TW_PYTEST_COUNTS")
    if path:
        failed = session.testsfailed
        passed = session.testscollected - failed
        if exitstatus not in (0, 1):  # interrupted, internal or usage error
            failed = max(failed, 1)
        with open(path, "w") as f:
            f.write("%d %d\n" % (passed, failed))
