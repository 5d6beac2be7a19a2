# The terminals of the tests between several screens (net_lib.sh and
# server_lib.sh source it once tm and fail are defined): a tmux session
# per terminal, read, typed into, and waited on.

# scr NAME: what NAME's screen shows.
scr() { tm capture-pane -p -t "=$1:"; }
# key NAME KEYS...: tmux send-keys to NAME.
key() { key_to=$1; shift; tm send-keys -t "=$key_to:" "$@"; }
# cmd NAME TEXT: the command TEXT after ':', and Enter.
cmd() { key "$1" ':' && key "$1" -l "$2" && key "$1" Enter; }

# see NAME PATTERN WHAT: waits up to WAIT_TENTHS for PATTERN on NAME's
# screen, else fails with WHAT after the screen. PATTERN must be something
# only the awaited event shows: text already on the screen lets the test
# run ahead of the program.
see() {
    tries=$WAIT_TENTHS
    while [ "$tries" -gt 0 ]; do
        scr "$1" | grep -Eq -- "$2" && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    echo "---- $1's screen:" >&2
    scr "$1" >&2
    fail "$3"
}
