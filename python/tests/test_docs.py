"""docs/python.md stays true: its Python examples run, and its observation
tables list the library's fields with their offsets and sizes."""
import contextlib
import io
import os
import re

import pytest

import trickwood
from conftest import TREE

DOC = open(os.path.join(TREE, "docs", "python.md"), encoding="utf-8").read()
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)


def test_the_page_has_the_quick_start():
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_examples_run(index):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(BLOCKS[index], "docs/python.md example %d" % (index + 1), "exec"), {"__name__": "__doc__"})
    assert out.getvalue().strip(), "each example prints its outcome"


@pytest.mark.parametrize("name,heading", [("northwood", "For Northwood! ("), ("fox", "The Duet (")])
def test_observation_tables(name, heading):
    game = trickwood.load_game(name)
    section = DOC[DOC.index(heading):]
    assert section.startswith(heading + "%d floats" % game.observation_tensor_size())
    rows = []
    for line in section.split("\n")[2:]:
        m = re.match(r"\| `(\w+)` \| *(\d+) \| *(\d+) \|", line)
        if m:
            rows.append((m.group(1), int(m.group(2)), int(m.group(3))))
        elif rows and not line.startswith("|"):
            break
    assert rows == [(k, o, s) for k, (o, s) in game.observation_fields.items()]
