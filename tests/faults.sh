#!/bin/sh
# Faults of the disk and the state file, with the real program in tmux: a
# read-only state folder, a full disk (root only: a tiny tmpfs), a state
# file that is empty, corrupt, huge, a FIFO, a folder or a link to
# /dev/zero, and SIGKILL at random moments during play. The program must
# always start, say what is wrong, never hang, and never lose a move it
# has shown.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

STATE="$XDG_STATE_HOME/zanzibar"
mounted=
unmount_all() {
    stop_program
    [ -z "$mounted" ] || umount "$STATE" 2>/dev/null
}
at_exit unmount_all
root=no
if [ "$(id -u)" = 0 ] && mkdir -p "$STATE" && mount -t tmpfs -o size=64k tmpfs "$STATE" 2>/dev/null
then
    root=yes
    mounted=yes
    umount "$STATE"
    mounted=
fi

GAME="--variant pemba --white human --black human"
MOVES="e3e5 e8e6 f3f5 f8f6 d3d5 d8d6 g3g5 g8g6"
play_moves() {
    for m in $1; do typed "$m"; done
}

# ---- every kind of bad state file: reported on the menu, moved aside
bad_file() {
    rm -rf "$STATE"/current.pgn*
    mkdir -p "$STATE"
    case $1 in
    empty) : >"$STATE/current.pgn" ;;
    corrupt) printf '%%zanzibar version 1\n%%zanzibar players human x\n[[[' >"$STATE/current.pgn" ;;
    huge) dd if=/dev/zero of="$STATE/current.pgn" bs=1M seek=50 count=0 2>/dev/null ;;
    binary) head -c 4096 /dev/urandom >"$STATE/current.pgn" ;;
    fifo) mkfifo "$STATE/current.pgn" ;;
    folder) mkdir "$STATE/current.pgn" ;;
    devzero) ln -s /dev/zero "$STATE/current.pgn" ;;
    esac
}
for kind in empty corrupt huge binary fifo folder devzero; do
    bad_file $kind
    KEEP_STATE=1 start 100 30
    expect "the saved game cannot be resumed" "$kind: no word about the bad state file"
    expect "kept as .*current.pgn.damaged" "$kind: the menu does not say where the file went"
    ls "$STATE"/current.pgn.damaged* >/dev/null 2>&1 || fail "$kind: the file was not kept aside"
    [ ! -e "$STATE/current.pgn" ] && [ ! -L "$STATE/current.pgn" ] ||
        fail "$kind: the bad file is still in the way"
    quit_cleanly
    # Naming a game on the command line goes straight to it, without a hang.
    bad_file $kind
    KEEP_STATE=1 start 100 30 $GAME
    expect "White to move" "$kind: the game does not start"
    play_moves "e3e5"
    wait_for "1\. e5"
    quit_cleanly
done
echo "bad state files: reported and moved aside"

# ---- a read-only state folder: the game goes on, the message says why
# (root ignores file modes, so it needs a read-only mount)
rm -rf "$STATE"
mkdir -p "$STATE"
readonly_ok=yes
if [ $root = yes ]; then
    mount -t tmpfs -o ro tmpfs "$STATE" && mounted=yes || readonly_ok=no
elif [ "$(id -u)" = 0 ]; then
    readonly_ok=no
else
    chmod 0500 "$STATE"
fi
if [ $readonly_ok = yes ]; then
    start 100 30 $GAME
    wait_for "White to move"
    play_moves "e3e5"
    expect "could not be saved for resuming" "a read-only state folder is not reported"
    expect "Read-only file system|Permission denied" "the message does not say why"
    play_moves "e8e6"
    wait_for "1\. e5 +e6"
    quit_cleanly
    [ -z "$mounted" ] || { umount "$STATE"; mounted=; }
    chmod 0700 "$STATE"
    echo "read-only state folder: reported, play goes on"
else
    echo "SKIP (read-only folder): running as root without the right to mount"
fi

