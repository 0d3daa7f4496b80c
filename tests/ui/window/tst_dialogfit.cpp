// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Every dialog of the desk and the workload wizard on a 1280x800 offscreen screen, in English,
// Indonesian and Turkish: its frame is on the screen's available area and its buttons are shown
// whole; and a dialog that shows a validation message grows for it instead of squeezing its
// fields (ui/windowfit).

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"

#include "market/gpucatalog.h"
#include "provider/clusterdialog.h"
#include "provider/listingdialog.h"
#include "provider/payoutdialog.h"
#include "provider/repricedialog.h"
#include "support/adjustmentdialog.h"
#include "support/reasondialog.h"
#include "trading/invoicedialog.h"
#include "trading/topupdialog.h"
#include "window/appearance.h"
#include "window/connectdialog.h"
#include "window/logindialog.h"
#include "window/passworddialog.h"
#include "window/signupdialog.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"
#include "wizard/sizingwizard.h"

#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtGui/QScreen>
#include <QtGui/QTextDocument>
#include <QtTest/QTest>
#include <QtWidgets/QAbstractButton>
#include <QtWidgets/QAbstractSpinBox>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>

#include <functional>
#include <memory>

using namespace everx;
using namespace Qt::StringLiterals;

namespace {

QRect globalRect(const QWidget *widget)
{
    return QRect(widget->mapToGlobal(QPoint(0, 0)), widget->size());
}

QString describe(const QRect &r)
{
    return u"%1x%2+%3+%4"_s.arg(r.width()).arg(r.height()).arg(r.x()).arg(r.y());
}

Listing listing(qint64 id, const QString &gpu)
{
    Listing l;
    l.id = id;
    l.gpu = gpu;
    l.gpuCount = 8;
    l.region = u"eu-central"_s;
    l.endpoint = u"ssh://gpu%1.example.net"_s.arg(id);
    l.askCents = 295;
    return l;
}

// Texts under root that are cut: a label on one line wider than its contents, a wrapped one
// shorter than its text, a button narrower than its text and box.
QStringList cutTexts(QWidget *root)
{
    QStringList out;
    for (QLabel *label : root->findChildren<QLabel *>()) {
        const QString text = QString(label->text()).remove(u'&');
        if (!label->isVisible() || text.isEmpty() || Qt::mightBeRichText(text))
            continue;
        // A text on lines of its own ("\n") is as wide as its widest line.
        const QSize needs = label->fontMetrics().boundingRect(QRect(), 0, text).size();
        if (label->wordWrap() ? label->height() < label->heightForWidth(label->width())
                              : needs.width() > label->contentsRect().width()
                    || needs.height() > label->contentsRect().height())
            out << u"%1 \"%2\": %3x%4"_s.arg(label->objectName(), text)
                       .arg(label->width())
                       .arg(label->height());
    }
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>()) {
        if (button->isVisible() && !button->text().isEmpty()
            && button->width() < button->sizeHint().width())
            out << u"%1 \"%2\": %3 of %4 px"_s.arg(button->objectName(), button->text())
                       .arg(button->width())
                       .arg(button->sizeHint().width());
    }
    return out;
}

std::optional<Cents> noBestAsk(const QString &)
{
    return std::nullopt;
}

} // namespace

class TestDialogFit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void dialogsFitTheScreen_data();
    void dialogsFitTheScreen();
    void dialogsGrowForTheirMessages_data();
    void dialogsGrowForTheirMessages();
    void cleanupTestCase();

private:
    std::unique_ptr<QDialog> make(const QString &name);

    test::SandboxFixture m_sandbox;
    std::unique_ptr<ServerConnector> m_connector;
    QList<Listing> m_listings {listing(1, u"h100-sxm"_s), listing(2, u"h100-sxm"_s)};
};

