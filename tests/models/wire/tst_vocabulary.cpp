// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The protocol's words: operation and channel names, push types, account events and
// notification kinds, each spelled once (wire/vocabulary.h) and equal to docs/protocol.md.

#include "wire/vocabulary.h"

#include <QtCore/QFile>
#include <QtCore/QRegularExpression>
#include <QtCore/QSet>
#include <QtTest/QtTest>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {

// The rows of the table that follows `heading` in docs/protocol.md, as cells.
QList<QStringList> documentTable(const QString &heading, QString *problem)
{
    QFile file(QStringLiteral(EVERX_PROTOCOL_DOC));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *problem = file.errorString();
        return {};
    }
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
    const qsizetype start = lines.indexOf(heading);
    if (start < 0) {
        *problem = u"no heading "_s + heading;
        return {};
    }
    QList<QStringList> rows;
    bool inTable = false;
    for (qsizetype i = start + 1; i < lines.size() && !lines.at(i).startsWith(u'#'); ++i) {
        const QString line = lines.at(i).trimmed();
        if (!line.startsWith(u'|')) {
            if (inTable)
                break; // the first table only
            continue;
        }
        inTable = true;
        QStringList cells = line.split(u'|');
        cells = cells.mid(1, cells.size() - 2);
        for (QString &cell : cells)
            cell = cell.trimmed();
        if (cells.value(0).startsWith(u"---"))
            continue;
        rows.append(cells);
    }
    rows.removeFirst(); // the header
    return rows;
}

QStringList backticked(const QString &text)
{
    static const QRegularExpression code(u"`([^`]+)`"_s);
    QStringList out;
    for (auto it = code.globalMatch(text); it.hasNext();)
        out.append(it.next().captured(1));
    return out;
}

QSet<QString> toSet(const auto &views)
{
    QSet<QString> out;
    for (const auto &v : views)
        out.insert(QString(v));
    return out;
}

} // namespace

class TestVocabulary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void operationsAreTheDocumentsOperations();
    void publicOperationsAreTheDocumentsAnyone();
    void channelBuilders();
    void documentedChannelsParse();
    void channelsRoundTrip_data();
    void channelsRoundTrip();
    void notChannels_data();
    void notChannels();
    void pushTypes();
    void accountEventsAndNotificationKindsAreDocumented();
    void sessionEventsAreTheDocumentsSessionEvents();
};

void TestVocabulary::operationsAreTheDocumentsOperations()
{
    QString problem;
    const QList<QStringList> rows = documentTable(u"## Operations"_s, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QStringList documented;
    for (const QStringList &row : rows)
        documented += backticked(row.value(0));
    const QSet<QString> inDoc(documented.cbegin(), documented.cend());
    QCOMPARE(inDoc.size(), documented.size());
    const QSet<QString> inCode = toSet(Op::All);
    QCOMPARE(qsizetype(inCode.size()), qsizetype(Op::All.size())); // each spelled once
    QCOMPARE(inCode, inDoc);
}

void TestVocabulary::publicOperationsAreTheDocumentsAnyone()
{
    QString problem;
    const QList<QStringList> rows = documentTable(u"## Operations"_s, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QSet<QString> anyone;
    for (const QStringList &row : rows) {
        if (row.value(1).startsWith(u"anyone")) {
            const QStringList ops = backticked(row.value(0));
            anyone += QSet<QString>(ops.cbegin(), ops.cend());
        }
    }
    QCOMPARE(toSet(Op::Public), anyone);
    for (const QLatin1StringView op : Op::All)
        QCOMPARE(Op::isPublic(QString(op)), anyone.contains(op));
    QVERIFY(!Op::isPublic(u"order.place "_s));
}

void TestVocabulary::channelBuilders()
{
    QCOMPARE(Channel::book(u"h100-sxm"_s), u"book.h100-sxm"_s);
    QCOMPARE(Channel::trades(u"rtx-4090"_s), u"trades.rtx-4090"_s);
    QCOMPARE(Channel::candles(u"h200"_s, CandleInterval::FiveMinutes), u"candles.h200.5m"_s);
    QCOMPARE(QString(Channel::TickerName), u"ticker"_s);
    QCOMPARE(QString(Channel::AccountName), u"account"_s);
}

void TestVocabulary::documentedChannelsParse()
{
    QString problem;
    const QList<QStringList> rows = documentTable(u"## Channels"_s, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QSet<Channel::Kind> kinds;
    for (const QStringList &row : rows) {
        const QString pattern = backticked(row.value(0)).value(0);
        QVERIFY2(!pattern.isEmpty(), qPrintable(row.join(u'|')));
        for (const CandleInterval interval : CandleIntervals::All) {
            QString name = pattern;
            name.replace(u"<gpu>"_s, u"h100-sxm"_s);
            name.replace(u"<interval>"_s, CandleIntervals::name(interval));
            const std::optional<Channel::Spec> spec = Channel::parse(name);
            QVERIFY2(spec, qPrintable(name));
            QCOMPARE(Channel::name(*spec), name);
            kinds.insert(spec->kind);
        }
    }
    QCOMPARE(kinds.size(), 5); // every kind is documented
}

void TestVocabulary::channelsRoundTrip_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<CandleInterval>("interval");
    const CandleInterval h = Channel::Spec().interval;
    QTest::newRow("ticker") << u"ticker"_s << int(Channel::Kind::Ticker) << QString() << h;
    QTest::newRow("account") << u"account"_s << int(Channel::Kind::Account) << QString() << h;
    QTest::newRow("book") << u"book.h100-sxm"_s << int(Channel::Kind::Book) << u"h100-sxm"_s << h;
    QTest::newRow("trades") << u"trades.l4"_s << int(Channel::Kind::Trades) << u"l4"_s << h;
    for (const CandleInterval interval : CandleIntervals::All) {
        const QString name = u"candles.b200."_s + CandleIntervals::name(interval);
        QTest::newRow(qPrintable(name))
            << name << int(Channel::Kind::Candles) << u"b200"_s << interval;
    }
}

void TestVocabulary::channelsRoundTrip()
{
    QFETCH(QString, name);
    QFETCH(int, kind);
    QFETCH(QString, gpu);
    QFETCH(CandleInterval, interval);
    const std::optional<Channel::Spec> spec = Channel::parse(name);
    QVERIFY(spec);
    QCOMPARE(int(spec->kind), kind);
    QCOMPARE(spec->gpu, gpu);
    QCOMPARE(spec->interval, interval);
    QCOMPARE(Channel::name(*spec), name);
    QCOMPARE(Channel::isBook(name), kind == int(Channel::Kind::Book));
}

void TestVocabulary::notChannels_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name :
         {QString(), u"book"_s, u"book."_s, u"book.h100.x"_s, u"book.h100."_s, u"books.h100"_s,
          u"bookh100"_s, u"trades"_s, u"candles.h100"_s, u"candles.h100.7m"_s,
          u"candles.h100.1h.x"_s, u"candles..1h"_s, u"tickers"_s, u"Ticker"_s, u"account.7"_s,
          u"account#7"_s, u"orders.h100"_s})
        QTest::newRow(qPrintable(name.isEmpty() ? u"empty"_s : name)) << name;
}

