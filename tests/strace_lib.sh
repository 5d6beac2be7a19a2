# Shared by the tests that kill a game's host at each step of a game's end
# (sourced after WAIT_TENTHS is set): strace's fault injection, so that the
# kill falls at a chosen system call, never at a guessed moment.

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
