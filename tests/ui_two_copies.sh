#!/bin/sh
# Two copies of the program under one account (a reconnect over SSH while
# the old process still runs): the second finds the first by the lock on
# the saved game, says so, and either plays a game of its own, saved under
# its own name, or takes the game over, and then the first saves it and
# leaves with a message. Neither ever overwrites the other's game; the game
# played apart is offered for resume once its copy has ended: in the state
# file when no other game waits there, else beside that game on the
# menu's Resume line, and then it goes on in its own file.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

STATE="$XDG_STATE_HOME/zanzibar/current.pgn"
SAVED="$XDG_DATA_HOME/zanzibar"

# The second copy runs in a tmux server of its own.
# Each start takes a socket of its own: a server just killed may still hold
# the last one ("server exited unexpectedly").
copies=0
tm2() { "$TMUX_BIN" -S "$WORKDIR/tmux-second$copies" -f /dev/null "$@"; }
trap 'tm2 kill-server 2>/dev/null; cleanup' EXIT
second() {
    tm2 kill-server 2>/dev/null
    copies=$((copies + 1))
    tm2 new-session -d -s zt2 -x 80 -y 24 \
        "TERM=${UI_TERM:-screen} $ZANZIBAR_BIN $*; echo EXIT=\$?; sleep 30" ||
        fail "tmux could not start the second copy"
}
screen2() { tm2 capture-pane -p -t zt2; }
keys2() { tm2 send-keys -t zt2 "$@"; }
wait2() {
    tries=$WAIT_TENTHS
    while [ "$tries" -gt 0 ]; do
        screen2 | grep -Eq -- "$1" && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    echo "---- second screen:" >&2
    screen2 >&2
    fail "the second copy never showed: $1"
}
# The menu offers a game played apart once the copy its file names (on
# its line "%zanzibar apart PID") has ended. apart_ended waits for that
# copy to be gone, which its terminal's EXIT line should already mean
# (once, under a heavy load, the menu did not offer the game: this says
# why if it happens again); apart_said tells what the file says.
apart_pid() { sed -n 's/^%zanzibar apart \([0-9][0-9]*\)$/\1/p' "$apart"; }
apart_said() {
    echo "the game played apart ($apart): $(grep '^%zanzibar' "$apart" | tr '\n' ' ');\
 process $(apart_pid): $(sed -n 's/^State:[[:space:]]*//p' "/proc/$(apart_pid)/status" 2>/dev/null || echo gone)"
}
apart_ended() {
    pid=$(apart_pid)
    [ -n "$pid" ] || fail "the game played apart names no copy; $(apart_said)"
    i=0
    while [ -d "/proc/$pid" ] && [ $i -lt "$WAIT_TENTHS" ]; do sleep 0.1; i=$((i + 1)); done
    [ ! -d "/proc/$pid" ] || fail "the copy that played apart has not ended; $(apart_said)"
}
# quit_to_menu: quits the first copy's game, waits for the copy that
# played apart to be gone too, and starts again on the same state.
quit_to_menu() {
    keys q
    wait_for "Quit the game in progress"
    keys y
    wait_for "EXIT=0"
    apart_ended
    KEEP_STATE=1 start 80 24
}
wait_file_has() {
    i=0
    while ! grep -q -- "$2" "$1" 2>/dev/null && [ $i -lt "$WAIT_TENTHS" ]; do sleep 0.1; i=$((i + 1)); done
    grep -q -- "$2" "$1" 2>/dev/null || fail "$1 does not hold $2: $(cat "$1" 2>/dev/null)"
}

# The first copy plays and keeps its game in the state file.
start 80 24 --variant pemba
wait_for "White to move"
typed e3e5
wait_for "1\. e5"
wait_file_has "$STATE" "1\. e5"
first_pid=$(program_pid)