# ---- a full disk: the last good save stays, the player is told
if [ $root = yes ]; then
    rm -rf "$STATE"
    mkdir -p "$STATE"
    mount -t tmpfs -o size=64k tmpfs "$STATE" && mounted=yes
    start 100 30 $GAME
    wait_for "White to move"
    play_moves "e3e5 e8e6"
    wait_for "1\. e5 +e6"
    dd if=/dev/zero of="$STATE/filler" bs=4k 2>/dev/null
    play_moves "f3f5"
    expect "could not be saved for resuming" "a full disk is not reported"
    expect "No space left" "the message does not say the disk is full"
    grep -q 'e6' "$STATE/current.pgn" || fail "the last good save was lost on a full disk"
    rm -f "$STATE/filler"
    play_moves "f8f6"
    wait_for "2\. f5 +f6"
    stop_program
    grep -q 'f6' "$STATE/current.pgn" || fail "saving did not resume once space came back"
    ls "$STATE" | grep -q tmp && fail "a temporary file was left on the full disk"
    umount "$STATE"
    mounted=
    echo "full disk: reported, last save kept"
else
    echo "SKIP (full disk): not root, cannot mount a small tmpfs"
fi

# ---- SIGKILL at random moments: every move shown is on disk
rm -rf "$STATE"
mkdir -p "$STATE"
# moves_shown: plies of the move list on the screen (numbered lines).
moves_shown() {
    screen | cut -c56- | sed -n 's/^ *\([0-9][0-9]*\)\. *\([^ ][^ ]*\) *\([^ ]*\).*/\1 \3/p' |
        tail -n 1 | {
            read -r n black || { echo 0; exit; }
            if [ -n "$black" ]; then echo $((2 * n)); else echo $((2 * n - 1)); fi
        }
}
# plies_saved: moves of the state file's record (tags and escapes dropped).
plies_saved() {
    [ -f "$STATE/current.pgn" ] || { echo 0; return; }
    grep -v '^[%[]' "$STATE/current.pgn" | tr ' ' '\n' |
        grep -Ev '^$|^[0-9]+\.+$|^(1-0|0-1|1/2-1/2|\*)$' | wc -l
}
i=0
seed=$$
while [ $i -lt ${FAULT_KILLS:-20} ]; do
    i=$((i + 1))
    # Looked at before the start: a fast game writes the file at once.
    asks=false
    [ -f "$STATE/current.pgn" ] && asks=true
    KEEP_STATE=1 start 100 30 --variant pemba --white engine --black engine --level 1
    if $asks; then
        wait_for "Resume it\?"
        keys y
    fi
    wait_for "to move|wins|draw|Game over"
    seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
    sleep "0.$(( seed % 9 + 1 ))"
    shown=$(moves_shown)
    pid=$(program_pid)
    [ -n "$pid" ] || fail "kill $i: the program is not running"
    kill -KILL "$pid"
    # Not read off the screen: killed in curses mode, the shell's EXIT line
    # may wrap anywhere.
    tries=100
    while [ -d "/proc/$pid" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
    [ ! -d "/proc/$pid" ] || fail "kill $i: the program outlived SIGKILL"
    saved=$(plies_saved)
    if [ ! -f "$STATE/current.pgn" ]; then
        ls "$XDG_DATA_HOME"/zanzibar/*.pgn >/dev/null 2>&1 ||
            fail "kill $i: the game is neither in progress nor kept"
    elif [ -n "${FAULT_VERBOSE:-}" ]; then
        echo "kill $i: $shown plies shown, $saved on disk"
    fi
    if [ -f "$STATE/current.pgn" ] && [ "$saved" -lt "$shown" ]; then
        fail "kill $i: $shown plies were shown but only $saved are on disk"
    fi
done
# The leftovers of saves killed half-way go at the next start.
touch "$STATE/current.pgn.tmp-999999999-AbCdEf"
KEEP_STATE=1 start 100 30
wait_for "Resume|Start the game"
ls "$STATE" | grep -q '\.tmp-' && fail "stale temporary files were left in $STATE"
quit_cleanly
echo "PASS: faults (kills: $i, last game ${saved:-0} plies on disk)"
