#!/bin/sh
# The shared library's and the Python package's tests (docs/python.md):
# builds the library and the C example, then runs python/tests with
# Debian's pytest (the exported symbols, the package, the example against
# it). Prints "N passed, N failed" last, as tests/run.sh reads it.
cd "$(dirname "$0")/../.." || exit 1
${MAKE:-make} --no-print-directory -s shared examples >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
python=""
for p in ${PYTHON:-} /usr/bin/python3 python3; do
    if "$p" -c "import numpy, pytest" >/dev/null 2>&1; then
        python=$p
        break
    fi
done
if [ -z "$python" ]; then
    echo "FAIL python: no python3 with numpy and pytest (apt-get install python3-numpy python3-pytest)"
    echo "0 passed, 1 failed"
    exit 1
fi
counts=$(mktemp)
TW_PYTEST_COUNTS=$counts "$python" -m pytest -q -p no:cacheprovider python/tests
code=$?
read -r passed failed <"$counts" 2>/dev/null || { passed=0; failed=1; }
rm -f "$counts"
echo "$passed passed, $failed failed"
[ "$code" -eq 0 ]
