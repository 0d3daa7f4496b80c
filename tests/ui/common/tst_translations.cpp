// Translations: every string of the desk is translated into Indonesian and Turkish with the
// same placeholders, in the seeds' words; English plurals come out right; switching language at
// runtime retranslates the open window, changes the number format and is remembered, and so is
// the theme.

#include "common/appearance.h"
#include "common/mainwindow.h"
#include "fixtures/testsettings.h"
#include "views/deskstate.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtCore/QFile>
#include <QtCore/QRegularExpression>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QXmlStreamReader>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMenuBar>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {
struct Message
{
    QString context;
    QString source;
    QStringList translations; // one per numerus form, or one
    bool unfinished = false;
};

QList<Message> readTs(const QString &path)
{
    QList<Message> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"name") {
            context = xml.readElementText();
        } else if (xml.name() == u"message") {
            current = Message {context, {}, {}, false};
        } else if (xml.name() == u"source") {
            current.source = xml.readElementText();
        } else if (xml.name() == u"translation") {
            current.unfinished = xml.attributes().value(QStringLiteral("type")) == u"unfinished"
                || xml.attributes().value(QStringLiteral("type")) == u"vanished";
            const bool numerus = xml.readNext() == QXmlStreamReader::Characters
                && xml.text().trimmed().isEmpty()
                && xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"numerusform";
            if (numerus) {
                current.translations << xml.readElementText();
                while (xml.readNextStartElement())
                    current.translations << xml.readElementText();
            } else {
                current.translations << xml.text().toString();
                while (!xml.isEndElement()) {
                    xml.readNext();
                    if (xml.isCharacters())
                        current.translations.last() += xml.text();
                }
            }
            messages << current;
        }
    }
    return messages;
}

// %1, %n, %L2 and friends, sorted; accelerators are not compared (translations move them).
QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?(\\d+|n)"));
    QStringList found;
    for (const QRegularExpressionMatch &m : re.globalMatch(text))
        found << m.captured(0);
    found.sort();
    return found;
}

QString tsPath(const QString &language)
{
    return QStringLiteral(EVERX_TRANSLATIONS_DIR "/everx_") + language + QStringLiteral(".ts");
}
} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyStringIsTranslated_data();
    void everyStringIsTranslated();
    void seedWordsAreUsed_data();
    void seedWordsAreUsed();
    void englishPlurals();
    void languageSwitchesAtRuntime();
    void themePersists();
};

void TestTranslations::initTestCase()
{
    test::isolateSettings();
}

void TestTranslations::everyStringIsTranslated_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("Indonesian") << QStringLiteral("id");
    QTest::newRow("Turkish") << QStringLiteral("tr");
}

void TestTranslations::everyStringIsTranslated()
{
    QFETCH(QString, language);
    const QList<Message> messages = readTs(tsPath(language));
    QVERIFY(messages.size() > 100);
    QStringList problems;
    for (const Message &m : messages) {
        const QString where = m.context + u": "_s + m.source;
        if (m.unfinished || m.translations.isEmpty()
            || m.translations.first().trimmed().isEmpty()) {
            problems << u"untranslated: "_s + where;
            continue;
        }
        for (const QString &t : m.translations) {
            if (placeholders(t) != placeholders(m.source))
                problems << u"placeholders differ: "_s + where + u" -> "_s + t;
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(u'\n')));
}

void TestTranslations::seedWordsAreUsed_data()
{
    // The seeds' words (DESIGN.md section 8) for the desk's central terms. Each row: an English
    // source text that appears in the desk, and the word its translation must contain.
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("word");
    QTest::newRow("id best ask") << u"id"_s << u"Best ask"_s << u"penawaran terbaik"_s;
    QTest::newRow("tr best ask") << u"tr"_s << u"Best ask"_s << u"en iyi teklif"_s;
    QTest::newRow("id best bid") << u"id"_s << u"Best bid"_s << u"permintaan"_s;
    QTest::newRow("tr best bid") << u"tr"_s << u"Best bid"_s << u"talep"_s;
    QTest::newRow("id bid (ticket)") << u"id"_s << u"Bid"_s << u"permintaan"_s;
    QTest::newRow("tr bid (ticket)") << u"tr"_s << u"Bid"_s << u"talep"_s;
}

