"""The difficulty tables (web/difficulty.json, docs/difficulty.md and the
README's short form, all written by scripts/difficulty-tables.py) cover
every setup a player can choose, agree with each other, and their commands
replay the same games."""
import importlib.util
import json
import os
import subprocess

import pytest

from conftest import TREE

SPEC = importlib.util.spec_from_file_location("difficulty_tables", os.path.join(TREE, "scripts", "difficulty-tables.py"))
tables = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(tables)

DATA = json.load(open(os.path.join(TREE, "web", "difficulty.json"), encoding="utf-8"))
ROWS = DATA["rows"]
BINARY = os.path.join(TREE, "build", "trickwood")


def key(row):
    return tables.goal_words(row)


def test_every_setup_has_its_row():
    want = [key(r) for r in list(tables.northwood_setups()) + list(tables.fox_setups())]
    assert [key(r) for r in ROWS] == want


@pytest.mark.parametrize("row", ROWS, ids=key)
def test_each_figure_is_whole(row):
    for side in ("strong", "bound"):
        fig = row[side]
        assert fig["games"] == (DATA["made_by"]["games"] if row["game"] == "northwood" else DATA["made_by"]["fox_games"])
        assert abs(fig["win_rate"] - fig["wins"] / fig["games"]) < 1e-12
        low, high = fig["ci95"]
        assert 0 <= low <= fig["win_rate"] <= high <= 1
        assert fig["command"] == " ".join(tables.command_of(row, fig["bot"], fig["games"], DATA["made_by"]["seed"], 1)[:-4]
                                          + ["--json"])


def test_the_docs_and_the_readme_say_the_same():
    doc = open(os.path.join(TREE, "docs", "difficulty.md"), encoding="utf-8").read()
    assert doc == tables.markdown(ROWS, DATA["made_by"])
    readme = open(os.path.join(TREE, "README.md"), encoding="utf-8").read()
    assert tables.readme_block(ROWS, DATA["made_by"]) in readme


@pytest.mark.parametrize("name", ["intro, bronze", "full, hidden stars + expert"])
def test_a_rows_bound_replays_exactly(name):
    """The clairvoyant bound is cheap: its command, run again, gives the
    same wins (the strong bot's rows are the same kind of command)."""
    if not os.access(BINARY, os.X_OK):
        pytest.skip("build/trickwood is not built (make build/trickwood)")
    row = next(r for r in ROWS if key(r) == name)
    cmd = row["bound"]["command"].split()
    out = subprocess.run([BINARY] + cmd[1:] + ["--quiet"], check=True, capture_output=True, text=True).stdout
    assert json.loads(out)["wins"] == row["bound"]["wins"]
