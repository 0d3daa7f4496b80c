// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Qt's own strings in the desk's languages. Debian ships no Indonesian catalog for Qt, so the
// desk carries one (translations/qtbase_id.ts, embedded as :/i18n/qtbase_id). Run with the
// system's language set to Indonesian (LANGUAGE=id, see CMakeLists.txt) and no saved settings,
// as on a first launch: the desk follows the system, and the workload wizard's buttons, a
// message box's buttons and its details button, and a line edit's context menu are in
// Indonesian. Every message of the catalog is one Qt really has (found in Debian's catalogs of
// other languages) and is translated.

#include "fixtures/testsettings.h"
#include "views/marketwatchmodel.h"
#include "window/appearance.h"
#include "wizard/sizingwizard.h"

#include "market/gpucatalog.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QLibraryInfo>
#include <QtCore/QSettings>
#include <QtCore/QStandardPaths>
#include <QtCore/QTranslator>
#include <QtCore/QXmlStreamReader>
#include <QtGui/QAction>
#include <QtTest/QTest>
#include <QtWidgets/QAbstractButton>
#include <QtWidgets/QApplication>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>

#include <memory>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {
struct QtMessage
{
    QString context;
    QString source;
    QString translation;
};

QList<QtMessage> readCatalog(const QString &path)
{
    QList<QtMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return messages;
    QXmlStreamReader xml(&file);
    QString context;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"name")
            context = xml.readElementText();
        else if (xml.name() == u"source")
            messages.append({context, xml.readElementText(), {}});
        else if (xml.name() == u"translation" && !messages.isEmpty())
            messages.last().translation = xml.readElementText();
    }
    return messages;
}

QStringList actionTexts(const QMenu *menu)
{
    QStringList texts;
    for (const QAction *a : menu->actions())
        texts << a->text().section(u'\t', 0, 0);
    return texts;
}
} // namespace

class TestQtTranslations : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Appearance> m_appearance;

private slots:
    void initTestCase();
    void firstLaunchFollowsTheSystemLanguage();
    void wizardButtonsAreIndonesian();
    void messageBoxButtonsAreIndonesian();
    void lineEditMenuIsIndonesian();
    void catalogHoldsQtsOwnStrings();
    void turkishUsesDebiansCatalog();
    void englishIsQtsOwn();
};

void TestQtTranslations::initTestCase()
{
    test::isolateSettings(u"EverXCloudQtTranslationsTest"_s);
    QCOMPARE(qEnvironmentVariable("LANGUAGE"), u"id"_s); // set by the test's CMakeLists.txt
    m_appearance = std::make_unique<Appearance>();
    m_appearance->restore();
}

void TestQtTranslations::firstLaunchFollowsTheSystemLanguage()
{
    QCOMPARE(Appearance::systemLanguage(), u"id"_s);
    QCOMPARE(m_appearance->language(), u"id"_s);
    QCOMPARE(QSettings().value(u"appearance/language"_s).toString(), u"id"_s);
}

void TestQtTranslations::wizardButtonsAreIndonesian()
{
    MarketWatchModel market(GpuCatalog::builtIn());
    SizingWizard wizard(&market);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QCOMPARE(wizard.buttonText(QWizard::BackButton), u"< &Kembali"_s);
    QCOMPARE(wizard.buttonText(QWizard::NextButton), u"&Lanjut >"_s);
    QCOMPARE(wizard.buttonText(QWizard::FinishButton), u"&Selesai"_s);
    QCOMPARE(wizard.buttonText(QWizard::CancelButton), u"Batal"_s);
    // The button the user sees, not only the text the wizard would give it.
    QCOMPARE(wizard.button(QWizard::NextButton)->text(), u"&Lanjut >"_s);
    QCOMPARE(wizard.button(QWizard::CancelButton)->text(), u"Batal"_s);
}

