#!/bin/sh
# Resume after a dropped link: plays some moves in the real program inside
# tmux, sends SIGHUP as an SSH disconnect would, starts the program again,
# resumes, and checks that the board, the move list and the clocks are back.
set -u

bin=${ZANZIBAR_BIN:?ZANZIBAR_BIN must name the zanzibar program}
tmux=${TMUX_BIN:-}
if [ -z "$tmux" ] || [ ! -x "$tmux" ]; then
    echo "SKIP: tmux not found at configure time"
    exit 77
fi

# Typed inside tmux, TMUX names the user's server: this test has its own.
unset TMUX TMUX_PANE
# The bound of every wait below, in tenths of a second: the one of the
# tests that use ui_lib.sh (this one has helpers of its own).
WAIT_TENTHS=$(sed -n 's/^WAIT_TENTHS=\([0-9][0-9]*\)$/\1/p' "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh")
[ -n "$WAIT_TENTHS" ] || { echo "FAIL: no WAIT_TENTHS in tests/ui_lib.sh"; exit 1; }
# The folder is made like those of ui_lib.sh (with the shell's id), whose
# next run removes it and ends its tmux server if this one is killed.
work=$(mktemp -d "${TMPDIR:-/tmp}/zanzibar-ui.XXXXXX") || exit 1
echo $$ >"$work/pid"
T() { "$tmux" -S "$work/tmux-0" -f /dev/null "$@"; }
# The program saves when tmux goes away, so wait for it before removing
# its folders.
cleanup() {
    T kill-server >/dev/null 2>&1
    tries=0
    while [ -e "$work/run" ] && [ ! -e "$work/status" ] && [ $tries -lt "$WAIT_TENTHS" ]; do
        tries=$((tries + 1))
        sleep 0.1
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

fail() { echo "FAIL: $*"; echo "--- screen:"; cat "$work/screen" 2>/dev/null; exit 1; }

# Runs the program in a fresh window through a small shell script that
# records its exit status (waiting for the program itself is more reliable
# than asking tmux, which may not reap a sanitizer build promptly).
start() {
    T kill-server >/dev/null 2>&1
    rm -f "$work/status"
    cat >"$work/run" <<RUN
XDG_STATE_HOME='$work/state' XDG_DATA_HOME='$work/data' XDG_CONFIG_HOME='$work/config' \\
HOME='$work' NO_COLOR=1 '$bin' "\$@"
echo \$? >'$work/status'
RUN
    # A server just killed may still hold its socket for a moment.
    tries=0
    until T new-session -d -x 120 -y 45 "sh '$work/run' $*" 2>/dev/null; do
        tries=$((tries + 1))
        [ $tries -lt 20 ] || fail "tmux did not start"
        sleep 0.1
    done
}

# The pid of a process whose parent is $1, read from /proc (no procps needed).
child_of() {
    for d in /proc/[0-9]*; do
        if [ "$(sed -n 's/^PPid:[[:space:]]*//p' "$d/status" 2>/dev/null)" = "$1" ]; then
            echo "${d#/proc/}"
            return
        fi
    done
}

now_ms() { date +%s%3N; }  # GNU date: milliseconds
capture() { T capture-pane -p >"$work/screen" 2>/dev/null; }

# Waits up to WAIT_TENTHS for text to appear on the screen.
wait_for() {
    tries=0
    while [ $tries -lt "$WAIT_TENTHS" ]; do
        capture
        grep -qF -- "$1" "$work/screen" && return 0
        tries=$((tries + 1))
        sleep 0.1
    done
    fail "'$1' did not appear"
}

# Captures until two looks a moment apart agree: a look taken while the
# program paints holds rows of the old screen beside rows of the new one.
settled() {
    tries=0
    capture
    while [ $tries -lt "$WAIT_TENTHS" ]; do
        cp "$work/screen" "$work/screen.last"
        sleep 0.2
        capture
        cmp -s "$work/screen" "$work/screen.last" && return 0
        tries=$((tries + 1))
    done
    fail "the screen did not settle"
}

# The board's rows and file letters (left part), the numbered move list
# (right part), and the clocks as seconds: "WHITE BLACK".
board() { cut -c1-74 "$work/screen" | grep -E '^ ?[0-9]+ |^ +a +b '; }
moves() { cut -c75- "$work/screen" | grep -E '^ *[0-9]+\. '; }
clocks() {
    sed -n 's/.*White \([0-9]*\):\([0-9]*\) *Black \([0-9]*\):\([0-9]*\).*/\1 \2 \3 \4/p' \
        "$work/screen" | head -n 1 | { read -r wm ws bm bs || exit 1;
        # "08" and "09" are no octal numbers: drop a leading zero first.
        wm=${wm#0} ws=${ws#0} bm=${bm#0} bs=${bs#0}
        echo "$((wm * 60 + ws)) $((bm * 60 + bs))"; }
}

# wait_exit MESSAGE: waits up to WAIT_TENTHS for the exit status, failing with MESSAGE.
wait_exit() {
    tries=0
    while [ ! -s "$work/status" ]; do
        tries=$((tries + 1))
        [ $tries -lt "$WAIT_TENTHS" ] || fail "$1"
        sleep 0.1
    done
}

# hangup: SIGHUP to the running program, which must save and exit with 129.
hangup() {
    shell=$(T display-message -p '#{pane_pid}')
    pid=$(child_of "$shell")
    [ -n "$pid" ] || fail "the program is not running"
    rm -f "$work/status"
    kill -HUP "$pid" || fail "could not signal the program"
    wait_exit "the program did not exit after SIGHUP"
}

start --variant pemba --white human --black human --time 10+5
wait_for "White to move"
for m in c4 d7 b4 Qa5 Rb3 h7; do
    T send-keys ":$m" Enter
done
wait_for "3. Rb3"
wait_for "White to move"
settled
board >"$work/board.before"
moves >"$work/moves.before"
clocks_before=$(clocks) || fail "no clocks on the screen"
looked=$(now_ms)
[ "$(wc -l <"$work/moves.before")" -eq 3 ] || fail "expected three numbered move lines"

hangup
status=$(cat "$work/status")
[ "$status" = 129 ] || fail "exit status $status after SIGHUP, expected 129"
[ -s "$work/state/zanzibar/current.pgn" ] || fail "no game in progress was saved"
stopped=$(now_ms)
sleep 3  # the program is away: no clock may run now
restarted=$(now_ms)

start
wait_for "Resume the saved game"
wait_for "Pemba, a person against a person, move 4, White to move"  # the saved game, named
T send-keys Enter
wait_for "resumed the saved game"
settled
board >"$work/board.after"
moves >"$work/moves.after"
clocks_after=$(clocks) || fail "no clocks on the screen after resuming"
# White's clock may run while the program runs (more than a few seconds on
# a loaded machine), plus a second of rounding at each look; not while away.
ran=$(((stopped - looked + $(now_ms) - restarted) / 1000 + 2))

diff "$work/board.before" "$work/board.after" || fail "the board differs after resuming"
diff "$work/moves.before" "$work/moves.after" || fail "the move list differs after resuming"
set -- $clocks_before $clocks_after
# Black's clock stood still; White's ran only for the moments between the
# last look and the signal, and between the resume and this look.
[ "$2" -eq "$4" ] || fail "Black's clock was $2 s, is $4 s"
[ "$3" -le "$1" ] && [ "$3" -ge $(($1 - ran)) ] ||
    fail "White's clock was $1 s, is $3 s ($ran s passed between the looks)"
echo "PASS: board, moves and clocks ($clocks_after) came back after SIGHUP"

# The same command line again, as shell history gives it: the program
# asks before a new game can replace the saved one, and y resumes it.
game="--variant pemba --white human --black human --time 10+5"
hangup
start $game
wait_for "Resume it?"
wait_for "Pemba, a person against a person, move 4, White to move"
T send-keys y
wait_for "resumed the saved game"
settled
moves >"$work/moves.again"
diff "$work/moves.before" "$work/moves.again" || fail "y did not bring the game back"

# n starts the new game and keeps the old one among the saved games.
hangup
start $game
wait_for "Resume it?"
T send-keys n
wait_for "White to move"
wait_for "kept as"
kept=$(grep -l 'Rb3' "$work"/data/zanzibar/*.pgn 2>/dev/null | head -n 1)
[ -n "$kept" ] || fail "the declined game is not in the saved-games folder"
grep -q '3\. Rb3 Qa5\|3\. Rb3' "$kept" || fail "the kept game lost its moves"
T send-keys ":e3e5" Enter
wait_for "1. e5"
hangup
grep -q 'Rb3' "$work/state/zanzibar/current.pgn" && fail "the new game kept the old moves"
grep -q 'e5' "$work/state/zanzibar/current.pgn" || fail "the new game was not saved"
[ -s "$kept" ] || fail "the kept game went away"
echo "PASS: the same command line asks; y resumes, n keeps the old game as ${kept##*/}"

# Ctrl-C at the question answers neither: the program leaves (status 2)
# and the saved game stays where it was.
cp "$work/state/zanzibar/current.pgn" "$work/saved.copy"
start $game
wait_for "Resume it?"
T send-keys C-c
wait_exit "Ctrl-C at the question did not end the program"
[ "$(cat "$work/status")" = 2 ] || fail "exit status $(cat "$work/status") after Ctrl-C at the question"
cmp -s "$work/saved.copy" "$work/state/zanzibar/current.pgn" ||
    fail "Ctrl-C at the question changed the saved game"

# Any game option asks too, not only a game's name.
start --white human --black engine --level 3
wait_for "Resume it?"
T send-keys y
wait_for "resumed the saved game"
wait_for "1. e5"
hangup

# A game that ends is kept among the saved games, and only then is the
# state file cleared.
start $game
wait_for "Resume it?"
T send-keys y
wait_for "resumed the saved game"
T send-keys ":resign" Enter
wait_for "Resign the game"
T send-keys y
wait_for "kept among the saved games"
finished=$(grep -l '^\[Result "1-0"\]' "$work"/data/zanzibar/*.pgn 2>/dev/null | head -n 1)
[ -n "$finished" ] || fail "the finished game is not in the saved-games folder"
grep -q '1\. e5' "$finished" || fail "the finished game lost its moves"
[ ! -e "$work/state/zanzibar/current.pgn" ] || fail "the state file outlived the finished game"
echo "PASS: the finished game was kept as ${finished##*/}"

# A board turned round comes back turned round. The last copy leaves
# first: one starting while it still holds the game's lock is told that
# another copy plays the saved game.
hangup
rm -f "$work/state/zanzibar/current.pgn"
start --variant pemba --white human --black human
wait_for "White to move"
T send-keys ":c4" Enter
wait_for "Black to move"
T send-keys f
wait_for "Black is now at the bottom"
hangup
start
wait_for "Resume the saved game"
T send-keys Enter
wait_for "resumed the saved game"
settled
top=$(board | head -n 1 | awk '{print $1}')
[ "$top" = 1 ] || fail "the board came back with rank $top at the top, not rank 1"
echo "PASS: the flipped board came back flipped"
