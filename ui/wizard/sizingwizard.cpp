#include "wizard/sizingwizard.h"

#include "wizard/memorychart.h"

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "sizing/modelpreset.h"
#include "views/marketwatchmodel.h"

#include <QtCore/QEvent>
#include <QtGui/QAction>
#include <QtWidgets/QButtonGroup>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QListWidget>
#include <QtWidgets/QMenu>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QTableView>
#include <QtWidgets/QVBoxLayout>
#include <QtWidgets/QWizardPage>

#include <algorithm>

namespace everx {

namespace {

// A one-line explanation under a choice or a field: smaller and quieter than the label.
QLabel *explanation(QWidget *parent, const QString &objectName = QString())
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    if (!objectName.isEmpty())
        label->setObjectName(objectName);
    return label;
}

// A validation message in place, under its field.
QLabel *problemLabel(QWidget *parent, const QString &objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: #c62828;"));
    return label;
}

} // namespace

// A page of the sizing wizard: reads the other pages' answers through the wizard.
class SizingPage : public QWizardPage
{
public:
    using QWizardPage::QWizardPage;

protected:
    // nullptr until the page is added to the wizard.
    SizingWizard *sizing() const { return static_cast<SizingWizard *>(wizard()); }
};

// --- Workload ------------------------------------------------------------------------------------

class WorkloadPage final : public SizingPage
{
    Q_OBJECT

public:
    explicit WorkloadPage(QWidget *parent = nullptr)
        : SizingPage(parent)
    {
        setObjectName(QStringLiteral("workloadPage"));
        m_group = new QButtonGroup(this);
        auto *layout = new QVBoxLayout(this);
        static const char16_t *const names[] = {u"workloadFull", u"workloadLora", u"workloadQlora",
                                                u"workloadInference"};
        for (int m = 0; m < 4; ++m) {
            m_choices[m] = new QRadioButton(this);
            m_choices[m]->setObjectName(QString::fromUtf16(names[m]));
            m_group->addButton(m_choices[m], m);
            m_explanations[m] = explanation(this);
            m_explanations[m]->setContentsMargins(24, 0, 0, 8);
            layout->addWidget(m_choices[m]);
            layout->addWidget(m_explanations[m]);
        }
        layout->addStretch();
        m_choices[int(Sizing::Method::Full)]->setChecked(true);
        retranslateUi();
    }

    Sizing::Method method() const { return Sizing::Method(std::max(0, m_group->checkedId())); }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange)
            retranslateUi();
        QWizardPage::changeEvent(event);
    }

private:
    void retranslateUi()
    {
        setTitle(tr("Workload"));
        setSubTitle(tr("What will the GPUs do?"));
        m_choices[0]->setText(tr("&Pre-training or full fine-tuning"));
        m_choices[1]->setText(tr("&LoRA fine-tuning"));
        m_choices[2]->setText(tr("&QLoRA fine-tuning"));
        m_choices[3]->setText(tr("&Inference (serving)"));
        m_explanations[0]->setText(tr("Every weight trains: weights, gradients and AdamW states "
                                      "all sit on the GPUs, about 16 bytes per parameter."));
        m_explanations[1]->setText(tr("Small adapters train on a frozen 16-bit base: about 2 "
                                      "bytes per parameter, often on one GPU."));
        m_explanations[2]->setText(tr("LoRA on a base quantised to 4 bit: well under 1 byte per "
                                      "parameter, in exchange for slower steps."));
        m_explanations[3]->setText(tr("Serve the model: 16-bit weights plus the KV cache for the "
                                      "context of every sequence served at once."));
        for (int m = 0; m < 4; ++m)
            m_choices[m]->setAccessibleDescription(m_explanations[m]->text());
    }

    QButtonGroup *m_group = nullptr;
    QRadioButton *m_choices[4] {};
    QLabel *m_explanations[4] {};
};

// --- Model ---------------------------------------------------------------------------------------

class ModelPage final : public SizingPage
{
    Q_OBJECT

public:
    explicit ModelPage(QWidget *parent = nullptr)
        : SizingPage(parent)
    {
        setObjectName(QStringLiteral("modelPage"));
        m_preset = new QComboBox(this);
        m_preset->setObjectName(QStringLiteral("modelPreset"));
        for (const ModelPreset &preset : ModelPreset::builtIn())
            m_preset->addItem(preset.name, preset.id);
        m_preset->addItem(QString(), QString()); // "a parameter count": named in retranslateUi
        m_shape = explanation(this, QStringLiteral("modelShape"));
        m_shape->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_params = new QLineEdit(this);
        m_params->setObjectName(QStringLiteral("modelParams"));
        m_params->setClearButtonEnabled(true);
        m_paramsProblem = problemLabel(this, QStringLiteral("modelParamsProblem"));
        // The number understood, beside the field: "70M" is 70 million to the desk, which an
        // Indonesian reader may mean as 70 miliar.
        m_paramsEcho = new QLabel(this);
        m_paramsEcho->setObjectName(QStringLiteral("modelParamsEcho"));
        m_paramsEcho->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_presetLabel = new QLabel(this);
        m_presetLabel->setBuddy(m_preset);
        m_paramsLabel = new QLabel(this);
        m_paramsLabel->setBuddy(m_params);

        auto *form = new QFormLayout(this);
        form->addRow(m_presetLabel, m_preset);
        form->addRow(QString(), m_shape);
        auto *paramsRow = new QHBoxLayout;
        paramsRow->addWidget(m_params, 1);
        paramsRow->addWidget(m_paramsEcho);
        form->addRow(m_paramsLabel, paramsRow);
        form->addRow(QString(), m_paramsProblem);
        setTabOrder(m_preset, m_params);

        const int defaultPreset = m_preset->findData(QStringLiteral("llama-3.1-8b"));
        m_preset->setCurrentIndex(std::max(0, defaultPreset));
        connect(m_preset, &QComboBox::currentIndexChanged, this, &ModelPage::refresh);
        connect(m_params, &QLineEdit::textChanged, this, &ModelPage::refresh);
        retranslateUi();
    }

