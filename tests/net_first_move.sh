#!/bin/sh
# The first moves of a game between terminals, as players meet them
# (lichess's rule): the inviter may not move before the guest came; no
# clock runs before both sides have moved; a side that makes no first move
# in time aborts the game (no result, kept by nobody, said on both
# screens); either side may :abort until both have moved; --list offers
# no aborted game.
. "${ZANZIBAR_SRCDIR:-.}/tests/net_lib.sh"

# no_games WHAT: neither player keeps a game, nor the host one to resume.
no_games() {
    ls "$WORKDIR"/home-a/data/zanzibar/*.pgn "$WORKDIR"/home-b/data/zanzibar/*.pgn \
        "$WORKDIR"/home-a/state/zanzibar/net-*.pgn 2>/dev/null | grep -q . &&
        fail "$1: $(ls -R "$WORKDIR"/home-a "$WORKDIR"/home-b)"
    return 0
}

leave_both() {
    for t in a b; do key $t q; key $t y; done
    gone "$1"
}

# ---- Black makes no first move in time (6 s here, a minute for players:
# White's time runs from the guest's arrival, through the 1.5 s below, and
# a slow machine must still get e4 in before it ends)
FIRST_MOVE=6 run a --invite "$ME" --variant pemba --time 1+0
see a "waiting for $ME" "the inviter should wait for the guest"
cmd a e4
see a "$ME has not come yet: the game begins when they join" \
    "the inviter should not move before the guest came"
FIRST_MOVE=6 run b --join "$ME"
see b "Black: $ME" "the guest should join"
see a "your first move: 0:0[0-6] left" \
    "the inviter should see the first move's time counted down"
see b "White's first move: 0:0[0-6] left" "the guest should see White's time counted down"
sleep 1.5
see a "White 01:00 +Black 01:00" "no clock should run before White's first move"
cmd a e4
see b "1\\. e4" "the guest should see White's first move"
see b "your first move: 0:0[0-6] left" "Black's time for its first move should be counted down"
sleep 1.2
see b "White 01:00 +Black 01:00" "Black's clock should wait for Black's first move"
see b "game aborted: $ME \\(Black\\) made no first move within 6 s" \
    "Black's screen should say that the game was aborted"
see a "game aborted: .*counts for nobody and is not kept" \
    "White's screen should say that the aborted game counts for nobody"
see a "Game aborted" "the status line should say that the game was aborted"
scr b | tr '\n' ' ' | tr -s ' ' | grep -q "the game is aborted" && fail "Black's screen says twice that the game is aborted"
cmd a e5
see a "the game was aborted" "no move should be made in an aborted game"
run c --list
see c "no games between terminals for you" "--list should not offer an aborted game"
no_games "an aborted game should be kept by nobody"
leave_both "the host of the aborted game should end when both have left"

# ---- the guest calls the game off before moving
run a --invite "$ME" --variant pemba --time 1+0
see a "waiting for $ME" "the inviter should wait (a guest inviting itself takes the free side)"
run b --join "$ME"
see b "Black: $ME" "the guest should join the second game"
cmd a e4
see b "1\\. e4" "the guest should see White's first move"
cmd b abort
see a "game aborted: $ME aborted the game" "the inviter should see that the guest aborted"
see b "game aborted: $ME aborted the game" "the guest should see the game aborted"
no_games "a game aborted by a player should be kept by nobody"
leave_both "the host of the game aborted by a player should end"

# ---- once both have moved the clocks run and :abort is refused
run a --invite "$ME" --variant pemba --time 1+0
see a "waiting for $ME" "the inviter should wait (a guest inviting itself takes the free side)"
run b --join "$ME"
see b "Black: $ME" "the guest should join the third game"
cmd a e4
see b "1\\. e4" "the guest should see White's first move"
cmd b e7
see a "1\\. e4 +e7" "the inviter should see Black's first move"
see a "White 00:5[0-9]" "White's clock should run once both have moved"
cmd a abort
see a "both sides have moved: the game can no longer be aborted" \
    "abort should be refused once both sides have moved"
# the guest quits and comes back in a new process: its record still gets
# the clocks of the moves made before (the host sends them with the game)
key b q; key b y
see b "EXIT=" "the guest should quit"
run b --join "$ME"
see b "1\\. e4 +e7" "the guest should come back into the game"
cmd a resign
see a "Resign the game\\? \\(y/n\\)" "resign should ask first"
key a y
see b "game over: 0-1" "the game should end by the resignation"
see a "game over: 0-1" "the resigning player should see the end"
run c --list
see c "your game with $ME: Pemba, 1\\+0, 1 move played, ended 0-1" "--list should say the game ended, counting moves, not plies"
scr c | grep -q "invites you" && fail "--list should offer no invitation to a game that ended"
# Each player keeps it with the real time control, both names, and the
# time left after each move (the guest too, although it came back).
for t in a b; do
    kept=$(ls "$WORKDIR"/home-$t/data/zanzibar/*.pgn)
    grep -q '^\[TimeControl "60+0"\]' $kept || fail "$t's game should keep its time control: $(cat $kept)"
    grep -q "^\\[White \"$ME\"\\]" $kept || fail "$t's game should name White: $(cat $kept)"
    tr '\n' ' ' <$kept | grep -q 'e4 {\[%clk 0:01:00\]} e7 {\[%clk 0:01:00\]}' ||
        fail "$t's game should carry each move's [%clk]: $(cat $kept)"
done
leave_both "the host of the third game should end"

# ---- an adjourned game whose file has no clocks of the host's but
# [%clk] comments (another program's, or an older zanzibar's) resumes
# with those clocks, held until both players are there
STATE="$WORKDIR/home-a/state/zanzibar"
mkdir -p "$STATE"
cat >"$STATE/net-$ME.pgn" <<PGN
[White "$ME"]
[Black "$ME"]
[Variant "pemba"]
[TimeControl "600+5"]
[ZanzibarInviter "white"]

1. e4 {[%clk 0:09:51]} e7 {[%clk 0:08:58]} *
PGN
run a --invite "$ME"
see a "1\\. e4 +e7" "the adjourned game should be resumed"
see a "White 09:51 +Black 08:58" "the resumed game should take its clocks from [%clk]"
sleep 1.2
see a "White 09:51" "no clock should run before the guest is back"
run b --join "$ME"
# (White's clock, running, may be below 09:50 by the time a slow machine
# looks; that it runs is seen by its leaving 09:51, which was on the screen)
see b "White 09:[0-5][0-9] +Black 08:58" "the guest should see the clocks of [%clk], White's running"
see a "White 09:(50|[0-4][0-9])" "White's clock should run once both are there"
leave_both "the host of the resumed game should end"

# ---- a game file offered with --invite --load is played on from where it
# stands, with its [%clk] clocks
rm -f "$STATE/net-$ME.pgn"
cat >"$WORKDIR/offered.pgn" <<PGN
[White "Ann"]
[Black "Bo"]
[Variant "pemba"]
[TimeControl "300+2"]

1. e4 {[%clk 0:04:41]} e7 {[%clk 0:03:07]} 2. d4 {[%clk 0:04:30]} *
PGN
run a --invite "$ME" --load "$WORKDIR/offered.pgn"
see a "2\\. d4" "the offered game should be played on"
see a "White 04:30 +Black 03:07" "the offered game should keep its [%clk] clocks"
run b --join "$ME"
see b "Black 0(3:0[0-7]|2:[0-5][0-9])" "the guest should play on with Black's clock of the file"
cmd b d7
see a "2\\. d4 +d7" "the offered game should go on"
leave_both "the host of the offered game should end"
out=$(env $(envs a) "$ZANZIBAR_BIN" --invite "$ME" --load "$WORKDIR/offered.pgn" 2>&1 </dev/null)
printf '%s' "$out" | grep -q "you have an adjourned game with this player: leave out --load" ||
    fail "an offered game should not replace an adjourned one: $out"
rm -f "$STATE/net-$ME.pgn"
printf '[Variant "pemba"]\n\n1. e4 1-0\n' >"$WORKDIR/over.pgn"
out=$(env $(envs a) "$ZANZIBAR_BIN" --invite "$ME" --load "$WORKDIR/over.pgn" 2>&1 </dev/null)
printf '%s' "$out" | grep -q "that game is over" || fail "a finished game should not be offered: $out"
exit 0
