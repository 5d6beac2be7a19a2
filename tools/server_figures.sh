#!/bin/sh
# Figures of the public server for the record: runs tests/server_sshd.sh
# (as root, with openssh-server) with the figures turned on: sign-up to the
# first screen, list over ssh, resident memory of a gate and of a game's
# host, 100 moves between two ssh clients (tools/server_moves.py) and 50
# players in 25 games at once (tools/server_load.py). The whole log is
# kept in $FIGURES_LOG (default: a file in /tmp, named at the end).
# Usage, from the build folder: sh ../SRC/tools/server_figures.sh
here=$(cd "$(dirname "$0")" && pwd)
log=${FIGURES_LOG:-$(mktemp "${TMPDIR:-/tmp}/server-figures.XXXXXX")}
SERVER_FIGURES="$here/server_moves.py" ZANZIBAR_BIN="${ZANZIBAR_BIN:-./zanzibar}" \
    ZANZIBAR_SRCDIR="${ZANZIBAR_SRCDIR:-$here/..}" \
    NET_RAWCLIENT="${NET_RAWCLIENT:-$(pwd)/tests/net_rawclient}" \
    sh "$here/../tests/server_sshd.sh" >"$log" 2>&1
status=$?
grep -E "ms|kB|FAIL|skipped|astray|descriptors|processor" "$log"
echo "(the whole log: $log)"
exit $status
