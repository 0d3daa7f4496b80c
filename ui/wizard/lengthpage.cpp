// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wizard/lengthpage.h"

#include "ui_lengthpage.h"

#include "market/percent.h"
#include "wizard/sizingwizard.h"

#include <QtCore/QEvent>

namespace everx {

LengthPage::LengthPage(QWidget *parent)
    : SizingPage(parent)
    , m_ui(std::make_unique<Ui::LengthPage>())
{
    m_ui->setupUi(this);
    quieten({m_ui->runTokensHint, m_ui->datasetHint, m_ui->runMfuHint});
    markAsProblems({m_ui->runTokensProblem});
    m_ui->runMfu->setValue(qRound(Sizing::DefaultMfu * 100));
    connect(m_ui->runTokens, &QLineEdit::textChanged, this, &LengthPage::refresh);
    // The dataset helper: examples x tokens per example x epochs fills the tokens.
    for (QSpinBox *helper :
         {m_ui->datasetExamples, m_ui->datasetTokensPerExample, m_ui->datasetEpochs})
        connect(helper, &QSpinBox::valueChanged, this, &LengthPage::fromDataset);
    retranslateUi();
}

LengthPage::~LengthPage() = default;

void LengthPage::initializePage()
{
    retranslateUi(); // the labels follow the workload
}

std::optional<qint64> LengthPage::tokens() const
{
    const QString text = m_ui->runTokens->text().trimmed();
    if (text.isEmpty())
        return 0;
    // As the parameter field reads it: "2 miliar" in Indonesian, "2 milyar" in Turkish; the echo
    // beside the field shows the number understood, since a reader may take "2B" as 2 bin.
    return SizingWizard::parseCount(text, locale(), Sizing::MaxTokens);
}

double LengthPage::mfu() const
{
    return m_ui->runMfu->value() / 100.0;
}

bool LengthPage::isComplete() const
{
    return tokens().has_value();
}

bool LengthPage::validatePage()
{
    return isComplete();
}

void LengthPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_ui->retranslateUi(this);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    QWizardPage::changeEvent(event);
}

bool LengthPage::inference() const
{
    return sizing() && sizing()->method() == Sizing::Method::Inference;
}

// examples x tokens per example x epochs into the tokens (no more than 10^17: in range).
void LengthPage::fromDataset()
{
    if (m_ui->datasetExamples->value() <= 0)
        return;
    const qint64 epochs = inference() ? 1 : m_ui->datasetEpochs->value();
    m_ui->runTokens->setText(QString::number(qint64(m_ui->datasetExamples->value())
                                             * m_ui->datasetTokensPerExample->value() * epochs));
}

// What depends on the workload; the rest is the form's.
void LengthPage::retranslateUi()
{
    const bool serving = inference();
    m_ui->runTokensLabel->setText(serving ? tr("&Tokens to process") : tr("&Tokens to train on"));
    m_ui->runTokensHint->setText(serving
                                     ? tr("Prompt and generated tokens of every request together.")
                                     : tr("Every epoch together: the dataset's tokens × the "
                                          "epochs."));
    m_ui->datasetExamplesLabel->setText(serving ? tr("&Requests") : tr("E&xamples"));
    m_ui->datasetTokensPerExampleLabel->setText(serving ? tr("Tokens per re&quest")
                                                        : tr("Tokens per exa&mple"));
    m_ui->datasetEpochs->setEnabled(!serving);
    // The percent sign where the locale writes it: "40%", or "%40" in Turkish.
    const bool signFirst = Percent::signFirst(locale());
    m_ui->runMfu->setPrefix(signFirst ? locale().percent() : QString());
    m_ui->runMfu->setSuffix(signFirst ? QString() : locale().percent());
    m_ui->datasetHint->setText(serving ? tr("Or the requests: their number × tokens per request "
                                            "fills in the tokens.")
                                       : tr("Or the dataset: examples × tokens per example × "
                                            "epochs fills in the tokens."));
    refresh();
}

void LengthPage::refresh()
{
    QLabel *problem = m_ui->runTokensProblem, *echo = m_ui->runTokensEcho;
    const std::optional<qint64> n = tokens();
    problem->setText(n ? QString()
                       : tr("Enter a count such as 2B, 500M or 1e9, at most "
                            "10^15, or leave it empty."));
    problem->setVisible(!problem->text().isEmpty());
    echo->setText(n && *n > 0 ? QStringLiteral("= ") + tr("%1 tokens").arg(locale().toString(*n))
                              : QString());
    echo->setVisible(!echo->text().isEmpty());
    Q_EMIT completeChanged();
}

} // namespace everx
