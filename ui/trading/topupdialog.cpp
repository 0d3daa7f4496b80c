// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "trading/topupdialog.h"

#include "ui_topupdialog.h"

#include "views/ledgermodel.h"
#include "views/timetext.h"
#include "windowfit/windowfit.h"

#include <QtCore/QDateTime>
#include <QtCore/QEvent>
#include <QtWidgets/QPushButton>

namespace everx {

TopUpDialog::TopUpDialog(ClientSession &session, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::TopUpDialog>())
    , m_client(session)
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    for (const Currency c : {Currency::USD, Currency::EUR, Currency::GBP})
        m_ui->topUpCurrency->addItem(QString(), Money::currencyCode(c));
    m_confirm = m_ui->topUpButtons->button(QDialogButtonBox::Ok);
    m_confirm->setObjectName(QStringLiteral("topUpConfirm"));
    m_confirm->setEnabled(false);
    m_cancel = m_ui->topUpButtons->button(QDialogButtonBox::Cancel);
    connect(m_ui->topUpButtons, &QDialogButtonBox::accepted, this, &TopUpDialog::accept);
    connect(m_ui->topUpButtons, &QDialogButtonBox::rejected, this, &TopUpDialog::reject);

    m_quoteTimer.setSingleShot(true);
    m_quoteTimer.setInterval(QuoteDelayMs);
    connect(&m_quoteTimer, &QTimer::timeout, this, &TopUpDialog::requestQuote);
    connect(m_ui->topUpCurrency, &QComboBox::currentIndexChanged, this, &TopUpDialog::inputChanged);
    connect(m_ui->topUpAmount, &QLineEdit::textChanged, this, &TopUpDialog::inputChanged);
    retranslateUi();
    m_ui->topUpAmount->setFocus();
}

TopUpDialog::~TopUpDialog() = default;