    const ModelPreset *preset() const
    {
        return ModelPreset::find(m_preset->currentData().toString());
    }

    std::optional<qint64> typedParameters() const
    {
        return SizingWizard::parseParameters(m_params->text(), locale());
    }

    std::optional<Sizing::ModelShape> shape() const
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

    QString modelName() const
    {
        if (const ModelPreset *p = preset())
            return p->name;
        const std::optional<qint64> n = typedParameters();
        return n ? tr("%1 parameters").arg(locale().toString(*n)) : QString();
    }

    bool isComplete() const override { return shape().has_value(); }
    bool validatePage() override { return isComplete(); }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
            retranslateUi();
        QWizardPage::changeEvent(event);
    }

private:
    void retranslateUi()
    {
        setTitle(tr("Model"));
        setSubTitle(tr("A model whose shape is known, or just its parameter count."));
        m_presetLabel->setText(tr("&Model"));
        m_paramsLabel->setText(tr("&Parameters"));
        m_preset->setItemText(m_preset->count() - 1, tr("Other: a parameter count"));
        m_params->setPlaceholderText(tr("70B, 7e9, 1.5T"));
        m_params->setAccessibleName(tr("Parameter count"));
        refresh();
    }

    void refresh()
    {
        const QLocale l = locale();
        const ModelPreset *p = preset();
        m_params->setEnabled(!p);
        if (p) {
            const Sizing::ModelShape &s = p->shape;
            QString text =
                tr("%1 layers, hidden size %2, %3 attention heads, %4 KV heads, "
                   "vocabulary %5, %6 parameters")
                    .arg(l.toString(s.layers), l.toString(s.hidden), l.toString(s.heads),
                         l.toString(s.kvHeads), l.toString(s.vocab), l.toString(s.parameters));
            if (s.experts > 1)
                text += u' ' + tr("(%n experts per layer, all in memory)", "", s.experts);
            m_shape->setText(text);
            m_shape->setToolTip(p->source);
            m_paramsProblem->clear();
            m_paramsProblem->hide();
            m_paramsEcho->clear();
            m_paramsEcho->hide();
        } else {
            m_shape->setText(tr("Without the shape, the detailed mode counts weights, gradients "
                                "and optimizer states only: no activations, logits or KV "
                                "cache."));
            m_shape->setToolTip(QString());
            const std::optional<qint64> n = typedParameters();
            // In place: say what is wrong while typing, but not before anything is typed.
            m_paramsProblem->setText(n || m_params->text().isEmpty()
                                         ? QString()
                                         : tr("Enter a parameter count such as 70B, 7e9 or "
                                              "6738415616, at most 10^15."));
            m_paramsProblem->setVisible(!m_paramsProblem->text().isEmpty());
            m_paramsEcho->setText(n ? QStringLiteral("= ") + tr("%1 parameters").arg(l.toString(*n))
                                    : QString());
            m_paramsEcho->setVisible(n.has_value());
        }
        Q_EMIT completeChanged();
    }

    QComboBox *m_preset = nullptr;
    QLabel *m_presetLabel = nullptr;
    QLabel *m_shape = nullptr;
    QLineEdit *m_params = nullptr;
    QLabel *m_paramsLabel = nullptr;
    QLabel *m_paramsProblem = nullptr;
    QLabel *m_paramsEcho = nullptr;
};

// --- Run shape -----------------------------------------------------------------------------------

class RunPage final : public SizingPage
{
    Q_OBJECT

public:
    explicit RunPage(QWidget *parent = nullptr)
        : SizingPage(parent)
    {
        setObjectName(QStringLiteral("runPage"));
        m_seq = new QSpinBox(this);
        m_seq->setObjectName(QStringLiteral("runSeq"));
        m_seq->setRange(1, 1'048'576);
        m_seq->setSingleStep(1024);
        m_seq->setGroupSeparatorShown(true);
        m_seq->setValue(4096); // until initializePage() sets the workload's defaults
        m_batch = new QSpinBox(this);
        m_batch->setObjectName(QStringLiteral("runBatch"));
        m_batch->setRange(1, 4096);
        m_recompute = new QComboBox(this);
        m_recompute->setObjectName(QStringLiteral("runRecompute"));
        for (const Sizing::Recompute r :
             {Sizing::Recompute::None, Sizing::Recompute::Selective, Sizing::Recompute::Full})
            m_recompute->addItem(QString(), int(r));
        m_strategy = new QComboBox(this);
        m_strategy->setObjectName(QStringLiteral("runStrategy"));
        for (const Sizing::Strategy s : {Sizing::Strategy::Ddp, Sizing::Strategy::Zero1,
                                         Sizing::Strategy::Zero2, Sizing::Strategy::Zero3})
            m_strategy->addItem(QString(), int(s));
        m_gradBytes = new QComboBox(this);
        m_gradBytes->setObjectName(QStringLiteral("runGradBytes"));
        m_gradBytes->addItem(QString(), 2);
        m_gradBytes->addItem(QString(), 4);
        m_detailed = new QRadioButton(this);
        m_detailed->setObjectName(QStringLiteral("runModeDetailed"));
        m_quick = new QRadioButton(this);
        m_quick->setObjectName(QStringLiteral("runModeQuick"));
        m_detailed->setChecked(true);
        auto *modes = new QButtonGroup(this);
        modes->addButton(m_detailed);
        modes->addButton(m_quick);
        auto *modeRow = new QHBoxLayout;
        modeRow->addWidget(m_detailed);
        modeRow->addWidget(m_quick);
        modeRow->addStretch();
        m_hint = explanation(this, QStringLiteral("runHint"));

        for (QLabel **label : {&m_modeLabel, &m_seqLabel, &m_batchLabel, &m_recomputeLabel,
                               &m_strategyLabel, &m_gradBytesLabel})
            *label = new QLabel(this);
        m_seqLabel->setBuddy(m_seq);
        m_batchLabel->setBuddy(m_batch);
        m_recomputeLabel->setBuddy(m_recompute);
        m_strategyLabel->setBuddy(m_strategy);
        m_gradBytesLabel->setBuddy(m_gradBytes);
        auto *form = new QFormLayout;
        form->addRow(m_modeLabel, modeRow);
        form->addRow(m_seqLabel, m_seq);
        form->addRow(m_batchLabel, m_batch);
        form->addRow(m_recomputeLabel, m_recompute);
        form->addRow(m_strategyLabel, m_strategy);
        form->addRow(m_gradBytesLabel, m_gradBytes);
        auto *layout = new QVBoxLayout(this);
        layout->addLayout(form);
        layout->addWidget(m_hint);
        layout->addStretch();
        setTabOrder(m_detailed, m_quick);
        setTabOrder(m_quick, m_seq);
        setTabOrder(m_seq, m_batch);
        setTabOrder(m_batch, m_recompute);
        setTabOrder(m_recompute, m_strategy);
        setTabOrder(m_strategy, m_gradBytes);
        connect(m_quick, &QRadioButton::toggled, this, &RunPage::updateEnabled);
        retranslateUi();
    }

