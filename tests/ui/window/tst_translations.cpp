// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Translations: every string of the desk is translated into Indonesian and Turkish with the
// same placeholders, in the glossary's words (translations/glossary.md); English plurals come out
// right; switching language at runtime retranslates the open window, changes the number and
// percent format and is remembered, and so is the theme. In every language, every mnemonic
// (Alt+letter) is a letter a key gives, no two mnemonics of one whole window (menu bar, docks and
// the role's workspace), dialog or menu are the same, and no column header is more than twice as
// long as its English text.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"
#include "market/percent.h"
#include "trading/topupdialog.h"
#include "views/deskstate.h"
#include "window/appearance.h"
#include "window/connectdialog.h"
#include "window/logindialog.h"
#include "window/mainwindow.h"
#include "window/passworddialog.h"
#include "window/roleworkspaces.h"
#include "window/signupdialog.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"
#include "wizard/sizingwizard.h"

#include <QtCore/QFile>
#include <QtCore/QRegularExpression>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QXmlStreamReader>
#include <QtTest/QTest>
#include <QtWidgets/QAbstractButton>
#include <QtWidgets/QAbstractItemView>
#include <QtWidgets/QApplication>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QGroupBox>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMenuBar>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QTabBar>
#include <QtWidgets/QTabWidget>
#include <QtWidgets/QWizardPage>

#include <functional>

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

// One scope of mnemonics (a window, a dialog, a wizard page, a menu): Alt+key -> the texts that
// claim it. Only what can be shown at once counts: widgets visible in their window.
using Mnemonics = QMap<QString, QStringList>;

void addMnemonic(Mnemonics &scope, const QString &text)
{
    const QKeySequence key = QKeySequence::mnemonic(text);
    if (!key.isEmpty())
        scope[key.toString(QKeySequence::NativeText)] << text;
}

// Labels with a buddy, buttons, group boxes and tab bars under root (not in a menu, nor in a window
// of their own), and what skip says to leave out (a scope of its own).
void addWidgetMnemonics(Mnemonics &scope, QWidget *root,
                        const std::function<bool(QWidget *)> &skip = {})
{
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(root) || qobject_cast<QMenu *>(w) || (skip && skip(w)))
            continue;
        if (const auto *label = qobject_cast<QLabel *>(w); label && label->buddy())
            addMnemonic(scope, label->text());
        else if (const auto *button = qobject_cast<QAbstractButton *>(w))
            addMnemonic(scope, button->text());
        else if (const auto *group = qobject_cast<QGroupBox *>(w))
            addMnemonic(scope, group->title());
        else if (const auto *tabs = qobject_cast<QTabBar *>(w)) {
            for (int i = 0; i < tabs->count(); ++i) // every tab's title shows, and fires
                addMnemonic(scope, tabs->tabText(i));
        }
    }
}

// "scope: Alt+G: &View / &GPUs" for every key claimed twice.
QStringList clashes(const QString &name, const Mnemonics &scope)
{
    QStringList out;
    for (auto it = scope.cbegin(); it != scope.cend(); ++it) {
        if (it.value().size() > 1)
            out << name + u": "_s + it.key() + u": "_s + it.value().join(u" / "_s);
    }
    return out;
}

QStringList menuClashes(QWidget *root)
{
    QStringList out;
    Mnemonics bar;
    if (auto *window = qobject_cast<QMainWindow *>(root)) {
        for (QAction *a : window->menuBar()->actions())
            addMnemonic(bar, a->text());
    }
    out << clashes(root->objectName() + u" menu bar"_s, bar);
    for (QMenu *menu : root->findChildren<QMenu *>()) {
        Mnemonics items;
        for (QAction *a : menu->actions()) {
            if (a->isVisible() && !a->isSeparator())
                addMnemonic(items, a->text());
        }
        out << clashes(u"menu "_s + menu->title(), items);
    }
    return out;
}

