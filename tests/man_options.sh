#!/bin/sh
# Every option that "zanzibar --help" lists has its own entry (a .TP or .TQ item
# naming it) in the manual page, so the two can never drift apart.
: "${ZANZIBAR_BIN:=./zanzibar}"
: "${ZANZIBAR_SRCDIR:=.}"
man="$ZANZIBAR_SRCDIR/man/zanzibar.6"
[ -r "$man" ] || { echo "FAIL: cannot read $man" >&2; exit 1; }
options=$("$ZANZIBAR_BIN" --help | grep -o -- '--[a-z][a-z-]*' | sort -u)
[ -n "$options" ] || { echo "FAIL: --help lists no options" >&2; exit 1; }
# The entries: the line after each .TP or .TQ, with groff's escaped hyphens undone.
entries=$(awk '/^\.T[PQ]/ { getline; print }' "$man" | sed 's/\\-/-/g')
missing=0
for opt in $options; do
    if ! printf '%s\n' "$entries" | grep -q -- "$opt\\b"; then
        echo "FAIL: $opt is in --help but has no entry in zanzibar(6)" >&2
        missing=$((missing + 1))
    fi
done
[ "$missing" -eq 0 ] || exit 1
echo "$(printf '%s\n' "$options" | wc -l) options, each described in the manual"