    void initializePage() override
    {
        // Defaults follow the workload, once per change of workload: what the user set for
        // this workload is kept when they come back.
        const Sizing::Method method = sizing()->method();
        if (!m_defaultsFor || *m_defaultsFor != method) {
            m_defaultsFor = method;
            const bool inference = method == Sizing::Method::Inference;
            m_seq->setValue(4096);
            // Serving: several sequences at once fill the KV cache; training: one per GPU,
            // the smallest micro-batch, gradient accumulation makes up the global batch.
            m_batch->setValue(inference ? 8 : 1);
            select(m_recompute, int(Sizing::defaultRecompute(method)));
            // Sharded (ZeRO-3 / FSDP): the only strategy whose memory per GPU shrinks with
            // more GPUs, so that larger models find a count (the seeds' 8-GPU column).
            select(m_strategy, int(Sizing::Strategy::Zero3));
            select(m_gradBytes, 2);
            m_detailed->setChecked(true);
        }
        retranslateUi(); // the batch's label depends on the workload
    }

    bool quick() const { return m_quick->isChecked() && m_quick->isEnabled(); }
    qint64 seq() const { return m_seq->value(); }
    qint64 batch() const { return m_batch->value(); }
    Sizing::Recompute recompute() const
    {
        return Sizing::Recompute(m_recompute->currentData().toInt());
    }
    Sizing::Strategy strategy() const
    {
        return Sizing::Strategy(m_strategy->currentData().toInt());
    }
    int gradBytes() const { return m_gradBytes->currentData().toInt(); }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange)
            retranslateUi();
        QWizardPage::changeEvent(event);
    }

private:
    static void select(QComboBox *combo, int data)
    {
        combo->setCurrentIndex(std::max(0, combo->findData(data)));
    }

    Sizing::Method method() const { return sizing() ? sizing()->method() : Sizing::Method::Full; }

    void updateEnabled()
    {
        const bool inference = method() == Sizing::Method::Inference;
        // The seeds give no quick rule for serving.
        m_quick->setEnabled(!inference);
        if (inference)
            m_detailed->setChecked(true);
        const bool detailed = !quick();
        m_seq->setEnabled(detailed);
        m_batch->setEnabled(detailed);
        m_recompute->setEnabled(detailed && !inference);
        m_strategy->setEnabled(detailed && !inference);
        m_gradBytes->setEnabled(detailed && !inference);
        if (quick())
            m_hint->setText(
                tr("Quick: EverXCloud's published rule of bytes per parameter, counting 80% "
                   "of memory; only the parameter count matters."));
        else if (inference)
            m_hint->setText(tr("Detailed: 16-bit weights and the KV cache of every sequence, "
                               "split over the GPUs, plus a 20% reserve."));
        else
            m_hint->setText(tr("Detailed: weights, gradients, optimizer states, activations and "
                               "logits from published formulas, plus a 20% reserve."));
    }

    void retranslateUi()
    {
        const bool inference = method() == Sizing::Method::Inference;
        setTitle(tr("Run shape"));
        setSubTitle(tr("How the run is laid out. The defaults suit the workload."));
        m_modeLabel->setText(tr("Estimate"));
        m_detailed->setText(tr("&Detailed"));
        m_quick->setText(tr("Q&uick rule"));
        m_seqLabel->setText(tr("&Sequence length (tokens)"));
        m_batchLabel->setText(inference ? tr("Concurrent se&quences") : tr("Micro-ba&tch per GPU"));
        m_recomputeLabel->setText(tr("&Checkpointing"));
        m_strategyLabel->setText(tr("Sh&arding"));
        m_gradBytesLabel->setText(tr("&Gradients"));
        m_seq->setToolTip(tr("Activations and the KV cache grow with the sequence length."));
        m_batch->setToolTip(inference ? tr("Sequences served at once; each has its KV cache.")
                                      : tr("Sequences per GPU per step; gradient accumulation "
                                           "makes up the global batch."));
        const QString recompute[] = {
            tr("None: keep every activation (fastest, most memory)"),
            tr("Selective: recompute attention, as FlashAttention does"),
            tr("Full: gradient checkpointing (slower, least memory)"),
        };
        for (int i = 0; i < 3; ++i)
            m_recompute->setItemText(i, recompute[i]);
        const QString strategies[] = {
            tr("DDP: a full copy on every GPU"),
            tr("ZeRO-1: optimizer states sharded"),
            tr("ZeRO-2: optimizer states and gradients sharded"),
            tr("ZeRO-3 / FSDP: everything sharded"),
        };
        for (int i = 0; i < 4; ++i)
            m_strategy->setItemText(i, strategies[i]);
        m_gradBytes->setItemText(0, tr("2 bytes (bf16 / fp16)"));
        m_gradBytes->setItemText(1, tr("4 bytes (fp32)"));
        m_gradBytes->setToolTip(tr("Bytes per gradient element; mixed precision keeps 2."));
        updateEnabled();
    }

    std::optional<Sizing::Method> m_defaultsFor;
    QRadioButton *m_detailed = nullptr;
    QRadioButton *m_quick = nullptr;
    QSpinBox *m_seq = nullptr;
    QSpinBox *m_batch = nullptr;
    QComboBox *m_recompute = nullptr;
    QComboBox *m_strategy = nullptr;
    QComboBox *m_gradBytes = nullptr;
    QLabel *m_modeLabel = nullptr;
    QLabel *m_seqLabel = nullptr;
    QLabel *m_batchLabel = nullptr;
    QLabel *m_recomputeLabel = nullptr;
    QLabel *m_strategyLabel = nullptr;
    QLabel *m_gradBytesLabel = nullptr;
    QLabel *m_hint = nullptr;
};

