#!/bin/sh
# A key storm: the real program in tmux at 80x24 gets random keys, ':'
# lines (random words and real commands), mouse clicks and resizes in each
# of the five games, and must neither crash nor hang: after every batch the
# program must still be running (or have quit normally, when the storm
# typed q then y) and answer a resize. Afterwards the terminal must be as
# before: stty settings, main screen, cursor shown, keypad and mouse off.
#
# STORM_KEYS sets the number of keys: the default (5000; 2500 when the
# program is built with AddressSanitizer, which makes each key slower)
# keeps make check short; STORM_KEYS=100000 is the long run (HACKING).
# STORM_SEED repeats a run.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

if grep -q __asan_init "$ZANZIBAR_BIN" 2>/dev/null; then default_keys=2500; else default_keys=5000; fi
KEYS=${STORM_KEYS:-$default_keys}
SEED=${STORM_SEED:-$(date +%s)}
BATCH=2000
STATE="$XDG_STATE_HOME/zanzibar"
cd "$WORKDIR" || exit 1
echo "key storm: $KEYS keys, seed $SEED"

# The pane runs this script, which records the terminal's settings before
# and after the program and its exit status; stderr (sanitizer reports)
# goes to a file.
cat >"$WORKDIR/storm-run" <<RUN
stty -g >"$WORKDIR/stty.before"
TERM=screen "$ZANZIBAR_BIN" "\$@" 2>>"$WORKDIR/stderr"
status=\$?
stty -g >"$WORKDIR/stty.after"
stty -echo
echo "\$status" >"$WORKDIR/exit"
echo "EXIT=\$status"
sleep 600
RUN

storm_start() {
    stop_program
    tm kill-server 2>/dev/null
    rm -f "$STATE/current.pgn" "$WORKDIR/stty.before" "$WORKDIR/stty.after" "$WORKDIR/exit"
    RUNS=$((RUNS + 1))
    SOCKET="$WORKDIR/tmux-$RUNS"
    tm new-session -d -s "$SESSION" -x 80 -y 24 "sh $WORKDIR/storm-run $*" ||
        fail "tmux could not start"
    tm set-option -t "$SESSION" -g window-size manual >/dev/null 2>&1
    wait_for "to move|Start the game|Setup|setup|arrange"
}

# The pane's terminal modes once the program has gone.
check_restored() {
    [ -s "$WORKDIR/stty.after" ] || fail "no stty settings after the program"
    cmp -s "$WORKDIR/stty.before" "$WORKDIR/stty.after" ||
        fail "stty settings changed: $(cat "$WORKDIR/stty.before") -> $(cat "$WORKDIR/stty.after")"
    flags=$(tm display-message -p -t "$SESSION" \
        '#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag} #{mouse_button_flag} #{mouse_standard_flag} #{mouse_sgr_flag}')
    [ "$flags" = "0 1 0 0 0 0 0 0" ] ||
        fail "terminal not restored (alternate cursor keypad-cursor keypad mouse x4): $flags"
}

# A program that exited during the storm must have quit normally.
check_exit() {
    [ -s "$WORKDIR/exit" ] || return 1
    code=$(cat "$WORKDIR/exit")
    [ "$code" = 0 ] || fail "the program exited with status $code during the storm"
    check_restored
    return 0
}

check_sanitizer() {
    if grep -q -E "AddressSanitizer|runtime error|LeakSanitizer" "$WORKDIR/stderr" 2>/dev/null; then
        cat "$WORKDIR/stderr" >&2
        fail "a sanitizer reported an error"
    fi
}

# The program answers: a resize to a tiny window shows the too-small
# screen (which needs every queued key handled first), and back again.
check_responds() {
    tm resize-window -t "$SESSION" -x 30 -y 8 >/dev/null 2>&1
    tries=$WAIT_TENTHS
    until screen | grep -q "too small" || [ -s "$WORKDIR/exit" ]; do
        tries=$((tries - 1))
        [ $tries -gt 0 ] || fail "the program did not answer a resize (seed $SEED)"
        sleep 0.1
    done
    tm resize-window -t "$SESSION" -x 80 -y 24 >/dev/null 2>&1
    tries=$WAIT_TENTHS
    while screen | grep -q "too small" && [ ! -s "$WORKDIR/exit" ]; do
        tries=$((tries - 1))
        [ $tries -gt 0 ] || fail "the program did not redraw after growing the window"
        sleep 0.1
    done
}

