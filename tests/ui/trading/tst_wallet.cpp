// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// The wallet on the embedded sandbox, driven by object names as a user would: top up, see the
// top-up pending with its reference (nothing credited), then the sandbox's processor pay it and
// the balance rise by exactly the quoted amount with a notification; a bad amount is refused
// in place; export the ledger
// as CSV and read the file back; a refused top-up keeps the dialog open; a rental's invoice
// agrees with what the ledger billed.

#include "fixtures/sandboxfixture.h"
#include "fixtures/testsettings.h"
#include "server/embeddedexchange.h"

#include "market/fxrates.h"
#include "trading/invoicedialog.h"
#include "trading/topupdialog.h"
#include "trading/walletwidget.h"
#include "views/deskstate.h"
#include "views/ledgerfiltermodel.h"
#include "views/ledgermodel.h"
#include "views/pendingtopupsmodel.h"
#include "window/appearance.h"
#include "window/mainwindow.h"
#include "wire/clientsession.h"
#include "wire/serverconnector.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMenuBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QTableView>

#include <utility>

using namespace Qt::StringLiterals;
using namespace everx;

namespace {

// Rows of a CSV file (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks),
// header first.
QList<QStringList> readCsv(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(file.readAll());
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            row.append(std::exchange(field, {}));
        } else if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n') {
            row.append(std::exchange(field, {}));
            rows.append(std::exchange(row, {}));
            ++i;
        } else {
            field += c;
        }
    }
    return rows;
}

} // namespace

class TestWallet : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void topUpExportAndInvoice();
};

void TestWallet::initTestCase()
{
    test::isolateSettings();
}