// --- Length of the run ---------------------------------------------------------------------------

class LengthPage final : public SizingPage
{
    Q_OBJECT

public:
    explicit LengthPage(QWidget *parent = nullptr)
        : SizingPage(parent)
    {
        setObjectName(QStringLiteral("lengthPage"));
        m_tokens = new QLineEdit(this);
        m_tokens->setObjectName(QStringLiteral("runTokens"));
        m_tokens->setClearButtonEnabled(true);
        m_tokensProblem = problemLabel(this, QStringLiteral("runTokensProblem"));
        m_tokensHint = explanation(this);
        // The dataset helper: examples x tokens per example x epochs fills the tokens.
        m_examples = new QSpinBox(this);
        m_examples->setObjectName(QStringLiteral("datasetExamples"));
        m_examples->setRange(0, 1'000'000'000);
        m_examples->setGroupSeparatorShown(true);
        m_examples->setSingleStep(1000);
        m_examples->setSpecialValueText(QStringLiteral("\u2014")); // 0: no dataset given
        m_perExample = new QSpinBox(this);
        m_perExample->setObjectName(QStringLiteral("datasetTokensPerExample"));
        m_perExample->setRange(1, 1'048'576);
        m_perExample->setGroupSeparatorShown(true);
        m_perExample->setValue(512);
        m_epochs = new QSpinBox(this);
        m_epochs->setObjectName(QStringLiteral("datasetEpochs"));
        m_epochs->setRange(1, 100);
        m_datasetHint = explanation(this);
        m_mfu = new QSpinBox(this);
        m_mfu->setObjectName(QStringLiteral("runMfu"));
        m_mfu->setRange(1, 100);
        m_mfu->setSuffix(QStringLiteral("%"));
        m_mfu->setValue(qRound(Sizing::DefaultMfu * 100));
        m_mfuHint = explanation(this);
        for (QLabel **label :
             {&m_tokensLabel, &m_examplesLabel, &m_perExampleLabel, &m_epochsLabel, &m_mfuLabel})
            *label = new QLabel(this);
        m_tokensLabel->setBuddy(m_tokens);
        m_examplesLabel->setBuddy(m_examples);
        m_perExampleLabel->setBuddy(m_perExample);
        m_epochsLabel->setBuddy(m_epochs);
        m_mfuLabel->setBuddy(m_mfu);
        auto *form = new QFormLayout(this);
        form->addRow(m_tokensLabel, m_tokens);
        form->addRow(QString(), m_tokensProblem);
        form->addRow(QString(), m_tokensHint);
        form->addRow(m_examplesLabel, m_examples);
        form->addRow(m_perExampleLabel, m_perExample);
        form->addRow(m_epochsLabel, m_epochs);
        form->addRow(QString(), m_datasetHint);
        form->addRow(m_mfuLabel, m_mfu);
        form->addRow(QString(), m_mfuHint);
        setTabOrder(m_tokens, m_examples);
        setTabOrder(m_examples, m_perExample);
        setTabOrder(m_perExample, m_epochs);
        setTabOrder(m_epochs, m_mfu);
        connect(m_tokens, &QLineEdit::textChanged, this, &LengthPage::refresh);
        for (QSpinBox *helper : {m_examples, m_perExample, m_epochs})
            connect(helper, &QSpinBox::valueChanged, this, &LengthPage::fromDataset);
        retranslateUi();
    }

    void initializePage() override { retranslateUi(); } // the labels follow the workload

    // The tokens typed: 0 when empty (no run), nullopt when they do not read as a count. In C
    // or the user's notation ("1.5B", "1,5B" in Turkish), at most Sizing::MaxTokens.
    std::optional<qint64> tokens() const
    {
        const QString text = m_tokens->text().trimmed();
        if (text.isEmpty())
            return 0;
        if (const std::optional<qint64> n = Sizing::parseCount(text, Sizing::MaxTokens))
            return n;
        const QString point = locale().decimalPoint();
        if (point != u"." && text.contains(point)) {
            QString c = text;
            return Sizing::parseCount(c.replace(point, QStringLiteral(".")), Sizing::MaxTokens);
        }
        return std::nullopt;
    }
    double mfu() const { return m_mfu->value() / 100.0; }

    bool isComplete() const override { return tokens().has_value(); }
    bool validatePage() override { return isComplete(); }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
            retranslateUi();
        QWizardPage::changeEvent(event);
    }

private:
    bool inference() const { return sizing() && sizing()->method() == Sizing::Method::Inference; }

    // examples x tokens per example x epochs into the tokens (no more than 10^17: in range).
    void fromDataset()
    {
        if (m_examples->value() <= 0)
            return;
        const qint64 epochs = inference() ? 1 : m_epochs->value();
        m_tokens->setText(
            QString::number(qint64(m_examples->value()) * m_perExample->value() * epochs));
    }