// Whether Alt plus the letter after '&' can be typed in a language. Qt matches a mnemonic by
// QChar::toUpper() of its letter against the key the keyboard reports, which is the upper case of
// the key's letter. So a mnemonic fires when its letter is one whose key reports exactly that:
// A-Z and 0-9 everywhere (ASCII: every keyboard the desk's languages use has them, Indonesian
// uses no other letter), and in Turkish its own letters Ç Ğ Ö Ş Ü. It never fires when the
// language's capital of the letter is not QChar's: Turkish i (the key's capital is İ, QChar's
// is I), dotless ı (QChar makes it I, the key shows ı) and İ itself (no key reports İ; Qt
// upper-cases the i key to I). "&İlanlar" looks like Alt+İ and is dead.
bool mnemonicCanFire(QChar c, const QString &language)
{
    if (language == u"tr" && (c == u'i' || c == u'\u0131' || c == u'\u0130'))
        return false;
    if (c.unicode() < 128)
        return c.isLetterOrNumber();
    return language == u"tr" && QStringView(u"ÇĞÖŞÜçğöşü").contains(c);
}

// The letter after the mnemonic '&' of text ("&&" is a literal ampersand), or a null QChar.
QChar mnemonicLetter(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != u'&')
            continue;
        if (text.at(i + 1) == u'&') {
            ++i;
            continue;
        }
        return text.at(i + 1);
    }
    return {};
}

// Mnemonics whose key no keyboard of the language gives: "&İlanlar" claims Alt+İ, and İ's lower
// case is two characters whose upper case is not İ again; Turkish i never fires (mnemonicCanFire).
QStringList typingProblems(const Mnemonics &scope, const QString &language)
{
    QStringList out;
    for (auto it = scope.cbegin(); it != scope.cend(); ++it) {
        for (const QString &text : it.value()) {
            const QKeyCombination key = QKeySequence::mnemonic(text)[0];
            const QString letter = QString(QChar(char16_t(key.key())));
            if (letter.toLower().toUpper() != letter
                || !mnemonicCanFire(mnemonicLetter(text), language))
                out << language + u": "_s + it.key() + u" cannot be typed: "_s + text;
        }
    }
    return out;
}

// translations/glossary.md: each term in English (and its other forms), its Indonesian and
// Turkish translations (and their other forms), and the old words its translations must not use.
struct Term
{
    QStringList english;
    QHash<QString, QStringList> words; // by language
    QHash<QString, QStringList> banned; // by language
    QRegularExpression source; // the English forms as words, with a plural s
};

QStringList cellList(const QString &cell, QChar separator)
{
    QStringList out;
    for (const QString &part : cell.split(separator)) {
        if (!part.trimmed().isEmpty())
            out << part.trimmed();
    }
    return out;
}

QList<Term> readGlossary()
{
    QList<Term> terms;
    QFile file(QStringLiteral(EVERX_TRANSLATIONS_DIR "/glossary.md"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return terms;
    bool inTable = false;
    for (const QString &line : QString::fromUtf8(file.readAll()).split(u'\n')) {
        if (!line.startsWith(u'|')) {
            inTable = false;
            continue;
        }
        const QStringList cells = line.split(u'|');
        if (cells.size() < 6 || cells.at(1).trimmed() == u"English") {
            inTable = true;
            continue;
        }
        if (!inTable || cells.at(1).trimmed().startsWith(u"---"))
            continue;
        Term t;
        t.english = cellList(cells.at(1), u'/');
        t.words.insert(u"id"_s, cellList(cells.at(2), u','));
        t.words.insert(u"tr"_s, cellList(cells.at(3), u','));
        for (const QString &rule : cellList(cells.at(4), u';')) {
            const qsizetype colon = rule.indexOf(u':');
            if (colon > 0)
                t.banned.insert(rule.left(colon).trimmed(), cellList(rule.mid(colon + 1), u','));
        }
        QStringList forms;
        for (const QString &e : t.english) {
            QString f = QRegularExpression::escape(e);
            f.replace(u"\\-"_s, u"[-\\s]"_s).replace(u"\\ "_s, u"\\s+"_s);
            forms << f;
        }
        t.source = QRegularExpression(u"(?<![\\w-])(?:"_s + forms.join(u'|') + u")s?(?![\\w-])"_s,
                                      QRegularExpression::CaseInsensitiveOption);
        terms << t;
    }
    // Longer terms first: "best offer" is matched before, and hides, "offer".
    std::stable_sort(terms.begin(), terms.end(), [](const Term &a, const Term &b) {
        return a.english.first().size() > b.english.first().size();
    });
    return terms;
}

// Lower case without the mnemonic; "İ" lowers to "i" and a combining dot, which goes.
QString folded(QString text)
{
    return text.remove(u'&').toLower().remove(QChar(0x0307));
}

// Horizontal header texts of every item view under root, by view and section.
QMap<QString, QString> headerTexts(QWidget *root)
{
    QMap<QString, QString> out;
    for (QAbstractItemView *view : root->findChildren<QAbstractItemView *>()) {
        QAbstractItemModel *model = view->model();
        if (!model)
            continue;
        for (int section = 0; section < model->columnCount(); ++section) {
            const QString text = model->headerData(section, Qt::Horizontal).toString();
            if (!text.isEmpty())
                out.insert(view->objectName() + u'/' + QString::number(section), text);
        }
    }
    return out;
}
} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyStringIsTranslated_data();
    void everyStringIsTranslated();
    void glossaryIsFollowed_data();
    void glossaryIsFollowed();
    void mnemonicsCanBeTyped_data();
    void mnemonicsCanBeTyped();
    void englishPlurals();
    void languageSwitchesAtRuntime();
    void themePersists();
    void languages_data();
    void mnemonicsAreUnique_data() { languages_data(); }
    void mnemonicsAreUnique();
    void percentFollowsTheLocale();
    void columnHeadersStayShort_data();
    void columnHeadersStayShort();
    void cleanupTestCase();
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

void TestTranslations::glossaryIsFollowed_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("Indonesian") << QStringLiteral("id");
    QTest::newRow("Turkish") << QStringLiteral("tr");
}

