#!/bin/sh
# The game host's one record of a game between people, between two
# accounts when run as root (else this account invites itself): an agreed
# adjournment stops both clocks, and a player who comes back after longer
# than the time left is back in the same game at once; a game resumed
# later has the clocks it was left with, and options that would change it
# are refused (--new sets it aside); a host killed with SIGKILL at each
# step of a game's end loses nothing: the game is kept among the saved
# games or still in its record, and the next invitation keeps it once;
# --list shows a finished game its host left unkept as over, and keeps it.

. "${ZANZIBAR_SRCDIR:-.}/tests/net_lib.sh"

INV=$ME
if [ "$(id -u)" = 0 ] && command -v useradd >/dev/null && command -v runuser >/dev/null; then
    INV=$(account_name i)
    add_account "$INV"
    chmod 1777 "$NETDIR" # the inviter makes its own folder here, as in /tmp
    ZANZIBAR_BIN=$(reachable "$ZANZIBAR_BIN")
fi
# inviter ARGS...: the inviter's terminal a (of the other account when there is one)
inviter() { inviter_on a "$@"; }
# inviter_on T ARGS...: the inviter in terminal T, with terminal a's folders
inviter_on() {
    t=$1
    shift
    if [ "$INV" = "$ME" ]; then HOME_OF=a run "$t" "$@"; else HOME_OF=a AS=$INV run "$t" "$@"; fi
}
RECORD="$WORKDIR/home-a/state/zanzibar/net-$ME.pgn"
KEPT="$WORKDIR/home-a/data/zanzibar"
SOCK="$NETDIR/zanzibar-$(id -u "$INV")/game-$(id -u)"
host_gone() {
    tries=$WAIT_TENTHS
    while [ -e "$SOCK" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    [ "$tries" -gt 0 ] || fail "$1"
}
# White's and Black's clocks as a screen shows them ("White 00:08   Black 00:10").
clocks() { scr "$1" | grep -Eo "White [0-9:]+ +Black [0-9:]+" | head -n 1; }
record_clocks() { sed -n 's/^\[ZanzibarClocks "\(.*\)"\]$/\1/p' "$RECORD"; }

# ---- an agreed adjournment: the clocks stop, and the game goes on when the
# guest comes back, after longer than the time White had left
inviter --invite "$ME" --variant pemba --time 30s+0
see a "waiting for $ME" "the inviter should wait"
run b --join "$INV"
see b "Black: $ME" "the guest should join"
cmd a e4
see b "1\\. e4" "the guest should see White's move"
cmd b e7
see a "1\\. e4 +e7" "the inviter should see Black's move"
cmd b adjourn
see a "asks for the adjournment: accept\\? \\(y/n\\)" "the inviter should be asked"
key a y
see b "adjourned and saved" "the guest should see the game adjourned"
grep -q '^\[ZanzibarState "adjourned"\]' "$RECORD" || fail "the record should say adjourned: $(cat "$RECORD")"
left=$(record_clocks)
[ -n "$left" ] || fail "the record should hold both clocks: $(cat "$RECORD")"
shown=$(clocks a)
key b q
key b y
see b "EXIT=0" "the guest should leave"
# longer than White's time left: a clock that ran would fall (30 s: a
# busy machine must not let a clock fall while the moves are played)
sleep $((${left%% *} / 1000 + 1))
[ "$(record_clocks)" = "$left" ] || fail "the clocks moved while adjourned: $left, then $(record_clocks)"
[ "$(clocks a)" = "$shown" ] || fail "the inviter's clocks ran while adjourned: $shown, then $(clocks a)"
scr a | grep -q "Game over" && fail "the adjourned game ended while the guest was away"
run b --join "$INV"
see b "is back: the adjourned game goes on" "the returning guest should be back in the game at once"
see a "is back: the adjourned game goes on" "the inviter should see the game go on"
cmd a d4
see b "2\\. d4" "the game should go on after the adjournment"
cmd b d7
see a "2\\. d4 +d7" "the guest's moves should be played again"

# ---- both leave: the record keeps the game with its stopped clocks; options
# that would change it are refused, and the invitation alone resumes it
cmd a adjourn
see b "asks for the adjournment: accept\\? \\(y/n\\)" "the guest should be asked"
key b y
see a "adjourned and saved" "the inviter should see the game adjourned"
left=$(record_clocks)
shown=$(clocks a)
for t in a b; do key $t q; key $t y; done
see b "EXIT=0" "the guest should leave"
host_gone "the host of the adjourned game should end"
[ "$(record_clocks)" = "$left" ] || fail "the record's clocks changed when the host ended"
sleep 2
inviter --invite "$ME" --variant zanzibar-xl
see a "you have an adjourned game with $ME \\(Pemba, 30s\\+0, 4 moves played\\), which --variant would change" \
    "an invitation with another game should name the adjourned game"
see a "EXIT=2" "an invitation that would change the adjourned game should be refused"
[ "$(record_clocks)" = "$left" ] || fail "a refused invitation changed the record"
inviter --invite "$ME" --time 30s+0
see a "waiting for $ME" "the same options should resume the adjourned game"
see a "2\\. d4 +d7" "the resumed game should hold its moves"
run b --join "$INV"
see b "2\\. d4 +d7" "the guest should see the resumed game"
[ "$(record_clocks)" = "$left" ] || fail "resuming changed the clocks: $left, then $(record_clocks)"
# Black's clock, which stands while White is to move, as it was left
see b "White [0-9:.]+ +Black ${shown#*Black }" \
    "the resumed game should show the clocks it was left with ($shown)"
cmd a f4
see b "3\\. f4" "the resumed game should go on"
cmd a adjourn
see b "asks for the adjournment: accept\\? \\(y/n\\)" "the guest should be asked again"
key b y
see a "adjourned and saved" "the inviter should see the game adjourned again"
for t in a b; do key $t q; key $t y; done
host_gone "the host of the resumed game should end"
inviter --invite "$ME" --new --variant pemba
see a "waiting for $ME" "--new should start a new game"
ls "$KEPT"/*-adjourned-*.pgn >/dev/null 2>&1 || fail "--new should set the adjourned game aside"
grep -q '3\. f4' "$KEPT"/*-adjourned-*.pgn || fail "the game set aside should hold its moves"
key a q
key a y
host_gone "the host of the new game should end"
rm -f "$KEPT"/*.pgn

# ---- a host killed at each step of a game's end loses nothing
# host_pid: the inviter's game host (the process of --invite without a terminal).
host_pid() {
    for p in /proc/[0-9]*; do
        grep -q -- "--invite" "$p/cmdline" 2>/dev/null || continue
        grep -qz "^ZANZIBAR_NET_DIR=$NETDIR\$" "$p/environ" 2>/dev/null || continue
        [ "$(cut -d' ' -f7 "$p/stat" 2>/dev/null)" = 0 ] && echo "${p#/proc/}"
    done | head -n 1
}
# kept_games: how many finished games the inviter keeps (its host's archive).
kept_games() { grep -l '^\[Result "0-1"\]' "$KEPT"/*.pgn 2>/dev/null | wc -l; }
. "${ZANZIBAR_SRCDIR:-.}/tests/strace_lib.sh"
# The end: the record says over (a temporary file renamed), then the
# archive (a temporary file, fsync, rename, the folder's fsync), then the
# record's unlink.
open_step() {
    rm -f "$RECORD" "$KEPT"/*.pgn
    inviter --invite "$ME" --variant pemba
    see a "waiting for $ME" "the inviter should wait ($1)"
    run b --join "$INV"
    see b "Black: $ME" "the guest should join ($1)"
}
check_step() {
    at=$1
    [ "$at" != none ] || see a "game over: 0-1" "the game should end ($at)"
    n=$(kept_games)
    [ "$n" -ge 1 ] || [ -e "$RECORD" ] ||
        fail "killed at $at: the game is neither kept nor in its record"
    [ "$n" -ge 1 ] && [ -e "$RECORD" ] && ! grep -q '^\[ZanzibarState "over"\]' "$RECORD" &&
        fail "killed at $at: the game kept is also resumable"
    for t in a b; do key $t q; key $t y; done
    see a "EXIT=" "the inviter should leave ($at)"
    [ "$at" != none ] || host_gone "the host should end"
    # Killed between the end and the archive: --list shows the game
    # over with its result (never adjourned), and keeps it.
    if [ "$at" = fsync:1 ]; then
        grep -q '^\[ZanzibarState "over"\]' "$RECORD" ||
            fail "killed at $at: the record should say the game is over"
        inviter --list
        see a "EXIT=0" "--list should end ($at)"
        scr a | grep -q "adjourned" && fail "killed at $at: --list shows the finished game as adjourned: $(scr a)"
        see a "your game with $ME is over \\(0-1\\): it is kept as" \
            "--list should show the finished game with its result ($at)"
        [ ! -e "$RECORD" ] && [ "$(kept_games)" -eq 1 ] ||
            fail "killed at $at: --list should keep the finished game once"
    fi
    # The next invitation keeps a finished game its host left behind, once.
    inviter --invite "$ME" --variant pemba
    see a "waiting for $ME" "the next invitation should start ($at)"
    key a q
    key a y
    host_gone "the next host should end ($at)"
    if grep -q '^\[Result "0-1"\]' "$RECORD" 2>/dev/null || [ "$(kept_games)" -ne 1 ]; then
        if [ -e "$RECORD" ] && ! grep -q '^\[Result "0-1"\]' "$RECORD"; then
            # killed before the record said over: the game is resumable
            grep -q '1\. e4 e7' "$RECORD" || fail "killed at $at: the resumable game lost its moves"
            rm -f "$RECORD"
        else
            fail "killed at $at: after the next invitation $(kept_games) games are kept"
        fi
    fi
    grep -q '1\. e4 e7' "$KEPT"/*.pgn 2>/dev/null || [ "$at" = rename:1 ] ||
        fail "killed at $at: the game kept lost its moves"
    echo "killed at $at: nothing lost" >&2
}

# ---- a host too busy to answer the look for games still runs (it holds
# its game's lock): --list says so, never that the game is adjourned
open_step busy
cmd a e4
see b "1\\. e4" "Black should see White's move (busy)"
host=$(host_pid)
[ -n "$host" ] || fail "no game host to stop"
kill -STOP "$host"
inviter_on c --list
see c "EXIT=0" "--list should end while the host is stopped"
scr c | grep -q "adjourned" && fail "--list calls a running game adjourned: $(scr c)"
see c "your game with $ME is running, but its host did not answer" \
    "--list should say that the game runs"
inviter_on c
see c "go back to your game with $ME \\(it runs" "the start menu should say that the game runs"
scr c | grep -q "adjourned" && fail "the start menu calls a running game adjourned: $(scr c)"
kill -CONT "$host"
key c q
see c "EXIT=0" "the start menu should end"
grep -q '1\. e4' "$RECORD" || fail "--list touched the running game's record"
cmd b e7
see a "1\\. e4 +e7" "the game should go on after --list"
for t in a b; do key $t q; key $t y; done
host_gone "the host of the busy game should end"

kill_each_step "$WORKDIR/strace.err" a b rename:1 fsync:1 rename:2 fsync:2 unlink:1 none
echo "PASS"
