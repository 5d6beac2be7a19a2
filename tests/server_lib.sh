#!/bin/sh
# What the public server's tests share (server_sshd.sh, server_admin.sh):
# a test account, a private sshd on 127.0.0.1 with its own host key and a
# configuration made by --server-config, keys made by ssh-keygen, and ssh
# -tt driven inside tmux. Sourced after SERVER_ROLE (a letter) is set;
# needs root and openssh-server, and skips otherwise.
: "${ZANZIBAR_BIN:=./zanzibar}"
: "${TMUX_BIN:=$(command -v tmux)}"
unset TMUX
# The bound of every wait below, in tenths of a second: the one of the
# other tests, from their helpers (these tests have their own cleanup).
WAIT_TENTHS=$(sed -n 's/^WAIT_TENTHS=\([0-9][0-9]*\)$/\1/p' "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh")

skip() {
    echo "skipped: $*" >&2
    exit 77
}
[ "$(id -u)" = 0 ] || skip "the public server's test needs root (a test account, a private sshd)"
SSHD=$(command -v sshd || echo /usr/sbin/sshd)
[ -x "$SSHD" ] || skip "openssh-server is not installed (Debian: openssh-server)"
command -v ssh >/dev/null && command -v ssh-keygen >/dev/null ||
    skip "the OpenSSH client is not installed"
[ -n "$TMUX_BIN" ] && [ -x "$TMUX_BIN" ] || skip "tmux not found"
command -v useradd >/dev/null || skip "useradd not found"

# Named as the other tests name theirs (tests/ui_lib.sh: zzt, a letter,
# the shell's id; a folder zanzibar-ui.* holding that id in "pid"), so
# that the sweep of a later test removes what a killed run left.
ACCOUNT="zzt${SERVER_ROLE:-s}$$"
WORK=""
BINDIR=""
SSHD_PID=""
AT_EXIT="" # a test's own steps, run first on every way out
# kill_account_processes ACCOUNT: its gates and game hosts.
kill_account_processes() { pkill -KILL -u "$1" 2>/dev/null; }
cleanup() {
    [ -n "$AT_EXIT" ] && eval "$AT_EXIT"
    [ -n "$SSHD_PID" ] && kill "$SSHD_PID" 2>/dev/null
    [ -n "$WORK" ] && "$TMUX_BIN" -S "$WORK/tmux" kill-server 2>/dev/null
    if id "$ACCOUNT" >/dev/null 2>&1; then
        kill_account_processes "$ACCOUNT"
        sleep 0.2
        userdel -r "$ACCOUNT" >/dev/null 2>&1 || userdel "$ACCOUNT" >/dev/null 2>&1
    fi
    [ -n "$BINDIR" ] && rm -rf "$BINDIR"
    [ -n "$WORK" ] && rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fail() {
    echo "FAIL: $*" >&2
    [ -f "$WORK/sshd.log" ] && { echo "---- sshd log:" >&2; tail -20 "$WORK/sshd.log" >&2; }
    exit 1
}

[ -n "$WAIT_TENTHS" ] || fail "no WAIT_TENTHS in tests/ui_lib.sh"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/zanzibar-ui.XXXXXX") || fail "no scratch folder"
chmod 700 "$WORK"
echo $$ >"$WORK/pid"

# sshd runs a key command only from a path that root owns and nobody else
# may write at any level, never below /tmp: a copy in a folder of our own.
for parent in /usr/local/lib /opt /usr/lib; do
    if [ -d "$parent" ] && [ "$(stat -c %u "$parent")" = 0 ] &&
        [ $((0$(stat -c %a "$parent") & 022)) = 0 ]; then
        BINDIR=$(mktemp -d "$parent/zanzibar-test.XXXXXX") && break
    fi
done
[ -n "$BINDIR" ] || skip "no root-owned folder outside /tmp for the key command"
chmod 755 "$BINDIR"
cp "$ZANZIBAR_BIN" "$BINDIR/zanzibar" && chmod 755 "$BINDIR/zanzibar" || fail "cannot copy the program"
BIN="$BINDIR/zanzibar"

# add_server_account: the server's account, with a home and no password.
add_server_account() {
    useradd --create-home --shell /bin/sh "$ACCOUNT" || fail "useradd failed"
    usermod -p '*' "$ACCOUNT" || fail "usermod failed"
    DATA="$(getent passwd "$ACCOUNT" | cut -d: -f6)/.local/share/zanzibar/server"
}
# make_keys NAME...: an ed25519 key per name, $WORK/key-NAME.
make_keys() {
    for k in "$@"; do
        ssh-keygen -q -t ed25519 -N '' -C "$k" -f "$WORK/key-$k" || fail "ssh-keygen failed"
    done
}

start_sshd() {
    mkdir -p /run/sshd
    [ -f "$WORK/hostkey" ] || ssh-keygen -q -t ed25519 -N '' -f "$WORK/hostkey" || fail "no host key"
    [ -f "$WORK/zanzibar.conf" ] || "$BIN" --server-config "$ACCOUNT" >"$WORK/zanzibar.conf" ||
        fail "--server-config failed"
    PORT=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000))
    # Laid out as Debian's: the drop-in folder included first, then the
    # machine's own settings, some of which the Match block must beat and
    # some of which a Match block may not hold.
    mkdir -p "$WORK/sshd_config.d"
    cp "$WORK/zanzibar.conf" "$WORK/sshd_config.d/zanzibar.conf"
    cat >"$WORK/sshd_config" <<CONF
