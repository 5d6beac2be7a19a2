#!/bin/sh
# Mistakes in the settings file are shown on the first screen, the menu's
# or the game's, naming the file and the line, instead of going to stderr
# where nobody sees them while the screen is up.
. "${ZANZIBAR_SRCDIR:-.}/tests/ui_lib.sh"

mkdir -p "$XDG_CONFIG_HOME/zanzibar"
printf 'level = 15\ncolours = mono\nbogus = yes\n' >"$XDG_CONFIG_HOME/zanzibar/config"

start 100 30
wait_for "Resume|Start the game"
expect "settings file .*config: line 1: level must be" \
    "the menu does not show the settings file's first mistake"
keys Down
wait_gone "line 1: level must be"
quit_cleanly

start 100 30 --variant pemba
wait_for "White to move"
expect "line 1: level must be a whole number" "the game screen does not show the mistake"
expect "line 3: unknown setting 'bogus'" "the game screen does not show the second mistake"
quit_cleanly

# A settings file that cannot be read at all is named too.
rm "$XDG_CONFIG_HOME/zanzibar/config"
mkdir "$XDG_CONFIG_HOME/zanzibar/config"
start 100 30 --variant pemba
wait_for "White to move"
expect "settings file .*config: is a folder" "an unreadable settings file is not reported"
quit_cleanly
echo "PASS: settings mistakes shown on the first screen"