void TestVocabulary::notChannels()
{
    QFETCH(QString, name);
    QCOMPARE(Channel::parse(name), std::nullopt);
    QVERIFY(!Channel::isBook(name));
}

void TestVocabulary::pushTypes()
{
    const QList<std::pair<PushType, QString>> types = {{PushType::Snapshot, u"snapshot"_s},
                                                       {PushType::Delta, u"delta"_s},
                                                       {PushType::Event, u"event"_s}};
    for (const auto &[type, name] : types) {
        QCOMPARE(pushTypeName(type), name);
        QCOMPARE(pushTypeFromName(name), std::optional<PushType>(type));
    }
    QCOMPARE(pushTypeFromName(u"Snapshot"), std::nullopt);
    QCOMPARE(pushTypeFromName(u""), std::nullopt);
}

void TestVocabulary::accountEventsAndNotificationKindsAreDocumented()
{
    QString problem;
    const QList<QStringList> rows = documentTable(u"## Channels"_s, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QStringList accountWords;
    for (const QStringList &row : rows) {
        if (backticked(row.value(0)).value(0) == Channel::AccountName)
            accountWords = backticked(row.value(row.size() - 1));
    }
    QVERIFY(!accountWords.isEmpty());
    for (const QLatin1StringView type :
         {AccountEvent::Order, AccountEvent::Rental, AccountEvent::Listing, AccountEvent::Balance,
          AccountEvent::Ledger, AccountEvent::Notification, AccountEvent::Payment,
          AccountEvent::Payout, AccountEvent::Account})
        QVERIFY2(accountWords.contains(type), qPrintable(QString(type)));
    for (const QLatin1StringView kind : NotificationKind::All)
        QVERIFY2(accountWords.contains(kind), qPrintable(QString(kind)));
}

void TestVocabulary::sessionEventsAreTheDocumentsSessionEvents()
{
    QString problem;
    const QList<QStringList> rows = documentTable(u"## Session events"_s, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QStringList documented;
    for (const QStringList &row : rows)
        documented += backticked(row.value(0));
    const QSet<QString> inDoc(documented.cbegin(), documented.cend());
    QCOMPARE(inDoc.size(), documented.size());
    const QSet<QString> inCode = toSet(SessionEvent::All);
    QCOMPARE(qsizetype(inCode.size()), qsizetype(SessionEvent::All.size()));
    QCOMPARE(inCode, inDoc);
    // No event is spelled like an operation or a channel, which a reader could take it for.
    for (const QLatin1StringView event : SessionEvent::All) {
        QVERIFY(!toSet(Op::All).contains(event));
        QCOMPARE(Channel::parse(QString(event)), std::nullopt);
    }
}

QTEST_GUILESS_MAIN(TestVocabulary)
#include "tst_vocabulary.moc"
