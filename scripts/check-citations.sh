#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails when a source cites a document that is not in the tree, or a section that its document
# does not have: code comments cite the project's own documents (docs/architecture.md by section
# name, docs/protocol.md, docs/security.md, the README), and a citation that points nowhere sends
# the reader nowhere. Prints each offender as file:line: what is wrong.
#
# What is read: the tracked *.h, *.cpp, *.cmake, CMakeLists.txt, *.sh, *.in and *.py files and
# .ci/run (git ls-files), or, outside a git checkout (a source tarball, a test's fixture tree),
# every such file under the root. A file's lines are joined, comment markers dropped, so that a
# citation wrapped across comment lines is read whole.
#
# What fails:
# - a mention of a brief that lives outside the tree (its design or style brief, by file name);
# - a citation of a markdown document that does not exist: a path under a folder of the tree
#   ending in .md (docs/<file>.md), a root document in capitals (CONTRIBUTING.md), or the
#   README;
# - a section named after a document, in double quotes: docs/<file>.md "Section" (a comma before
#   the quote is allowed, and several sections joined by "," and "and"), when no markdown heading
#   of that document (a # line outside code blocks) has that name, case aside.
#
# Usage: check-citations.sh [root]   (default: the repository this script is in)
# Exit codes: 0 every citation points somewhere, 1 not.
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cd "$root"
if [ "$(git -C "$root" rev-parse --show-toplevel 2>/dev/null)" = "$root" ]; then
    mapfile -t files < <(git ls-files -- '*.h' '*.cpp' '*.cmake' '*CMakeLists.txt' '*.sh' \
        '*.in' '*.py' .ci/run | sort -u)
else
    mapfile -t files < <(find . \( -name '.git' -o -name 'build*' \) -prune -o -type f \
        \( -name '*.h' -o -name '*.cpp' -o -name '*.cmake' -o -name 'CMakeLists.txt' \
        -o -name '*.sh' -o -name '*.in' -o -name '*.py' -o -path './.ci/run' \) -print \
        | sed 's|^\./||' | sort)
fi
[ ${#files[@]} -gt 0 ] || { echo "check-citations.sh: no sources under $root"; exit 1; }

perl -e '
use strict;
use warnings;

my (%headings, $problems, $citations);
$problems = 0;
$citations = 0;

# The headings of a markdown document, lower case, outside fenced code blocks.
sub headingsOf {
    my ($doc) = @_;
    return $headings{$doc} if exists $headings{$doc};
    my %set;
    if (open(my $fh, "<", $doc)) {
        my $fenced = 0;
        while (my $line = <$fh>) {
            if ($line =~ /^\s*(```|~~~)/) { $fenced = !$fenced; next; }
            next if $fenced;
            if ($line =~ /^#{1,6}\s+(.*?)\s*#*\s*$/) {
                (my $h = lc $1) =~ s/\s+/ /g;
                $set{$h} = 1;
            }
        }
        close $fh;
    }
    return $headings{$doc} = \%set;
}

sub report {
    my ($file, $line, $message) = @_;
    print "$file:$line: $message\n";
    $problems++;
}

# Folders at the root: a relative path under one of them is a path of the tree.
my %topDirs = map { s|/$||r => 1 } grep { -d } glob("*/");

for my $file (@ARGV) {
    open(my $fh, "<", $file) or next;
    my @lines = <$fh>;
    close $fh;
    # One text: each line without its comment marker, after a space; starts[i] is where line
    # i + 1 begins in it.
    my ($text, @starts) = ("");
    for my $line (@lines) {
        chomp $line;
        $line =~ s/\\"/"/g; # a C string literal quoting a section
        $line =~ s{^\s*(?://+|#+|/?\*+|;+|<!--)?\s*}{};
        push @starts, length($text) + 1;
        $text .= " " . $line;
    }
    my $lineAt = sub {
        my ($pos) = @_;
        my ($lo, $hi) = (0, $#starts);
        while ($lo < $hi) {
            my $mid = int(($lo + $hi + 1) / 2);
            if ($starts[$mid] <= $pos) { $lo = $mid; } else { $hi = $mid - 1; }
        }
        return $lo + 1;
    };

    while ($text =~ /\b(DESIGN|STYLE)\.md\b/g) {
        report($file, $lineAt->($-[0]), "mentions $1.md, which is no document of this tree");
    }

    while ($text =~ m{(?<![\w/.\$\{\}-])((?:[\w-]+/)+[\w.-]+\.md|[A-Z][A-Z0-9_-]*\.md|README)\b}g) {
        my ($cited, $start, $end) = ($1, $-[0], $+[0]);
        next if $cited =~ /^(DESIGN|STYLE)\.md$/; # reported above
        if ($cited =~ m{/}) {
            my ($top) = split m{/}, $cited;
            next unless $topDirs{$top}; # an installed path, not one of the tree
        }
        $citations++;
        my $doc = $cited eq "README" ? "README.md" : $cited;
        my $line = $lineAt->($start);
        if (!-f $doc) {
            report($file, $line, "cites $cited, which is not in the tree");
            next;
        }
        # The sections named after it: "A", "B" and "C".
        pos($text) = $end;
        my @sections;
        if ($text =~ /\G,?\s+"([^"]+)"/gc) {
            push @sections, [$1, $-[1]];
            while ($text =~ /\G\s*(?:,\s*(?:and\s+)?|and\s+)"([^"]+)"/gc) {
                push @sections, [$1, $-[1]];
            }
        }
        pos($text) = $end;
        my $known = headingsOf($doc);
        for my $s (@sections) {
            (my $name = lc $s->[0]) =~ s/\s+/ /g;
            $name =~ s/^ | $//g;
            report($file, $lineAt->($s->[1]), "cites $cited \"$s->[0]\": $doc has no such heading")
                unless $known->{$name};
        }
    }
}
if ($problems) {
    print "$problems citation(s) point nowhere\n";
    exit 1;
}
print "$citations citations of documents, each to a document and section of the tree\n";
' "${files[@]}"