void TestWallet::topUpExportAndInvoice()
{
    test::SandboxFixture sandbox;
    QVERIFY(sandbox.start()); // a quiet market: only this test trades
    ClientSession &session = sandbox.session;
    DeskState desk(session, GpuCatalog::builtIn());
    ServerConnector connector(session);
    MainWindow window(connector, desk);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    session.connectToExchange();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::Connected, 10'000);
    session.loginDemo(Role::Customer);
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, Cents(500'000), 5000);

    auto *dock = window.findChild<QDockWidget *>(u"walletDock"_s);
    auto *wallet = window.findChild<WalletWidget *>();
    auto *available = window.findChild<QLabel *>(u"walletAvailable"_s);
    auto *held = window.findChild<QLabel *>(u"walletHeld"_s);
    auto *topUp = window.findChild<QPushButton *>(u"walletTopUp"_s);
    auto *ledgerView = window.findChild<QTableView *>(u"ledgerView"_s);
    QVERIFY(dock && wallet && available && held && topUp && ledgerView);
    QCOMPARE(dock->windowTitle(), u"Wallet"_s);
    QVERIFY(window.menuBar()->actions().contains(wallet->menu()->menuAction()));
    dock->show();
    dock->raise();
    const QLocale locale = available->locale();
    QTRY_COMPARE(available->text(), Money::format(500'000, locale));
    QCOMPARE(held->text(), Money::format(0, locale));
    LedgerModel *ledger = wallet->ledger();
    QTRY_VERIFY_WITH_TIMEOUT(ledger->rowCount() > 0 && !ledger->isLoading(), 5000);
    QCOMPARE(ledgerView->model()->rowCount(), ledger->rowCount());
    const int rowsBefore = ledger->rowCount();

    // Open the dialog from the wallet, choose EUR.
    topUp->click();
    QPointer<TopUpDialog> dialog = window.findChild<TopUpDialog *>(u"topUpDialog"_s);
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    auto *currency = dialog->findChild<QComboBox *>(u"topUpCurrency"_s);
    auto *amount = dialog->findChild<QLineEdit *>(u"topUpAmount"_s);
    auto *quote = dialog->findChild<QLabel *>(u"topUpQuote"_s);
    auto *problem = dialog->findChild<QLabel *>(u"topUpProblem"_s);
    auto *confirm = dialog->findChild<QPushButton *>(u"topUpConfirm"_s);
    QVERIFY(currency && amount && quote && problem && confirm);
    currency->setCurrentIndex(currency->findData(u"EUR"_s));
    QVERIFY(!confirm->isEnabled());

    // A bad amount: the problem in place, no quote, nothing sent even if confirmed by keyboard.
    QTest::keyClicks(amount, u"12.345"_s);
    QVERIFY(problem->isVisible());
    QVERIFY(!problem->text().isEmpty());
    QVERIFY(!confirm->isEnabled());
    QTest::keyClick(amount, Qt::Key_Return);
    QTest::qWait(2 * TopUpDialog::QuoteDelayMs + 300);
    QVERIFY(dialog && dialog->isVisible());
    QVERIFY(!dialog->quote().has_value());
    QVERIFY(quote->text().isEmpty());
    QCOMPARE(desk.balance().available, Cents(500'000));
    QCOMPARE(ledger->rowCount(), rowsBefore);
    amount->clear();
    QTest::keyClicks(amount, u"-5"_s);
    QVERIFY(problem->isVisible());
    QVERIFY(!confirm->isEnabled());

    // A good one: the quote follows the typing; confirming credits exactly what it said.
    amount->clear();
    QTest::keyClicks(amount, u"100"_s);
    QVERIFY(!problem->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(confirm->isEnabled(), 5000);
    const std::optional<Quote> q = dialog->quote();
    QVERIFY(q);
    const qint64 rate = FxRates::builtIn().usdPerUnitMicros(Currency::EUR).value();
    QCOMPARE(q->currency, Currency::EUR);
    QCOMPARE(q->amountMinor, Cents(10'000));
    QCOMPARE(q->rateMicros, rate);
    QCOMPARE(q->creditedCents, Money::convert(10'000, rate));
    QVERIFY2(quote->text().contains(Money::format(q->creditedCents, locale)),
             qPrintable(quote->text()));
    QVERIFY2(quote->text().contains(u"1 EUR = "_s + LedgerModel::rateText(rate, locale)),
             qPrintable(quote->text()));
    // Confirming asks for a payment: the dialog shows it pending with its reference, and the
    // wallet lists it; nothing is credited yet.
    QSignalSpy notified(&desk, &DeskState::notification);
    auto *paymentLabel = dialog->findChild<QLabel *>(u"topUpPayment"_s);
    auto *pendingView = wallet->findChild<QTableView *>(u"walletPendingTopUps"_s);
    QVERIFY(paymentLabel && pendingView);
    QVERIFY(!pendingView->isVisible());
    confirm->click();
    QTRY_VERIFY_WITH_TIMEOUT(dialog->payment().has_value(), 5000);
    const Payment payment = *dialog->payment();
    QCOMPARE(payment.state, PaymentState::Pending);
    QCOMPARE(payment.creditedCents, q->creditedCents);
    QVERIFY(paymentLabel->isVisible());
    QVERIFY2(paymentLabel->text().contains(payment.reference), qPrintable(paymentLabel->text()));
    QVERIFY(!confirm->isVisible());
    QCOMPARE(desk.balance().available, Cents(500'000));
    QTRY_COMPARE_WITH_TIMEOUT(desk.pendingTopUps()->rowCount(), 1, 5000);
    QCOMPARE(desk.pendingTopUps()->index(0, PendingTopUpsModel::Reference).data().toString(),
             payment.reference);
    QTRY_VERIFY(pendingView->isVisible());
    // The sandbox's processor pays it through the signed path: credited, and a notification.
    QTRY_COMPARE_WITH_TIMEOUT(dialog->payment()->state, PaymentState::Credited, 10'000);
    QVERIFY2(paymentLabel->text().contains(payment.reference), qPrintable(paymentLabel->text()));
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const QList<QVariant> &n : std::as_const(notified)) {
                if (n.at(0).toString() == u"topup_credited"_s
                    && n.at(1).toString().contains(payment.reference))
                    return true;
            }
            return false;
        }(),
        5000);
    QTRY_COMPARE(desk.pendingTopUps()->rowCount(), 0);
    QTRY_VERIFY(!pendingView->isVisible());
    dialog->accept(); // Close
    QTRY_VERIFY_WITH_TIMEOUT(!dialog, 5000); // closed and deleted
    const Cents after = 500'000 + q->creditedCents;
    QTRY_COMPARE_WITH_TIMEOUT(desk.balance().available, after, 5000);
    QTRY_COMPARE(available->text(), Money::format(after, locale));

    // The top-up is the ledger's newest row, inserted without a reset.
    QTRY_COMPARE_WITH_TIMEOUT(ledger->rowCount(), rowsBefore + 1, 5000);
    QCOMPARE(ledger->entry(0).kind, u"topup"_s);
    QCOMPARE(ledger->entry(0).amount, q->creditedCents);
    QCOMPARE(ledger->entry(0).memo, u"EUR 100.00 at %1 %2"_s.arg(rate).arg(payment.reference));
    QCOMPARE(ledger->entry(0).refId, payment.id);
    // Its Balance is money: the available balance after it; its funds are named in words.
    QCOMPARE(ledgerView->model()->index(0, LedgerModel::Balance).data().toString(),
             Money::format(after, locale));
    QCOMPARE(ledgerView->model()->index(0, LedgerModel::BucketColumn).data().toString(),
             u"Available"_s);
    // Its reference is the payment's, as the customer quoted it when paying, and it finds it.
    QVERIFY(payment.reference.startsWith(u"pay_"_s));
    QCOMPARE(ledgerView->model()->index(0, LedgerModel::Reference).data().toString(),
             payment.reference);
    {
        auto *search = wallet->findChild<QLineEdit *>(u"ledgerSearch"_s);
        QVERIFY(search);
        search->setText(payment.reference.toUpper());
        QCOMPARE(ledgerView->model()->rowCount(), 1);
        QCOMPARE(ledgerView->model()->index(0, LedgerModel::Reference).data().toString(),
                 payment.reference);
        search->clear();
    }

    // Export: every row shown, read back.
    const QString csvPath = sandbox.dir.filePath(u"ledger.csv"_s);
    QString error;
    QVERIFY2(wallet->exportCsv(csvPath, &error), qPrintable(error));
    QList<QStringList> rows = readCsv(csvPath);
    QCOMPARE(rows.size(), ledger->rowCount() + 1);
    QCOMPARE(rows.first().first(), u"Entry"_s);
    const int amountColumn = int(rows.first().indexOf(u"Amount"_s));
    const int kindColumn = int(rows.first().indexOf(u"Kind"_s));
    const int currencyColumn = int(rows.first().indexOf(u"Currency"_s));
    const int memoColumn = int(rows.first().indexOf(u"Memo"_s));
    const int refIdColumn = int(rows.first().indexOf(u"Reference id"_s));
    const int balanceColumn = int(rows.first().indexOf(u"Balance"_s));
    QVERIFY(amountColumn > 0 && kindColumn > 0 && currencyColumn > 0 && memoColumn > 0
            && refIdColumn > 0);
    QCOMPARE(rows[1][0].toLongLong(), ledger->entry(0).id); // newest first, as shown
    // What the Wallet shows: the kind and the memo in words, the money's currency, and the raw
    // reference in its own column.
    const QModelIndex shownTopUp = ledgerView->model()->index(0, LedgerModel::Memo);
    QCOMPARE(rows[1][kindColumn], u"Top-up"_s);
    QCOMPARE(rows[1][memoColumn], shownTopUp.data().toString());
    QCOMPARE(rows[1][memoColumn],
             u"Paid %1 at 1 EUR = %2 USD"_s.arg(Money::format(10'000, locale, Currency::EUR),
                                                LedgerModel::rateText(rate, locale)));
    QCOMPARE(rows[1][currencyColumn], u"USD"_s);
    QCOMPARE(rows[1][refIdColumn].toLongLong(), payment.id);
    QCOMPARE(rows[1][int(rows.first().indexOf(u"Reference"_s))], payment.reference);
    QCOMPARE(rows[1][amountColumn], Money::toPlain(q->creditedCents));
    QCOMPARE(rows[1][balanceColumn], Money::toPlain(after));
    Cents sum = 0;
    for (qsizetype i = 1; i < rows.size(); ++i)
        sum += Money::parse(rows[i][amountColumn]).value();
    QCOMPARE(sum, desk.balance().available + desk.balance().held);

    // In Turkish: the header in Turkish, the memo as the Wallet shows it in Turkish.
    QVERIFY(window.appearance()->setLanguage(u"tr"_s));
    QVERIFY2(wallet->exportCsv(csvPath, &error), qPrintable(error));
    rows = readCsv(csvPath);
    QCOMPARE(rows.size(), ledger->rowCount() + 1);
    QCOMPARE(rows.first().mid(0, 9),
             (QStringList {u"Kay\u0131t"_s, u"Zaman (UTC)"_s, u"T\u00fcr"_s, u"Tutar"_s,
                           u"Para birimi"_s, u"Bakiye"_s, u"Kalem"_s, u"Referans"_s,
                           u"A\u00e7\u0131klama"_s}));
    const QLocale turkish(QLocale::Turkish);
    QCOMPARE(rows[1][memoColumn], shownTopUp.data().toString());
    QVERIFY2(rows[1][memoColumn].contains(Money::format(10'000, turkish, Currency::EUR)),
             qPrintable(rows[1][memoColumn]));
    QCOMPARE(rows[1][amountColumn], Money::toPlain(q->creditedCents)); // still a plain number
    QVERIFY(window.appearance()->setLanguage(u"en"_s));
    QVERIFY(wallet->exportCsv(csvPath, &error));

    // Only the rows the filters let through: top-ups.
    auto *kind = wallet->findChild<QComboBox *>(u"ledgerKindFilter"_s);
    QVERIFY(kind);
    kind->setCurrentIndex(kind->findData(u"topup"_s));
    QVERIFY(ledgerView->model()->rowCount() < ledger->rowCount() + 1);
    QVERIFY(wallet->exportCsv(csvPath, &error));
    rows = readCsv(csvPath);
    QCOMPARE(rows.size(), ledgerView->model()->rowCount() + 1);
    for (qsizetype i = 1; i < rows.size(); ++i)
        QCOMPARE(rows[i][kindColumn], u"Top-up"_s);
    kind->setCurrentIndex(0);

    // A folder that does not exist: an error, and no file.
    const QString badPath = sandbox.dir.filePath(u"no-such-folder/ledger.csv"_s);
    error.clear();
    QVERIFY(!wallet->exportCsv(badPath, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFile::exists(badPath));

    // Rent 1 GPU for 2 hours at the best offer; select its first billed hour: the invoice agrees
    // with the ledger to the cent.
    QTRY_VERIFY_WITH_TIMEOUT(desk.orderBook()->bestAsk().has_value(), 5000);
    std::optional<Protocol::Frame> placed;
    session.placeOrder(
        BidRequest {
            desk.orderBook()->gpu(), OrderKind::BuyNow, 1, 2, *desk.orderBook()->bestAsk(), 0, {}},
        this, [&placed](const Protocol::Frame &r) { placed = r; });
    QTRY_VERIFY_WITH_TIMEOUT(placed.has_value(), 5000);
    QCOMPARE(placed->kind, Protocol::FrameKind::Result);
    QTRY_COMPARE_WITH_TIMEOUT(desk.rentals()->rowCount(), 1, 5000);
    const Rental rental = desk.rentals()->record(0);
    int captureRow = -1;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (int row = 0; row < ledgerView->model()->rowCount(); ++row) {
                const QModelIndex i = ledgerView->model()->index(row, 0);
                if (i.data(LedgerModel::KindRole).toString() == u"capture"
                    && i.data(LedgerModel::RentalIdRole).toLongLong() == rental.id)
                    captureRow = row;
            }
            return captureRow >= 0;
        }(),
        5000);
    auto *invoiceButton = wallet->findChild<QPushButton *>(u"walletInvoice"_s);
    QVERIFY(invoiceButton);
    ledgerView->setCurrentIndex(ledgerView->model()->index(captureRow, 0));
    QVERIFY(invoiceButton->isEnabled());
    invoiceButton->click();
    auto *invoiceDialog = window.findChild<InvoiceDialog *>(u"invoiceDialog"_s);
    QVERIFY(invoiceDialog);
    const Invoice &invoice = invoiceDialog->invoice();
    QVERIFY(invoice.termsKnown);
    QCOMPARE(invoice.rentalId, rental.id);
    QVERIFY(invoice.hoursBilled >= 1);
    QCOMPARE(invoice.gpus, 1);
    QCOMPARE(invoice.pricePerGpuHour, rental.priceCents);
    QCOMPARE(invoice.charged, invoice.total);
    // The ledger's save dialog starts in the documents folder.
    QCOMPARE(
        QFileInfo(wallet->defaultExportPath()).absolutePath(),
        QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)).absolutePath());
    // Who issues it (EverXCloud, merchant of record), to whom, its number and its date.
    QCOMPARE(invoice.customer, session.account().email);
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(invoice.issuedMs).date(), QDate::currentDate());
    QCOMPARE(invoice.number(), u"EXC-R"_s + QString::number(rental.id).rightJustified(8, u'0'));
    const QString text = invoice.toPlainText(locale);
    for (const QString &said :
         {u"Issued by: EverXCloud, merchant of record"_s, u"Customer: "_s + invoice.customer,
          u"Invoice number: "_s + invoice.number(),
          u"Issue date: "_s + locale.toString(QDate::currentDate(), QLocale::LongFormat)})
        QVERIFY2(text.contains(said), qPrintable(text));
    QCOMPARE(invoice.total,
             Cents(invoice.hoursBilled)
                 * (rental.priceCents + Money::basisPoints(rental.priceCents, rental.taxBp)));
    const QString htmlPath = sandbox.dir.filePath(u"invoice.html"_s);
    QVERIFY2(invoiceDialog->saveHtml(htmlPath, &error), qPrintable(error));
    QFile html(htmlPath);
    QVERIFY(html.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(html.readAll()).contains(Money::format(invoice.total, locale)));
    invoiceDialog->close();

    // A refusal in place: support may ask for quotes but not top up. The dialog stays open.
    session.logout();
    QTRY_COMPARE(ledger->rowCount(), 0);
    session.loginDemo(Role::Support);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == ClientSession::State::SignedIn, 5000);
    QTRY_VERIFY(topUp->isEnabled());
    topUp->click();
    dialog = window.findChild<TopUpDialog *>(u"topUpDialog"_s);
    QVERIFY(dialog);
    amount = dialog->findChild<QLineEdit *>(u"topUpAmount"_s);
    problem = dialog->findChild<QLabel *>(u"topUpProblem"_s);
    confirm = dialog->findChild<QPushButton *>(u"topUpConfirm"_s);
    QTest::keyClicks(amount, u"10"_s);
    QTRY_VERIFY_WITH_TIMEOUT(confirm->isEnabled(), 5000);
    confirm->click();
    QTRY_VERIFY_WITH_TIMEOUT(problem->isVisible(), 5000);
    QVERIFY(!problem->text().isEmpty());
    QVERIFY(dialog && dialog->isVisible());
    QCOMPARE(amount->text(), u"10"_s);
    QVERIFY(confirm->isEnabled()); // the quote still stands; the user may cancel
    dialog->reject();
}

QTEST_MAIN(TestWallet)
#include "tst_wallet.moc"
