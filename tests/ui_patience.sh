#!/bin/sh
# Issue 36's "patience and trust": F1 as every terminal sends it, the
# notices a player must be able to read, the review's one meaning of :fen,
# scores from White's side, text cut with an ellipsis, the pacing of a
# game between engines.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

# review_first_move: Pemba after 1. f5 e6, the position after f5 reviewed.
review_first_move() {
    start 80 24 --variant pemba
    wait_for "White to move"
    typed f3f5
    typed e8e6
    wait_for "1\. f5 +e6"
    keys '['
    wait_for "review: move 1 of 2"
}

# F1 as PuTTY (ESC[11~) and the Linux console (ESC[[A) send it opens the
# help; in review, ESC[[A is not read as Esc, '[' (a step back) and 'A'.
review_first_move
keys -l "$(printf '\033[[A')"
expect "Help: Pemba - keys and commands" "the Linux console's F1 does not open the help"
keys Escape
wait_for "review: move 1 of 2"
screen | grep -q "review: the start" && fail "the Linux console's F1 stepped the review back"
keys End
wait_for "review closed"
keys -l "$(printf '\033[11~')"
expect "Help: Pemba - keys and commands" "PuTTY's F1 does not open the help"
keys Escape
wait_for "White to move"
quit_cleanly

# Where an unfinished game was kept stays on the message line, whatever
# the engine says after, and in the panel, until the next key.
start 80 24 --variant pemba --white engine --level 1
wait_for "1\. [A-Za-z]"
typed "fen cjvzmmzvjc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC w - - 0 1"
wait_for "^White played [^;]*; the earlier unfinished game was kept as"
expect "The unfinished game was kept as" "the panel does not say where the game was kept"
expect "pemba-engine-1-vs-human\.pgn" "the panel does not name the file"
sleep 1
expect "the earlier unfinished game was kept as" "the notice did not stay until the next key"
keys k
wait_gone "kept as"
quit_cleanly

# Without colour the Arabian Nights board has its squares dotted, as the
# others; on an 8-colour terminal the legal squares are not the board's
# own green.
NO_COLOR=1
export NO_COLOR
start 80 24 --variant arabian-nights
wait_for "Black to move"
expect "^ 6 +\. +\. +\. +\. +\. " "the Arabian Nights board has no square pattern without colour"
quit_cleanly
unset NO_COLOR
start 80 24 --variant pemba
wait_for "White to move"
keys k Enter
wait_for "^ 5 .* \+( |$)"
tm capture-pane -e -p -t "$SESSION" | grep -q "$(printf '\033')\[42m + " &&
    fail "a legal square has the dark squares' green"
quit_cleanly

