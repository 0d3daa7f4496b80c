// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wizard/modelpage.h"

#include "ui_modelpage.h"

#include "sizing/modelpreset.h"

#include <QtCore/QEvent>

#include <algorithm>

namespace everx {

ModelPage::ModelPage(QWidget *parent)
    : SizingPage(parent)
    , m_ui(std::make_unique<Ui::ModelPage>())
{
    m_ui->setupUi(this);
    for (const ModelPreset &preset : ModelPreset::builtIn())
        m_ui->modelPreset->addItem(preset.name, preset.id);
    m_ui->modelPreset->addItem(QString(), QString()); // "a parameter count": named in retranslateUi
    quieten({m_ui->modelShape});
    markAsProblems({m_ui->modelParamsProblem});
    // modelParamsEcho, beside the field, is the number understood: "70M" is 70 million to the
    // desk, which an Indonesian reader may mean as 70 miliar.

    const int defaultPreset = m_ui->modelPreset->findData(QStringLiteral("llama-3.1-8b"));
    m_ui->modelPreset->setCurrentIndex(std::max(0, defaultPreset));
    connect(m_ui->modelPreset, &QComboBox::currentIndexChanged, this, &ModelPage::refresh);
    connect(m_ui->modelParams, &QLineEdit::textChanged, this, &ModelPage::refresh);
    retranslateUi();
}

ModelPage::~ModelPage() = default;

const ModelPreset *ModelPage::preset() const
{
    return ModelPreset::find(m_ui->modelPreset->currentData().toString());
}

std::optional<qint64> ModelPage::typedParameters() const
{
    return SizingWizard::parseParameters(m_ui->modelParams->text(), locale());
}

std::optional<Sizing::ModelShape> ModelPage::shape() const
{
    if (const ModelPreset *p = preset())
        return p->shape;
    const std::optional<qint64> n = typedParameters();
    if (!n)
        return std::nullopt;
    Sizing::ModelShape s;
    s.parameters = *n;
    return s;
}

QString ModelPage::modelName() const
{
    if (const ModelPreset *p = preset())
        return p->name;
    const std::optional<qint64> n = typedParameters();
    return n ? tr("%1 parameters").arg(locale().toString(*n)) : QString();
}

bool ModelPage::isComplete() const
{
    return shape().has_value();
}

bool ModelPage::validatePage()
{
    return isComplete();
}

void ModelPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_ui->retranslateUi(this);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        retranslateUi();
    QWizardPage::changeEvent(event);
}

void ModelPage::retranslateUi()
{
    QComboBox *presets = m_ui->modelPreset;
    presets->setItemText(presets->count() - 1, tr("Other: a parameter count"));
    refresh();
}

void ModelPage::refresh()
{
    const QLocale l = locale();
    const ModelPreset *p = preset();
    QLabel *shapeText = m_ui->modelShape, *problem = m_ui->modelParamsProblem,
           *echo = m_ui->modelParamsEcho;
    m_ui->modelParams->setEnabled(!p);
    if (p) {
        const Sizing::ModelShape &s = p->shape;
        QString text =
            tr("%1 layers, hidden size %2, %3 attention heads, %4 KV heads, "
               "vocabulary %5, %6 parameters")
                .arg(l.toString(s.layers), l.toString(s.hidden), l.toString(s.heads),
                     l.toString(s.kvHeads), l.toString(s.vocab), l.toString(s.parameters));
        if (s.experts > 1)
            text += u' ' + tr("(%n experts per layer, all in memory)", "", s.experts);
        shapeText->setText(text);
        shapeText->setToolTip(p->source);
        problem->clear();
        problem->hide();
        echo->clear();
        echo->hide();
    } else {
        shapeText->setText(tr("Without the shape, the detailed mode counts weights, gradients "
                              "and optimizer states only: no activations, logits or KV "
                              "cache."));
        shapeText->setToolTip(QString());
        const std::optional<qint64> n = typedParameters();
        // In place: say what is wrong while typing, but not before anything is typed.
        problem->setText(n || m_ui->modelParams->text().isEmpty()
                             ? QString()
                             : tr("Enter a parameter count such as 70B, 7e9 or "
                                  "6738415616, at most 10^15."));
        problem->setVisible(!problem->text().isEmpty());
        echo->setText(n ? QStringLiteral("= ") + tr("%1 parameters").arg(l.toString(*n))
                        : QString());
        echo->setVisible(n.has_value());
    }
    Q_EMIT completeChanged();
}

} // namespace everx
