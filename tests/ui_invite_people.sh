#!/bin/sh
# The menu's Invite line steps with Left and Right through the accounts of
# people only: one with a login shell and a home that exists, or one that
# has played here (its folder in the meeting place); never a service's
# account (no login shell) nor one whose home is missing. Root only: it
# makes accounts of each kind.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

if [ "$(id -u)" -ne 0 ] || ! command -v useradd >/dev/null; then
    echo "skipped: making accounts needs root and useradd" >&2
    exit 77
fi
NETDIR="$WORKDIR/net"
mkdir -p "$NETDIR"
chmod 755 "$WORKDIR" "$NETDIR"
export ZANZIBAR_NET_DIR="$NETDIR"

# account ROLE SHELL HOME: a test account (removed on exit) and its name.
account() {
    name=$(account_name "$1")
    useradd -M -d "$3" -s "$2" "$name" || fail "useradd $name failed"
    TEST_ACCOUNTS="$TEST_ACCOUNTS $name"
    echo "$name"
}
PERSON=$(account p /bin/sh "$WORKDIR/home-p")
mkdir -p "$WORKDIR/home-p"
SERVICE=$(account s /usr/sbin/nologin "$WORKDIR/home-s")
mkdir -p "$WORKDIR/home-s"
NOHOME=$(account n /bin/sh "$WORKDIR/nowhere")
PLAYER=$(account g /usr/sbin/nologin "$WORKDIR/nowhere")
mkdir -m 755 "$NETDIR/zanzibar-$(id -u "$PLAYER")"
chown "$PLAYER" "$NETDIR/zanzibar-$(id -u "$PLAYER")"

start 100 30
wait_for "Invite"
keys Home Up # the Invite line is the last
# shown: the account the Invite line offers now
shown() { screen | sed -n 's/.*Invite *[[<] \([^ ]*\) on another terminal.*/\1/p'; }
first=$(shown)
[ "$first" = "$(id -un)" ] || fail "the Invite line should start with this account, not '$first'"
seen=" $first "
steps=0
while [ "$steps" -lt 100 ]; do
    before=$(shown)
    keys Right
    tries=$WAIT_TENTHS
    while [ "$(shown)" = "$before" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
    now=$(shown)
    [ "$now" = "$first" ] && break
    [ "$now" = "$before" ] && fail "Right should step to the next account after $before"
    seen="$seen$now "
    steps=$((steps + 1))
done
case $seen in *" $PERSON "*) ;; *) fail "a person with a shell and a home should be offered: $seen" ;; esac
case $seen in *" $PLAYER "*) ;; *) fail "an account that has played here should be offered: $seen" ;; esac
case $seen in *" $SERVICE "*) fail "an account without a login shell should not be offered: $seen" ;; esac
case $seen in *" $NOHOME "*) fail "an account whose home is missing should not be offered: $seen" ;; esac
# (the line shows an account before Left too: what is awaited is a change)
keys Left
tries=$WAIT_TENTHS
while [ "$(shown)" = "$first" ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
[ -n "$(shown)" ] && [ "$(shown)" != "$first" ] || fail "Left should step back from the first account to the last"
exit 0
