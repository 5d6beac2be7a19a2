#!/bin/sh
# The public server behind a private sshd (tests/server_lib.sh), what the
# administrator and a stranger meet: saved games in the name's own folder,
# no server process that looks in /tmp, registrations limited per network.
SERVER_ROLE=a
. "${ZANZIBAR_SRCDIR:-.}/tests/server_lib.sh"

add_server_account
make_keys alice carol dave eve
# (two new names a day from one network)
EXTRA_CONF="SetEnv ZANZIBAR_SERVER_NAMES_PER_NETWORK=2"
start_sshd_retrying "sshd did not start"
command -v python3 >/dev/null || skip "python3 is needed to plant a socket in /tmp"

# --- saved games: :save NAME, :load NAME and the list, in the name's folder ---
term a alice
see a "choose the name" "no sign-up prompt for a new key"
see a "Your network \\(127\\.0\\.0\\.0/24\\) may make 2 more new names today" \
    "the sign-up does not say how many names the network may still make"
type_line a alice
see a "five large chess variants" "no menu after signing up"
tm send-keys -t "=a:" Enter
see a "to move|arrangement" "no game from the menu"
cmd a "save good1"
see a "saved .*good1" "no word that the game was saved"
[ -f "$DATA/players/alice/data/zanzibar/good1.pgn" ] || fail ":save good1 wrote no good1.pgn in alice's saved games"
cmd a "load good1"
see a "loaded .*good1\\.pgn" ":load good1 did not find what :save good1 wrote"
cmd a "save good2"
see a "saved .*good2" "no word that the second game was saved"
cmd a "load good2.pgn"
see a "loaded .*good2\\.pgn" ":load good2.pgn did not find what :save good2 wrote"
# The in-game help names the server's own commands for games between names.
tm send-keys -t "=a:" '?'
tries=$WAIT_TENTHS
while ! scr a | grep -q "^Between" && [ "$tries" -gt 0 ]; do
    tm send-keys -t "=a:" -N 5 j
    sleep 0.1
    tries=$((tries - 1))
done
scr a | grep -q "^Between names (invite NAME, join NAME" ||
    fail "the help on the server does not name its commands: $(scr a | grep "^Between")"
tm send-keys -t "=a:" Escape
see a "to move" "the help did not lead back to the game"
cmd a "load"
see a "Saved games, newest first \\(2\\)" "the saved games list does not count the game saved"
see a "file: good2\\.pgn" "the saved games list does not show good2.pgn"
tm kill-session -t "=a"