# The second copy finds it and plays a game of its own.
second --variant pemba
wait2 "Another copy of zanzibar \(process $first_pid\) is playing the saved game"
keys2 o
wait2 "another copy plays the saved game"
wait2 "White to move"
keys2 ':'
keys2 -l d3d5
keys2 Enter
wait2 "1\. d5"
own=""
i=0
while [ -z "$own" ] && [ $i -lt "$WAIT_TENTHS" ]; do
    own=$(grep -l "1\. d5" "$SAVED"/*.pgn 2>/dev/null)
    sleep 0.1
    i=$((i + 1))
done
[ -n "$own" ] || fail "the second copy's game is not saved under a name of its own"
grep -q "d5" "$STATE" && fail "the second copy wrote over the first one's saved game"
# Each goes on in its own file.
typed e8e6
wait_for "1\. e5 +e6"
wait_file_has "$STATE" "1\. e5 e6"
keys2 ':'
keys2 -l e8e6
keys2 Enter
wait2 "1\. d5 +e6"
wait_file_has "$own" "1\. d5 e6"
grep -q "d5" "$STATE" && fail "the second copy's move reached the first one's file"
keys2 q
wait2 "Quit the game in progress"
keys2 y
wait2 "EXIT=0"

# A third start takes the game over: the first copy saves and leaves with
# a message, and this one resumes the game where it stood.
second
wait2 "Another copy of zanzibar \(process $first_pid\)"
keys2 t
wait_for "another copy of the program took this game over; it was saved"
wait_for "EXIT=0"
wait2 "taken over from process $first_pid"
wait2 "Resume the saved game"
keys2 Enter
wait2 "1\. e5 +e6"
[ "$(grep -l "1\. d5 e6" "$SAVED"/*.pgn)" = "$own" ] || fail "the second copy's own game was lost"
# That game ends; the next start offers the game played apart for resume.
keys2 ':'
keys2 -l resign
keys2 Enter
wait2 "Resign the game"
keys2 y
wait2 "Black wins: resignation"
keys2 q
wait2 "EXIT=0"
second
wait2 "the game played apart by another copy"
wait2 "Resume the saved game"
keys2 Enter
wait2 "1\. d5 +e6"
[ -e "$own" ] && fail "the game played apart should have moved to the state file, not stayed apart"
keys2 q
keys2 y
wait2 "EXIT=0"
wait_file_has "$STATE" "1\. d5 e6"

# The first copy plays the saved game; a second plays apart, and both
# leave: the next menu offers both games on its Resume line.
KEEP_STATE=1 start 80 24
wait_for "Resume the saved game"
keys Enter
wait_for "1\. d5 +e6"
second --variant pemba
wait2 "Another copy of zanzibar"
keys2 o
wait2 "White to move"
keys2 ':'
keys2 -l c3c5
keys2 Enter
wait2 "1\. c5"
keys2 q
wait2 "Quit the game in progress"
keys2 y
wait2 "EXIT=0"
apart=$(grep -l "1\. c5" "$SAVED"/*.pgn) || fail "the game played apart was not saved"
quit_to_menu
seen_within "< Resume the saved game >" "$WAIT_TENTHS" || fail "the menu should offer both games; $(apart_said)"
expect "Pemba, a person against a person, move 2, White to move" \
    "the state file's game should be described first"
keys Right
wait_for "< Resume a game played apart >"
expect "Pemba, a person against a person, move 1, Black to move \(" \
    "the game played apart should be described, with its file"
keys Enter
wait_for "resumed the game played apart"
wait_for "1\. c5"
typed e8e6
wait_for "1\. c5 +e6"
wait_file_has "$apart" "1\. c5 e6"
grep -q "c5" "$STATE" && fail "the game played apart went into the state file"
wait_file_has "$STATE" "1\. d5 e6"
# Both still wait, each in its file.
quit_to_menu
seen_within "< Resume the saved game >" "$WAIT_TENTHS" || fail "the menu should still offer both games; $(apart_said)"
keys Right
wait_for "< Resume a game played apart >"
exit 0