Include $WORK/sshd_config.d/*.conf
Port $PORT
ListenAddress 127.0.0.1
HostKey $WORK/hostkey
PidFile none
UsePAM no
AllowUsers $ACCOUNT
PubkeyAuthentication yes
X11Forwarding yes
AllowTcpForwarding yes
PermitTTY yes
Subsystem sftp internal-sftp
LogLevel VERBOSE
${EXTRA_CONF:-}
CONF
    "$SSHD" -t -f "$WORK/sshd_config" 2>"$WORK/sshd.log" || fail "sshd refused the configuration"
    "$SSHD" -D -e -f "$WORK/sshd_config" 2>"$WORK/sshd.log" &
    SSHD_PID=$!
    tries=$WAIT_TENTHS
    while [ "$tries" -gt 0 ]; do
        grep -q "Server listening" "$WORK/sshd.log" && return 0
        kill -0 "$SSHD_PID" 2>/dev/null || return 1
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}
# start_sshd_retrying WHAT: up to five tries (a free port may be taken
# between choosing it and binding it); fails with WHAT. EXTRA_CONF ends
# the configuration (the administrator's SetEnv lines).
start_sshd_retrying() {
    for attempt in 1 2 3 4 5; do
        start_sshd && return 0
        kill "$SSHD_PID" 2>/dev/null
        SSHD_PID=""
    done
    fail "$1"
}
stop_sshd() {
    kill "$SSHD_PID" 2>/dev/null
    wait "$SSHD_PID" 2>/dev/null
    SSHD_PID=""
}

# as KEY ARGS...: ssh as the server account with that key.
as() {
    key=$1
    shift
    ssh -F /dev/null -i "$WORK/key-$key" -p "$PORT" -o IdentitiesOnly=yes -o BatchMode=yes \
        -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
        "$@"
}
SRV="$ACCOUNT@127.0.0.1"
# left_list ASKER NAME: waits (WAIT_TENTHS tries) for NAME to leave ASKER's
# list (a gate whose terminal was closed takes a moment to end).
left_list() {
    tries=$WAIT_TENTHS
    while [ "$tries" -gt 0 ] && as "$1" "$SRV" list | grep -q "$2"; do
        sleep 0.1
        tries=$((tries - 1))
    done
}

tm() { "$TMUX_BIN" -S "$WORK/tmux" -f /dev/null "$@"; }
. "${ZANZIBAR_SRCDIR:-.}/tests/term_lib.sh"
# term NAME KEY [COMMAND] [FROM]: ssh -tt in a tmux session, from the
# address FROM (127.0.0.x: every one of them is the loopback's). tmux's
# server ends with its last session: one started meanwhile may find it
# going ("server exited unexpectedly"), and is tried again.
term() {
    for attempt in 1 2 3; do
        tm new-session -d -s "$1" -x 100 -y 40 \
            "ssh -tt -F /dev/null -i $WORK/key-$2 -p $PORT -o IdentitiesOnly=yes -o BatchMode=yes \
-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
${4:+-b $4} $SRV $3; echo EXIT=\$?; sleep 60" && return 0
        sleep 0.2
    done
    fail "tmux could not start $1"
}
now_ms() { date +%s%3N; }
# type_line NAME TEXT: TEXT and Enter.
type_line() { key "$1" -l "$2" && key "$1" Enter; }
# gone PATH WHAT: waits up to WAIT_TENTHS for a game's socket to go.
gone() {
    tries=$WAIT_TENTHS
    while [ -e "$1" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    [ "$tries" -gt 0 ] || fail "$2"
}
# archive_game WHITE BLACK RATED: a finished Pemba game (1. e4 1-0) put
# straight into the store's archive, as the account (needs python3).
archive_game() {
    runuser -u "$ACCOUNT" -- python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA busy_timeout = 5000")
with db:
    db.execute("INSERT INTO games (variant, white, black, result, rated, ended, pgn)"
               " VALUES (?, ?, ?, ?, ?, 1700000000, ?)",
               ("pemba", sys.argv[2], sys.argv[3], "1-0", int(sys.argv[4]),
                "[White \"%s\"]\n\n1. e4 1-0\n" % sys.argv[2]))
' "$DATA/server.db" "$1" "$2" "$3" || fail "could not add a game to the archive"
}