# --- no server process looks in /tmp ------------------------------------------
# Another local account plants, where games between accounts meet, a game
# for the server's account; a board (whose menu would look for games at
# its start) must not knock.
PLANTER="zztp$$"
useradd -M -s /bin/sh "$PLANTER" || fail "useradd $PLANTER failed"
AT_EXIT="kill_account_processes $PLANTER; userdel $PLANTER >/dev/null 2>&1; rm -rf /tmp/zanzibar-$(id -u "$PLANTER")"
planted=/tmp/zanzibar-$(id -u "$PLANTER")
knocks="$WORK/knocks"
touch "$knocks" && chmod 666 "$knocks" && chmod 711 "$WORK"
rm -rf "$planted" # a killed run's, of an account gone whose id the new one took
runuser -u "$PLANTER" -- sh -c "umask 022 && mkdir -m 755 $planted" || fail "could not plant a folder in /tmp"
runuser -u "$PLANTER" -- python3 -c '
import os, socket, struct, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1])
os.chmod(sys.argv[1], 0o777)
s.listen(16)
while True:
    c, _ = s.accept()
    pid, uid, _ = struct.unpack("3i", c.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
    if uid != int(sys.argv[3]):  # the menus of other accounts list games to watch
        c.close()
        continue
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            who = f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        who = "?"
    with open(sys.argv[2], "a") as f:
        f.write("process %d (%s)\n" % (pid, who))
    c.close()
' "$planted/game-$(id -u "$ACCOUNT")" "$knocks" "$(id -u "$ACCOUNT")" &
tries=$WAIT_TENTHS
while [ ! -S "$planted/game-$(id -u "$ACCOUNT")" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
term s alice "seek --variant pemba"
see s "waiting for anyone" "the seek does not wait"
sleep 1
[ -s "$knocks" ] && fail "a server process connected to a socket another account planted in /tmp: $(cat "$knocks")"
tm kill-session -t "=s"

# --- new names are counted per network: 127.0.0.2 and .3 are alice's /24 ------
term c carol "" 127.0.0.2
see c "may make 1 more new name today" "a second address of the same /24 was not counted with the first"
type_line c carol
see c "five large chess variants" "no menu for carol"
term d dave "" 127.0.0.3
see d "made all the new names it may" \
    "a third new name from the same /24 was not refused before its name was asked"
see d "EXIT=2" "the refusal of a new name did not end with status 2"
scr d | grep -q "Name:" && fail "the name was asked before the refusal"
tm kill-session -t "=c"
tm kill-session -t "=d"

# --- the administrator's tools: root or the account, on the machine only ------
admin() { "$BIN" --server-admin "$ACCOUNT" "$@"; }
fingerprint() { ssh-keygen -lf "$WORK/key-$1.pub" | cut -d' ' -f2; }
out=$(admin names) || fail "--server-admin names failed"
echo "$out" | grep -Eq "^alice +last seen [0-9-]+ [0-9:]+ from 127\\.0\\.0\\.1\$" ||
    fail "names does not give alice's last address: $out"
echo "$out" | grep -q "key $(fingerprint alice)" || fail "names does not give alice's key: $out"
echo "$out" | grep -Eq "^carol +last seen .* from 127\\.0\\.0\\.2\$" || fail "names: carol: $out"
[ -z "$(find "$DATA" ! -user "$ACCOUNT")" ] || fail "root's run left files that are not the account's"
runuser -u "$ACCOUNT" -- "$BIN" --server-admin "$ACCOUNT" names | grep -q "^alice" ||
    fail "the server's account cannot run --server-admin"
runuser -u "$PLANTER" -- "$BIN" --server-admin "$ACCOUNT" names >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "only root or the server's account" "$WORK/out" ||
    fail "another account ran --server-admin: $(cat "$WORK/out")"
runuser -u "$ACCOUNT" -- env SSH_CONNECTION="127.0.0.1 1 127.0.0.1 22" \
    "$BIN" --server-admin "$ACCOUNT" names >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "not through ssh" "$WORK/out" ||
    fail "the account ran --server-admin from within a connection: $(cat "$WORK/out")"
as alice "$SRV" -- --server-admin "$ACCOUNT" names >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "unknown command --server-admin" "$WORK/out" ||
    fail "a player reached --server-admin: $(cat "$WORK/out")"

# online: who is in a menu, which games run.
term m alice
see m "five large chess variants" "no menu for alice"
term s carol "seek --variant pemba"
see s "waiting for anyone" "carol's seek does not wait"
out=$(admin online)
echo "$out" | grep -q "^Online: alice" && echo "$out" | grep -q "carol seeks a game" ||
    fail "online does not show alice's menu and carol's seek: $out"
tm kill-session -t "=s"
tm kill-session -t "=m"
gone "$DATA/run/s.carol" "carol's seek did not end with its terminal"

# ban: the banned name's next connection ends with a message; unban.
admin ban carol | grep -q "carol is banned" || fail "ban carol"
as carol "$SRV" help >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "carol is banned" "$WORK/out" || fail "a banned name was let in: $(cat "$WORK/out")"
term b carol
see b "the name carol is banned from this server" "a banned name's menu did not end with a message"
see b "EXIT=2" "a banned name's connection did not end with status 2"
tm kill-session -t "=b"
admin unban carol >/dev/null || fail "unban carol"
as carol "$SRV" help | grep -q "plays as carol" || fail "carol cannot play after unban"

# revoke one key: a second key of alice's (dave's, by a link code) goes.
code=$(as alice "$SRV" link-key | head -1)
as dave "$SRV" link-key "$code" | grep -q "now plays as alice" || fail "dave's key did not join alice"
admin revoke "$(fingerprint dave)" | grep -q "no longer plays as alice" || fail "revoke"
as dave "$SRV" help | grep -q "no name yet" || fail "a revoked key still plays as alice"
as alice "$SRV" help | grep -q "plays as alice" || fail "revoking dave's key took alice's"
admin revoke "$(fingerprint dave)" >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "no key" "$WORK/out" || fail "a key revoked twice: $(cat "$WORK/out")"

# rename: reserved and taken names refused, then carol becomes carla.
admin rename carol anyone >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "reserved" "$WORK/out" || fail "rename to a reserved name: $(cat "$WORK/out")"
admin rename carol alice >"$WORK/out" 2>&1
[ $? = 2 ] || fail "rename to a taken name: $(cat "$WORK/out")"
# (an adjourned game alice invited carol to, as the host keeps it)
mkdir -p "$DATA/players/alice/state/zanzibar"
echo '[White "alice"]' >"$DATA/players/alice/state/zanzibar/net-carol.pgn"
chown -R "$ACCOUNT" "$DATA/players/alice/state"
admin rename carol carla | grep -q "carol is now carla" || fail "rename carol carla"
[ -f "$DATA/players/alice/state/zanzibar/net-carla.pgn" ] ||
    fail "the adjourned game alice invited carol to did not follow the rename"
as carol "$SRV" help | grep -q "plays as carla" || fail "carol's key does not play as carla"
[ -d "$DATA/players/carla" ] && [ ! -e "$DATA/players/carol" ] || fail "carol's folder was not renamed"

# delete a game from the archive; games says so when there is none.
archive_game alice carla 0
id=$(as alice "$SRV" games | awk '$4 == "alice" && $6 == "carla" { print $1; exit }')
[ -n "$id" ] || fail "games does not list the game added"
admin delete-game "$id" | grep -q "game $id is no longer in the archive" || fail "delete-game $id"
as alice "$SRV" games >"$WORK/out" 2>&1 || fail "games failed"
grep -q "No finished games yet" "$WORK/out" || fail "games on an empty archive: $(cat "$WORK/out")"
as alice "$SRV" games nobodyhere >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "no player named nobodyhere here" "$WORK/out" ||
    fail "games of an unknown name: $(cat "$WORK/out")"
admin delete-game "$id" >"$WORK/out" 2>&1
[ $? = 2 ] && grep -q "no game number $id" "$WORK/out" || fail "a game deleted twice"

echo "the public server: saved games, /tmp, registrations per network and the administrator's tools work"
