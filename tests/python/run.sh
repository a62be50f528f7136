#!/bin/sh
# The shared library's and the Python package's tests (docs/python.md):
# builds the library and the C examples, checks the exported symbols
# (check-symbols.sh), then runs python/tests with Debian's pytest. Prints
# the combined "N passed, N failed" last, as tests/run.sh reads it.
cd "$(dirname "$0")/../.." || exit 1
${MAKE:-make} --no-print-directory -s shared examples >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
python=""
for p in ${PYTHON:-} /usr/bin/python3 python3; do
    if "$p" -c "import numpy, pytest" >/dev/null 2>&1; then
        python=$p
        break
    fi
done
out=$(sh tests/python/check-symbols.sh)
code=$?
printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
line=$(printf '%s\n' "$out" | tail -n 1)
pass=${line%% passed*}
fail=${line#*, }
fail=${fail%% failed*}
if [ -z "$python" ]; then
    echo "FAIL python: no python3 with numpy and pytest (apt-get install python3-numpy python3-pytest)"
    echo "$pass passed, $((fail + 1)) failed"
    exit 1
fi
counts=$(mktemp)
TW_PYTEST_COUNTS=$counts "$python" -m pytest -q -p no:cacheprovider python/tests
pcode=$?
read -r ppass pfail <"$counts" 2>/dev/null || { ppass=0; pfail=1; }
rm -f "$counts"
echo "$((pass + ppass)) passed, $((fail + pfail)) failed"
[ "$code" -eq 0 ] && [ "$pcode" -eq 0 ]
