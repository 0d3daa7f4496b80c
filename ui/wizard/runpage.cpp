// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "wizard/runpage.h"

#include "ui_runpage.h"

#include <QtCore/QEvent>

#include <algorithm>

namespace everx {

RunPage::RunPage(QWidget *parent)
    : SizingPage(parent)
    , m_ui(std::make_unique<Ui::RunPage>())
{
    m_ui->setupUi(this);
    // The choices carry their values; their texts are set in retranslateUi.
    for (const Sizing::Recompute r :
         {Sizing::Recompute::None, Sizing::Recompute::Selective, Sizing::Recompute::Full})
        m_ui->runRecompute->addItem(QString(), int(r));
    for (const Sizing::Strategy s : {Sizing::Strategy::Ddp, Sizing::Strategy::Zero1,
                                     Sizing::Strategy::Zero2, Sizing::Strategy::Zero3})
        m_ui->runStrategy->addItem(QString(), int(s));
    m_ui->runGradBytes->addItem(QString(), 2);
    m_ui->runGradBytes->addItem(QString(), 4);
    quieten({m_ui->runHint});
    // runSeq starts at 4096 until initializePage() sets the workload's defaults.
    connect(m_ui->runModeQuick, &QRadioButton::toggled, this, &RunPage::updateEnabled);
    retranslateUi();
}

RunPage::~RunPage() = default;

void RunPage::initializePage()
{
    // Defaults follow the workload, once per change of workload: what the user set for this
    // workload is kept when they come back.
    const Sizing::Method method = sizing()->method();
    if (!m_defaultsFor || *m_defaultsFor != method) {
        m_defaultsFor = method;
        const bool inference = method == Sizing::Method::Inference;
        m_ui->runSeq->setValue(4096);
        // Serving: several sequences at once fill the KV cache; training: one per GPU, the
        // smallest micro-batch, gradient accumulation makes up the global batch.
        m_ui->runBatch->setValue(inference ? 8 : 1);
        select(m_ui->runRecompute, int(Sizing::defaultRecompute(method)));
        // Sharded (ZeRO-3 / FSDP): the only strategy whose memory per GPU shrinks with more
        // GPUs, so that larger models find a count (the seeds' 8-GPU column).
        select(m_ui->runStrategy, int(Sizing::Strategy::Zero3));
        select(m_ui->runGradBytes, 2);
        m_ui->runModeDetailed->setChecked(true);
    }
    retranslateUi(); // the batch's label depends on the workload
}

bool RunPage::quick() const
{
    return m_ui->runModeQuick->isChecked() && m_ui->runModeQuick->isEnabled();
}

qint64 RunPage::seq() const
{
    return m_ui->runSeq->value();
}

qint64 RunPage::batch() const
{
    return m_ui->runBatch->value();
}

Sizing::Recompute RunPage::recompute() const
{
    return Sizing::Recompute(m_ui->runRecompute->currentData().toInt());
}

Sizing::Strategy RunPage::strategy() const
{
    return Sizing::Strategy(m_ui->runStrategy->currentData().toInt());
}

int RunPage::gradBytes() const
{
    return m_ui->runGradBytes->currentData().toInt();
}

void RunPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateUi();
    }
    QWizardPage::changeEvent(event);
}

void RunPage::select(QComboBox *combo, int data)
{
    combo->setCurrentIndex(std::max(0, combo->findData(data)));
}

Sizing::Method RunPage::method() const
{
    return sizing() ? sizing()->method() : Sizing::Method::Full;
}

void RunPage::updateEnabled()
{
    const bool inference = method() == Sizing::Method::Inference;
    // The seeds give no quick rule for serving.
    m_ui->runModeQuick->setEnabled(!inference);
    if (inference)
        m_ui->runModeDetailed->setChecked(true);
    const bool detailed = !quick();
    m_ui->runSeq->setEnabled(detailed);
    m_ui->runBatch->setEnabled(detailed);
    m_ui->runRecompute->setEnabled(detailed && !inference);
    m_ui->runStrategy->setEnabled(detailed && !inference);
    m_ui->runGradBytes->setEnabled(detailed && !inference);
    // The reserve the sizing model adds for this workload, the very number it computes with.
    const int reserve = Sizing::defaultReservePercent(method());
    if (quick())
        m_ui->runHint->setText(
            tr("Quick: EverXCloud's published rule of bytes per parameter, counting %1% "
               "of memory; only the parameter count matters.")
                .arg(Sizing::UsablePercent));
    else if (inference)
        m_ui->runHint->setText(tr("Detailed: 16-bit weights and the KV cache of every sequence, "
                                  "split over the GPUs, plus a %1% reserve.")
                                   .arg(reserve));
    else
        m_ui->runHint->setText(tr("Detailed: weights, gradients, optimizer states, activations "
                                  "and logits from published formulas, plus a %1% reserve on "
                                  "top (%2% of memory usable).")
                                   .arg(reserve)
                                   .arg(Sizing::UsablePercent));
}

// What depends on the workload; the rest is the form's.
void RunPage::retranslateUi()
{
    const bool inference = method() == Sizing::Method::Inference;
    m_ui->runBatchLabel->setText(inference ? tr("Concurrent se&quences")
                                           : tr("Micro-ba&tch per GPU"));
    m_ui->runBatch->setToolTip(inference ? tr("Sequences served at once; each has its KV cache.")
                                         : tr("Sequences per GPU per step; gradient accumulation "
                                              "makes up the global batch."));
    const QString recompute[] = {
        tr("None: keep every activation (fastest, most memory)"),
        tr("Selective: recompute attention, as FlashAttention does"),
        tr("Full: gradient checkpointing (slower, least memory)"),
    };
    for (int i = 0; i < 3; ++i)
        m_ui->runRecompute->setItemText(i, recompute[i]);
    const QString strategies[] = {
        tr("DDP: a full copy on every GPU"),
        tr("ZeRO-1: optimizer states sharded"),
        tr("ZeRO-2: optimizer states and gradients sharded"),
        tr("ZeRO-3 / FSDP: everything sharded"),
    };
    for (int i = 0; i < 4; ++i)
        m_ui->runStrategy->setItemText(i, strategies[i]);
    m_ui->runGradBytes->setItemText(0, tr("2 bytes (bf16 / fp16)"));
    m_ui->runGradBytes->setItemText(1, tr("4 bytes (fp32)"));
    updateEnabled();
}

} // namespace everx
