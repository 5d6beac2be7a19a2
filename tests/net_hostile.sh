#!/bin/sh
# Hostile neighbours on one machine, driven as people meet them: a
# hand-written host (tests/net_rawhost) that names its players with paths
# and with nothing, that floods its guest or never reads; and, as root with
# two extra accounts, a squatter whose sockets listen and never accept.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

if [ ! -x "${NET_RAWHOST:-}" ]; then
    echo "skipped: tests/net_rawhost is not built" >&2
    exit 77
fi
NETDIR="$WORKDIR/net"
mkdir -p "$NETDIR"
chmod 755 "$NETDIR" "$WORKDIR"
export ZANZIBAR_NET_DIR="$NETDIR"
ME=$(id -un)
MYUID=$(id -u)
MYDIR="$NETDIR/zanzibar-$MYUID"
mkdir -p "$MYDIR"
chmod 755 "$MYDIR"
PEMBA="cjvzmmzvjc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC w - - 0 1"

HOSTPID=""
ACCOUNTS=""
end_all() {
    [ -z "$HOSTPID" ] || kill -TERM "$HOSTPID" 2>/dev/null
    for account in $ACCOUNTS; do
        pkill -KILL -u "$account" 2>/dev/null
        userdel "$account" >/dev/null 2>&1
    done
    cleanup
}
trap end_all EXIT

# rawhost MODE FILE: a hostile host of this account's game with itself,
# answering the guest's hello with FILE; waits until it listens.
rawhost() {
    [ -z "$HOSTPID" ] || kill -TERM "$HOSTPID" 2>/dev/null
    rm -f "$WORKDIR/host.out"
    "$NET_RAWHOST" "$1" "$MYDIR/game-$MYUID" "$2" >"$WORKDIR/host.out" 2>&1 &
    HOSTPID=$!
    tries=50
    until grep -q listening "$WORKDIR/host.out" 2>/dev/null; do
        [ "$tries" -gt 0 ] || fail "the raw host did not start: $(cat "$WORKDIR/host.out")"
        sleep 0.1
        tries=$((tries - 1))
    done
}

# snapshot WHITE BLACK [RESULT-LINE]: a game of Pemba with these names.
snapshot() {
    printf 'welcome 1 guest black\nsnapshot 0\ngame pemba 0 0 public\nstart %s\n' "$PEMBA"
    printf 'clock 0 0 -\nseat white connected %s\nseat black connected %s\n' "$1" "$2"
    [ -z "${3:-}" ] || printf '%s\n' "$3"
    printf 'ready\n'
}

# ---- names from the host are never paths
EVIL="$WORKDIR/evil"
mkdir -p "$EVIL"
echo "keep me" >"$EVIL/x-player-adjourned.pgn"
echo "keep me" >"$EVIL/x-?-adjourned.pgn"
snapshot "$EVIL/x" "$(printf '\033[1m')" "result 1-0 resignation" >"$WORKDIR/names"
rawhost script "$WORKDIR/names"
start 100 30 --join "$ME"
expect "game over|1-0" "the guest should show the hostile host's finished game"
tries=30
until ls "$XDG_DATA_HOME/zanzibar" 2>/dev/null | grep -q -- '-player-[0-9]'; do
    [ "$tries" -gt 0 ] || fail "the finished game should be kept in the saved-games folder: \
$(ls -R "$XDG_DATA_HOME" "$EVIL")"
    sleep 0.1
    tries=$((tries - 1))
done
[ "$(ls "$EVIL" | wc -l)" -eq 2 ] || fail "a host's names must not write into $EVIL: $(ls "$EVIL")"
[ -f "$EVIL/x-?-adjourned.pgn" ] && [ -f "$EVIL/x-player-adjourned.pgn" ] ||
    fail "a host's names must not remove files elsewhere: $(ls "$EVIL")"
kept=$(ls "$XDG_DATA_HOME/zanzibar")
case "$kept" in
*evilx-player-2*.pgn) ;;
*) fail "the saved game's name should be the names' cleaned words: $kept" ;;
esac
keys q
expect "EXIT=" "q should leave the hostile host's game"

echo "PASS"