# The saved games told apart at 80 columns: when each was saved, the game,
# result, length, clock and players (a name too long ends with an
# ellipsis); '/' filters, Delete removes a file after asking.
SAVED="$XDG_DATA_HOME/zanzibar"
mkdir -p "$SAVED"
rm -f "$SAVED"/*.pgn # what the games above kept
saved_game() { # FILE WHITE BLACK CLOCK RESULT MOVES WHEN
    printf '[Event "?"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n[Variant "pemba"]\n[TimeControl "%s"]\n\n%s %s\n' \
        "$2" "$3" "$5" "$4" "$6" "$5" >"$SAVED/$1"
    touch -d "$7" "$SAVED/$1"
}
saved_game a.pgn "Alice Wonderland-Smithson of Kent" Bob 600+5 1-0 "1. f5 e6 2. g4 e5" "2026-01-02 10:30"
saved_game b.pgn Carol Dave - '*' "1. f5" "2026-01-02 10:31"
start 80 24 --variant pemba
wait_for "White to move"
typed load
wait_for "Saved games, newest first \(2\)"
expect "^  2026-01-02 10:31  Pemba +\* +1  no clock +Carol - Dave" "the newer game's line is not complete"
expect "^  2026-01-02 10:30  Pemba +1-0 +2  10\+5 +Alice Wonderland.*(…|\.\.\.)$" \
    "the older game's line is not complete, or its players are cut without an ellipsis"
expect "file: b\.pgn" "the chosen game's file is not named"
keys /
keys -l alice
wait_for "1 of 2 holding \"alice\""
screen | grep -q "Carol" && fail "the filter let a game through that does not hold its text"
keys Enter DC
wait_for "Delete a\.pgn for good\? \(y/n\)"
keys y
wait_for "deleted a\.pgn"
[ -e "$SAVED/a.pgn" ] && fail "Delete did not remove the file"
[ -e "$SAVED/b.pgn" ] || fail "Delete removed another file"
keys IC
expect "key Insert does nothing here" "a key is not named as the keyboard names it"
keys Escape
wait_for "White to move"
quit_cleanly

# In review :fen gives the position shown, as :copy fen copies it, and the
# review goes on.
review_first_move
typed fen
expect "^cjvzmmzvjc/ernbqkbnre/pppppppppp/10/10/5P4/10/PPPPP1PPPP/ERNBQKBNRE/CJVZMMZVJC b( |$)" \
    ":fen in review does not give the position shown"
expect "review: move 1 of 2" ":fen ended the review"
quit_cleanly

# The hint and the analysis give the score from White's side whoever is
# to move: Black, without its Queen and Rooks, stands worse in both.
start 80 24 --variant pemba --level 1 \
    --fen "'cjvzmmzvjc/e1nb1kbn1e/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CJVZMMZVJC b - - 0 1'"
wait_for "Black to move"
keys t
expect "^hint: [A-Za-z][^ ]* \(depth [0-9]+, \+[0-9]+\.[0-9][0-9]\)" \
    "the hint does not give White's side of the score"
keys a
expect "analysis d[0-9]+ \+[0-9]+\.[0-9][0-9]" "the analysis does not give White's side of the score"
keys a
quit_cleanly

# After a flag the key line offers no undo of the end, which is refused;
# the file the game was kept in is named once.
start 80 24 --variant pemba --time 1s+0
wait_for "White to move"
typed f3f5
typed e8e6
wait_for "Game over: 0-1"
expect "n new game  R rematch  \[ review  s save  q quit" "the end's key line is not shown"
screen | grep -q "u undo the end" && fail "the key line offers to undo a loss on time"
# The kept file is named once, in the panel.
expect "pemba-human-vs-human\.pgn" "the end panel does not name the kept file"
[ "$(screen | grep -c "pemba-human-vs-human")" = 1 ] || fail "the kept file is named twice"
keys u
expect "cannot be taken back" "u after a flag is not refused"
quit_cleanly

# A long game in review: the move list stops above the message and key
# lines, and at the start it shows its first moves; text cut ends with an
# ellipsis (the analysis line here).
LONG="${ZANZIBAR_SRCDIR:-.}/tests/data/pemba-long.pgn"
for size in "120 40" "80 24"; do
    rows=${size#* }
    start $size --load "$LONG"
    wait_for "Game over: 1-0, checkmate"
    keys '['
    wait_for "review: move 304 of 305"
    keys Home
    wait_for "review: the start, move 0 of 305"
    expect "  1\. Ec4 +Ze7" "at move 0 the move list is not at its start ($size)"
    keys a
    wait_for "analysis on: the engine thinks"
    expect "analysis d[0-9]+ " "the analysis does not start ($size)"
    screen | sed -n "$((rows - 1)),${rows}p" | grep -Eq "[0-9]+\. [A-Za-z]" &&
        fail "the move list runs into the message and key lines ($size)"
    expect "  1\. Ec4 +Ze7" "the move list left its start ($size)"
    expect "[^ ](…|\.\.\.)$" "the analysis line is cut without an ellipsis ($size)"
    keys a
    quit_cleanly
done

# Engine against engine moves at a pace a person can follow (a second a
# move by default; it played 181 moves in 17 s); :pace 0 takes the pause
# away, and the settings file's pace sets it too. :pace is asked where no
# move follows to replace its answer before a busy machine's tmux reads it.
start 80 24 --variant pemba
wait_for "White to move"
typed pace
expect "pauses 1 s after each move" ":pace does not say the pace"
quit_cleanly
start 80 24 --variant pemba --white engine --black engine --level 1
wait_for "  1\. [A-Za-z]"
sleep 1.5
screen | grep -Eq "  ([3-9]|[1-9][0-9]+)\. |Game over" &&
    fail "engine against engine does not pause between moves"
typed "pace 0"
expect "  (1[0-9]|[2-9][0-9])\. [A-Za-z]|Game over" ":pace 0 does not take the pause away"
quit_cleanly
mkdir -p "$XDG_CONFIG_HOME/zanzibar"
echo "pace = 0" >"$XDG_CONFIG_HOME/zanzibar/config"
start 80 24 --variant pemba --white engine --black engine --level 1
expect "  (1[0-9]|[2-9][0-9])\. [A-Za-z]|Game over" "the settings file's pace = 0 is not read"
quit_cleanly
rm "$XDG_CONFIG_HOME/zanzibar/config"

# Black arranges its pieces from its own side of the board: rank 1 on top.
start 100 30 --variant zanzibar-s --setup black
wait_for "Black's pieces placed with the cursor"
keys Enter
wait_for "Black's free squares"
one=$(screen | grep -n "^ 1 " | cut -d: -f1)
twelve=$(screen | grep -n "^12 " | cut -d: -f1)
[ -n "$one" ] && [ -n "$twelve" ] && [ "$one" -lt "$twelve" ] ||
    fail "Black's arrangement is not shown from Black's side (rank 1 on line $one, 12 on $twelve)"

# n after a resumed game opens the menu on that game's settings.
start 80 24 --variant zanzibar-xl --white engine --level 3 --time 5+3 --setup 1
wait_for "Black to move"
stop_program
KEEP_STATE=1 start 80 24
wait_for "Resume the saved game"
keys Enter
wait_for "Zanzibar-XL +White: engine"
keys n
wait_for "Leave the game in progress"
keys y
wait_for "Game +< Zanzibar-XL >"
expect "White +< the engine >" "the menu does not offer the resumed game's players"
expect "Level +< 3 of 10 >" "the menu does not offer the resumed game's level"
expect "Clock +< 5 min \+ 3 s a move >" "the menu does not offer the resumed game's clock"
quit_cleanly
exit 0