void TestDialogFit::initTestCase()
{
    test::isolateSettings();
    QCOMPARE(QGuiApplication::primaryScreen()->availableGeometry().size(), QSize(1280, 800));
    QVERIFY(m_sandbox.start());
    m_connector = std::make_unique<ServerConnector>(m_sandbox.session);
    m_sandbox.session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(m_sandbox.session.state() == ClientSession::State::Connected, 10'000);
    m_sandbox.session.loginDemo(Role::Customer); // the top-up asks the exchange for a payment
    QTRY_VERIFY_WITH_TIMEOUT(m_sandbox.session.state() == ClientSession::State::SignedIn, 10'000);
}

void TestDialogFit::cleanupTestCase()
{
    Appearance().setLanguage(u"en"_s);
}

// Each dialog as the desk makes it, with what it shows filled in.
std::unique_ptr<QDialog> TestDialogFit::make(const QString &name)
{
    ClientSession &session = m_sandbox.session;
    if (name == u"login")
        return std::make_unique<LoginDialog>(session);
    if (name == u"signUp")
        return std::make_unique<SignUpDialog>(session);
    if (name == u"password")
        return std::make_unique<PasswordDialog>(session);
    if (name == u"connect")
        return std::make_unique<ConnectDialog>(*m_connector);
    if (name == u"connectTrust") { // as a server's new certificate shows, with its fingerprint
        auto dialog = std::make_unique<ConnectDialog>(*m_connector);
        dialog->findChild<QLabel *>(u"connectFingerprint"_s)
            ->setText(u"SHA-256 3A:5F:09:C2:7E:11:B4:8D:62:F0:AA:19:5C:E3:47:D8\n"
                      "          91:0B:6E:24:C5:7A:F3:38:DE:82:4F:16:B9:0C:E7:55"_s);
        dialog->findChild<QWidget *>(u"connectTrust"_s)->show();
        return dialog;
    }
    if (name == u"topUp")
        return std::make_unique<TopUpDialog>(session);
    if (name == u"invoice")
        return std::make_unique<InvoiceDialog>(Invoice {});
    if (name == u"listing")
        return std::make_unique<ListingDialog>(GpuCatalog::builtIn(), &noBestAsk);
    if (name == u"reprice")
        return std::make_unique<RepriceDialog>(m_listings, GpuCatalog::builtIn(), &noBestAsk);
    if (name == u"cluster")
        return std::make_unique<ClusterDialog>(m_listings);
    if (name == u"payout")
        return std::make_unique<PayoutDialog>(Cents(123'456));
    if (name == u"adjustment")
        return std::make_unique<AdjustmentDialog>(u"customer@example.com"_s);
    if (name == u"reason")
        return std::make_unique<ReasonDialog>(
            QCoreApplication::translate("SupportWorkspace", "Suspend account"),
            QCoreApplication::translate("SupportWorkspace",
                                        "Why do you suspend %1? Its open bids are cancelled, its "
                                        "listings paused and its sessions ended; running rentals "
                                        "run to their end.")
                .arg(u"customer@example.com"_s));
    if (name == u"wizard")
        return std::make_unique<SizingWizard>(nullptr);
    return {};
}

void TestDialogFit::dialogsFitTheScreen_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("dialog");
    for (const QString &language : {u"en"_s, u"id"_s, u"tr"_s}) {
        for (const QString &dialog :
             {u"login"_s, u"signUp"_s, u"password"_s, u"connect"_s, u"connectTrust"_s, u"topUp"_s,
              u"invoice"_s, u"listing"_s, u"reprice"_s, u"cluster"_s, u"payout"_s, u"adjustment"_s,
              u"reason"_s, u"wizard"_s})
            QTest::addRow("%s %s", qPrintable(language), qPrintable(dialog)) << language << dialog;
    }
}

void TestDialogFit::dialogsFitTheScreen()
{
    QFETCH(QString, language);
    QFETCH(QString, dialog);
    QVERIFY(Appearance().setLanguage(language));
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    std::unique_ptr<QDialog> window = make(dialog);
    QVERIFY(window);
    auto *wizard = qobject_cast<QWizard *>(window.get());
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));

    // The wizard's every page, one after another; a dialog once.
    const QList<int> pages = wizard ? wizard->pageIds() : QList<int> {0};
    for (const int page : pages) {
        if (wizard) {
            wizard->setCurrentId(page);
            if (wizard->currentId() != page)
                continue;
        }
        QCoreApplication::processEvents();
        QVERIFY2(available.contains(window->frameGeometry()),
                 qPrintable(u"page %1: %2 on %3"_s.arg(page).arg(describe(window->frameGeometry()),
                                                                 describe(available))));
        for (QAbstractButton *button : window->findChildren<QAbstractButton *>()) {
            if (!button->isVisible())
                continue;
            const QString what =
                u"page %1: %2 \"%3\""_s.arg(page).arg(button->objectName(), button->text());
            QVERIFY2(button->visibleRegion().boundingRect() == button->rect(), qPrintable(what));
            QVERIFY2(globalRect(window.get()).contains(globalRect(button)), qPrintable(what));
        }
        const QStringList cut = cutTexts(window.get());
        QVERIFY2(cut.isEmpty(), qPrintable(u"page %1: "_s.arg(page) + cut.join(u'\n')));
    }
}

void TestDialogFit::dialogsGrowForTheirMessages_data()
{
    // A dialog, and what brings its validation messages up.
    using Provoke = std::function<void(QDialog *)>;
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("dialog");
    QTest::addColumn<Provoke>("provoke");
    const Provoke signUp = [](QDialog *d) {
        d->findChild<QLineEdit *>(u"signUpPassword"_s)->setText(u"short"_s);
        d->findChild<QPushButton *>(u"signUpButton"_s)->click();
    };
    const Provoke password = [](QDialog *d) {
        d->findChild<QLineEdit *>(u"passwordNew"_s)->setText(u"1234567890"_s);
        d->findChild<QLineEdit *>(u"passwordRepeat"_s)->setText(u"0987654321"_s);
        d->findChild<QPushButton *>(u"passwordChangeButton"_s)->click();
    };
    const Provoke listing = [](QDialog *d) { // no region, no endpoint
        d->findChild<QDialogButtonBox *>(u"buttons"_s)->button(QDialogButtonBox::Ok)->click();
    };
    // Not a problem but as long: the payment the top-up waits for ("Waiting for your payment…").
    const Provoke topUp = [](QDialog *d) {
        QTest::keyClicks(d->findChild<QLineEdit *>(u"topUpAmount"_s), u"100"_s);
        auto *confirm = d->findChild<QPushButton *>(u"topUpConfirm"_s);
        if (QTest::qWaitFor([confirm] { return confirm->isEnabled(); }, 5000))
            confirm->click();
        // What the test then checks says whether the payment came.
        [[maybe_unused]] const bool paid = QTest::qWaitFor(
            [d] { return static_cast<TopUpDialog *>(d)->payment().has_value(); }, 5000);
    };
    for (const QString &language : {u"en"_s, u"id"_s, u"tr"_s}) {
        QTest::addRow("%s topUp", qPrintable(language)) << language << u"topUp"_s << topUp;
        QTest::addRow("%s signUp", qPrintable(language)) << language << u"signUp"_s << signUp;
        QTest::addRow("%s password", qPrintable(language)) << language << u"password"_s << password;
        QTest::addRow("%s listing", qPrintable(language)) << language << u"listing"_s << listing;
    }
}

void TestDialogFit::dialogsGrowForTheirMessages()
{
    using Provoke = std::function<void(QDialog *)>;
    QFETCH(QString, language);
    QFETCH(QString, dialog);
    QFETCH(Provoke, provoke);
    QVERIFY(Appearance().setLanguage(language));
    std::unique_ptr<QDialog> window = make(dialog);
    QVERIFY(window);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const int before = window->height();
    provoke(window.get());
    QCoreApplication::processEvents(); // the layout's request, and the window's answer to it

    QStringList problems;
    bool shownMessage = false;
    for (QLabel *label : window->findChildren<QLabel *>()) {
        if (!label->isVisible() || !label->wordWrap() || label->text().isEmpty())
            continue;
        shownMessage = shownMessage || label->objectName().contains(u"Problem"_s)
            || label->objectName() == u"topUpPayment";
        const int needed = label->heightForWidth(label->contentsRect().width()) + label->height()
            - label->contentsRect().height();
        if (label->height() < needed || label->visibleRegion().boundingRect() != label->rect())
            problems
                << u"%1: %2 of %3 px"_s.arg(label->objectName()).arg(label->height()).arg(needed);
    }
    // The fields (not a spin box's or a combo box's own line edit: the box is the field).
    for (QWidget *field : window->findChildren<QWidget *>()) {
        const bool own = qobject_cast<QAbstractSpinBox *>(field->parentWidget())
            || qobject_cast<QComboBox *>(field->parentWidget());
        const bool isField = qobject_cast<QLineEdit *>(field)
            || qobject_cast<QAbstractSpinBox *>(field) || qobject_cast<QComboBox *>(field);
        if (isField && !own && field->isVisible() && field->height() < field->sizeHint().height())
            problems << u"%1: %2 of %3 px"_s.arg(field->objectName())
                            .arg(field->height())
                            .arg(field->sizeHint().height());
    }
    QVERIFY(shownMessage);
    QVERIFY2(window->height() > before,
             qPrintable(u"%1 px, was %2"_s.arg(window->height()).arg(before)));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

// One offscreen screen of 1280x800, before the application exists.
int main(int argc, char **argv)
{
    QTemporaryDir dir;
    const QString config = dir.filePath(u"screens.json"_s);
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(R"({"screens": [
        {"name": "small", "x": 0, "y": 0, "width": 1280, "height": 800, "logicalDpi": 96}
    ]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    QApplication app(argc, argv);
    TestDialogFit test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_dialogfit.moc"
