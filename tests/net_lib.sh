# Shared helpers of the tests of games between terminals (sourced after
# nothing else; it sources ui_lib.sh): a socket folder of the test's own,
# terminals with their own HOME and XDG folders, and bounded waits on
# what each terminal shows.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

NETDIR="$WORKDIR/net"
mkdir -p "$NETDIR"
chmod 755 "$NETDIR" "$WORKDIR"
ME=$(id -un)

# Every host of this test runs with ZANZIBAR_NET_DIR in WORKDIR: the
# cleanup of ui_lib.sh ends any left behind, and removes the accounts.

# envs NAME: the environment of the terminal called NAME (its own folders).
envs() {
    home="$WORKDIR/home-${HOME_OF:-$1}"
    echo "HOME=$home XDG_STATE_HOME=$home/state XDG_DATA_HOME=$home/data \
XDG_CONFIG_HOME=$home/config ZANZIBAR_NET_DIR=$NETDIR TERM=screen LC_ALL=C.UTF-8\
${GRACE:+ ZANZIBAR_NET_GRACE=$GRACE}\
${FIRST_MOVE:+ ZANZIBAR_NET_FIRST_MOVE=$FIRST_MOVE}"
}

# run NAME ARGS...: a terminal called NAME with its own folders (those of
# terminal $HOME_OF when it is set), of this account or of $AS when set.
run() {
    name=$1
    shift
    mkdir -p "$WORKDIR/home-${HOME_OF:-$name}"
    as=""
    if [ -n "${AS:-}" ]; then
        chown "$AS" "$WORKDIR/home-${HOME_OF:-$name}"
        as="runuser -u $AS -- env"
    fi
    tm kill-session -t "=$name" 2>/dev/null
    tm new-session -d -s "$name" -x "${WIDTH:-140}" -y "${HEIGHT:-45}" \
        "$as $(envs "$name") $ZANZIBAR_BIN $*; echo EXIT=\$?; sleep 60" ||
        fail "tmux could not start $name"
}

. "${ZANZIBAR_SRCDIR:-.}/tests/term_lib.sh"

# unseen NAME PATTERN WHAT: waits up to WAIT_TENTHS for PATTERN to leave
# NAME's screen.
unseen() {
    tries=$WAIT_TENTHS
    while scr "$1" | grep -Eq -- "$2"; do
        if [ "$tries" -le 0 ]; then
            echo "FAIL: $3" >&2
            echo "---- $1's screen:" >&2
            scr "$1" >&2
            exit 1
        fi
        sleep 0.1
        tries=$((tries - 1))
    done
}

# pid_of NAME: the program in NAME's terminal (the child of its shell).
pid_of() {
    child_of "$(tm display-message -p -t "=$1:" '#{pane_pid}')"
}

# The socket of this account's game with itself, and gone WHAT: waits for
# that game's host to end.
SOCK0="$NETDIR/zanzibar-$(id -u)/game-$(id -u)"
gone() {
    tries=$WAIT_TENTHS
    while [ -e "$SOCK0" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    [ "$tries" -gt 0 ] || fail "$1"
}
