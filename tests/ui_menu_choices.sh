#!/bin/sh
# The start menu's free choices: any M+S clock typed on the Clock line,
# with bad clocks refused and the reason given; and with the engine as
# Black in a Zanzibar, the other ways of choosing Black's setup.
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

# The engine plays Black, and the person picks Black's setup by number...
start 80 24
wait_for "Setup +< the engine chooses \(it plays Black\) >"
keys Up
keys Right
wait_for "Setup +< Black's pieces placed with the cursor >"
keys Right
wait_for "Setup +< a setup picked by number >"
keys Enter
wait_for "Setup number \(1 to 48\)"
keys 5 Enter
wait_for "Zanzibar-S, setup number 5 of 48"
expect "Black: engine" "the engine does not play Black"
expect "White to move" "White does not move first"
keys n
wait_for "Leave the game in progress|Start the game"
screen | grep -q "Leave the game" && keys y
# ... or places Black's pieces with the cursor, White's mirroring them.
wait_for "Setup +< a setup picked by number >"
keys Left
wait_for "Setup +< Black's pieces placed with the cursor >"
keys Enter
wait_for "type a piece letter"
keys u k q f g l Enter
wait_for "setup number [0-9]+ of 48"
expect '^12 .* u  k  q  f ' "Black's arrangement not on rank 12"
expect "Black: engine" "the engine does not play Black"
quit_cleanly
exit 0
