// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// TextRules for identities (docs/protocol.md "Identities"): what is invisible, an email's one
// spelling (NFKC, case folding, IDNA, one script), UTS #39 skeletons over the confusables data,
// and the rules of display names and companies.

#include "market/textrules.h"

#include "market/marketrules.h"

#include <QtCore/QFile>
#include <QtCore/QHash>
#include <QtCore/QUrl>

#include <bitset>
#include <string_view>

namespace everx {

namespace {

QString hexCodePoint(char32_t c)
{
    return QStringLiteral("U+") + QString::number(quint32(c), 16).rightJustified(4, u'0').toUpper();
}

QString fromCodePoint(char32_t c)
{
    const char32_t one[] = {c};
    return QString::fromUcs4(one, 1);
}

// The prototypes of resources/confusables.txt, read once (thread-safely: a function static).
const QHash<char32_t, QString> &prototypes()
{
    static const QHash<char32_t, QString> map = [] {
        QHash<char32_t, QString> out;
        QFile file(QStringLiteral(":/everx/confusables.txt"));
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            return out;
        out.reserve(6400);
        while (!file.atEnd()) {
            const QByteArray line = file.readLine().trimmed();
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const qsizetype semicolon = line.indexOf(';');
            if (semicolon <= 0)
                continue;
            bool ok = false;
            const uint source = line.left(semicolon).toUInt(&ok, 16);
            if (!ok)
                continue;
            QString prototype;
            for (const QByteArray &hex : line.mid(semicolon + 1).split(' ')) {
                const uint c = hex.toUInt(&ok, 16);
                if (ok)
                    prototype += fromCodePoint(c);
            }
            out.insert(source, prototype);
        }
        return out;
    }();
    return map;
}

// UTS #39's scripts of a string, as bits by QChar::Script, without Common and Inherited (which
// go with any script), augmented as its section 5.1 says: Han also counts as the pseudo-scripts
// of Japanese, Korean and Chinese with Bopomofo, which Hiragana and Katakana, Hangul and Bopomofo
// count as too. A string of Common characters only has no bit: it goes with any other.
using ScriptSet = std::bitset<512>;
constexpr int Japanese = 500, Korean = 501, HanWithBopomofo = 502;
static_assert(QChar::ScriptCount < Japanese, "the pseudo-scripts' bits follow Qt's scripts");

ScriptSet scriptsOf(QStringView text)
{
    ScriptSet scripts;
    for (const char32_t c : text.toUcs4()) {
        const QChar::Script s = QChar::script(c);
        if (s == QChar::Script_Common || s == QChar::Script_Inherited || s == QChar::Script_Unknown)
            continue;
        scripts.set(std::size_t(s));
        if (s == QChar::Script_Han)
            scripts.set(Japanese).set(Korean).set(HanWithBopomofo);
        else if (s == QChar::Script_Hiragana || s == QChar::Script_Katakana)
            scripts.set(Japanese);
        else if (s == QChar::Script_Hangul)
            scripts.set(Korean);
        else if (s == QChar::Script_Bopomofo)
            scripts.set(HanWithBopomofo);
    }
    return scripts;
}

// UTS #39's resolved script set is not empty: every character's scripts share one. With the
// augmentation above: the real scripts present all belong to one writing system.
bool singleScript(QStringView text)
{
    ScriptSet scripts = scriptsOf(text);
    const ScriptSet pseudo = ScriptSet().set(Japanese).set(Korean).set(HanWithBopomofo);
    const ScriptSet real = scripts & ~pseudo;
    if (real.count() <= 1)
        return true;
    // Several real scripts: fine only if a writing system holds them all (Han and Hiragana).
    const auto within = [&real](std::initializer_list<QChar::Script> system) {
        ScriptSet allowed;
        for (const QChar::Script s : system)
            allowed.set(std::size_t(s));
        return (real & ~allowed).none();
    };
    return within({QChar::Script_Han, QChar::Script_Hiragana, QChar::Script_Katakana})
        || within({QChar::Script_Han, QChar::Script_Hangul})
        || within({QChar::Script_Han, QChar::Script_Bopomofo});
}

// NFKC, case-folded, NFKC again (folding may leave a decomposed sequence): Unicode's
// NFKC_Casefold without its removal of default ignorables, which identities refuse. Qt folds
// simply; the one full folding that matters here is the Turkish İ's (U+0130 -> i, U+0307).
QString foldedNfkc(QStringView text)
{
    return text.toString()
        .normalized(QString::NormalizationForm_KC)
        .toCaseFolded()
        .replace(QChar(0x0130), QStringLiteral("i\u0307"))
        .normalized(QString::NormalizationForm_KC);
}

QStringView localPart(QStringView email)
{
    const qsizetype at = email.lastIndexOf(u'@');
    return at < 0 ? email : email.left(at);
}

QStringView domainPart(QStringView email)
{
    const qsizetype at = email.lastIndexOf(u'@');
    return at < 0 ? QStringView() : email.mid(at + 1);
}

// RFC 5322's atext besides letters and digits, and the dot of a dot-atom.
bool isAtextSymbol(char32_t c)
{
    constexpr std::string_view symbols = "!#$%&'*+-/=?^_`{|}~.";
    return c < 0x80 && symbols.find(char(c)) != std::string_view::npos;
}

QString localProblem(QStringView local)
{
    if (local.isEmpty() || local.size() > 64)
        return QStringLiteral("the part before the @ needs 1 to 64 characters");
    if (local.startsWith(u'.') || local.endsWith(u'.') || local.contains(u".."))
        return QStringLiteral("the part before the @ may not start or end with a dot, or hold two "
                              "in a row");
    for (const char32_t c : local.toUcs4()) {
        if (c < 0x80) {
            if (QChar::isLetterOrNumber(c) || isAtextSymbol(c))
                continue;
        } else {
            const QChar::Category category = QChar::category(c);
            if (QChar::isLetter(c) || category == QChar::Number_DecimalDigit
                || category == QChar::Mark_NonSpacing || category == QChar::Mark_SpacingCombining)
                continue;
        }
        return QStringLiteral("the part before the @ may not hold %1").arg(hexCodePoint(c));
    }
    if (!singleScript(local))
        return QStringLiteral("the part before the @ mixes scripts (such as Latin and Cyrillic "
                              "letters that look alike)");
    return {};
}

// The ASCII form of an IDNA-mapped domain: labels of letters, digits and '-' (not first or
// last), 1 to 63 each, at least two, the last not all digits (no IP addresses).
bool isDomain(const QByteArray &ace)
{
    if (ace.isEmpty() || ace.size() > 253)
        return false;
    qsizetype labels = 0;
    bool lastNumeric = false;
    for (const QByteArray &bytes : ace.split('.')) {
        if (bytes.isEmpty() || bytes.size() > 63 || bytes.front() == '-' || bytes.back() == '-')
            return false;
        lastNumeric = true;
        for (const char c : bytes) {
            const bool digit = c >= '0' && c <= '9';
            if (!digit && !(c >= 'a' && c <= 'z') && c != '-')
                return false;
            lastNumeric = lastNumeric && digit;
        }
        ++labels;
    }
    return labels >= 2 && !lastNumeric;
}

} // namespace

bool TextRules::isBidiMark(char32_t c)
{
    return c == 0x200e || c == 0x200f || c == 0x061c || (c >= 0x202a && c <= 0x202e)
        || (c >= 0x2066 && c <= 0x2069);
}

bool TextRules::isInvisible(char32_t c)
{
    if (QChar::category(c) == QChar::Other_Format)
        return true;
    return c == 0x034f // combining grapheme joiner
        || c == 0x115f || c == 0x1160 || c == 0x3164 || c == 0xffa0 // Hangul fillers
        || c == 0x17b4 || c == 0x17b5 // Khmer inherent vowels
        || (c >= 0x180b && c <= 0x180f) // Mongolian variation selectors and vowel separator
        || c == 0x2800 // braille pattern blank
        || (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xe0100 && c <= 0xe01ef); // variation selectors
}

QString TextRules::canonicalEmail(QStringView email, QString *problem)
{
    const auto refuse = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return QString();
    };
    // Bounded before any work: NFKC may lengthen text, never this much.
    if (email.isEmpty() || email.size() > 4 * MarketRules::MaxEmailLength)
        return refuse(QStringLiteral("needs 1 to %1 characters").arg(MarketRules::MaxEmailLength));
    if (const QString why = TextRules::problem(email); !why.isEmpty())
        return refuse(why);
    for (const char32_t c : email.toUcs4()) {
        if (isInvisible(c))
            return refuse(QStringLiteral("holds the invisible character %1").arg(hexCodePoint(c)));
        if (QChar::isSpace(c))
            return refuse(QStringLiteral("holds a space (%1)").arg(hexCodePoint(c)));
    }
    const QString folded = foldedNfkc(email);
    for (const char32_t c : folded.toUcs4()) {
        if (QChar::isSpace(c) || isInvisible(c) || c < 0x20)
            return refuse(QStringLiteral("holds a space or an invisible character"));
    }
    const qsizetype at = folded.lastIndexOf(u'@');
    if (at < 0 || folded.indexOf(u'@') != at)
        return refuse(QStringLiteral("not an email address: it needs one @"));
    const QStringView local = QStringView(folded).left(at);
    QStringView domain = QStringView(folded).mid(at + 1);
    if (domain.endsWith(u'.'))
        domain.chop(1); // the root's dot: the same domain
    if (const QString why = localProblem(local); !why.isEmpty())
        return refuse(why);
    const QByteArray ace = QUrl::toAce(domain.toString()).toLower();
    if (!isDomain(ace))
        return refuse(QStringLiteral("the part after the @ is not a domain name"));
    QString canonical = local.toString() + u'@' + QString::fromLatin1(ace);
    if (canonical.size() > MarketRules::MaxEmailLength)
        return refuse(
            QStringLiteral("is longer than %1 characters").arg(MarketRules::MaxEmailLength));
    return canonical;
}

