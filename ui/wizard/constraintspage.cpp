// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wizard/constraintspage.h"

#include "ui_constraintspage.h"

#include "market/marketrules.h"

#include <QtCore/QEvent>

namespace everx {

ConstraintsPage::ConstraintsPage(QWidget *parent)
    : SizingPage(parent)
    , m_ui(std::make_unique<Ui::ConstraintsPage>())
{
    m_ui->setupUi(this);
    m_ui->maxGpus->setRange(1, Sizing::MaxSearchGpus);
    m_ui->maxGpus->setValue(8); // one server: the seeds' 8-GPU column
    m_ui->rentalHours->setRange(1, MarketRules::MaxHours); // as the order ticket
    m_ui->rentalHours->setValue(24);
    quieten({m_ui->fastInterconnectWhy, m_ui->rentalHoursWhy});
    markAsProblems({m_ui->budgetProblem});
    connect(m_ui->budgetPerHour, &QLineEdit::textChanged, this, &ConstraintsPage::refresh);
    retranslateUi();
}

ConstraintsPage::~ConstraintsPage() = default;

void ConstraintsPage::initializePage()
{
    retranslateUi();
}

int ConstraintsPage::maxGpus() const
{
    return m_ui->maxGpus->value();
}

bool ConstraintsPage::needFastInterconnect() const
{
    return m_ui->needFastInterconnect->isChecked();
}

int ConstraintsPage::hours() const
{
    return m_ui->rentalHours->value();
}

int ConstraintsPage::maxHours() const
{
    return m_ui->rentalHours->maximum();
}

bool ConstraintsPage::budgetValid() const
{
    return m_ui->budgetPerHour->text().trimmed().isEmpty() || budget();
}

std::optional<Cents> ConstraintsPage::budget() const
{
    QString text = m_ui->budgetPerHour->text();
    text.remove(Money::symbol(Currency::USD, locale())).remove(u'$');
    const std::optional<Cents> cents = Money::parse(text, locale());
    if (!cents || *cents <= 0)
        return std::nullopt;
    return cents;
}

bool ConstraintsPage::isComplete() const
{
    return budgetValid();
}

bool ConstraintsPage::validatePage()
{
    return isComplete();
}

void ConstraintsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_ui->retranslateUi(this);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    QWizardPage::changeEvent(event);
}

// What depends on the locale and the run's tokens; the rest is the form's.
void ConstraintsPage::retranslateUi()
{
    m_ui->budgetPerHour->setPlaceholderText(
        tr("No limit, or like %1 (all GPUs, excluding tax)").arg(Money::format(2000, locale())));
    // With the run's tokens these hours are only for GPUs that cannot be timed.
    const bool byRun = sizing() && sizing()->runTokens() > 0;
    m_ui->rentalHoursWhy->setText(byRun ? tr("With the run's tokens, a bid is for the hours the "
                                             "chosen GPUs need, rounded up; these hours are for "
                                             "GPUs whose TFLOPS are not published.")
                                        : QString());
    m_ui->rentalHoursWhy->setVisible(byRun);
    refresh();
}

void ConstraintsPage::refresh()
{
    QLabel *problem = m_ui->budgetProblem;
    problem->setText(
        budgetValid()
            ? QString()
            : tr("Enter an amount like %1, or leave it empty.").arg(Money::format(2000, locale())));
    problem->setVisible(!problem->text().isEmpty());
    Q_EMIT completeChanged();
}

} // namespace everx
