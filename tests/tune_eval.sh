#!/bin/sh
# tools/tune_eval as a developer runs it: a small position file fits and
# reports every weight; bad lines are refused with the file, line and reason.
set -u

tool=${TUNE_EVAL_BIN:?TUNE_EVAL_BIN must name the tune_eval program}
work=$(mktemp -d "${TMPDIR:-/tmp}/zanzibar-tune.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
fail() { echo "FAIL: $*"; cat "$work/out" "$work/err" 2>/dev/null; exit 1; }

tab=$(printf '\t')
up="4k5/10/10/10/10/10/10/10/10/R3K5"       # White a Rook up
down="r3k5/10/10/10/10/10/10/10/10/4K5"     # Black a Rook up
even="r3k5/10/10/10/10/10/10/10/10/R3K5"
: > "$work/pos.tsv"
for g in 1 2 3 4 5 6 7 8 9 10 11 12; do
    for side in w b; do
        echo "pemba${tab}$up $side - - 0 1${tab}1${tab}up$g" >> "$work/pos.tsv"
        echo "pemba${tab}$down $side - - 0 1${tab}0${tab}down$g" >> "$work/pos.tsv"
        echo "pemba${tab}$even $side - - 0 1${tab}0.5${tab}even$g" >> "$work/pos.tsv"
    done
done

"$tool" "$work/pos.tsv" > "$work/out" 2> "$work/err" || fail "a good file was refused"
grep -q '^k [0-9.]*' "$work/out" || fail "no fitted k"
fitted=$(sed -n 's/^positions: \([0-9]*\) fitted, \([0-9]*\) held out$/\1 \2/p' "$work/out")
set -- $fitted
[ $# -eq 2 ] && [ $(($1 + $2)) -eq 72 ] && [ "$2" -gt 0 ] || fail "positions line: $fitted"
for name in leaper_pst rider_pst king_end mobility shelter attack attack_cap jump_right \
    piece_count confine tempo advance advance_end held_advance pawn_threat lesser_threat hanging king_out safe_check; do
    grep -q "^$name  *[0-9-]*  *[0-9-]*$" "$work/out" || fail "weight $name not reported"
done

# --only fits the weights it names and leaves every other one as it was.
"$tool" --only tempo,advance "$work/pos.tsv" > "$work/out" 2> "$work/err" \
    || fail "--only tempo,advance was refused"
moved=$(awk 'NF == 3 && $2 ~ /^[0-9]+$/ && $2 != $3 {print $1}' "$work/out" | tr '\n' ' ')
# Tempo cannot help here (each position is seen with either side to move),
# so the fit takes it away; nothing outside the list may move at all.
case "$moved" in
    "tempo " | "tempo advance " | "advance ") ;;
    *) fail "--only tempo,advance moved: '$moved'" ;;
esac
grep -q "^tempo  *12  *12$" "$work/out" && fail "--only tempo did not fit tempo"
"$tool" --only tempo,bogus "$work/pos.tsv" > "$work/out" 2> "$work/err" && fail "--only bogus accepted"
grep -q "no weight named 'bogus'" "$work/err" || fail "--only bogus: no clear message"
"$tool" --only > "$work/out" 2> "$work/err" && fail "--only without a list accepted"
grep -q "needs a list of weight names" "$work/err" || fail "--only alone: no clear message"

refused() { # FILE-CONTENT EXPECTED-MESSAGE
    printf '%s\n' "$1" > "$work/bad.tsv"
    if "$tool" "$work/bad.tsv" > "$work/out" 2> "$work/err"; then
        fail "accepted: $1"
    fi
    grep -q "$2" "$work/err" || fail "expected '$2' for: $1"
}
refused "pemba${tab}$up w - - 0 1${tab}1" "bad.tsv:1: expected four tab-separated fields"
refused "chess${tab}$up w - - 0 1${tab}1${tab}g" "bad.tsv:1: unknown game name"
refused "pemba${tab}$up w - - 0 1${tab}2${tab}g" "bad.tsv:1: result must be 0, 0.5 or 1"
refused "pemba${tab}4k5/10 w - - 0 1${tab}1${tab}g" "bad.tsv:1: .*rank"
refused "pemba${tab}$up w - - 0 1${tab}1${tab}$(printf '%0600d' 0)" "bad.tsv:1: line too long"
: > "$work/empty.tsv"
"$tool" "$work/empty.tsv" > "$work/out" 2> "$work/err" && fail "an empty file was accepted"
grep -q "no positions to fit" "$work/err" || fail "empty file: no clear message"
"$tool" --game shogi "$work/pos.tsv" > "$work/out" 2> "$work/err" && fail "--game shogi accepted"
grep -q "five game names" "$work/err" || fail "--game shogi: no clear message"
"$tool" /nonexistent.tsv > "$work/out" 2> "$work/err" && fail "a missing file was accepted"
grep -q "nonexistent.tsv" "$work/err" || fail "missing file not named"
echo "PASS: tune_eval"