    void retranslateUi()
    {
        const bool serving = inference();
        setTitle(tr("Length of the run"));
        setSubTitle(tr("Optional: with the tokens, the results show how long the run takes and "
                       "what it costs on every GPU."));
        m_tokensLabel->setText(serving ? tr("&Tokens to process") : tr("&Tokens to train on"));
        m_tokens->setPlaceholderText(tr("2B, 500M, 1e9; empty: rent by the hour"));
        m_tokens->setAccessibleName(tr("Tokens"));
        m_tokensHint->setText(serving ? tr("Prompt and generated tokens of every request together.")
                                      : tr("Every epoch together: the dataset's tokens × the "
                                           "epochs."));
        m_examplesLabel->setText(serving ? tr("&Requests") : tr("E&xamples"));
        m_perExampleLabel->setText(serving ? tr("Tokens per re&quest") : tr("Tokens per exa&mple"));
        m_epochsLabel->setText(tr("E&pochs"));
        m_epochs->setEnabled(!serving);
        m_datasetHint->setText(serving ? tr("Or the requests: their number × tokens per request "
                                            "fills in the tokens.")
                                       : tr("Or the dataset: examples × tokens per example × "
                                            "epochs fills in the tokens."));
        m_mfuLabel->setText(tr("&Utilisation (MFU)"));
        m_mfuHint->setText(tr("The share of the GPUs' dense BF16 TFLOPS the run achieves; large "
                              "published runs reached 38–46%. QLoRA and small batches reach "
                              "less."));
        refresh();
    }

    void refresh()
    {
        m_tokensProblem->setText(tokens() ? QString()
                                          : tr("Enter a count such as 2B, 500M or 1e9, at most "
                                               "10^15, or leave it empty."));
        m_tokensProblem->setVisible(!m_tokensProblem->text().isEmpty());
        Q_EMIT completeChanged();
    }

    QLineEdit *m_tokens = nullptr;
    QLabel *m_tokensProblem = nullptr;
    QLabel *m_tokensHint = nullptr;
    QSpinBox *m_examples = nullptr;
    QSpinBox *m_perExample = nullptr;
    QSpinBox *m_epochs = nullptr;
    QLabel *m_datasetHint = nullptr;
    QSpinBox *m_mfu = nullptr;
    QLabel *m_mfuHint = nullptr;
    QLabel *m_tokensLabel = nullptr;
    QLabel *m_examplesLabel = nullptr;
    QLabel *m_perExampleLabel = nullptr;
    QLabel *m_epochsLabel = nullptr;
    QLabel *m_mfuLabel = nullptr;
};

// --- Constraints ---------------------------------------------------------------------------------

class ConstraintsPage final : public SizingPage
{
    Q_OBJECT

public:
    explicit ConstraintsPage(QWidget *parent = nullptr)
        : SizingPage(parent)
    {
        setObjectName(QStringLiteral("constraintsPage"));
        m_maxGpus = new QSpinBox(this);
        m_maxGpus->setObjectName(QStringLiteral("maxGpus"));
        m_maxGpus->setRange(1, Sizing::MaxSearchGpus);
        m_maxGpus->setValue(8); // one server: the seeds' 8-GPU column
        m_budget = new QLineEdit(this);
        m_budget->setObjectName(QStringLiteral("budgetPerHour"));
        m_budget->setClearButtonEnabled(true);
        m_budgetProblem = problemLabel(this, QStringLiteral("budgetProblem"));
        m_fast = new QCheckBox(this);
        m_fast->setObjectName(QStringLiteral("needFastInterconnect"));
        m_fast->setChecked(true);
        m_hours = new QSpinBox(this);
        m_hours->setObjectName(QStringLiteral("rentalHours"));
        m_hours->setRange(1, MarketRules::MaxHours); // as the order ticket
        m_hours->setValue(24);
        m_fastWhy = explanation(this);
        for (QLabel **label : {&m_maxGpusLabel, &m_budgetLabel, &m_hoursLabel})
            *label = new QLabel(this);
        m_maxGpusLabel->setBuddy(m_maxGpus);
        m_budgetLabel->setBuddy(m_budget);
        m_hoursLabel->setBuddy(m_hours);
        auto *form = new QFormLayout(this);
        form->addRow(m_maxGpusLabel, m_maxGpus);
        form->addRow(m_budgetLabel, m_budget);
        form->addRow(QString(), m_budgetProblem);
        form->addRow(QString(), m_fast);
        form->addRow(QString(), m_fastWhy);
        form->addRow(m_hoursLabel, m_hours);
        setTabOrder(m_maxGpus, m_budget);
        setTabOrder(m_budget, m_fast);
        setTabOrder(m_fast, m_hours);
        connect(m_budget, &QLineEdit::textChanged, this, &ConstraintsPage::refresh);
        m_hoursWhy = explanation(this, QStringLiteral("rentalHoursWhy"));
        form->addRow(QString(), m_hoursWhy);
        retranslateUi();
    }

    void initializePage() override { retranslateUi(); }

    int maxGpus() const { return m_maxGpus->value(); }
    bool needFastInterconnect() const { return m_fast->isChecked(); }
    int hours() const { return m_hours->value(); }
    // The most hours one bid may ask for, as the order ticket allows.
    int maxHours() const { return m_hours->maximum(); }

    // Empty: no budget; otherwise money in the user's notation, with or without its symbol.
    bool budgetValid() const { return m_budget->text().trimmed().isEmpty() || budget(); }
    std::optional<Cents> budget() const
    {
        QString text = m_budget->text();
        text.remove(Money::symbol(Currency::USD, locale())).remove(u'$');
        const std::optional<Cents> cents = Money::parse(text, locale());
        if (!cents || *cents <= 0)
            return std::nullopt;
        return cents;
    }

    bool isComplete() const override { return budgetValid(); }
    bool validatePage() override { return isComplete(); }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
            retranslateUi();
        QWizardPage::changeEvent(event);
    }

