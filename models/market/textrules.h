// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QString>
#include <QtCore/QStringView>

namespace everx {

// What text the exchange accepts, in one place: the wire codec's readers apply it to every text
// field of every request and record (docs/protocol.md "Text"), so that no decode path lets
// through what a terminal, a log or a bidi-aware view would render as something else.
//
// Refused everywhere: C0 controls (U+0000..U+001F) but for the line feed where several lines are
// allowed, DEL (U+007F), C1 controls (U+0080..U+009F), the bidi embeddings and overrides
// (U+202A..U+202E) and isolates (U+2066..U+2069), unpaired surrogates; and where one line is
// expected, line breaks of any kind (LF, CR, U+2028, U+2029, and U+0085 which is C1). Accepted
// text is NFC-normalised. Identities (emails, names, companies) are held to more: below.
//
// Threading: any; no state.
namespace TextRules {

enum class Lines : quint8 {
    One, // names, emails, regions, endpoints, ids
    Many, // reasons and notes: line feeds allowed
};

// Why text is refused ("holds the control character U+001B"); empty when it is fine.
QString problem(QStringView text, Lines lines = Lines::One);
// text in Unicode normalisation form C.
QString normalized(const QString &text);

// --- identities (textrules_identity.cpp; docs/protocol.md "Identities") -------------------------
// An account has one identity per mailbox: its email is kept in the one spelling below, and
// names and companies hold nothing invisible. Refused in every identity field: format characters
// (Unicode category Cf: the soft hyphen, zero-width space and joiners, the bidi marks LRM, RLM
// and ALM, embeddings, overrides and isolates, the word joiner, U+FEFF, tag characters) and the
// characters that show nothing although they are letters or marks (Hangul fillers, the braille
// blank, variation selectors, the combining grapheme joiner, Khmer's inherent vowels).

// Whether c shows nothing (the set above), and whether it is a bidi mark (LRM, RLM, ALM, an
// embedding, override or isolate).
bool isInvisible(char32_t c);
bool isBidiMark(char32_t c);

// An email as the exchange keys it, or empty with *problem saying why it is refused:
// - nothing invisible (above), no whitespace, no control character;
// - NFKC, then case-folded (fullwidth and mathematical letters are their plain selves, any
//   case is lower case);
// - one '@'; the domain without a final dot, mapped with IDNA (UTS #46, non-transitional:
//   QUrl::toAce) to its ASCII form, at least two labels of letters, digits and '-';
// - a local part of 1 to 64 characters: the atext of RFC 5322 and '.' (not first, not last, not
//   twice in a row), and letters, marks and digits of any one script (UTS #39's resolved script
//   set is not empty: Han may go with Hiragana and Katakana, Bopomofo or Hangul), so that a
//   Cyrillic і among Latin letters is refused;
// - at most MarketRules::MaxEmailLength characters in all.
// A "+tag" stays as written: ayu+gpu@example.com is its own address.
QString canonicalEmail(QStringView email, QString *problem = nullptr);

// UTS #39's skeleton: NFD, each character replaced by its prototype in the confusables data
// (resources/confusables.txt, Unicode 14.0.0), NFD again. Two strings that look alike have the
// same skeleton ("paypa1" and "pаypal" with a Cyrillic а both are "paypal").
QString skeleton(QStringView text);
// Of a canonical email: the skeleton of the local part, '@', the domain. Two addresses with the
// same key and no script in common (a Latin and a Cyrillic local part) are mixed-script
// confusables, which sign-up takes as the same identity.
QString confusableKey(QStringView canonicalEmail);
// Whether the local parts of two canonical emails share a script (UTS #39's resolved script
// sets intersect; a local part of digits and punctuation only has every script).
bool shareScript(QStringView canonicalEmailA, QStringView canonicalEmailB);
// What support's search matches lookalikes by: confusableKey() of the address without its
// "+tag". ayu+gpu@example.com, ayu@example.com and ayu@example.com's Cyrillic lookalike share it.
QString lookalikeKey(QStringView canonicalEmail);
// The local part of an email without its "+tag", case-folded: what a password may not contain.
QString mailboxName(QStringView email);

// Why a display name or company is refused, or empty: blank once whitespace and invisible
// characters are removed, starting with a bidi mark, holding an invisible character (above), or
// stacking more than MaxCombiningMarks combining marks on one character (a "Zalgo" name that
// paints over the lines around it).
inline constexpr int MaxCombiningMarks = 2;
QString nameProblem(QStringView name);

// A listing's endpoint, which the desk shows and copies for the customer to paste into a
// terminal, is one of:
//   ssh [user@]host [-p port]    e.g. "ssh gpu@203.0.113.7 -p 2222"
//   host:port                    e.g. "gpu1.example.com:8888", "[2001:db8::7]:22"
// user: letters, digits, '.', '_' and '-' (not first), at most 32; host: a DNS name, an IPv4
// address or an IPv6 address in brackets; port: 1 to 65535. Nothing else (no options, no
// shell characters). Why it is refused, or empty.
QString endpointProblem(QStringView endpoint);

} // namespace TextRules
} // namespace everx
