#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails when the configuration table of docs/operations.md (its "Configuration" section) and
# everx-exchanged disagree: an option of `everx-exchanged --help` with no row in the table, a row
# whose default is not the one the help states, or a row that names no option of the program.
# Prints each as file:line: what is wrong.
#
# What is read from --help: each option's long name (Qt's own help, help-all and version
# aside), whether it takes a value (a <name> after it), and "(default X)" in its help text, the
# default being X up to the first ";" or ")", and of that the part before " = ", ": " or ", "
# (so "(default 1000 = 10 %)" is 1000 and "(default: closed, open in the sandbox)" is closed).
# An option whose help states no default has "none" (one that takes a value) or "off" (a switch);
# so has a switch whose stated default is not itself on or off. Wrapping, column widths and the
# rest of the wording do not matter.
#
# What is read from the document: every table row of the section (header and separator rows
# aside) whose first cell names the option in backquotes (`port` or `--port`), and whose second
# cell starts with the default, backquotes and case aside.
#
# Usage: check-operations-doc.sh <everx-exchanged> [operations.md]
#   (default: docs/operations.md of the repository this script is in)
# Exit codes: 0 they agree, 1 not, 2 usage or a program that does not run.
set -euo pipefail
program=${1:?usage: check-operations-doc.sh <everx-exchanged> [operations.md]}
doc=${2:-$(cd "$(dirname "$0")/.." && pwd)/docs/operations.md}
[ -f "$doc" ] || { echo "check-operations-doc.sh: no $doc"; exit 2; }
if ! help=$(QT_QPA_PLATFORM=offscreen "$program" --help 2>&1); then
    echo "check-operations-doc.sh: $program --help failed:"
    echo "$help"
    exit 2
fi

HELP="$help" perl -e '
use strict;
use warnings;

my ($doc) = @ARGV;
my %builtIn = map { $_ => 1 } qw(help help-all version);

# --help: an option line starts with a short indent and a dash; a deeper indent continues the
# help text of the option before.
my (@order, %takesValue, %helpText);
my $current;
for my $line (split /\n/, $ENV{HELP}) {
    if ($line =~ /^ {1,4}(-.*)$/) {
        my $rest = $1;
        my @names;
        my $value = 0;
        # The option column: "-h, --help", "--port <port>", then the help text.
        while ($rest =~ s/^(--?[\w-]+|<[^>]*>),?\s?//) {
            my $token = $1;
            if ($token =~ /^<.*>$/) { $value = 1; }
            elsif ($token =~ /^--([\w-]+)$/) { push @names, $1; }
        }
        $current = undef;
        for my $name (@names) {
            next if $builtIn{$name};
            push @order, $name unless exists $helpText{$name};
            $takesValue{$name} = $value;
            $helpText{$name} = $rest;
            $current = $name;
        }
    } elsif (defined $current && $line =~ /^\s{5,}(\S.*)$/) {
        $helpText{$current} .= " $1";
    } else {
        $current = undef;
    }
}
die "check-operations-doc.sh: no options in the program'"'"'s --help\n" unless @order;

sub normal {
    my ($text) = @_;
    $text =~ s/`//g;
    $text =~ s/\s+/ /g;
    $text =~ s/^ | $//g;
    return lc $text;
}

my %default;
for my $name (@order) {
    (my $help = $helpText{$name}) =~ s/\s+/ /g;
    my $stated;
    if ($help =~ /\(default:?\s*([^;)]*)/) {
        $stated = $1;
        $stated =~ s/( = |: |, ).*//;
        $stated = normal($stated);
        $stated = undef if $stated eq "";
    }
    if (!$takesValue{$name}) {
        $stated = undef unless defined $stated && $stated =~ /^(on|off)$/;
        $default{$name} = $stated // "off";
    } else {
        $default{$name} = $stated // "none";
    }
}

# The document: the rows of the tables of its "Configuration" section.
open(my $fh, "<", $doc) or die "check-operations-doc.sh: cannot read $doc\n";
my @lines = <$fh>;
close $fh;
my ($inSection, $sectionLevel, $sectionFound) = (0, 0, 0);
my (%row, @problems);
for my $i (0 .. $#lines) {
    my $line = $lines[$i];
    chomp $line;
    if ($line =~ /^(#+)\s+(.*?)\s*$/) {
        my ($level, $title) = (length $1, $2);
        if ($inSection && $level <= $sectionLevel) { $inSection = 0; }
        if (!$inSection && $title =~ /^configuration$/i) {
            ($inSection, $sectionLevel, $sectionFound) = (1, $level, 1);
        }
        next;
    }
    next unless $inSection && $line =~ /^\s*\|/;
    next if $line =~ /^\s*\|[\s:|-]*$/; # the separator row
    my $next = $i < $#lines ? $lines[$i + 1] : "";
    next if $next =~ /^\s*\|[\s:]*-[\s:|-]*$/; # a header row, followed by the separator
    (my $cells = $line) =~ s/^\s*\|//;
    my @cell = split /(?<!\\)\|/, $cells;
    my $lineNo = $i + 1;
    my ($name) = ($cell[0] // "") =~ /`-{0,2}([\w-]+)[^`]*`/;
    if (!defined $name || !exists $default{$name}) {
        push @problems, "$doc:$lineNo: the row \"" . normal($cell[0] // "")
            . "\" names no option of everx-exchanged";
        next;
    }
    if (exists $row{$name}) {
        push @problems, "$doc:$lineNo: --$name has a row already, on line $row{$name}{line}";
        next;
    }
    $row{$name} = { line => $lineNo, default => normal($cell[1] // "") };
}
die "check-operations-doc.sh: $doc has no \"Configuration\" section\n" unless $sectionFound;

for my $name (@order) {
    my $want = $default{$name};
    if (!exists $row{$name}) {
        push @problems, "$doc: --$name is missing from the configuration table (default $want)";
        next;
    }
    my $have = $row{$name}{default};
    my $agrees = substr($have, 0, length $want) eq $want
        && (length $have == length $want || substr($have, length $want, 1) !~ /[\w.]/);
    push @problems, "$doc:$row{$name}{line}: --$name: the table says \"$have\", "
        . "everx-exchanged --help says \"$want\"" unless $agrees;
}
if (@problems) {
    print "$_\n" for @problems;
    print scalar(@problems) . " problem(s): the configuration table of $doc and "
        . "everx-exchanged --help disagree\n";
    exit 1;
}
print "the configuration table of $doc names every option of everx-exchanged with its "
    . "default (" . scalar(@order) . " options)\n";
' "$doc"