private:
    void retranslateUi()
    {
        setTitle(tr("Constraints"));
        setSubTitle(tr("Your limits. GPUs beyond them stay in the results, with the reason."));
        m_maxGpusLabel->setText(tr("&At most GPUs"));
        m_budgetLabel->setText(tr("B&udget per hour"));
        m_budget->setPlaceholderText(tr("No limit, or like %1 (all GPUs, excluding tax)")
                                         .arg(Money::format(2000, locale())));
        m_budget->setAccessibleName(tr("Budget per hour"));
        m_fast->setText(tr("Several GPUs need a fast &interconnect (NVLink, Infinity Fabric)"));
        m_fastWhy->setText(tr("A job split over GPUs exchanges gradients every step; PCIe cards "
                              "suit one GPU or small jobs."));
        m_hoursLabel->setText(tr("&Hours to rent"));
        m_hours->setToolTip(tr("For the bid: rentals are billed hourly."));
        // With the run's tokens these hours are only for GPUs that cannot be timed.
        const bool byRun = sizing() && sizing()->runTokens() > 0;
        m_hoursWhy->setText(byRun ? tr("With the run's tokens, a bid is for the hours the chosen "
                                       "GPUs need, rounded up; these hours are for GPUs whose "
                                       "TFLOPS are not published.")
                                  : QString());
        m_hoursWhy->setVisible(byRun);
        refresh();
    }

    void refresh()
    {
        m_budgetProblem->setText(budgetValid() ? QString()
                                               : tr("Enter an amount like %1, or leave it empty.")
                                                     .arg(Money::format(2000, locale())));
        m_budgetProblem->setVisible(!m_budgetProblem->text().isEmpty());
        Q_EMIT completeChanged();
    }

    QSpinBox *m_maxGpus = nullptr;
    QLineEdit *m_budget = nullptr;
    QLabel *m_budgetProblem = nullptr;
    QCheckBox *m_fast = nullptr;
    QLabel *m_fastWhy = nullptr;
    QSpinBox *m_hours = nullptr;
    QLabel *m_maxGpusLabel = nullptr;
    QLabel *m_budgetLabel = nullptr;
    QLabel *m_hoursLabel = nullptr;
    QLabel *m_hoursWhy = nullptr;
};

// --- Results -------------------------------------------------------------------------------------

class ResultsPage final : public SizingPage
{
    Q_OBJECT

public:
    explicit ResultsPage(SizingResultsModel *results, QWidget *parent = nullptr)
        : SizingPage(parent)
        , m_results(results)
    {
        setObjectName(QStringLiteral("resultsPage"));
        m_summary = new QLabel(this);
        m_summary->setObjectName(QStringLiteral("resultsSummary"));
        m_summary->setWordWrap(true);
        m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

        // The model ranks its rows itself (live): no sorting in the view.
        m_view = new QTableView(this);
        m_view->setObjectName(QStringLiteral("resultsView"));
        m_view->setModel(results);
        m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
        m_view->setSelectionMode(QAbstractItemView::SingleSelection);
        m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
        m_view->setAlternatingRowColors(true);
        m_view->verticalHeader()->hide();
        m_view->horizontalHeader()->setStretchLastSection(true);
        m_view->setWordWrap(false);

        m_bid = new QPushButton(this);
        m_bid->setObjectName(QStringLiteral("bidForThis"));
        m_bidSummary = explanation(this, QStringLiteral("bidSummary"));
        auto *bidRow = new QHBoxLayout;
        bidRow->addWidget(m_bidSummary, 1);
        bidRow->addWidget(m_bid);
        auto *top = new QWidget(this);
        auto *topLayout = new QVBoxLayout(top);
        topLayout->setContentsMargins(0, 0, 0, 0);
        topLayout->addWidget(m_view, 1);
        topLayout->addLayout(bidRow);

        m_chart = new MemoryChart(this);
        m_assumptions = new QListWidget(this);
        m_assumptions->setObjectName(QStringLiteral("assumptions"));
        m_assumptions->setWordWrap(true);
        m_assumptions->setSpacing(3);
        m_assumptions->setSelectionMode(QAbstractItemView::NoSelection);
        m_assumptionsLabel = new QLabel(this);
        m_assumptionsLabel->setBuddy(m_assumptions);
        auto *assumptions = new QWidget(this);
        auto *assumptionsLayout = new QVBoxLayout(assumptions);
        assumptionsLayout->setContentsMargins(0, 0, 0, 0);
        assumptionsLayout->addWidget(m_assumptionsLabel);
        assumptionsLayout->addWidget(m_assumptions, 1);
        // Below the ranking: the chosen GPU's memory, and what the figures assume.
        auto *bottom = new QSplitter(Qt::Horizontal, this);
        bottom->addWidget(m_chart);
        bottom->addWidget(assumptions);
        bottom->setSizes({1, 1}); // halves

        auto *splitter = new QSplitter(Qt::Vertical, this);
        splitter->addWidget(top);
        splitter->addWidget(bottom);
        splitter->setStretchFactor(0, 3);
        splitter->setStretchFactor(1, 2);
        auto *layout = new QVBoxLayout(this);
        layout->addWidget(m_summary);
        layout->addWidget(splitter, 1);
        setTabOrder(m_view, m_bid);
        setTabOrder(m_bid, m_assumptions);

        connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &ResultsPage::showCurrent);
        // Live prices move rows and change figures: the selection follows its GPU (row moves),
        // the texts that quote prices follow the figures.
        connect(results, &QAbstractItemModel::dataChanged, this, &ResultsPage::updateTexts);
        connect(results, &QAbstractItemModel::rowsMoved, this, &ResultsPage::updateTexts);
        connect(m_bid, &QPushButton::clicked, this, &ResultsPage::bid);
        retranslateUi();
    }

    void initializePage() override
    {
        SizingWizard *w = sizing();
        m_results->setLocale(locale());
        QString problem;
        const std::optional<SizingResultsModel::Request> q = w->request(&problem);
        if (!q || !m_results->setRequest(*q, &problem)) {
            m_error = problem;
            m_chart->clear();
            updateTexts();
            return;
        }
        m_error.clear();
        // The run's hours and cost beside the price per hour, when the tokens are given.
        m_view->setColumnHidden(SizingResultsModel::RunHours, q->tokens <= 0);
        m_view->setColumnHidden(SizingResultsModel::RunCost, q->tokens <= 0);
        m_view->resizeColumnsToContents();
        // The best answer first, and current, so that "Bid for this" is one key away.
        m_view->setCurrentIndex(m_results->index(0, 0));
        showCurrent();
        m_assumptions->clear();
        m_assumptions->addItems(m_results->assumptions());
    }

    int currentRow() const
    {
        const QModelIndex current = m_view->currentIndex();
        return current.isValid() ? current.row() : -1;
    }

