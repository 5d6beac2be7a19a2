# Shared helpers of the tmux end-to-end tests (sourced, not run): a private
# tmux server per test, bounded waits on capture-pane, scratch folders for
# HOME and the XDG folders, extra accounts (root only), and cleanup on
# every way out, including what a run that was killed left behind.

: "${ZANZIBAR_BIN:=./zanzibar}"
: "${TMUX_BIN:=$(command -v tmux)}"
if [ -z "$TMUX_BIN" ] || [ ! -x "$TMUX_BIN" ]; then
    echo "tmux not found: skipping" >&2
    exit 77
fi
# Typed inside tmux, TMUX names the user's server: the tests never talk to
# it (each has its own socket), and tmux must not think it is nested.
unset TMUX TMUX_PANE

# Every test's folder holds the id of the shell that made it (in its file
# "pid"), so that the folder of a run that was killed (its shell gone) is
# known to be left over. The folder's name stays short: tests put paths
# under it into the protocol's names.
TEST_TMP=${TMPDIR:-/tmp}
TEST_PREFIX=zanzibar-ui.
TEST_ACCOUNT_PREFIX=zzt

# kill_by_env VAR DIR: ends the processes whose VAR is DIR or below it
# (the game hosts a test started, which outlive their terminals).
kill_by_env() {
    for file in $(grep -lzs -e "^$1=$2\$" -e "^$1=$2/" /proc/[0-9]*/environ); do
        pid=${file#/proc/}
        kill -TERM "${pid%/environ}" 2>/dev/null
    done
}

# sweep_stale: the tmux servers, game hosts, folders and accounts of
# earlier runs whose shell is gone.
sweep_stale() {
    for dir in "$TEST_TMP/$TEST_PREFIX"*; do
        [ -d "$dir" ] && [ -O "$dir" ] && [ -f "$dir/pid" ] || continue
        pid=$(cat "$dir/pid")
        case $pid in '' | *[!0-9]*) continue ;; esac
        [ -d "/proc/$pid" ] && continue
        for sock in "$dir"/tmux-*; do
            [ -S "$sock" ] && "$TMUX_BIN" -S "$sock" kill-server 2>/dev/null
        done
        kill_by_env ZANZIBAR_NET_DIR "$dir"
        chmod -R u+w "$dir" 2>/dev/null
        rm -rf "$dir"
    done
    [ "$(id -u)" -eq 0 ] || return 0
    for account in $(cut -d: -f1 /etc/passwd | grep -E "^$TEST_ACCOUNT_PREFIX[a-z][0-9]+\$"); do
        pid=${account#"$TEST_ACCOUNT_PREFIX"?}
        [ -d "/proc/$pid" ] || drop_account "$account"
    done
}

# Extra accounts (root only): account_name ROLE prints the name of this
# test's account for ROLE (a letter); add_account NAME makes it, and every
# account made is removed on exit.
TEST_ACCOUNTS=""
account_name() { echo "$TEST_ACCOUNT_PREFIX$1$$"; }
add_account() {
    useradd -M -s /bin/sh "$1" || fail "useradd $1 failed"
    TEST_ACCOUNTS="$TEST_ACCOUNTS $1"
}
drop_account() {
    pkill -KILL -u "$1" 2>/dev/null
    userdel "$1" >/dev/null 2>&1
}

# reachable PROGRAM: copies PROGRAM into this test's folder (0755, like the
# folder) and prints the copy's path, for other accounts to run it: the
# build tree may sit in a folder they cannot enter (root's 0700 home).
reachable() {
    mkdir -p "$WORKDIR/bin" && chmod 755 "$WORKDIR" "$WORKDIR/bin" &&
        cp "$1" "$WORKDIR/bin/" && chmod 755 "$WORKDIR/bin/${1##*/}" ||
        fail "cannot copy $1 into $WORKDIR/bin"
    echo "$WORKDIR/bin/${1##*/}"
}

sweep_stale
WORKDIR=$(mktemp -d "$TEST_TMP/${TEST_PREFIX}XXXXXX") || exit 1
echo $$ >"$WORKDIR/pid"
# Private tmux sockets inside WORKDIR, so that nothing is left behind.
RUNS=0
SOCKET="$WORKDIR/tmux-0"
SESSION=zt
export HOME="$WORKDIR/home" XDG_STATE_HOME="$WORKDIR/state" XDG_DATA_HOME="$WORKDIR/data" \
    XDG_CONFIG_HOME="$WORKDIR/config" XDG_RUNTIME_DIR="$WORKDIR/run"
mkdir -p "$HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
mkdir -m 700 -p "$XDG_RUNTIME_DIR"

tm() { "$TMUX_BIN" -S "$SOCKET" -f /dev/null "$@"; }

# The one bound of every wait on a screen, a file or a process, in tenths
# of a second: generous, because CI runs two tests at once on a slow
# machine under AddressSanitizer; a wait that succeeds costs no more.
WAIT_TENTHS=150

# stop_program: ends the running program (if any) with SIGTERM and waits
# for it, so that its last autosave is written before anything goes on.
stop_program() {
    pid=$(program_pid)
    [ -n "$pid" ] || return 0
    kill -TERM "$pid" 2>/dev/null
    tries=$WAIT_TENTHS
    while [ -d "/proc/$pid" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
}

# at_exit COMMANDS: also runs COMMANDS on exit, before the cleanup below
# (a test's own things: mounts, game hosts).
AT_EXIT=""
at_exit() { AT_EXIT="$AT_EXIT $1;"; }

cleanup() {
    trap - EXIT HUP INT TERM
    eval "$AT_EXIT"
    stop_program
    i=0
    while [ "$i" -le "$RUNS" ]; do
        "$TMUX_BIN" -S "$WORKDIR/tmux-$i" kill-server 2>/dev/null
        i=$((i + 1))
    done
    for account in $TEST_ACCOUNTS; do drop_account "$account"; done
    kill_by_env ZANZIBAR_NET_DIR "$WORKDIR"
    chmod -R u+w "$WORKDIR" 2>/dev/null
    rm -rf "$WORKDIR"
}
# A signal ends the test through exit, so that the cleanup runs once.
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
    echo "FAIL: $*" >&2
    echo "---- screen:" >&2
    tm capture-pane -p -t "$SESSION" >&2 2>/dev/null
    exit 1
}

# start COLS ROWS ARGS...: runs the program in a fresh server (a new socket
# each time, so that a dying server never races the next); the pane prints
# EXIT=status when the program ends, and stays so that it can be read.
# The game an earlier run left in progress is forgotten first (a start
# naming a game would otherwise ask whether to resume it) unless
# KEEP_STATE is set.
start() {
    cols=$1 rows=$2
    shift 2
    stop_program
    [ -n "${KEEP_STATE:-}" ] || rm -f "$XDG_STATE_HOME/zanzibar/current.pgn"
    tm kill-server 2>/dev/null
    RUNS=$((RUNS + 1))
    SOCKET="$WORKDIR/tmux-$RUNS"
    tm new-session -d -s "$SESSION" -x "$cols" -y "$rows" \
        "trap '' INT; TERM=${UI_TERM:-screen} $ZANZIBAR_BIN $*; echo EXIT=\$?; sleep 30" ||
        fail "tmux could not start"
    tm set-option -t "$SESSION" -g window-size manual >/dev/null 2>&1
}

screen() { tm capture-pane -p -t "$SESSION"; }

# seen_within PATTERN TENTHS: polls the screen until grep -E finds
# PATTERN (true) or TENTHS tenths of a second have passed (false).
seen_within() {
    tries=$2
    while [ "$tries" -gt 0 ]; do
        screen | grep -Eq -- "$1" && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# wait_for PATTERN: fails unless PATTERN shows within WAIT_TENTHS.
wait_for() { seen_within "$1" "$WAIT_TENTHS" || fail "timed out waiting for: $1"; }

# expect PATTERN WHAT: like wait_for, failing with WHAT when it never shows
# (the screen may still be half drawn when a check starts).
expect() { seen_within "$1" "$WAIT_TENTHS" || fail "$2"; }

# wait_gone PATTERN: polls until PATTERN is no longer on the screen.
wait_gone() {
    tries=$WAIT_TENTHS
    while [ "$tries" -gt 0 ]; do
        screen | grep -Eq -- "$1" || return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    fail "still on screen: $1"
}

keys() { tm send-keys -t "$SESSION" "$@"; }

# typed LINE: opens the command line, types LINE and presses Enter.
typed() {
    keys ':'
    keys -l "$1"
    keys Enter
}

# line_of PATTERN: the first screen line matching PATTERN.
line_of() { screen | grep -E -m1 -- "$1"; }

# quit_cleanly: q (and y when asked), then the program must exit with 0.
quit_cleanly() {
    keys q
    wait_for 'Quit the game in progress|(^|[^0-9])EXIT=[0-9]'
    if screen | grep -q "Quit the game in progress"; then keys y; fi
    wait_for '(^|[^0-9])EXIT=0([^0-9]|$)'
}

# program_pid: the program's process id, the child of the pane's shell,
# read from /proc so that the tests need no procps.
program_pid() {
    parent=$(tm display-message -p -t "$SESSION" '#{pane_pid}' 2>/dev/null)
    [ -n "$parent" ] || return 0
    child_of "$parent"
}

# child_of PID: a child of process PID (one grep over /proc: a loop that
# starts a program per process takes seconds on a busy machine).
child_of() {
    file=$(grep -ls "^PPid:[[:space:]]*$1\$" /proc/[0-9]*/status | head -n 1)
    [ -z "$file" ] || { file=${file#/proc/}; echo "${file%/status}"; }
}