QString TextRules::skeleton(QStringView text)
{
    const QHash<char32_t, QString> &map = prototypes();
    const QString decomposed = text.toString().normalized(QString::NormalizationForm_D);
    QString mapped;
    mapped.reserve(decomposed.size());
    for (const char32_t c : decomposed.toUcs4()) {
        const auto it = map.constFind(c);
        mapped += it == map.cend() ? fromCodePoint(c) : *it;
    }
    return mapped.normalized(QString::NormalizationForm_D);
}

QString TextRules::confusableKey(QStringView canonicalEmail)
{
    return skeleton(localPart(canonicalEmail)) + u'@' + domainPart(canonicalEmail).toString();
}

bool TextRules::shareScript(QStringView canonicalEmailA, QStringView canonicalEmailB)
{
    const ScriptSet a = scriptsOf(localPart(canonicalEmailA));
    const ScriptSet b = scriptsOf(localPart(canonicalEmailB));
    return a.none() || b.none() || (a & b).any();
}

QString TextRules::lookalikeKey(QStringView canonicalEmail)
{
    QStringView local = localPart(canonicalEmail);
    if (const qsizetype plus = local.indexOf(u'+'); plus > 0)
        local = local.left(plus);
    return skeleton(local) + u'@' + domainPart(canonicalEmail).toString();
}

