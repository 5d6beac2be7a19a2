#!/bin/sh
# The terminal: the game fits 80x24 with a 12x12 board and grows its
# squares on 200x60, a resize to a size too small shows the enlarge
# message and recovers, and every way out (q, SIGINT, SIGTERM, SIGHUP)
# restores the terminal.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

fen="'cjzvukqfvzjc/ernbmglmbnre/ppppippipppp/12/12/12/12/12/12/PPPPIPPIPPPP/ERNBMGLMBNRE/CJZVUKQFVZJC w Kk - 0 1'"
start 120 40 --variant zanzibar-s --fen "$fen"
wait_for "White to move"
# After each resize the board is awaited in the new size's cells: two
# spaces apart at 80x24, wider above (the old board stays on the screen
# until the program draws the new one).
tm resize-window -t "$SESSION" -x 80 -y 24
wait_for "^12  c  j  z "
wait_for "^ +a +b +c .* l *$"
wait_for "arrows/hjkl move"
typed d3d5
wait_for "1\. d5"

tm resize-window -t "$SESSION" -x 40 -y 10
wait_for "Terminal too small: 40x10, need [0-9]+x[0-9]+"
wait_for "enlarge the terminal"
keys u q
sleep 0.3
expect "Terminal too small" "a key acted while the screen was too small"
tm resize-window -t "$SESSION" -x 80 -y 24
wait_for "1\. d5"
wait_for "^12 +c +j +z"
tm resize-window -t "$SESSION" -x 200 -y 60
# the board grows with the terminal: squares of 9 columns and 4 rows
wait_for "^12 +c {8}j {8}z {8}v"
wait_for "1\. d5"
gap=$(($(screen | grep -n -m1 "^11 " | cut -d: -f1) - $(screen | grep -n -m1 "^12 " | cut -d: -f1)))
[ "$gap" -eq 4 ] || fail "at 200x60 a rank should take 4 rows, not $gap"
tm resize-window -t "$SESSION" -x 80 -y 24
wait_for "^12  c  j  z "

# The quit confirmation, then a clean exit that leaves the alternate screen.
quit_cleanly
[ "$(tm display-message -p -t "$SESSION" '#{alternate_on}')" = 0 ] ||
    fail "the terminal was left in the alternate screen"

# Signals: each ends the program with 128+signal and restores the terminal.
for pair in INT:2 TERM:15 HUP:1; do
    sig=${pair%:*}
    start 80 24 --variant pemba
    wait_for "White to move"
    typed e3e5
    wait_for "1\. e5"
    pid=$(program_pid)
    [ -n "$pid" ] || fail "no program process found"
    kill -s "$sig" "$pid"
    code=$((128 + ${pair#*:}))
    wait_for "EXIT=$code"
    [ "$(tm display-message -p -t "$SESSION" '#{alternate_on}')" = 0 ] ||
        fail "SIG$sig left the terminal in the alternate screen"
done

# The game lost to SIGHUP is offered for resuming in the start menu.
KEEP_STATE=1 start 80 24
wait_for "Resume the saved game"
keys Enter
wait_for "resumed the saved game"
wait_for "1\. e5"
quit_cleanly

# A terminal curses cannot drive is refused with a message, not a crash.
UI_TERM=no-such-terminal start 80 24 --variant pemba
wait_for "cannot use this terminal \(TERM=no-such-terminal\)"
wait_for "EXIT=2"
# Nor is one that cannot move its cursor: no screens drawn one under another.
UI_TERM=dumb start 80 24 --variant pemba
wait_for "cannot move its cursor"
wait_for "EXIT=2"
screen | grep -q "White to move" && fail "a board was drawn on a dumb terminal"
exit 0
