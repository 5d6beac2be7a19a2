#!/bin/sh
# The start menu's free choices: any M+S clock typed on the Clock line,
# with bad clocks refused and the reason given.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

start 80 24
wait_for "Start the game"
keys Up Up
wait_for "Clock +< none"
keys 0 + 5 Enter
wait_for "clock: '0\+5' is not M\+S such as 10\+5"
expect "Clock +\[ 0\+5 \]" "the refused clock is not kept for mending"
keys BSpace BSpace BSpace
keys -l "7+x"
keys Enter
wait_for "clock: '7\+x' is not M\+S"
keys BSpace
keys 3 Enter
wait_for "Clock +< 7 min \+ 3 s a move >"
# Right and Left go round the presets and back to the clock typed.
keys Right
wait_for "Clock +< none"
keys Left
wait_for "Clock +< 7 min \+ 3 s a move >"
keys Down Down Enter
wait_for "White 07:00 +Black 07:00"
quit_cleanly
exit 0