QString TextRules::mailboxName(QStringView email)
{
    QStringView local = localPart(email);
    if (const qsizetype plus = local.indexOf(u'+'); plus > 0)
        local = local.left(plus);
    return foldedNfkc(local);
}

QString TextRules::nameProblem(QStringView name)
{
    const QList<uint> codePoints = name.toUcs4();
    bool visible = false;
    for (const char32_t c : codePoints)
        visible = visible || (!isInvisible(c) && !QChar::isSpace(c));
    if (!visible)
        return QStringLiteral("is blank");
    if (isBidiMark(codePoints.first()))
        return QStringLiteral("starts with the bidi mark %1").arg(hexCodePoint(codePoints.first()));
    for (const char32_t c : codePoints) {
        if (isInvisible(c))
            return QStringLiteral("holds the invisible character %1").arg(hexCodePoint(c));
    }
    // Counted decomposed, so that a precomposed letter's marks count too (Vietnamese ệ: two).
    int stacked = 0;
    for (const char32_t c : name.toString().normalized(QString::NormalizationForm_D).toUcs4()) {
        const QChar::Category category = QChar::category(c);
        if (category == QChar::Mark_NonSpacing || category == QChar::Mark_Enclosing) {
            if (++stacked > MaxCombiningMarks)
                return QStringLiteral("stacks more than %1 combining marks on one character")
                    .arg(MaxCombiningMarks);
        } else {
            stacked = 0;
        }
    }
    return {};
}

} // namespace everx
