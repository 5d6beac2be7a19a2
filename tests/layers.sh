#!/bin/sh
# The layers of src/ as HACKING describes them: each folder includes only
# the folders below it, and no two files call each other in a cycle (so no
# screen calls back into the loop, and the match layer never into a screen).
set -u
here=$(dirname "$0")
python=${PYTHON:-python3}
if ! command -v "$python" > /dev/null; then
    echo "python3 not found: skipping" >&2
    exit 77
fi
src=${ZANZIBAR_SRCDIR:-$here/..}/src
"$python" "$here/layers.py" "$src"
