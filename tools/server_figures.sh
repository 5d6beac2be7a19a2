#!/bin/sh
# Figures of the public server for the record: runs tests/server_sshd.sh
# (as root, with openssh-server) with the figures turned on: sign-up to the
# first screen, list over ssh, resident memory of a gate and of a game's
# host, and 100 moves between two ssh clients (tools/server_moves.py).
# Usage, from the build folder: sh ../SRC/tools/server_figures.sh
here=$(cd "$(dirname "$0")" && pwd)
SERVER_FIGURES="$here/server_moves.py" ZANZIBAR_BIN="${ZANZIBAR_BIN:-./zanzibar}" \
    NET_RAWCLIENT="${NET_RAWCLIENT:-$(pwd)/tests/net_rawclient}" \
    sh "$here/../tests/server_sshd.sh" 2>&1 | grep -E "ms|kB|FAIL|skipped"
