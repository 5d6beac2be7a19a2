#!/bin/sh
# The real XBoard (4.9) with zanzibar on a virtual display (Debian packages
# xboard and xvfb; the checks also use xdotool and xclip to type XBoard's
# keys and fill its clipboard).
#
# usage: tools/xboard-check.sh VARIANT ZANZIBAR_BINARY GAMES [on|off] [OUT_DIR]
#   Plays GAMES games, zanzibar on both sides, and prints how each ended.
#   XBoard tests every move against the piece descriptions we send it, so
#   a forfeit means XBoard and our rules disagree.
# usage: tools/xboard-check.sh --checks ZANZIBAR_BINARY [OUT_DIR]
#   Under a minute of short checks, each naming what it shows: analysis
#   mode; the Zanzibars' and Pemba's promotions with legality testing on,
#   from positions pasted after start; and, marked KNOWN, what XBoard
#   cannot do (a Zanzibar-XXL Prince's promotion, -lpf at start, Arabian
#   Nights' first side). A position XBoard does not take is a FAIL.
#   Exit status 1 when a check fails.
set -eu

need() {
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/games/$tool" ] ||
            { echo "$0: $tool is not installed (apt-get install xboard xvfb xdotool xclip)" >&2; exit 2; }
    done
}

games() {
    variant=$1 bin=$(realpath "$2") games=$3 legality=${4:-on} out=${5:-.}
    case $legality in
        on) test_legality=true ;;
        off) test_legality=false ;;
        *) echo "$0: legality testing must be 'on' or 'off', not '$legality'" >&2; exit 2 ;;
    esac
    need xvfb-run xboard
    xboard=$(command -v xboard || echo /usr/games/xboard)
    mkdir -p "$out"
    pgn="$out/xboard-$variant.pgn" debug="$out/xboard-$variant.debug"
    rm -f "$pgn" "$debug"
    # 40 s a game keeps a game to a few minutes; the sounds XBoard tries to
    # play on a machine without audio are noise.
    xvfb-run -a "$xboard" -fcp "$bin --xboard" -scp "$bin --xboard" \
        -fd "$out" -sd "$out" -variant "$variant" -mg "$games" -tc 0:40 \
        -testLegality "$test_legality" -popupExitMessage false -saveSettingsOnExit false \
        -sgf "$pgn" -debug -nameOfDebugFile "$debug" 2>&1 |
        grep -v -e '^ALSA' -e '^aplay' || true
    grep -h -o '{[A-Za-z][^}]*} *\(1-0\|0-1\|1/2-1/2\|\*\)' "$pgn" || echo "no game finished"
}

# ---- --checks: one XBoard at a time on a display of its own ---------------

# Waits up to $2 seconds for the extended regular expression $1 in the
# debug file; true when it came.
await() {
    waited=0
    while [ "$waited" -lt "$(($2 * 10))" ]; do
        grep -q -E "$1" "$debug" 2>/dev/null && return 0
        sleep 0.1
        waited=$((waited + 1))
    done
    return 1
}

# xboard_start NAME VARIANT [XBOARD OPTIONS...]: XBoard with zanzibar as
# both engines, its debug log in $out/NAME.debug, its PGN in $out/NAME.pgn
# (and no settings saved in ~/.xboardrc).
xboard_start() {
    name=$1 variant=$2
    shift 2
    debug="$out/$name.debug" pgn="$out/$name.pgn"
    rm -f "$debug" "$pgn"
    display_nr=$((display_nr + 1)) # a fresh display each time: no clipboard owner is left
    display=:$display_nr
    Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$!
    waited=0
    until DISPLAY=$display xdotool getdisplaygeometry >/dev/null 2>&1; do
        [ "$waited" -lt 300 ] || break # XBoard then says why it cannot start
        sleep 0.1
        waited=$((waited + 1))
    done
    DISPLAY=$display "$xboard" -variant "$variant" -fcp "$bin --xboard" -scp "$bin --xboard" \
        -fd "$out" -sd "$out" -tc 0:30 -popupExitMessage false -autoCallFlag true -saveSettingsOnExit false \
        -debug -nameOfDebugFile "$debug" -sgf "$pgn" "$@" >"$out/$name.out" 2>&1 &
    xboard_pid=$!
}

