#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails when an operation or channel name of protocol v1 is spelled as a string literal anywhere
# but models/wire/vocabulary.h, or twice there: one name, one place. Prints each offender.
# Usage: check-vocabulary.sh [root]   (default: the repository this script is in)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
pattern='"(order|listing|wallet|support|auth|account|rental|provider|payout|signup|market)\.[a-zA-Z_.]+"'
status=0
# Outside the vocabulary: none at all.
if grep -rnE "$pattern" app exchange models ui --include='*.cpp' --include='*.h' \
        | grep -v '^models/wire/vocabulary\.h:'; then
    echo "operation names spelled outside models/wire/vocabulary.h (use Op::...)"
    status=1
fi
# Inside: each once.
dups=$(grep -oE "$pattern" models/wire/vocabulary.h | sort | uniq -d)
if [ -n "$dups" ]; then
    echo "spelled twice in models/wire/vocabulary.h: $dups"
    status=1
fi
[ $status -eq 0 ] && echo "every operation name spelled once, in models/wire/vocabulary.h"
exit $status
