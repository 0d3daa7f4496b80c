// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "provider/payoutdialog.h"

#include "ui_payoutdialog.h"

#include "market/marketrules.h"
#include "windowfit/windowfit.h"

#include <QtCore/QEvent>

namespace everx {

PayoutDialog::PayoutDialog(Cents earnings, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::PayoutDialog>())
    , m_earnings(earnings)
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    setObjectName(QStringLiteral("payoutDialog"));
    m_ui->payoutProblem->hide();
    m_ui->payoutAmount->setText(Money::toPlain(earnings));
    showEarnings();
    connect(m_ui->buttons, &QDialogButtonBox::accepted, this, [this] {
        if (const std::optional<Cents> a = amount()) {
            showProblem({});
            Q_EMIT submitted(*a);
        }
    });
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

PayoutDialog::~PayoutDialog() = default;

void PayoutDialog::showEarnings()
{
    m_ui->payoutEarnings->setText(
        tr("Your earnings: %1. A payout is paid by bank transfer once support has checked it.")
            .arg(Money::format(m_earnings, locale())));
}

std::optional<Cents> PayoutDialog::amount()
{
    const QString text = m_ui->payoutAmount->text().trimmed();
    std::optional<Cents> a = Money::parse(text, locale());
    if (!a)
        a = Money::parse(text);
    if (!a || *a < MarketRules::MinPayoutCents || *a > m_earnings) {
        showProblem(tr("Enter an amount from %1 to %2.")
                        .arg(Money::format(MarketRules::MinPayoutCents, locale()),
                             Money::format(m_earnings, locale())));
        return std::nullopt;
    }
    return a;
}

void PayoutDialog::showProblem(const QString &text)
{
    m_ui->payoutProblem->setText(text);
    m_ui->payoutProblem->setVisible(!text.isEmpty());
}

void PayoutDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        showEarnings();
    }
    QDialog::changeEvent(event);
}

} // namespace everx