void TestTranslations::glossaryIsFollowed()
{
    // Every message whose English names a glossary term says it with the term's one translation,
    // and not with the old words: "Talep" was a Turkish bid and also a payout request, and
    // "Pengajuan" both a provider's application and a payout request.
    QFETCH(QString, language);
    const QList<Term> terms = readGlossary();
    QVERIFY(terms.size() >= 10);
    // Messages that use a term's English word in another sense, by term and source's start.
    struct Exception
    {
        QString term, source;
    };
    const QList<Exception> exceptions {
        // "holds" as memory holds, not money set aside for a bid.
        {u"hold"_s, u"Whether some number of these GPUs holds"_s},
        {u"hold"_s, u"Plain data parallel: every GPU holds"_s},
        {u"hold"_s, u"Every GPU holds the whole base model"_s},
        {u"hold"_s, u"Placement: the GPUs on one server"_s},
        // "running rentals run to their end": the verb, not a wizard's run.
        {u"run"_s, u"Why do you suspend %1?"_s},
        {u"run"_s, u"You are signed out. The account's open bids"_s},
        // An exchange that runs on several machines: a server running, not a workload's run.
        {u"run"_s, u"The server's address. For an exchange that runs"_s},
    };
    const QList<Message> messages = readTs(tsPath(language));
    QStringList problems;
    QSet<QString> seen;
    for (const Message &m : messages) {
        QString source = QString(m.source).remove(u'&');
        for (const Term &term : terms) {
            if (!source.contains(term.source))
                continue;
            source.replace(term.source, u"\u2022"_s); // a shorter term inside it is covered
            seen.insert(term.english.first());
            if (std::any_of(exceptions.cbegin(), exceptions.cend(), [&](const Exception &e) {
                    return e.term == term.english.first() && m.source.startsWith(e.source);
                }))
                continue;
            for (const QString &translation : m.translations) {
                const QString t = folded(translation);
                const QStringList words = term.words.value(language);
                if (!std::any_of(words.cbegin(), words.cend(),
                                 [&](const QString &w) { return t.contains(folded(w)); }))
                    problems << term.english.first() + u" is not \""_s + words.value(0) + u"\": "_s
                            + m.context + u": "_s + m.source + u" -> "_s + translation;
                for (const QString &old : term.banned.value(language)) {
                    if (t.contains(folded(old)))
                        problems << term.english.first() + u" is not \""_s + old + u"\": "_s
                                + m.context + u": "_s + m.source + u" -> "_s + translation;
                }
            }
        }
    }
    // The seeds' words are among the terms, and the central ones are used.
    for (const QString &t : {u"bid"_s, u"offer"_s, u"best offer"_s, u"payout"_s, u"top-up"_s,
                             u"application"_s, u"run"_s, u"hold"_s, u"balance"_s})
        QVERIFY2(seen.contains(t), qPrintable(t));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslations::mnemonicsCanBeTyped_data()
{
    languages_data();
}

void TestTranslations::mnemonicsCanBeTyped()
{
    // "&İlanlar" and "&İstekler" never fired: see mnemonicCanFire. Every message of the language
    // (the English sources for English) whose text has a mnemonic.
    QFETCH(QString, language);
    const QList<Message> messages = readTs(tsPath(language == u"en" ? u"id"_s : language));
    QVERIFY(messages.size() > 100);
    QStringList problems;
    for (const Message &m : messages) {
        const QStringList texts = language == u"en" ? QStringList {m.source} : m.translations;
        for (const QString &text : texts) {
            const QChar c = mnemonicLetter(text);
            if (!c.isNull() && !c.isSpace() && !mnemonicCanFire(c, language))
                problems << m.context + u": "_s + m.source + u" -> "_s + text;
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
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
        // Built in it (the language is applied before its parts are made), with the menu
        // checking it and the window's numbers in its locale, before any event is processed.
        QCOMPARE(second.findChild<QDockWidget *>(QStringLiteral("orderBookDock"))->windowTitle(),
                 trTitle);
        QVERIFY(second.findChild<QAction *>(QStringLiteral("language_tr"))->isChecked());
        QVERIFY(!second.findChild<QAction *>(QStringLiteral("language_en"))->isChecked());
        QCOMPARE(second.locale().language(), QLocale::Turkish);
        QVERIFY(second.findChild<QAction *>(QStringLiteral("themeLight"))->isChecked());
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

void TestTranslations::languages_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Indonesian") << QStringLiteral("id");
    QTest::newRow("Turkish") << QStringLiteral("tr");
}

void TestTranslations::mnemonicsAreUnique()
{
    // Alt+G in Turkish once opened the View menu ("&Görünüm") and also meant the ticket's GPU
    // count ("&GPU sayısı"): a mnemonic claimed twice in one window works for neither. The whole
    // window counts, for each role: the menu bar, every dock shown and the role's workspace.
    QFETCH(QString, language);
    Appearance appearance;
    QVERIFY(appearance.setLanguage(language));
    QStringList problems;

    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start());
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.setWorkspaceFactory(roleWorkspaces(session, desk));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.appearance()->language(), language);
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    const QList<std::pair<Role, QString>> roles {{Role::Customer, u"customer"_s},
                                                 {Role::Provider, u"provider"_s},
                                                 {Role::Support, u"support"_s}};
    for (const auto &entry : roles) {
        // Not a structured binding: the lambda below uses name, which clang 14 cannot capture.
        const Role role = entry.first;
        const QString &name = entry.second;
        QAction *demo = window.findChild<QAction *>(u"demoAction_"_s + name);
        QVERIFY2(demo && demo->isEnabled(), qPrintable(name));
        demo->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn
                                     && session.account().role == role
                                     && window.shownRole() == role,
                                 10'000);
        QCoreApplication::processEvents(); // the role's docks are laid out and shown
        // What shows at once: the window as it is, and with each tab of each tab widget in front.
        const auto check = [&] {
            Mnemonics scope;
            for (QAction *a : window.menuBar()->actions()) {
                if (a->isVisible())
                    addMnemonic(scope, a->text());
            }
            addWidgetMnemonics(scope, &window);
            problems << clashes(name + u"'s window"_s, scope) << typingProblems(scope, language);
        };
        check();
        for (QTabWidget *tabs : window.findChildren<QTabWidget *>()) {
            const int current = tabs->currentIndex();
            for (int i = 0; i < tabs->count(); ++i) {
                tabs->setCurrentIndex(i);
                QCoreApplication::processEvents();
                check();
            }
            tabs->setCurrentIndex(current);
        }
        problems << menuClashes(&window);
    }

    LoginDialog login(session);
    ConnectDialog connect(connector);
    TopUpDialog topUp(session);
    SignUpDialog signUp(session);
    PasswordDialog password(session);
    for (QWidget *dialog :
         std::initializer_list<QWidget *> {&login, &connect, &topUp, &signUp, &password}) {
        Mnemonics scope;
        addWidgetMnemonics(scope, dialog);
        const QString name = QString::fromLatin1(dialog->metaObject()->className());
        problems << clashes(name, scope) << typingProblems(scope, language);
    }
    // The wizard, shown: for each workload, each page with the wizard's buttons that show with it.
    SizingWizard wizard(desk.marketWatch());
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    for (const QString &workload :
         {u"workloadFull"_s, u"workloadLora"_s, u"workloadQlora"_s, u"workloadInference"_s}) {
        wizard.restart();
        auto *choice = wizard.findChild<QAbstractButton *>(workload);
        QVERIFY2(choice, qPrintable(workload));
        choice->click();
        for (const int id : wizard.pageIds()) {
            wizard.setCurrentId(id);
            if (wizard.currentId() != id)
                continue;
            QCoreApplication::processEvents();
            Mnemonics scope;
            addWidgetMnemonics(scope, &wizard);
            const QString page =
                u"wizard ("_s + workload + u") page "_s + wizard.currentPage()->objectName();
            problems << clashes(page, scope) << typingProblems(scope, language);
        }
    }
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslations::percentFollowsTheLocale()
{
    // Turkish writes the sign first: the wizard's utilisation is "%40", not "40%".
    QCOMPARE(Percent::format(40, QLocale(QLocale::English)), u"40%"_s);
    QCOMPARE(Percent::format(2.5, QLocale(QLocale::Indonesian), 1), u"2,5%"_s);
    QCOMPARE(Percent::format(40, QLocale(QLocale::Turkish)), u"%40"_s);
    QCOMPARE(Percent::format(-2.5, QLocale(QLocale::Turkish), 2), u"-%2,50"_s);
    QCOMPARE(Percent::format(-0.001, QLocale(QLocale::English), 2), u"0.00%"_s);
    Appearance appearance;
    for (const auto &[language, text] :
         {std::pair {u"en"_s, u"40%"_s}, std::pair {u"id"_s, u"40%"_s},
          std::pair {u"tr"_s, u"%40"_s}}) {
        QVERIFY(appearance.setLanguage(language));
        SizingWizard wizard(nullptr);
        auto *mfu = wizard.findChild<QSpinBox *>(u"runMfu"_s);
        QVERIFY(mfu);
        mfu->setValue(40);
        QCOMPARE(mfu->text(), text);
    }
    QVERIFY(appearance.setLanguage(u"en"_s));
}

void TestTranslations::columnHeadersStayShort_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("Indonesian") << QStringLiteral("id");
    QTest::newRow("Turkish") << QStringLiteral("tr");
}

void TestTranslations::columnHeadersStayShort()
{
    // A header more than twice its English length widens its column or is cut: a shorter word.
    QFETCH(QString, language);
    Appearance appearance;
    QVERIFY(appearance.setLanguage(QStringLiteral("en")));
    ClientSession session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    SizingWizard wizard(desk.marketWatch());
    QMap<QString, QString> english = headerTexts(&window);
    english.insert(headerTexts(&wizard));
    QVERIFY(english.size() > 20);

    QVERIFY(window.appearance()->setLanguage(language));
    QCoreApplication::processEvents(); // LanguageChange reaches every widget
    QMap<QString, QString> translated = headerTexts(&window);
    translated.insert(headerTexts(&wizard));
    // The glossary's words for offers, bids and runs (translations/glossary.md) are kept whole
    // even in a header: "Best ask" is "Penawaran terbaik", one letter past twice.
    const QStringList seedWords = language == u"id"
        ? QStringList {u"penawaran terbaik"_s, u"permintaan"_s}
        : QStringList {u"en iyi satış"_s, u"alış teklif"_s, u"satış teklif"_s, u"çalıştırma"_s};
    QStringList problems;
    for (auto it = english.cbegin(); it != english.cend(); ++it) {
        const QString t = translated.value(it.key());
        QVERIFY2(!t.isEmpty(), qPrintable(it.key()));
        const bool seed = std::any_of(seedWords.cbegin(), seedWords.cend(),
                                      [&](const QString &w) { return t.toLower().contains(w); });
        if (t.size() > 2 * it.value().size() && !seed)
            problems << it.value() + u" -> "_s + t;
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslations::cleanupTestCase()
{
    Appearance appearance;
    appearance.setLanguage(QStringLiteral("en"));
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
