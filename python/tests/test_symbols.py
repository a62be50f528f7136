"""libtrickwood.so exports exactly the public API: the functions declared
TWL_API in include/trickwood/libtrickwood.h, each with the version
TRICKWOOD_1, and nothing else; its soname is libtrickwood.so.1."""
import os
import re
import subprocess

import pytest

from conftest import TREE

LIB = os.path.join(TREE, "build", "shared", "libtrickwood.so")
HEADER = os.path.join(TREE, "include", "trickwood", "libtrickwood.h")


def declared():
    text = open(HEADER, encoding="utf-8").read()
    return sorted(re.findall(r"^TWL_API [^(]*?[ *](twl_\w+)\(", text, re.M))


def exported():
    out = subprocess.run(["nm", "-D", "--defined-only", LIB], capture_output=True, text=True, check=True).stdout
    return [line.split()[2] for line in out.splitlines() if len(line.split()) == 3 and line.split()[1] != "A"]


pytestmark = pytest.mark.skipif(not os.path.exists(LIB), reason="make shared builds the library")


def test_exports_exactly_the_declared_functions():
    names = declared()
    assert len(names) >= 40
    assert sorted(name.split("@")[0] for name in exported()) == names


def test_every_export_has_the_version_node():
    assert all(name.endswith("@@TRICKWOOD_1") for name in exported())


def test_soname_and_hidden_engine():
    dynamic = subprocess.run(["objdump", "-p", LIB], capture_output=True, text=True, check=True).stdout
    assert re.search(r"SONAME\s+libtrickwood\.so\.1$", dynamic, re.M)
    names = {name.split("@")[0] for name in exported()}
    assert "tw_nw_apply" not in names and "tw_game_find" not in names
    # the engines are in the library, only hidden
    local = subprocess.run(["nm", LIB], capture_output=True, text=True, check=True).stdout
    assert re.search(r" t tw_nw_apply$", local, re.M)
