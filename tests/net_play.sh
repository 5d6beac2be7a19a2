#!/bin/sh
# Play between terminals, driven in tmux as people use it: three terminals
# of this account with their own HOME and XDG folders (inviting yourself),
# a game host in the test's own socket folder (ZANZIBAR_NET_DIR). Invite,
# join, moves both ways, a dropped link and a rejoin, a spectator, chat,
# takeback, draw offer, resign, and an adjourned game resumed later.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

NETDIR="$WORKDIR/net"
mkdir -p "$NETDIR"
chmod 755 "$NETDIR" "$WORKDIR"
ME=$(id -un)

# Every host of this test holds a lock in NETDIR; end any left behind.
kill_hosts() {
    for dir in /proc/[0-9]*; do
        if { tr '\0' '\n' <"$dir/environ"; } 2>/dev/null | grep -qx "ZANZIBAR_NET_DIR=$NETDIR"; then
            kill -TERM "${dir#/proc/}" 2>/dev/null
        fi
    done
}
trap 'kill_hosts; cleanup' EXIT

# run NAME ARGS...: a terminal called NAME with its own folders.
run() {
    name=$1
    shift
    home="$WORKDIR/home-$name"
    mkdir -p "$home"
    tm kill-session -t "=$name" 2>/dev/null
    tm new-session -d -s "$name" -x 140 -y 45 \
        "HOME=$home XDG_STATE_HOME=$home/state XDG_DATA_HOME=$home/data \
XDG_CONFIG_HOME=$home/config ZANZIBAR_NET_DIR=$NETDIR TERM=screen $ZANZIBAR_BIN $*; \
echo EXIT=\$?; sleep 60" || fail "tmux could not start $name"
}

scr() { tm capture-pane -p -t "=$1:"; }
key() { n=$1; shift; tm send-keys -t "=$n:" "$@"; }
cmd() { key "$1" ':'; key "$1" -l "$2"; key "$1" Enter; }

# see NAME PATTERN WHAT: waits up to 5 s for PATTERN on NAME's screen.
see() {
    tries=50
    while [ "$tries" -gt 0 ]; do
        scr "$1" | grep -Eq -- "$2" && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    echo "FAIL: $3" >&2
    echo "---- $1's screen:" >&2
    scr "$1" >&2
    exit 1
}

# pid_of NAME: the program in NAME's terminal (the child of its shell).
pid_of() {
    parent=$(tm display-message -p -t "=$1:" '#{pane_pid}')
    for dir in /proc/[0-9]*; do
        if [ "$(sed -n 's/^PPid:[[:space:]]*//p' "$dir/status" 2>/dev/null)" = "$parent" ]; then
            echo "${dir#/proc/}"
            return
        fi
    done
}

# ---- nothing to join: a message and status 2
run c --join "$ME"
see c "has not invited you" "--join without an invitation should say so"
see c "EXIT=2" "--join without an invitation should exit with 2"

# ---- invite and join (yourself, from another terminal)
run a --invite "$ME" --variant pemba
see a "waiting for $ME \\($ME runs: zanzibar --join $ME\\)" "the inviter should see whom it waits for"
run b --join "$ME"
see b "Black: $ME" "the guest should see the game"
see a "is here" "the inviter should be told that the guest came"

# ---- moves both ways, shown once the host sends them back
cmd a e4
see b "1\\. e4" "the guest should see White's move"
cmd b e7
see a "1\\. e4 +e7" "the inviter should see Black's move"
cmd b e6
see b "it is $ME's move" "a move out of turn should be refused"

# ---- the guest's link drops; the inviter moves meanwhile; the guest returns
kill -HUP "$(pid_of b)"
see a "has left" "the inviter should be told that the guest left"
cmd a d4
see a "2\\. d4" "the inviter should move while the guest is away"
run b --join "$ME"
see b "2\\. d4" "the returning guest should see the move made while away"

# ---- the inviter's terminal hangs up; the guest moves; --invite again returns
kill -HUP "$(pid_of a)"
see b "has left" "the guest should be told that the inviter left"
cmd b d7
see b "2\\. d4 +d7" "the guest should move while the inviter is away"
run a --invite "$ME" --variant pemba
see a "2\\. d4 +d7" "the returning inviter should see the move made while away"
[ -e "$WORKDIR/home-a/state/zanzibar/current.pgn" ] && fail "a game between terminals must not touch current.pgn"

# ---- a spectator sees the game so far, then each new move
run w --watch "$ME"
see w "watching" "the spectator's screen should say it watches"
see w "2\\. d4 +d7" "the spectator should see the game so far"
cmd a f4
see w "3\\. f4" "the spectator should see a new move"
cmd b f7
see w "3\\. f4 +f7" "the spectator should see each new move"
cmd w e5
see w "you are watching" "a spectator should not move"

# ---- say, takeback, draw offer, resign
cmd a "say good luck, and have fun"
see b "$ME: good luck, and have fun" "the guest should read what the inviter said"
see w "good luck, and have fun" "the spectator should read it too"
cmd b takeback
see a "accept the takeback\\? \\(y/n\\)" "the inviter should be asked about the takeback"
key a y
see b "takeback is accepted" "the guest should hear that the takeback is accepted"
scr w | grep -q "f4 +f7" && sleep 0.5
scr w | grep -q "f4 +f7" && fail "the takeback should remove f7 on the spectator's screen"
cmd a draw
see b "accept the draw\\? \\(y/n\\)" "the guest should be asked about the draw"
key b n
see a "declines the draw" "the inviter should hear that the draw was declined"
cmd b resign
see a "game over: 1-0" "the inviter should see the guest resign"
see w "game over: 1-0" "the spectator should see the result"
ls "$WORKDIR"/home-a/data/zanzibar/*.pgn >/dev/null 2>&1 || fail "the inviter's PGN is missing"
ls "$WORKDIR"/home-b/data/zanzibar/*.pgn >/dev/null 2>&1 || fail "the guest's PGN is missing"
grep -q "\\[White \"$ME\"\\]" "$WORKDIR"/home-b/data/zanzibar/*.pgn || fail "the PGN should name White"
[ -e "$WORKDIR/home-a/state/zanzibar/current.pgn" ] && fail "a game between terminals must not touch current.pgn"
for t in a b w; do key $t q; key $t y; done
see a "EXIT=0" "the inviter should leave cleanly"

# ---- both leave: the game is adjourned, and resumes later
sleep 0.5
run a --invite "$ME" --variant pemba
see a "waiting for" "a new invitation should start"
run b --join "$ME"
see b "Black: $ME" "the guest should join the new game"
cmd a e4
see b "1\\. e4" "the guest should see the first move"
key a q; key a y; key b q; key b y
see b "EXIT=0" "the guest should leave"
tries=50
while [ -e "$NETDIR/zanzibar-$(id -u)/game-$(id -u)" ] && [ "$tries" -gt 0 ]; do
    sleep 0.1; tries=$((tries - 1))
done
[ "$tries" -gt 0 ] || fail "the host should end once both players have left"
[ -s "$WORKDIR/home-a/state/zanzibar/net-$ME.pgn" ] || fail "the adjourned game should be saved"
grep -q "e4" "$WORKDIR/home-b/data/zanzibar/$ME-$ME-adjourned.pgn" ||
    fail "the guest's saved-games folder should keep the unfinished game"
run a --list
see a "adjourned game with $ME" "--list should show the inviter's adjourned game"
run a --invite "$ME"
see a "waiting for" "the inviter should resume"
see a "1\\. e4" "the resumed game should hold its move"
run b --join "$ME"
see b "1\\. e4" "the guest should see the resumed game"
exit 0