Q_SIGNALS:
    void bidRequested(const QString &gpu, int gpus, int hours, everx::Cents priceCents);

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange) {
            m_results->setLocale(locale());
            retranslateUi();
        }
        QWizardPage::changeEvent(event);
    }

private:
    void retranslateUi()
    {
        setTitle(tr("Results"));
        setSubTitle(tr("Every GPU ranked by fit and live price. Choose one to see its memory, "
                       "then bid for it."));
        m_bid->setText(tr("Bi&d for this"));
        m_bid->setToolTip(tr("Opens the order ticket with this GPU, the GPU count, the hours "
                             "and the best offer as the bid price."));
        m_assumptionsLabel->setText(tr("&Assumptions"));
        m_view->setAccessibleName(tr("GPUs ranked by fit and price"));
        if (m_results->hasRequest()) {
            m_assumptions->clear();
            m_assumptions->addItems(m_results->assumptions());
        }
        updateTexts();
    }

    void showCurrent()
    {
        const int row = currentRow();
        if (row < 0 || !m_results->hasRequest()) {
            m_chart->clear();
        } else {
            const SizingResultsModel::Result &r = m_results->result(row);
            if (r.breakdown)
                m_chart->setBreakdown(*r.breakdown, r.gpu->name, r.gpus.value_or(1),
                                      qint64(r.gpu->memoryGb) * Sizing::BytesPerGb, r.fits());
            else
                m_chart->clear();
        }
        updateTexts();
    }

    void updateTexts()
    {
        const QLocale l = locale();
        SizingWizard *w = sizing();
        if (!m_error.isEmpty() || !w || !m_results->hasRequest()) {
            m_summary->setText(m_error);
            m_bid->setEnabled(false);
            m_bidSummary->clear();
            return;
        }
        const SizingResultsModel::Request &q = m_results->request();
        QString what =
            tr("%1, %2").arg(w->modelName(), SizingWizard::methodText(q.workload.method));
        if (q.mode == SizingResultsModel::Mode::Quick)
            what += tr(", quick rule");
        else if (q.shape.layers > 0)
            what += tr(", %1 tokens × %2", "sequence length × micro-batch")
                        .arg(l.toString(q.workload.seq), l.toString(q.workload.batch));
        const SizingResultsModel::Result &best = m_results->result(0);
        QString answer;
        if (best.tier() != SizingResultsModel::Tier::Eligible)
            answer = tr("No GPU fits within your limits; the table says why for each.");
        else if (best.run.cost && best.run.wallHours)
            answer =
                tr("Best now: %1 × %2, %3 for the whole run (%4 h, tax included).",
                   "GPU count × GPU name")
                    .arg(l.toString(*best.gpus), best.gpu->name, Money::format(*best.run.cost, l),
                         l.toString(*best.run.wallHours, 'f', 1));
        else if (const std::optional<Cents> price = best.pricePerHour())
            answer = tr("Best now: %1 × %2 at %3 per hour.", "GPU count × GPU name")
                         .arg(l.toString(*best.gpus), best.gpu->name, Money::format(*price, l));
        else
            answer = tr("Best: %1 × %2; nobody offers it right now.", "GPU count × GPU name")
                         .arg(l.toString(*best.gpus), best.gpu->name);
        m_summary->setText(what + QStringLiteral(". ") + answer);

        const int row = currentRow();
        const bool canBid = row >= 0 && m_results->result(row).fits();
        m_bid->setEnabled(canBid);
        if (!canBid) {
            m_bidSummary->setText(row >= 0 ? tr("This GPU does not fit the workload.") : QString());
            return;
        }
        const SizingResultsModel::Result &r = m_results->result(row);
        const QString price = Money::format(m_results->suggestedBidPrice(row), l);
        const int bidHours = hoursToBid(row);
        const QString hours = tr("%n hour(s)", "", bidHours);
        QString text = (r.ask ? tr("Bid for %1 × %2 for %3 at %4 per GPU-hour, the best offer.",
                                   "GPU count × GPU name")
                              : tr("Bid for %1 × %2 for %3 at %4 per GPU-hour; nobody offers it "
                                   "now.",
                                   "GPU count × GPU name"))
                           .arg(l.toString(*r.gpus), r.gpu->name, hours, price);
        if (const std::optional<int> needed = m_results->hoursToRent(row); needed && q.tokens > 0) {
            if (*needed > bidHours)
                text += u' '
                    + tr("The run needs %n hour(s), more than one bid covers: bid again when it "
                         "ends, or choose GPUs that need fewer hours.",
                         "", *needed);
            else
                text += u' '
                    + tr("The run's %1 h, rounded up: rentals are billed per started hour.")
                          .arg(l.toString(*r.run.wallHours, 'f', 1));
        } else if (q.tokens > 0) {
            text += u' '
                + tr("Without its TFLOPS the run cannot be timed: the hours are those to rent.");
        }
        m_bidSummary->setText(text);
    }

    // The hours a bid for the row asks: the run's wall-clock hours rounded up when the tokens
    // are given and the GPU's speed is published, within what one bid may ask; otherwise the
    // hours to rent from the constraints.
    int hoursToBid(int row) const
    {
        SizingWizard *w = sizing();
        if (const std::optional<int> needed = m_results->hoursToRent(row);
            needed && m_results->request().tokens > 0)
            return std::clamp(*needed, 1, w->maxRentalHours());
        return w->rentalHours();
    }

    void bid()
    {
        const int row = currentRow();
        if (row < 0 || !m_results->result(row).fits())
            return;
        const SizingResultsModel::Result &r = m_results->result(row);
        Q_EMIT bidRequested(r.gpu->id, *r.gpus, hoursToBid(row), m_results->suggestedBidPrice(row));
    }

    SizingResultsModel *m_results = nullptr;
    QLabel *m_summary = nullptr;
    QTableView *m_view = nullptr;
    QPushButton *m_bid = nullptr;
    QLabel *m_bidSummary = nullptr;
    MemoryChart *m_chart = nullptr;
    QLabel *m_assumptionsLabel = nullptr;
    QListWidget *m_assumptions = nullptr;
    QString m_error;
};

