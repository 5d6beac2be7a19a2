#!/bin/sh
# Measures the terminal front end: bytes written to the terminal per move
# (tmux pipe-pane), time to the first full screen (script(1) timing) and
# resident memory (/proc). Usage: tools/ui_measure.sh [path/to/zanzibar]
set -u
bin=${1:-./zanzibar}
tmux_bin=$(command -v tmux) || { echo "tmux is needed" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/zanzibar-measure.XXXXXX")
socket="zanzibar-measure-$$"
export XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
T() { "$tmux_bin" -L "$socket" -f /dev/null "$@"; }
# A server that was just killed may still hold its socket for a moment.
fresh() { T kill-server 2>/dev/null; sleep 0.5; }
trap 'T kill-server 2>/dev/null; rm -rf "$work"' EXIT

size() { sleep 0.5; wc -c <"$work/out" | tr -d ' '; }

# bytes TERM: one game of Zanzibar-XL at 80x24; a move by cursor (eight
# keys: to the piece, pick up, to the square, put down) and typed moves.
bytes() {
    fresh
    T new-session -d -x 80 -y 24 "TERM=$1 $bin --variant zanzibar-xl --setup 1; sleep 30"
    sleep 0.7
    : >"$work/out"
    T pipe-pane -o "cat >>'$work/out'"
    b0=$(size)
    T send-keys h h k k Enter k k Enter
    b1=$(size)
    T send-keys : d10d8 Enter
    b2=$(size)
    T send-keys : e3e5 Enter
    b3=$(size)
    echo "TERM=$1: cursor move $((b1 - b0)) bytes, typed moves $((b2 - b1)) and $((b3 - b2)) bytes"
}

# startup: from the program's start to the end of its first burst of
# output (the first full screen), before it waits for a key.
startup() {
    (sleep 1; printf q) | TERM=xterm-256color script -q -e -T "$work/timing" \
        -c "$bin --variant zanzibar-xl --setup 1" /dev/null >/dev/null 2>&1
    awk '$1 > 0.05 && NR > 1 { exit } { t += $1; b += $2 } END {
        printf "first screen: %.1f ms (%d bytes)\n", t * 1000, b }' "$work/timing"
}

# memory: peak resident size without and with the engine thinking.
memory() {
    fresh
    T new-session -d -x 80 -y 24 "$bin --variant zanzibar-xl --setup 1; sleep 30"
    sleep 0.7
    parent=$(T display-message -p '#{pane_pid}')
    pid=$(for d in /proc/[0-9]*; do
        [ "$(sed -n 's/^PPid:[[:space:]]*//p' "$d/status" 2>/dev/null)" = "$parent" ] &&
            echo "${d#/proc/}"; done | head -n 1)
    echo "resident before the engine starts: $(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$pid/status")"
    T send-keys t
    sleep 2
    echo "resident after a hint (engine and its table): $(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$pid/status")"
}

for term in xterm-256color screen vt100; do
    bytes "$term"
done
startup
memory
