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
// text is NFC-normalised, so that one name has one spelling.
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
