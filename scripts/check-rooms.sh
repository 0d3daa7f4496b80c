#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails when a source file includes a header of a room its room may not use: the include graph
# must follow the rooms' link graph (cmake/EverxRooms.cmake), also for headers that a link would
# not catch. rooms.txt is written by the configure: "<room> <folder> <rooms it may include>".
#
# Usage: check-rooms.sh <build>/rooms.txt [--allow <room>=<rooms,...>]
#   --allow replaces what one room may include (to show that the check finds a violation).
set -euo pipefail
table=${1:?usage: check-rooms.sh <build>/rooms.txt [--allow room=rooms]}
override_room="" override_allowed=""
if [ "${2:-}" = "--allow" ]; then
    override_room=${3%%=*}
    override_allowed=${3#*=}
fi
root=$(cd "$(dirname "$0")/.." && pwd)

declare -A allowed=() dirs=()
rooms=()
while read -r room dir may; do
    rooms+=("$room")
    allowed[$room]=$may
    dirs[$room]=$dir
done <"$table"
[ -n "$override_room" ] && allowed[$override_room]=$override_allowed

status=0
checked=0
for room in "${rooms[@]}"; do
    dir=${dirs[$room]}
    for file in "$dir"/*.h "$dir"/*.cpp; do
        [ -f "$file" ] || continue
        checked=$((checked + 1))
        while IFS= read -r included; do
            target=${included%%/*}
            # Only includes that name a room count ("wire/x.h"); Qt's and the room's generated
            # .moc files do not.
            [ -n "${allowed[$target]+x}" ] || continue
            case ",${allowed[$room]}," in
            *",$target,"*) ;;
            *)
                echo "${file#"$root"/}: includes \"$included\", but room $room may use only ${allowed[$room]//,/, }"
                status=1
                ;;
            esac
        done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\/[^"]*\)".*/\1/p' "$file")
    done
done
[ $status -eq 0 ] && echo "${#rooms[@]} rooms, $checked files: every include stays within what its room may use"
exit $status
