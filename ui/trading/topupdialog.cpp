#include "trading/topupdialog.h"

#include "views/ledgermodel.h"
#include "views/timetext.h"

#include <QtCore/QDateTime>
#include <QtCore/QEvent>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QVBoxLayout>

namespace everx {

TopUpDialog::TopUpDialog(ClientSession &session, QWidget *parent)
    : QDialog(parent)
    , m_client(session)
{
    setObjectName(QStringLiteral("topUpDialog"));
    m_currencyLabel = new QLabel(this);
    m_currency = new QComboBox(this);
    m_currency->setObjectName(QStringLiteral("topUpCurrency"));
    for (const Currency c : {Currency::USD, Currency::EUR, Currency::GBP})
        m_currency->addItem(QString(), Money::currencyCode(c));
    m_amountLabel = new QLabel(this);
    m_amount = new QLineEdit(this);
    m_amount->setObjectName(QStringLiteral("topUpAmount"));
    m_amount->setClearButtonEnabled(true);
    m_currencyLabel->setBuddy(m_currency);
    m_amountLabel->setBuddy(m_amount);
    m_quoteLabel = new QLabel(this);
    m_quoteLabel->setObjectName(QStringLiteral("topUpQuote"));
    m_quoteLabel->setWordWrap(true);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("topUpProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_problem->hide();
    m_paymentLabel = new QLabel(this);
    m_paymentLabel->setObjectName(QStringLiteral("topUpPayment"));
    m_paymentLabel->setWordWrap(true);
    // The reference is copied into the payment: it must be selectable.
    m_paymentLabel->setTextInteractionFlags(Qt::TextSelectableByMouse
                                            | Qt::TextSelectableByKeyboard);
    m_paymentLabel->hide();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_confirm = buttons->button(QDialogButtonBox::Ok);
    m_confirm->setObjectName(QStringLiteral("topUpConfirm"));
    m_confirm->setEnabled(false);
    m_cancel = buttons->button(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &TopUpDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &TopUpDialog::reject);

    auto *form = new QFormLayout;
    form->addRow(m_currencyLabel, m_currency);
    form->addRow(m_amountLabel, m_amount);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_quoteLabel);
    layout->addWidget(m_problem);
    layout->addWidget(m_paymentLabel);
    layout->addStretch();
    layout->addWidget(buttons);
    setTabOrder(m_currency, m_amount);
    setTabOrder(m_amount, buttons);
    setMinimumWidth(400); // the quote fits on one line in every language shipped

    m_quoteTimer.setSingleShot(true);
    m_quoteTimer.setInterval(QuoteDelayMs);
    connect(&m_quoteTimer, &QTimer::timeout, this, &TopUpDialog::requestQuote);
    connect(m_currency, &QComboBox::currentIndexChanged, this, &TopUpDialog::inputChanged);
    connect(m_amount, &QLineEdit::textChanged, this, &TopUpDialog::inputChanged);
    retranslateUi();
    m_amount->setFocus();
}

TopUpDialog::~TopUpDialog() = default;

void TopUpDialog::retranslateUi()
{
    setWindowTitle(tr("Top up"));
    m_currencyLabel->setText(tr("&Currency:"));
    m_amountLabel->setText(tr("&Amount:"));
    m_currency->setItemText(0, tr("USD \u2013 US dollar"));
    m_currency->setItemText(1, tr("EUR \u2013 euro"));
    m_currency->setItemText(2, tr("GBP \u2013 pound sterling"));
    m_amount->setPlaceholderText(Money::toPlain(10'000).replace(u'.', locale().decimalPoint()));
    m_confirm->setText(tr("&Top up"));
    if (m_payment) {
        m_cancel->setText(tr("&Close"));
        m_paymentLabel->setText(paymentText(*m_payment));
    }
    // The quote and problem texts in the new language or locale (a quote is asked for again).
    if (!m_busy && !m_payment)
        inputChanged();
}

void TopUpDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

std::optional<std::pair<Currency, Cents>> TopUpDialog::input(QString *problem) const
{
    const std::optional<Currency> currency =
        Money::currencyFromCode(m_currency->currentData().toString());
    const QString text = m_amount->text().trimmed();
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
        m_quoteLabel->setText(tr("Getting a quote\u2026"));
        m_quoteTimer.start();
    } else {
        m_quoteLabel->setText(QString());
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
            m_quoteLabel->setText(QString());
            showProblem(readable ? tr("No quote: %1").arg(quote.error().message)
                                 : tr("The exchange sent a quote the desk cannot read."));
            return;
        }
        m_quote = *quote;
        m_quoteLabel->setText(quoteText(*m_quote));
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
    m_problem->setText(text);
    m_problem->setVisible(!text.isEmpty());
}

void TopUpDialog::setBusy(bool busy)
{
    m_busy = busy;
    m_currency->setEnabled(!busy);
    m_amount->setReadOnly(busy);
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
        m_paymentLabel->setText(paymentText(*m_payment));
        m_paymentLabel->show();
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
    m_paymentLabel->setText(paymentText(payment));
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
    }
    return {};
}

} // namespace everx