# Ends XBoard by its own File > Quit (Ctrl+Q), which saves the game to
# $pgn. Never by SIGTERM: XBoard's handler ends the game from inside the
# signal, and hung for good when the signal came during a malloc (seen
# here: a futex wait on malloc's lock under GameEnds). Killed outright
# only if it has not quit in ten seconds; its engines then read the end
# of their input and stop.
xboard_stop() {
    [ -z "$xclip_pid" ] || kill "$xclip_pid" 2>/dev/null || true
    [ -z "$xclip_pid" ] || wait "$xclip_pid" 2>/dev/null || true
    xclip_pid=
    [ -n "$xboard_pid" ] || return 0
    find_main_window 5
    [ -z "$xboard_window" ] || DISPLAY=$display timeout 10 xdotool windowfocus --sync "$xboard_window" \
        key --clearmodifiers ctrl+q >/dev/null 2>&1 || true
    waited=0
    while running "$xboard_pid" && [ "$waited" -lt 100 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    kill -KILL "$xboard_pid" 2>/dev/null || true
    wait "$xboard_pid" 2>/dev/null || true
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
    xboard_pid= xvfb_pid= xboard_window=
}

# Whether process $1 runs (a child that has ended but was not waited for
# is a zombie, which kill -0 still finds).
running() {
    state=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${state#Z}" = "$state" ]
}

# Finds XBoard's main window (xboard_window) once it is shown, within $1
# seconds, by its title: "xboard: ENGINE", or in Two Machines mode
# "ENGINE vs. ENGINE".
find_main_window() {
    [ -n "$xboard_window" ] || xboard_window=$(DISPLAY=$display timeout "$1" \
        xdotool search --sync --onlyvisible --name '^xboard: | vs\. ' 2>/dev/null | head -1)
}

# Types keys into XBoard's main window. No window manager runs, so the X
# focus stays on PointerRoot, and the keys would go to whatever window is
# under the pointer: XBoard's Engine Output window opens over the main one
# at the same corner. The focus is therefore set on the main window itself.
keys() {
    find_main_window 60
    [ -n "$xboard_window" ] || return 1
    DISPLAY=$display timeout 20 xdotool windowfocus --sync "$xboard_window" 2>/dev/null || return 1
    DISPLAY=$display xdotool key --clearmodifiers "$@" 2>/dev/null
}

# Puts $1 on the CLIPBOARD selection, served (by an xclip of our own,
# $xclip_pid) until XBoard stops; returns once the selection holds it, so
# that no paste can come before it.
clipboard() {
    printf '%s' "$1" | DISPLAY=$display xclip -quiet -selection clipboard >/dev/null 2>&1 &
    xclip_pid=$!
    waited=0
    until [ "$(DISPLAY=$display xclip -o -selection clipboard 2>/dev/null)" = "$1" ]; do
        [ "$waited" -lt 100 ] || return 1
        sleep 0.1
        waited=$((waited + 1))
    done
}

# Edit > Paste Position with FEN, then Mode > Two Machines. The position
# goes in once the engine has described the board (its setup and piece
# commands come before its first pong); otherwise the description, which
# sets the board to the game's start, would undo the paste.
paste_and_play() {
    await '>first : ping 1' 60 && await '<first : pong 1' 60 || return 1
    clipboard "$1" || return 1
    for try in 1 2 3; do
        keys ctrl+shift+v || continue
        await '>first : setboard' 20 && break
    done
    grep -q '>first : setboard' "$debug" || return 1
    keys ctrl+t
}

failed=0
check() { # check WHAT TRUE|FALSE [detail lines]
    what=$1 ok=$2
    shift 2
    if [ "$ok" = true ]; then echo "PASS: $what"; else echo "FAIL: $what"; failed=1; fi
    for line in "$@"; do [ -z "$line" ] || printf '%s\n' "$line" | sed 's/^/    /'; done
}
known() { # a limit of XBoard's, shown with the debug lines that show it
    echo "KNOWN: $1"
    shift
    for line in "$@"; do [ -z "$line" ] || printf '%s\n' "$line" | sed 's/^/    /'; done
}
says() { grep -E -m "${2:-3}" "$1" "$debug" | cut -c1-160 || true; }

check_analysis() {
    xboard_start analysis pemba -mode Analysis -firstOptions "MultiPV=3"
    ok=false
    if await '<first : [0-9]+ -?[0-9]+ [0-9]+ [0-9]+ [a-j]' 30 && await '<first : stat01' 15; then
        # lines a depth: three every time
        counts=$(sed -n 's/^[0-9]* <first : \([0-9][0-9]*\) -\{0,1\}[0-9][0-9]* [0-9][0-9]* [0-9][0-9]* [a-j].*/\1/p' \
            "$debug" | uniq -c | awk '{print $1}' | sort -u)
        [ "$counts" = 3 ] && ok=true
    fi
    xboard_stop
    check "analysis mode: three lines (MultiPV) at each depth, '.' answered" $ok \
        "$(says '>first : (analyze|option MultiPV)' 2)" "$(says '<first : [0-9]+ ' 3)" \
        "$(says '<first : stat01' 1)"
    grep -q 'does not support analysis' "$debug" "$out/analysis.out" &&
        check "no 'does not support analysis'" false
    return 0
}

# promotion NAME VARIANT FEN SAN: the first engine promotes; XBoard, testing
# legality, must accept the move and write it as SAN.
check_promotion() {
    promotion_game "$@"
    check "$2: XBoard accepts the promotion and writes $4" $ok "$pasted" \
        "$(says '<first : move' 1)" "$(says 'Forfeit' 1)" "$(grep -m 1 '^1\.' "$pgn" 2>/dev/null || true)"
}

# promotion_game NAME VARIANT FEN SAN: plays the promotion; ok is true when
# XBoard took the move and wrote it as SAN. A position XBoard did not take
# is no pass: pasted then says so.
promotion_game() {
    xboard_start "$1" "$2"
    ok=false pasted=
    if paste_and_play "$3"; then
        await 'GameEnds\(2[0-9]|<second: move' 60 && ! grep -q 'Forfeit' "$debug" && ok=true
    else
        pasted="XBoard took no pasted position (Edit > Paste Position); its log ends:
$(tail -n 3 "$debug" 2>/dev/null | cut -c1-160)"
    fi
    xboard_stop
    grep -q -E "$4" "$pgn" 2>/dev/null || ok=false
}

# Zanzibar-XXL has three kinds that promote by choice (Pawn, Soldier and
# Prince) and XBoard 4.9.1 two (its Pawn and its Lance): a Prince's
# promotion is forfeited with legality testing on (README, "What XBoard
# 4.9.1 makes of each game", says where XBoard decides it). Should XBoard
# take it, the check passes.
check_xxl_prince() {
    promotion_game prince-xxl zanzibar-xxl 'k11/4I7/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1' \
        'I[a-l]?x?[a-l]12=[A-Z]'
    what="zanzibar-xxl: a Prince's promotion"
    if [ $ok = true ] || [ -n "$pasted" ] || ! grep -q -E 'Forfeit due to invalid move: [a-l]11[a-l]12' "$debug"; then
        check "$what: XBoard accepts it" $ok "$pasted" "$(says '<first : move' 1)" "$(says 'Forfeit' 1)" \
            "$(grep -m 1 '^1\.' "$pgn" 2>/dev/null || true)"
    else
        known "$what: XBoard forfeits it (only its Pawn and its Lance promote; the Soldier has the Lance)" \
            "$(says '<first : piece [IS]&' 2)" "$(says '<first : move' 1)" "$(says 'Forfeit' 1)"
    fi
}

check_limits() {
    echo 'k11/4I7/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1' >"$out/prince.fen"
    xboard_start lpf zanzibar-s -lpf "$out/prince.fen" -mode TwoMachines
    await '<first : move' 20 || true
    xboard_stop
    known "-lpf at start: XBoard reads the file before the engine describes the board" \
        "$(grep -m 1 'Bad FEN' "$out/lpf.out" || true)" "$(says '>first : setboard' 1)"
    xboard_start sides arabian-nights -mode TwoMachines
    await 'Forfeit' 20 || true
    xboard_stop
    known "arabian-nights: XBoard drops the 'b' of the engine's setup and lets White move first" \
        "$(says '<first : setup' 1)" "$(says '>first : go' 1)" "$(says '<first : move' 1)" \
        "$(says 'Forfeit' 1)"
    # A carpet flight cannot be shown at all: README, "The engine inside
    # XBoard", has XBoard's forfeit of the first one.
}

checks() {
    bin=$(realpath "$1") out=${2:-.}
    xboard_pid= xvfb_pid= xclip_pid= xboard_window=
    trap 'xboard_stop' EXIT
    trap 'exit 1' HUP INT TERM
    need Xvfb xboard xdotool xclip
    xboard=$(command -v xboard || echo /usr/games/xboard)
    mkdir -p "$out"
    out=$(realpath "$out")
    display_nr=$((100 + $$ % 100 * 10))
    check_analysis
    check_promotion prince zanzibar-s 'k11/4I7/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1' \
        'I[a-l]?x?[a-l]12=[A-Z]'
    check_promotion soldier zanzibar-xxl '11k/1S10/12/12/12/12/12/12/12/12/12/K11 w - - 0 1' \
        'S[a-l]?x?[a-l]12=[A-Z]'
    check_xxl_prince
    # XBoard's own numbering: the last rank of Pemba is its 9.
    check_promotion pemba pemba '9k/4P5/10/10/10/10/10/10/10/K9 w - - 0 1' '[a-j]x?[a-j]?9=[A-Z]'
    check_limits
    return $failed
}

case ${1:-} in
    --checks)
        [ $# -ge 2 ] || { echo "usage: $0 --checks ZANZIBAR_BINARY [OUT_DIR]" >&2; exit 2; }
        shift
        checks "$@"
        ;;
    *)
        if [ $# -lt 3 ]; then
            echo "usage: $0 VARIANT ZANZIBAR_BINARY GAMES [on|off] [OUT_DIR]" >&2
            echo "       $0 --checks ZANZIBAR_BINARY [OUT_DIR]" >&2
            exit 2
        fi
        games "$@"
        ;;
esac