// --- the wizard ----------------------------------------------------------------------------------

SizingWizard::SizingWizard(const MarketWatchModel *market, QWidget *parent)
    : QWizard(parent)
{
    setObjectName(QStringLiteral("sizingWizard"));
    setModal(false);
    setOption(QWizard::NoBackButtonOnStartPage);
    m_results = new SizingResultsModel(GpuCatalog::builtIn(), this);
    m_results->setMarketWatch(market);
    m_workloadPage = new WorkloadPage(this);
    m_modelPage = new ModelPage(this);
    m_runPage = new RunPage(this);
    m_lengthPage = new LengthPage(this);
    m_constraintsPage = new ConstraintsPage(this);
    m_resultsPage = new ResultsPage(m_results, this);
    setPage(WorkloadPageId, m_workloadPage);
    setPage(ModelPageId, m_modelPage);
    setPage(RunPageId, m_runPage);
    setPage(LengthPageId, m_lengthPage);
    setPage(ConstraintsPageId, m_constraintsPage);
    setPage(ResultsPageId, m_resultsPage);
    setStartId(WorkloadPageId);
    connect(m_resultsPage, &ResultsPage::bidRequested, this, &SizingWizard::bidRequested);
    resize(1180, 820);
    retranslateUi();
}

SizingWizard::~SizingWizard() = default;

Sizing::Method SizingWizard::method() const
{
    return m_workloadPage->method();
}

QString SizingWizard::modelName() const
{
    return m_modelPage->modelName();
}

int SizingWizard::rentalHours() const
{
    return m_constraintsPage->hours();
}

int SizingWizard::maxRentalHours() const
{
    return m_constraintsPage->maxHours();
}

qint64 SizingWizard::runTokens() const
{
    return m_lengthPage->tokens().value_or(0);
}

void SizingWizard::setTaxBasisPoints(int basisPoints)
{
    m_results->setTaxBasisPoints(basisPoints);
}

std::optional<SizingResultsModel::Request> SizingWizard::request(QString *problem) const
{
    const auto refuse = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    const std::optional<Sizing::ModelShape> shape = m_modelPage->shape();
    if (!shape)
        return refuse(tr("Choose a model or enter its parameter count."));
    if (!m_constraintsPage->budgetValid())
        return refuse(tr("The budget per hour does not read as an amount."));
    const std::optional<qint64> tokens = m_lengthPage->tokens();
    if (!tokens)
        return refuse(tr("The tokens do not read as a count."));
    SizingResultsModel::Request q;
    q.shape = *shape;
    q.workload.method = method();
    q.workload.seq = m_runPage->seq();
    q.workload.batch = m_runPage->batch();
    q.workload.recompute = m_runPage->recompute();
    q.workload.strategy = m_runPage->strategy();
    q.workload.gradBytes = m_runPage->gradBytes();
    q.mode =
        m_runPage->quick() ? SizingResultsModel::Mode::Quick : SizingResultsModel::Mode::Detailed;
    q.maxGpus = m_constraintsPage->maxGpus();
    q.budgetPerHour = m_constraintsPage->budget();
    q.needFastInterconnect = m_constraintsPage->needFastInterconnect();
    q.tokens = *tokens;
    q.mfu = m_lengthPage->mfu();
    return q;
}

std::optional<qint64> SizingWizard::parseParameters(const QString &typed, const QLocale &locale)
{
    QString text = typed.trimmed();
    // A trailing number word stands for its letter: "70 miliar" reads as "70B".
    const std::pair<QString, QChar> words[] = {
        {tr("trillion", "a number word typed after a parameter count: 10^12"), u'T'},
        {tr("billion", "a number word typed after a parameter count: 10^9, a thousand million"),
         u'B'},
        {tr("million", "a number word typed after a parameter count: 10^6"), u'M'},
        {tr("thousand", "a number word typed after a parameter count: 10^3"), u'K'},
    };
    for (const auto &[word, letter] : words) {
        if (!word.isEmpty() && text.size() > word.size()
            && text.endsWith(word, Qt::CaseInsensitive)) {
            text = text.chopped(word.size()).trimmed() + letter;
            break;
        }
    }
    if (const std::optional<qint64> n = Sizing::parseParameterCount(text))
        return n;
    const QString point = locale.decimalPoint();
    if (point != u"." && text.contains(point))
        return Sizing::parseParameterCount(text.replace(point, QStringLiteral(".")));
    return std::nullopt;
}

QString SizingWizard::methodText(Sizing::Method method)
{
    switch (method) {
    case Sizing::Method::Full:
        return tr("full training");
    case Sizing::Method::Lora:
        return tr("LoRA");
    case Sizing::Method::Qlora:
        return tr("QLoRA");
    case Sizing::Method::Inference:
        return tr("inference");
    }
    return {};
}

void SizingWizard::retranslateLauncher(QMenu *menu, QAction *open)
{
    if (menu)
        menu->setTitle(tr("&Tools"));
    if (open) {
        open->setText(tr("Workload &wizard\u2026"));
        open->setStatusTip(tr("Which GPUs fit a workload, how many, and what they cost now."));
    }
}

void SizingWizard::retranslateUi()
{
    setWindowTitle(tr("Workload wizard"));
}

void SizingWizard::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWizard::changeEvent(event);
    // QWizard gives its page frame a palette of its own when it lays itself out, so a change of
    // theme (the application's palette) would stop at the frame: the pages kept the old theme.
    if (event->type() == QEvent::PaletteChange) {
        for (QWidget *child : findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
            if (child->testAttribute(Qt::WA_SetPalette))
                child->setPalette(palette());
        }
    }
}

} // namespace everx

#include "sizingwizard.moc"
