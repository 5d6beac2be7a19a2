#!/bin/sh
# A player's files tell the truth (issue 36): another program's file loaded,
# played on, resumed and saved keeps its tags, comments, NAGs, variations
# and players; a Latin-1 file comes back as UTF-8; a loaded game starts with
# people at both sides, and :engine hands sides to the engine; a game set
# aside by a new game from the menu keeps its own players and clock; a game
# just loaded is not kept again when another replaces it.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

# The fixtures are loaded from a short path of the test's own: from the
# source tree's (make distcheck's is long) the message naming the file
# would wrap, and a pattern on one screen line would not find it.
DATA="$WORKDIR/data"
mkdir -p "$DATA"
cp "${ZANZIBAR_SRCDIR:-.}/tests/data/lichess.pgn" "${ZANZIBAR_SRCDIR:-.}/tests/data/xboard-latin1.pgn" "$DATA/"
FILES="$WORKDIR/files"
SAVED="$XDG_DATA_HOME/zanzibar"
mkdir -p "$FILES"
flat() { tr '\n' ' ' <"$1"; }
saved_count() { ls "$SAVED" 2>/dev/null | grep -c '\.pgn$'; }

# A lichess file: saved again, it says what it said.
start 100 30 --variant pemba
wait_for "Moves: none yet"
typed "load $DATA/lichess.pgn"
wait_for "loaded .*lichess\.pgn"
expect "White: Ann +Black: Bo " "the file's players should be on the title line"
typed "save $FILES/once.pgn"
wait_for "game saved to"
for tag in '[Site "https://lichess.org/AbCdEfGh"]' '[WhiteElo "1874"]' '[BlackElo "1902"]' \
    '[Opening "Pemba: Wing Pawn Opening"]' '[Annotator "lichess.org"]' '[Event "Rated Blitz game"]'; do
    grep -qF "$tag" "$FILES/once.pgn" || fail "$tag was lost: $(cat "$FILES/once.pgn")"
done
flat "$FILES/once.pgn" | grep -qF 'Jj4 $6 {[%eval -0.36] Inaccuracy. Nb4 was best. [%clk 0:02:58]} (2. Nb4' ||
    fail "comments, NAGs and variations were lost: $(cat "$FILES/once.pgn")"
flat "$FILES/once.pgn" | grep -qF 'i4 {[%eval -0.41] [%clk 0:02:55]}' ||
    fail "the [%clk] split by a line break was lost: $(cat "$FILES/once.pgn")"
grep -q '^\[SetUp\|^\[FEN' "$FILES/once.pgn" && fail "a game from the standard start got a FEN"

# Loading the same file again keeps no copy of the game just loaded.
before=$(saved_count)
typed "load $DATA/lichess.pgn"
wait_for "loaded .*lichess\.pgn"
[ "$(saved_count)" = "$before" ] || fail "a game just loaded was kept again: $(ls "$SAVED")"

# Played on, it is left and resumed: the names and notes are still there.
typed a6
wait_for "4\. Eh4 +a6"
stop_program
KEEP_STATE=1 start 100 30
wait_for "Resume the saved game"
keys Enter
wait_for "resumed the saved game"
expect "White: Ann +Black: Bo " "the players' names should survive the resume"
typed "save $FILES/resumed.pgn"
wait_for "game saved to"
grep -qF '[WhiteElo "1874"]' "$FILES/resumed.pgn" && grep -qF '[White "Ann"]' "$FILES/resumed.pgn" ||
    fail "the file's tags should survive the resume: $(cat "$FILES/resumed.pgn")"
flat "$FILES/resumed.pgn" | grep -qF 'Eh7 $2 {Mistake.} (3... Zb7 4. Eh4)' ||
    fail "the notes should survive the resume: $(cat "$FILES/resumed.pgn")"

# A new game from the menu sets it aside with its own players and clock,
# not the ones chosen for the new game.
keys n
wait_for "Leave the game in progress"
keys y
wait_for "Resume the saved game"
# From Resume, the line chosen: up to the clock, then the level.
keys Up Up Up Up
keys -l "5+0"
keys Enter
wait_for "Clock +< 5 min"
keys Up Right
wait_for "Level +< 6 of 10"
# (the menu offers the resumed game's players, two people: Black becomes
# the engine)
keys Up Right
expect "Black +< the engine" "the menu should offer the engine as Black"
keys Down Down Down Down Down Enter
wait_for "White 05:00"
kept=$(grep -l '4\. Eh4' "$SAVED"/*.pgn | head -n 1)
[ -n "$kept" ] || fail "the game set aside was not kept: $(ls "$SAVED")"
grep -qF '[Black "Bo"]' "$kept" && grep -qF '[TimeControl "180+2"]' "$kept" ||
    fail "the game set aside took the new game's players or clock: $(head -20 "$kept")"
flat "$kept" | grep -qF '(2. Nb4' || fail "the game set aside lost its notes: $(cat "$kept")"
quit_cleanly

# The same for a game of this program's: its own players and no clock.
start 100 30 --variant pemba
wait_for "Moves: none yet"
typed f3f5
wait_for "1\. f5"
keys n
wait_for "Leave the game in progress"
keys y
wait_for "Start the game"
keys Up Up Up
keys -l "5+0"
keys Enter
wait_for "Clock +< 5 min"
keys Up Up Right
wait_for "Black +< the engine"
keys Down Down Down Down Enter
wait_for "White 05:00"
kept=$(grep -l '^1\. f5 \*' "$SAVED"/*.pgn | head -n 1)
grep -qF '[Black "Human"]' "$kept" && grep -qF '[TimeControl "-"]' "$kept" ||
    fail "the game set aside took the new game's players or clock: $(head -12 "$kept")"
quit_cleanly

# A Latin-1 file (as XBoard may write one) is read as Latin-1, saved as UTF-8.
start 100 30 --variant pemba
wait_for "Moves: none yet"
typed "load $DATA/xboard-latin1.pgn"
wait_for "loaded .*xboard-latin1\.pgn"
expect "White: Jörg " "a Latin-1 name should show as it was meant"
typed "save $FILES/latin.pgn"
wait_for "game saved to"
grep -qF '[White "Jörg"]' "$FILES/latin.pgn" || fail "the name should be saved in UTF-8: $(head -8 "$FILES/latin.pgn")"
quit_cleanly

# After a game against the engine, a loaded game has people at both sides;
# :engine hands a side over, also in the middle of the game.
cat >"$FILES/won.pgn" <<'PGN'
[White "Ann"]
[Black "Bo"]
[Variant "pemba"]
[Result "1-0"]

1. b5 i7 2. Jj4 1-0
PGN
start 100 30 --variant pemba --white engine --level 1
wait_for "1\. [A-Za-z]+[0-9]"
typed "load $DATA/lichess.pgn"
wait_for "loaded .*lichess\.pgn"
expect "White: Ann +Black: Bo +level" "nobody should be the engine after :load"
typed a6
wait_for "4\. Eh4 +a6"
sleep 1
screen | grep -q "5\. [A-Za-z]" && fail "the engine played White after :load"
typed "engine white"
wait_for "5\. [A-Za-z]+[0-9]"
expect "White: Ann \(engine\)" "the title should say the engine plays White"
typed "engine off"
wait_for "people here play both sides from now on"
typed "engine blue"
wait_for "engine takes white, black, both or off, not 'blue'"
typed "load $FILES/won.pgn"
wait_for "loaded .*won\.pgn"
expect "White wins" "a won game should be announced for White"
screen | grep -q "The engine" && fail "a loaded game was announced as the engine's"
quit_cleanly
exit 0
