// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/textrules.h"

#include <QtCore/QRegularExpression>

namespace everx {

namespace {

QString codePoint(char32_t c)
{
    return QStringLiteral("U+") + QString::number(quint32(c), 16).rightJustified(4, u'0').toUpper();
}

} // namespace

QString TextRules::problem(QStringView text, Lines lines)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            ++i; // a pair: a code point past the BMP, none of which is refused
            continue;
        }
        if (c.isSurrogate())
            return QStringLiteral("holds an unpaired surrogate");
        const char16_t u = c.unicode();
        const bool lineBreak = u == u'\n' || u == u'\r' || u == 0x2028 || u == 0x2029 || u == 0x85;
        if (lineBreak && lines == Lines::One)
            return QStringLiteral("must be one line, but holds a line break (%1)")
                .arg(codePoint(u));
        if (u == u'\n')
            continue;
        if (u < 0x20 || (u >= 0x7f && u <= 0x9f) || u == 0x2028 || u == 0x2029)
            return QStringLiteral("holds the control character %1").arg(codePoint(u));
        if ((u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069))
            return QStringLiteral("holds the bidirectional control %1").arg(codePoint(u));
    }
    return {};
}

QString TextRules::normalized(const QString &text)
{
    return text.normalized(QString::NormalizationForm_C);
}

QString TextRules::endpointProblem(QStringView endpoint)
{
    static const QString host = QStringLiteral(
        R"((?<host>\[[0-9A-Fa-f:]{2,39}\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)"
        R"((?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*))");
    // \z, not $: $ also matches before a final line feed.
    static const QRegularExpression ssh(
        QStringLiteral(R"(^ssh (?:[A-Za-z0-9._][A-Za-z0-9._-]{0,31}@)?)") + host
        + QStringLiteral(R"((?: -p (?<port>[0-9]{1,5}))?\z)"));
    static const QRegularExpression hostPort(QStringLiteral("^") + host
                                             + QStringLiteral(R"(:(?<port>[0-9]{1,5})\z)"));
    const QString form = QStringLiteral(
        "expected \"ssh [user@]host [-p port]\" or \"host:port\" (docs/protocol.md \"Text\")");
    QRegularExpressionMatch m = ssh.match(endpoint.toString());
    if (!m.hasMatch())
        m = hostPort.match(endpoint.toString());
    if (!m.hasMatch())
        return form;
    const QString hostName = m.captured(u"host");
    // An IPv6 address: up to eight groups of hex digits, "::" at most once.
    if (hostName.startsWith(u'[')) {
        const QStringView inner = QStringView(hostName).mid(1, hostName.size() - 2);
        const qsizetype groups = inner.count(u':') + 1;
        const qsizetype gaps = inner.count(u"::");
        bool groupsOk = true;
        for (const QStringView g : inner.split(u':'))
            groupsOk = groupsOk && g.size() <= 4;
        if (groups < 3 || groups > 8 + gaps || gaps > 1 || inner.contains(u":::") || !groupsOk
            || (gaps == 0 && groups != 8))
            return QStringLiteral("%1 is not an IPv6 address").arg(hostName);
    }
    if (hostName.size() > 253)
        return QStringLiteral("the host name is longer than 253 characters");
    const QString port = m.captured(u"port");
    if (!port.isEmpty() && (port.toInt() < 1 || port.toInt() > 65535))
        return QStringLiteral("the port must be 1 to 65535");
    return {};
}

} // namespace everx
