#!/bin/sh
# Analysis as a player sees it: 'a' makes the engine think about the
# position on the board without end, with the depth, the score from
# White's side and the best line in the move list's notation, and marks
# the best move's squares; in review it follows the position reviewed;
# 'a' again stops it (its thread ends). A hint marks its squares too.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

threads() { sed -n 's/^Threads:[[:space:]]*//p' "/proc/$(program_pid)/status"; }

start 80 24 --variant pemba
wait_for "White to move"
expect "engine idle \(a: analysis\)" "the idle engine line is missing"
typed e3e5
wait_for "1\. e5"
keys a
wait_for "analysis on: the engine thinks about the position shown"
wait_for "analysis d[0-9]+ [+-][0-9]+\.[0-9][0-9]"
wait_for "^ 5 .* 1\.\.\. [A-Z]?[a-j]"
# The best move's squares are marked (> <) on the board.
screen | head -12 | grep -q ">" || fail "the best move is not marked on the board"
# It goes on deepening without end.
d1=$(screen | sed -n 's/.*analysis d\([0-9]*\).*/\1/p')
sleep 2
d2=$(screen | sed -n 's/.*analysis d\([0-9]*\).*/\1/p')
[ "$d2" -ge "$d1" ] || fail "the depth went back: $d1 then $d2"
[ "$(threads)" -ge 2 ] || fail "no search runs while the analysis is on"
expect "analysis d[0-9]+ [+-][0-9]+\.[0-9][0-9] [0-9]+ kn/s" "the analysis should show its speed"
# + shows more lines (MultiPV), each with its score, the best first; - fewer
keys + +
wait_for "the analysis shows 3 lines"
i=0
while [ "$(screen | grep -Ec "[+-][0-9]+\.[0-9][0-9] 1\.\.\. [A-Z]?[a-j]")" -lt 3 ] && [ $i -lt "$WAIT_TENTHS" ]; do
    sleep 0.1
    i=$((i + 1))
done
[ "$(screen | grep -Ec "[+-][0-9]+\.[0-9][0-9] 1\.\.\. [A-Z]?[a-j]")" -ge 3 ] ||
    fail "three lines with their scores should be shown: $(screen)"
keys - -
wait_for "the analysis shows 1 line"
wait_gone "[+-][0-9]+\.[0-9][0-9] 1\.\.\. [A-Z]?[a-j]"
# The screen never waits for it: the review answers at once.
keys '['
wait_for "review: the start"
wait_for "^ 5 .* 1\. [A-Z]?[a-j]"
keys Escape
wait_for "^ 5 .* 1\.\.\. [A-Z]?[a-j]"
# A move while the analysis runs tries a variation: the game is unchanged,
# and the line follows the variation's position.
typed e8e6
wait_for "variation: 1\.\.\. e6"
wait_for "^ 5 .* 2\. [A-Z]?[a-j]"
expect "1\. e5 *$" "a move tried while analysing changed the game"
keys Escape
wait_for "review closed"
wait_for "^ 5 .* 1\.\.\. [A-Z]?[a-j]"
keys a
wait_for "analysis off"
wait_for "engine idle \(a: analysis\)"
i=0
while [ "$(threads)" -gt 1 ] && [ $i -lt "$WAIT_TENTHS" ]; do sleep 0.1; i=$((i + 1)); done
[ "$(threads)" = 1 ] || fail "the search goes on after the analysis was turned off"
screen | head -12 | grep -q ">" && fail "the mark outlived the analysis"
# A hint marks its move's squares too.
keys t
wait_for "hint: "
screen | head -12 | grep -q ">" || fail "the hint's move is not marked on the board"
quit_cleanly
exit 0
