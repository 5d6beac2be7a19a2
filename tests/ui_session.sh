#!/bin/sh
# The game session as a player sees it: a draw offer between two people at
# one keyboard waits for the other side's key, n asks before leaving a game,
# the too-small screen can be left with q, undo against the engine as White
# at move 1 takes nothing back, and clocks keep the time they showed when
# the game ended.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

# A draw offer is a question for the other side: n declines, y accepts.
start 80 24 --variant pemba
wait_for "White to move"
typed e3e5
wait_for "1\. e5"
typed draw
wait_for "White, accept the draw\? \(y/n\)"
expect "Black to move" "the offer ended the game at once"
keys n
wait_for "White declines the draw"
expect "Black to move" "declining the offer ended the game"
typed draw
wait_for "White, accept the draw\? \(y/n\)"
keys y
wait_for "draw agreed"
wait_for "Game over: 1/2-1/2"
quit_cleanly

# n during a game asks first; the menu says how to go back (Esc).
start 80 24 --variant pemba
wait_for "White to move"
typed e3e5
wait_for "1\. e5"
keys n
wait_for "Leave the game in progress for a new one\? \(y/n\)"
keys n
wait_for "the game goes on"
expect "1\. e5" "declining left the game"
keys n
wait_for "Leave the game in progress"
keys y
wait_for "Esc back to the game"
keys Escape
wait_for "1\. e5"
quit_cleanly

# The too-small screen says how to quit; q asks during a game, n keeps it,
# growing brings the game back, and y quits.
start 80 24 --variant pemba
wait_for "White to move"
typed e3e5
wait_for "1\. e5"
tm resize-window -t "$SESSION" -x 40 -y 10
wait_for "Terminal too small"
wait_for "press q to quit"
keys q
wait_for "Quit the game in progress\? \(y/n\)"
keys n
wait_gone "Quit the game in progress"
tm resize-window -t "$SESSION" -x 80 -y 24
wait_for "1\. e5"
tm resize-window -t "$SESSION" -x 40 -y 10
wait_for "press q to quit"
keys q
wait_for "Quit the game in progress\? \(y/n\)"
keys y
wait_for '(^|[^0-9])EXIT=0([^0-9]|$)'
# Without a game in progress q quits at once.
start 40 10
wait_for "press q to quit"
keys q
wait_for '(^|[^0-9])EXIT=0([^0-9]|$)'

# Undo with the engine as White at move 1: nothing of the person's to take
# back, and the engine's move stays.
start 80 24 --variant pemba --white engine --black human --level 1
wait_for "Black to move"
first=$(line_of "  1\. ")
keys u
wait_for "nothing of yours to take back"
expect "Black to move" "undo handed the move back to the engine"
[ "$(line_of "  1\. ")" = "$first" ] || fail "the engine's first move changed after undo"
quit_cleanly

# A clock of seconds from the command line, and one that starts with the
# increment alone.
start 80 24 --variant pemba --time 30s+1
wait_for "White 00:30 +Black 00:30"
quit_cleanly
start 80 24 --variant pemba --time 0+2
wait_for "White 00:0[0-2](\.[0-9])? +Black 00:02"
quit_cleanly

# After :resign the clock keeps the time it had, it does not turn back.
start 80 24 --variant pemba --time 5+0
wait_for "White to move"
typed e3e5
wait_for "1\. e5"
sleep 3
typed resign
wait_for "Resign the game\? \(y/n\)"
keys y
wait_for "Black resigns"
sleep 1.2
line=$(line_of "White [0-9:.]+ +Black [0-9:.]+")
# (04:xx, not 04:5x: a slow machine may take more than ten seconds to here)
echo "$line" | grep -Eq "Black 04:[0-5][0-9]" || fail "Black's clock turned back at the end: $line"
quit_cleanly

# After a time forfeit the loser's clock shows 00:00: a saved game is
# resumed with six seconds on each clock (time enough for a slow machine to
# look at them running), and White lets the time run out.
start 80 24 --variant pemba --time 1+0
wait_for "White to move"
typed e3e5
wait_for "1\. e5"
typed e8e6
wait_for "1\. e5 +e6"
kill -s HUP "$(program_pid)"
wait_for "EXIT=129"
saved="$XDG_STATE_HOME/zanzibar/current.pgn"
[ -f "$saved" ] || fail "no saved game at $saved"
sed 's/^%zanzibar clocks .*/%zanzibar clocks 6000 6000/' "$saved" >"$saved.new" &&
    mv "$saved.new" "$saved"
KEEP_STATE=1 start 80 24
wait_for "Resume the saved game"
keys Enter
# resumed with 6 s left: the low-time warning may follow the resume's message at once
wait_for "resumed the saved game|low time: [0-9] s left on White's clock"
# Under ten seconds the clocks show tenths, and White's runs down in them.
expect "White 00:0[0-5]\.[0-9] +Black 00:06\.0" "no tenths under ten seconds"
first=$(line_of "White 00:0")
tries=10 # (a second: ten tenths must have run by then, however slow the screen)
while [ "$(line_of "White 00:0")" = "$first" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
[ "$(line_of "White 00:0")" != "$first" ] || fail "the tenths do not run: $first"
wait_for "White's time is up"
sleep 1.2
line=$(line_of "White [0-9:.]+ +Black [0-9:.]+")
echo "$line" | grep -Eq "White 00:00\.0 +Black 00:06\.0" || fail "clocks after the flag: $line"
quit_cleanly

# A low clock is told once: under a tenth of the time or ten seconds,
# whichever is more, but never more than half (12 s: under 6 s); with the
# bell on, it rings.
mkdir -p "$XDG_CONFIG_HOME/zanzibar"
echo "bell = on" >"$XDG_CONFIG_HOME/zanzibar/config"
bell() { tm display-message -p -t "$SESSION" '#{window_bell_flag}'; }
start 80 24 --variant pemba --time 12s+0
wait_for "White to move"
typed e3e5
wait_for "Black to move"
sleep 3
screen | grep -q "low time" && fail "the warning came with more than half the time left"
[ "$(bell)" = 0 ] || fail "the bell rang before the clock was low"
wait_for "low time: [1-6] s left on Black's clock"
tries=$WAIT_TENTHS # (a slow program may ring a moment after the warning shows)
while [ "$(bell)" != 1 ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
[ "$(bell)" = 1 ] || fail "the low-time warning should ring the bell when it is on"
typed e8e6
wait_for "White to move"
screen | grep -q "low time" && fail "White's clock, well above the mark, should not be warned about"
quit_cleanly
rm -f "$XDG_CONFIG_HOME/zanzibar/config"
exit 0
