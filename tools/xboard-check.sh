#!/bin/sh
# Plays games inside the real XBoard, with zanzibar on both sides, on a
# virtual display (Debian packages xboard and xvfb), and prints how each
# game ended. XBoard tests every move against the piece descriptions we
# send it, so a forfeit here means XBoard and our rules disagree.
# usage: tools/xboard-check.sh VARIANT ZANZIBAR_BINARY GAMES [on|off] [OUT_DIR]
set -eu
if [ $# -lt 3 ]; then
    echo "usage: $0 VARIANT ZANZIBAR_BINARY GAMES [on|off] [OUT_DIR]" >&2
    exit 2
fi
variant=$1 bin=$(realpath "$2") games=$3 legality=${4:-on} out=${5:-.}
case $legality in
    on) test_legality=true ;;
    off) test_legality=false ;;
    *) echo "$0: legality testing must be 'on' or 'off', not '$legality'" >&2; exit 2 ;;
esac
for tool in xvfb-run xboard; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/games/$tool" ] ||
        { echo "$0: $tool is not installed (apt-get install xboard xvfb)" >&2; exit 2; }
done
xboard=$(command -v xboard || echo /usr/games/xboard)
mkdir -p "$out"
pgn="$out/xboard-$variant.pgn" debug="$out/xboard-$variant.debug"
rm -f "$pgn" "$debug"
# 40 s a game keeps a game to a few minutes; the sounds XBoard tries to
# play on a machine without audio are noise.
xvfb-run -a "$xboard" -fcp "$bin --xboard" -scp "$bin --xboard" \
    -fd "$out" -sd "$out" -variant "$variant" -mg "$games" -tc 0:40 \
    -testLegality "$test_legality" -popupExitMessage false \
    -sgf "$pgn" -debug -nameOfDebugFile "$debug" 2>&1 |
    grep -v -e '^ALSA' -e '^aplay' || true
grep -h -o '{[A-Za-z][^}]*} *\(1-0\|0-1\|1/2-1/2\|\*\)' "$pgn" || echo "no game finished"
