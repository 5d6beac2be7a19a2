# Shared by the tests that kill a game's host at each step of a game's end
# (sourced after WAIT_TENTHS, fail and the terminals' helpers of
# term_lib.sh): strace's fault injection, so that the kill falls at a
# chosen system call, never at a guessed moment, and the loop over those
# steps.

# can_inject: strace is there and may trace (else the kills are skipped).
can_inject() { command -v strace >/dev/null && strace -V >/dev/null 2>&1; }

# kill_at PID CALL:N LOG: from now on PID is killed at its Nth CALL
# (rename:1, fsync:2...); returns once strace has attached, its words in
# LOG. "none" kills nothing.
kill_at() {
    [ "$2" = none ] && return 0
    strace -p "$1" -e trace="${2%:*}" -e inject="${2%:*}:signal=KILL:when=${2#*:}" \
        -o /dev/null 2>"$3" &
    tries=$WAIT_TENTHS
    until grep -q attached "$3" || [ "$tries" -le 0 ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
}

# killed PID AT: waits up to WAIT_TENTHS for PID to end, else fails.
killed() {
    tries=$WAIT_TENTHS
    while [ -d "/proc/$1" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    [ ! -d "/proc/$1" ] || fail "the host was not killed at $2"
}

# kill_each_step LOG A B STEP...: for each STEP (CALL:N as kill_at takes
# it, or none), a game between the terminals A (White) and B, ended by A's
# resignation with its host killed at STEP. The test defines open_step
# STEP (A and B on a new Pemba game's board, nothing played), host_pid
# (the game host's process) and check_step STEP (what must hold after);
# strace's words go to LOG. Skipped, and said so, without strace.
kill_each_step() {
    kill_log=$1 kill_a=$2 kill_b=$3
    shift 3
    if ! can_inject; then
        echo "skipped: the kills at each step of a game's end need strace" >&2
        return 0
    fi
    for at in "$@"; do
        open_step "$at"
        cmd "$kill_a" e4
        see "$kill_b" "1\\. e4" "Black should see White's move ($at)"
        cmd "$kill_b" e7
        see "$kill_a" "1\\. e4 +e7" "White should see Black's move ($at)"
        pid=$(host_pid)
        [ -n "$pid" ] || fail "no game host to kill ($at)"
        kill_at "$pid" "$at" "$kill_log"
        cmd "$kill_a" resign
        see "$kill_a" "Resign the game\\? \\(y/n\\)" "resign should ask ($at)"
        key "$kill_a" y
        [ "$at" = none ] || killed "$pid" "$at"
        check_step "$at"
    done
}