# batch SEED N: N random keys as hex bytes for send-keys -H, with ':'
# lines, clicks (X10 mouse reports, as TERM=screen has them) and, as
# lines "RESIZE WxH", window sizes. Signal and flow-control keys (^C ^Z ^\
# ^S ^Q ^O) are left out: they are the terminal's, not the program's.
batch() {
    awk -v seed="$1" -v n="$2" '
    function hex(s,   i, out) { out = ""; for (i = 1; i <= length(s); i++) out = out " " sprintf("%02x", ord[substr(s, i, 1)]); return out }
    function word(   w, k, len) { len = 1 + int(rand() * 8); w = ""; for (k = 0; k < len; k++) w = w substr(letters, 1 + int(rand() * length(letters)), 1); return w }
    BEGIN {
        srand(seed)
        for (i = 32; i < 127; i++) ord[sprintf("%c", i)] = i
        letters = "abcdefghijklmnopqrstuvwxyz0123456789!=+-#/.~\""
        split("1b4f41 1b4f42 1b4f44 1b4f43 1b5b317e 1b5b347e 1b5b357e 1b5b367e 1b4f50 1b5b337e 7f 1b 0d 09 1b5b327e", special, " ")
        split("undo redo flip hint analysis move fen resign draw help new level|3 level|99 save|storm save!|storm save|\"a|b\" load|storm load|storm|2 load|nothing fen|8/8 e3e5 e8e6 a1a1 zz9 Nc3 b1c3", cmds, " ")
        split("80x24 100x30 60x20 120x40 40x12 67x16 200x60 20x5", sizes, " ")
        line = ""; count = 0
        while (count < n) {
            r = rand()
            if (r < 0.60) { c = 32 + int(rand() * 95); line = line " " sprintf("%02x", c); count++ }
            else if (r < 0.80) { s = special[1 + int(rand() * 15)]; gsub(/../, " &", s); line = line s; count++ }
            else if (r < 0.85) { c = 1 + int(rand() * 31); if (c != 3 && c != 26 && c != 28 && c != 19 && c != 17 && c != 15) line = line " " sprintf("%02x", c); count++ }
            else if (r < 0.87) { line = line " " sprintf("%02x", 128 + int(rand() * 128)); count++ }
            else if (r < 0.92) {
                if (rand() < 0.5) { cmd = cmds[1 + int(rand() * 30)]; gsub(/\|/, " ", cmd) }
                else { cmd = word(); k = int(rand() * 3); while (k-- > 0) cmd = cmd " " word() }
                line = line hex(":" cmd) " 0d"; count += length(cmd) + 2
            } else if (r < 0.97) {
                line = line sprintf(" 1b 5b 4d %02x %02x %02x 1b 5b 4d %02x %02x %02x", 32, 33 + int(rand() * 80), 33 + int(rand() * 24), 35, 33 + int(rand() * 80), 33 + int(rand() * 24))
                count++
            } else {
                print line; line = ""
                print "RESIZE " sizes[1 + int(rand() * 8)]
                count++
            }
        }
        print line
    }'
}

send_batch() {
    batch "$1" "$2" | while IFS= read -r chunk; do
        case $chunk in
        RESIZE*)
            size=${chunk#RESIZE }
            tm resize-window -t "$SESSION" -x "${size%x*}" -y "${size#*x}" >/dev/null 2>&1 ;;
        *)
            # shellcheck disable=SC2086
            [ -z "$chunk" ] || tm send-keys -t "$SESSION" -H $chunk >/dev/null 2>&1 ;;
        esac
    done
}

per_game=$((KEYS / 5))
sent=0
quits=0
n=0
for game in zanzibar-s zanzibar-xl zanzibar-xxl pemba arabian-nights; do
    storm_start --variant "$game" --white human --black human
    done_here=0
    while [ $done_here -lt $per_game ]; do
        n=$((n + 1))
        size=$BATCH
        [ $((per_game - done_here)) -lt $size ] && size=$((per_game - done_here))
        send_batch $((SEED + n)) $size
        done_here=$((done_here + size))
        sent=$((sent + size))
        check_sanitizer
        check_responds
        if check_exit; then
            quits=$((quits + 1))
            storm_start --variant "$game" --white human --black human
            continue
        fi
        [ -n "$(program_pid)" ] || fail "the program is gone (batch $n, seed $SEED)"
    done
    # Leave: Escape out of any line, chooser or help, then q (and y).
    tries=0
    until [ -s "$WORKDIR/exit" ]; do
        tries=$((tries + 1))
        # (a round a second; a slow sanitized program may need several)
        [ $tries -le 30 ] || fail "Escape, q and y did not end the program"
        keys Escape
        sleep 0.2
        keys Escape q
        sleep 0.3
        keys y
        sleep 0.5
    done
    check_exit
    check_sanitizer
done
echo "PASS: $sent keys in 5 games (seed $SEED, $quits quits by the storm); terminal restored"