void TopUpDialog::retranslateUi()
{
    m_ui->topUpCurrency->setItemText(0, tr("USD \u2013 US dollar"));
    m_ui->topUpCurrency->setItemText(1, tr("EUR \u2013 euro"));
    m_ui->topUpCurrency->setItemText(2, tr("GBP \u2013 pound sterling"));
    m_ui->topUpAmount->setPlaceholderText(
        Money::toPlain(10'000).replace(u'.', locale().decimalPoint()));
    m_confirm->setText(tr("&Top up"));
    if (m_payment) {
        m_cancel->setText(tr("&Close"));
        m_ui->topUpPayment->setText(paymentText(*m_payment));
    }
    // The quote and problem texts in the new language or locale (a quote is asked for again).
    if (!m_busy && !m_payment)
        inputChanged();
}

void TopUpDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_ui->retranslateUi(this);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

std::optional<std::pair<Currency, Cents>> TopUpDialog::input(QString *problem) const
{
    const std::optional<Currency> currency =
        Money::currencyFromCode(m_ui->topUpCurrency->currentData().toString());
    const QString text = m_ui->topUpAmount->text().trimmed();
    if (!currency || text.isEmpty()) {
        *problem = QString(); // nothing typed yet is no mistake
        return std::nullopt;
    }
    const std::optional<Cents> amount = Money::parse(text, locale());
    if (!amount) {
        *problem = tr("Enter an amount such as %1, with at most two decimals.")
                       .arg(Money::toPlain(123'450).replace(u'.', locale().decimalPoint()));
        return std::nullopt;
    }
    if (*amount <= 0) {
        *problem = tr("The amount must be more than zero.");
        return std::nullopt;
    }
    return std::pair {*currency, *amount};
}

void TopUpDialog::inputChanged()
{
    ++m_inputSerial;
    m_quote.reset();
    m_quoteTimer.stop();
    QString problem;
    const auto typed = input(&problem);
    showProblem(problem);
    if (typed) {
        m_ui->topUpQuote->setText(tr("Getting a quote\u2026"));
        m_quoteTimer.start();
    } else {
        m_ui->topUpQuote->setText(QString());
    }
    m_confirm->setEnabled(false);
}

void TopUpDialog::requestQuote()
{
    QString problem;
    const auto typed = input(&problem);
    if (!typed)
        return;
    const quint64 serial = m_inputSerial;
    const TopUpRequest request {typed->first, typed->second};
    m_client.quote(request, this, [this, serial, request](const Result<Quote> &quote) {
        if (serial != m_inputSerial)
            return; // the input changed since: a newer quote is coming
        // Only a quote for exactly what was asked can be confirmed.
        const bool readable = quote
            ? quote->currency == request.currency && quote->amountMinor == request.amountMinor
            : quote.code() != ErrorCode::Malformed;
        if (!quote || !readable) {
            m_ui->topUpQuote->setText(QString());
            showProblem(readable ? tr("No quote: %1").arg(quote.error().message)
                                 : tr("The exchange sent a quote the desk cannot read."));
            return;
        }
        m_quote = *quote;
        m_ui->topUpQuote->setText(quoteText(*m_quote));
        showProblem(QString());
        m_confirm->setEnabled(!m_busy);
    });
}

QString TopUpDialog::quoteText(const Quote &q) const
{
    if (q.currency == Currency::USD)
        return tr("%1 will be credited.").arg(Money::format(q.creditedCents, locale()));
    return tr("\u2248 %1 credited at 1 %2 = %3 USD")
        .arg(Money::format(q.creditedCents, locale()), Money::currencyCode(q.currency),
             LedgerModel::rateText(q.rateMicros, locale()));
}

void TopUpDialog::showProblem(const QString &text)
{
    m_ui->topUpProblem->setText(text);
    m_ui->topUpProblem->setVisible(!text.isEmpty());
}

void TopUpDialog::setBusy(bool busy)
{
    m_busy = busy;
    m_ui->topUpCurrency->setEnabled(!busy);
    m_ui->topUpAmount->setReadOnly(busy);
    m_confirm->setEnabled(!busy && m_quote.has_value());
}

void TopUpDialog::accept()
{
    if (m_payment) {
        QDialog::accept(); // the top-up was asked for: Enter closes
        return;
    }
    if (m_busy || !m_quote)
        return;
    const Quote q = *m_quote;
    setBusy(true);
    showProblem(QString());
    m_client.topUp({q.currency, q.amountMinor}, this, [this](const Result<Payment> &payment) {
        if (!payment) {
            setBusy(false);
            showProblem(tr("The top-up was refused: %1").arg(payment.error().message));
            return;
        }
        // Asked for: the inputs stay locked, the payment shows until it is credited.
        m_payment = *payment;
        m_confirm->hide();
        m_cancel->setText(tr("&Close"));
        m_cancel->setDefault(true);
        m_ui->topUpPayment->setText(paymentText(*m_payment));
        m_ui->topUpPayment->show();
        Q_EMIT toppedUp(
            tr("Top-up %1 waits for your payment of %2.")
                .arg(m_payment->reference,
                     Money::format(m_payment->amountMinor, locale(), m_payment->currency)));
    });
}

void TopUpDialog::paymentChanged(const Payment &payment)
{
    if (!m_payment || payment.reference != m_payment->reference
        || m_payment->state != PaymentState::Pending)
        return;
    m_payment = payment;
    m_ui->topUpPayment->setText(paymentText(payment));
    if (payment.state == PaymentState::Credited)
        Q_EMIT toppedUp(tr("Topped up %1: %2 credited.")
                            .arg(Money::format(payment.amountMinor, locale(), payment.currency),
                                 Money::format(payment.creditedCents, locale())));
}

QString TopUpDialog::paymentText(const Payment &p) const
{
    const QString paid = Money::format(p.amountMinor, locale(), p.currency);
    switch (p.state) {
    case PaymentState::Pending:
        return tr("Waiting for your payment of %1 with the reference %2. %3 is credited when it "
                  "arrives; unpaid, the top-up expires at %4.")
            .arg(paid, p.reference, Money::format(p.creditedCents, locale()),
                 TimeText::shortDateTime(p.expiresMs, locale()));
    case PaymentState::Credited:
        return tr("Payment %1 received: %2 credited to your balance.")
            .arg(p.reference, Money::format(p.creditedCents, locale()));
    case PaymentState::Expired:
        return tr("No payment arrived for %1; the top-up expired.").arg(p.reference);
    case PaymentState::Late:
        return tr("Payment %1 arrived after the top-up expired: support will credit it or have it "
                  "refunded.")
            .arg(p.reference);
    case PaymentState::Refunded:
        return tr("Payment %1 arrived after the top-up expired and was refunded (reference %2).")
            .arg(p.reference, p.refundReference);
    }
    return {};
}

} // namespace everx
