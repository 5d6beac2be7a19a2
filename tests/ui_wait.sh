#!/bin/sh
# One way to wait (HACKING): the loop sleeps in poll() until a key, a
# descriptor or something that falls due at a time wakes it. On the menu,
# and in a game with no clock and no engine, nothing falls due: the
# program's main thread must not wake on its own. A wake is counted by
# the thread's voluntary context switches, which a sleep in poll() adds to
# only when it ends.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

# wakes PID: the times the program's main thread has gone to sleep.
wakes() { awk '/^voluntary_ctxt_switches/ { print $2 }' "/proc/$1/task/$1/status"; }

# quiet WHERE: the program wakes at most once in three seconds.
quiet() {
    pid=$(program_pid)
    [ -n "$pid" ] || fail "no program to watch $1"
    sleep 0.5 # what the last screen change started settles
    before=$(wakes "$pid")
    sleep 3
    after=$(wakes "$pid")
    [ $((after - before)) -le 1 ] ||
        fail "$1, with nothing to do, the program woke $((after - before)) times in 3 s"
}

start 100 30
expect "Invite" "the menu should come up"
quiet "on the menu"

start 100 30 --variant pemba --white human --black human
expect "no clock" "a game without a clock should start"
typed e4
expect "1\\. e4" "the move should be played"
quiet "in a game with no clock"

# A clock shown wakes it each second, and only then.
start 100 30 --variant pemba --white human --black human --time 5
expect "White 0?5:00" "a game with a clock should start"
pid=$(program_pid)
before=$(wakes "$pid")
sleep 3
after=$(wakes "$pid")
[ $((after - before)) -ge 2 ] || fail "a clock shown should wake the program each second"
quit_cleanly