void TestQtTranslations::messageBoxButtonsAreIndonesian()
{
    QMessageBox box(QMessageBox::Question, u"EverX Desk"_s, u"?"_s,
                    QMessageBox::Yes | QMessageBox::No | QMessageBox::Cancel | QMessageBox::Ok);
    box.setDetailedText(u"details"_s);
    box.show();
    QVERIFY(QTest::qWaitForWindowExposed(&box));
    QCOMPARE(box.button(QMessageBox::Yes)->text(), u"&Ya"_s);
    QCOMPARE(box.button(QMessageBox::No)->text(), u"&Tidak"_s);
    QCOMPARE(box.button(QMessageBox::Cancel)->text(), u"Batal"_s);
    QCOMPARE(box.button(QMessageBox::Ok)->text(), u"OK"_s);
    QStringList texts;
    for (const QAbstractButton *b : box.buttons())
        texts << b->text();
    QVERIFY2(texts.contains(u"Tampilkan Rincian..."_s), qPrintable(texts.join(u", "_s)));
}

void TestQtTranslations::lineEditMenuIsIndonesian()
{
    QLineEdit edit(u"text"_s);
    std::unique_ptr<QMenu> menu(edit.createStandardContextMenu());
    const QStringList texts = actionTexts(menu.get());
    for (const QString &expected : {u"&Urungkan"_s, u"U&langi"_s, u"Po&tong"_s, u"&Salin"_s,
                                    u"T&empel"_s, u"Hapus"_s, u"Pilih Semua"_s})
        QVERIFY2(texts.contains(expected), qPrintable(texts.join(u", "_s)));
}

void TestQtTranslations::catalogHoldsQtsOwnStrings()
{
    const QList<QtMessage> messages =
        readCatalog(QStringLiteral(EVERX_TRANSLATIONS_DIR "/qtbase_id.ts"));
    QVERIFY(messages.size() > 100);
    // Debian's catalogs of Qt 6.4 in other languages know every context and source that Qt
    // looks up: a message none of them knows would never be asked for.
    std::vector<std::unique_ptr<QTranslator>> debian;
    for (const char *language : {"tr", "de", "fr"}) {
        auto t = std::make_unique<QTranslator>();
        if (t->load(u"qtbase_"_s + QLatin1String(language),
                    QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            debian.push_back(std::move(t));
    }
    if (debian.empty())
        QSKIP("Debian's Qt catalogs (qt6-translations-l10n) are not installed");
    QTranslator ours;
    QVERIFY(ours.load(u":/i18n/qtbase_id"_s));
    QStringList problems;
    for (const QtMessage &m : messages) {
        const QByteArray context = m.context.toUtf8(), source = m.source.toUtf8();
        bool known = false;
        for (const auto &t : debian)
            known = known || !t->translate(context.constData(), source.constData()).isEmpty();
        if (!known)
            problems << u"not one of Qt's: "_s + m.context + u" / "_s + m.source;
        if (m.translation.isEmpty())
            problems << u"untranslated: "_s + m.context + u" / "_s + m.source;
        else if (ours.translate(context.constData(), source.constData()) != m.translation)
            problems << u"not in the embedded catalog: "_s + m.context + u" / "_s + m.source;
        if (m.source.count(u'&') != m.translation.count(u'&'))
            problems << u"accelerator lost: "_s + m.context + u" / "_s + m.source;
        if (m.source.contains(u"%1"_s) != m.translation.contains(u"%1"_s))
            problems << u"placeholder lost: "_s + m.context + u" / "_s + m.source;
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestQtTranslations::turkishUsesDebiansCatalog()
{
    QTranslator debianTurkish;
    if (!debianTurkish.load(u"qtbase_tr"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QSKIP("Debian's Qt catalogs (qt6-translations-l10n) are not installed");
    QVERIFY(m_appearance->setLanguage(u"tr"_s));
    QWizard wizard;
    const QString expected = debianTurkish.translate("QWizard", "&Next >");
    QVERIFY(!expected.isEmpty());
    QCOMPARE(wizard.buttonText(QWizard::NextButton), expected);
    QVERIFY(m_appearance->setLanguage(u"id"_s));
    QCOMPARE(QWizard().buttonText(QWizard::NextButton), u"&Lanjut >"_s);
}

void TestQtTranslations::englishIsQtsOwn()
{
    QVERIFY(m_appearance->setLanguage(u"en"_s));
    QWizard wizard;
    QCOMPARE(wizard.buttonText(QWizard::NextButton), u"&Next >"_s);
    QMessageBox box(QMessageBox::Question, u"t"_s, u"?"_s, QMessageBox::Yes);
    QCOMPARE(box.button(QMessageBox::Yes)->text(), u"&Yes"_s);
}

QTEST_MAIN(TestQtTranslations)
#include "tst_qttranslations.moc"
