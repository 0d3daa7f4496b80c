// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The dark theme reaches every window of the desk: the workload wizard is dark like the main
// window, and a text field or spin box shows its edge (Fusion's own edge is the colour of a dark
// field).

#include "fixtures/testsettings.h"

#include "views/marketwatchmodel.h"
#include "window/appearance.h"
#include "window/deskstyle.h"
#include "wizard/sizingwizard.h"

#include "market/gpucatalog.h"

#include <QtCore/QStandardPaths>
#include <QtGui/QImage>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QVBoxLayout>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

// The mean lightness (0..255) of what a widget paints.
int meanLightness(QWidget *widget)
{
    const QImage image = widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
    qint64 sum = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            sum += QColor(image.pixel(x, y)).lightness();
    }
    return int(sum / std::max<qint64>(1, qint64(image.width()) * image.height()));
}

// How far a field's edge stands off the field and the window around it (lightness, 0..255): the
// largest difference along the middle of its left side.
int edgeContrast(QWidget *field)
{
    const QImage image = field->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const int y = image.height() / 2;
    const int inside = QColor(image.pixel(6, y)).lightness();
    int best = 0;
    for (int x = 0; x < 3; ++x)
        best = std::max(best, std::abs(QColor(image.pixel(x, y)).lightness() - inside));
    return best;
}

} // namespace

class TestAppearance : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void wizardFollowsTheDarkTheme();
    void fieldEdgesShowInBothThemes_data();
    void fieldEdgesShowInBothThemes();
};

void TestAppearance::initTestCase()
{
    test::isolateSettings();
}

void TestAppearance::wizardFollowsTheDarkTheme()
{
    // Opened in the light theme, then the user switches to dark (the application's palette
    // reaches open windows through the event loop).
    Appearance appearance;
    appearance.setTheme(Appearance::Theme::Light);
    MarketWatchModel market(GpuCatalog::builtIn());
    SizingWizard wizard(&market);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    QVERIFY(meanLightness(&wizard) > 160);
    appearance.setTheme(Appearance::Theme::Dark);
    QTest::qWait(20);
    // Every page, as the user steps through them, is dark.
    for (int page = 0; page < 4 && wizard.currentPage(); ++page) {
        const int lightness = meanLightness(&wizard);
        QVERIFY2(lightness < 90,
                 qPrintable(u"page %1 (%2): lightness %3"_s.arg(page)
                                .arg(wizard.currentPage()->objectName())
                                .arg(lightness)));
        wizard.next();
    }
    // And back.
    appearance.setTheme(Appearance::Theme::Light);
    QTest::qWait(20);
    QVERIFY2(meanLightness(&wizard) > 160, qPrintable(QString::number(meanLightness(&wizard))));
    appearance.setTheme(Appearance::Theme::Dark);
    QTest::qWait(20);
    QVERIFY2(meanLightness(&wizard) < 90, qPrintable(QString::number(meanLightness(&wizard))));
    appearance.setTheme(Appearance::Theme::Light);
}

void TestAppearance::fieldEdgesShowInBothThemes_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TestAppearance::fieldEdgesShowInBothThemes()
{
    QFETCH(bool, dark);
    Appearance appearance;
    appearance.setTheme(dark ? Appearance::Theme::Dark : Appearance::Theme::Light);
    QTest::qWait(20);
    QVERIFY(dynamic_cast<DeskStyle *>(QApplication::style()));
    QWidget window;
    auto *layout = new QVBoxLayout(&window);
    auto *line = new QLineEdit(u"70B"_s, &window);
    auto *spin = new QSpinBox(&window);
    auto *combo = new QComboBox(&window);
    combo->setEditable(true);
    combo->addItem(u"Llama 3 70B"_s);
    auto *button = new QWidget(&window); // takes the focus away from the fields
    button->setFocusPolicy(Qt::StrongFocus);
    for (QWidget *w : std::initializer_list<QWidget *> {line, spin, combo, button})
        layout->addWidget(w);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    button->setFocus();
    for (QWidget *field : std::initializer_list<QWidget *> {line, spin, combo}) {
        const int contrast = edgeContrast(field);
        QVERIFY2(contrast >= 40,
                 qPrintable(u"%1: edge contrast %2"_s
                                .arg(QString::fromLatin1(field->metaObject()->className()))
                                .arg(contrast)));
    }
    appearance.setTheme(Appearance::Theme::Light);
}

QTEST_MAIN(TestAppearance)
#include "tst_appearance.moc"
