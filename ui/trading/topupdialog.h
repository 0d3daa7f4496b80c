// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/money.h"
#include "market/requests.h"
#include "wire/exchangeclient.h"

#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtWidgets/QDialog>

#include <memory>
#include <optional>

class QPushButton;

namespace everx {

class ClientSession;
namespace Ui {
class TopUpDialog;
}

// Top up the prepaid balance (docs/architecture.md "Money and the ledger"): a currency (USD, EUR,
// GBP) and an amount in the user's locale. While the user types, the exchange's quote for that
// input is asked for (`wallet.quote`, 200 ms after the last change) and shown with its rate;
// confirming is possible only with a quote for exactly what is typed. Confirming sends
// `wallet.topup`, which asks for a payment and credits nothing yet: the dialog then shows the
// pending top-up with its reference (to quote when paying) and its expiry, and follows it through
// paymentChanged() until it is credited or expires. A refusal is shown in place and the dialog
// stays open with the input as it was.
//
// The form is topupdialog.ui, at least 400 pixels wide so that the quote fits on one line in every
// language shipped; this class keeps what is dynamic: the currencies, the amount's example in the
// user's locale, the quote, the payment and the problems.
class TopUpDialog final : public QDialog
{
    Q_OBJECT

public:
    static constexpr int QuoteDelayMs = 200;

    explicit TopUpDialog(ClientSession &session, QWidget *parent = nullptr);
    ~TopUpDialog() override;

    // The quote for the input as it stands; nullopt while there is none yet.
    std::optional<Quote> quote() const { return m_quote; }

    // Sends the top-up if there is a quote for the input; once the exchange accepted it, shows
    // the pending payment. After that, Close (Enter) closes the dialog.
    void accept() override;

    // The payment the exchange asked for, as it last stood; nullopt before one was accepted.
    std::optional<Payment> payment() const { return m_payment; }
    // The account channel's news of a payment; the dialog's own is shown.
    void paymentChanged(const Payment &payment);

Q_SIGNALS:
    // The exchange accepted a top-up, or credited it; words for the status bar.
    void toppedUp(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void inputChanged();
    void requestQuote();
    void setBusy(bool busy);
    void showProblem(const QString &text);
    QString quoteText(const Quote &quote) const;
    QString paymentText(const Payment &payment) const;
    // The currency and amount typed, if they read.
    std::optional<std::pair<Currency, Cents>> input(QString *problem) const;

    std::unique_ptr<Ui::TopUpDialog> m_ui;
    ExchangeClient m_client;
    QPushButton *m_confirm = nullptr; // the button box's Ok
    QPushButton *m_cancel = nullptr;
    QTimer m_quoteTimer;
    quint64 m_inputSerial = 0; // raised per input change; a quote for an older input is dropped
    std::optional<Quote> m_quote;
    bool m_busy = false; // a top-up is on its way
    std::optional<Payment> m_payment;
};

} // namespace everx