void TestTranslations::seedWordsAreUsed()
{
    QFETCH(QString, language);
    QFETCH(QString, source);
    QFETCH(QString, word);
    const QList<Message> messages = readTs(tsPath(language));
    bool seen = false;
    for (const Message &m : messages) {
        if (QString(m.source).remove(u'&') != source)
            continue;
        seen = true;
        QVERIFY2(m.translations.value(0).toLower().contains(word),
                 qPrintable(m.context + u": "_s + m.translations.value(0)));
    }
    QVERIFY2(seen, qPrintable(u"no source text \""_s + source + u'"'));
}

void TestTranslations::englishPlurals()
{
    Appearance appearance;
    QVERIFY(appearance.setLanguage(QStringLiteral("en")));
    QCOMPARE(
        QCoreApplication::translate("everx::LadderView", "%n GPU(s) bid at %1 per GPU-hour", "", 1)
            .arg(u"$1.00"_s),
        u"1 GPU bid at $1.00 per GPU-hour"_s);
    QCOMPARE(
        QCoreApplication::translate("everx::LadderView", "%n GPU(s) bid at %1 per GPU-hour", "", 3)
            .arg(u"$1.00"_s),
        u"3 GPUs bid at $1.00 per GPU-hour"_s);
}

void TestTranslations::languageSwitchesAtRuntime()
{
    ClientSession session; // never connected: the window's own text is what changes
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *book = window.findChild<QDockWidget *>(QStringLiteral("orderBookDock"));
    QVERIFY(book);
    QTRY_COMPARE(book->windowTitle(), u"Order book"_s);

    QAction *indonesian = window.findChild<QAction *>(QStringLiteral("language_id"));
    QVERIFY(indonesian);
    indonesian->trigger();
    const QString idTitle = QCoreApplication::translate("everx::MainWindow", "Order book");
    QVERIFY(idTitle != u"Order book");
    QTRY_COMPARE(book->windowTitle(), idTitle);
    QCOMPARE(QLocale().language(), QLocale::Indonesian);
    QCOMPARE(window.locale().language(), QLocale::Indonesian);
    // Numbers follow: Indonesian groups thousands with a dot.
    QCOMPARE(window.locale().toString(5000), u"5.000"_s);
    QCOMPARE(QSettings().value(QStringLiteral("appearance/language")).toString(), u"id"_s);
    QVERIFY(indonesian->isChecked());

    window.findChild<QAction *>(QStringLiteral("language_tr"))->trigger();
    const QString trTitle = QCoreApplication::translate("everx::MainWindow", "Order book");
    QVERIFY(trTitle != u"Order book" && trTitle != idTitle);
    QTRY_COMPARE(book->windowTitle(), trTitle);

    // A new window (the next start) comes up in the remembered language.
    {
        ClientSession session2;
        DeskState desk2(session2, GpuCatalog::builtIn());
        ServerConnector connector2(session2);
        MainWindow second(connector2, desk2);
        QCOMPARE(second.appearance()->language(), u"tr"_s);
    }
    // An unknown language changes nothing.
    QVERIFY(!window.appearance()->setLanguage(QStringLiteral("xx")));
    QCOMPARE(window.appearance()->language(), u"tr"_s);

    window.findChild<QAction *>(QStringLiteral("language_en"))->trigger();
    QTRY_COMPARE(book->windowTitle(), u"Order book"_s);
}

void TestTranslations::themePersists()
{
    Appearance appearance;
    appearance.setTheme(Appearance::Theme::Dark);
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);
    QCOMPARE(QSettings().value(QStringLiteral("appearance/theme")).toString(), u"dark"_s);
    Appearance next;
    next.restore();
    QCOMPARE(next.theme(), Appearance::Theme::Dark);
    next.setTheme(Appearance::Theme::Light);
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 128);
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
