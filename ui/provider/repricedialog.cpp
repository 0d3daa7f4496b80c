// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "provider/repricedialog.h"

#include "ui_repricedialog.h"

#include "windowfit/windowfit.h"
#include <QtCore/QEvent>
#include <QtWidgets/QPushButton>

#include <algorithm>

namespace everx {

RepriceDialog::RepriceDialog(const QList<Listing> &listings, const GpuCatalog &catalog,
                             BestAsk bestAsk, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::RepriceDialog>())
    , m_listings(listings)
    , m_catalog(catalog)
    , m_bestAsk(std::move(bestAsk))
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    setObjectName(QStringLiteral("repriceDialog"));
    fillRules();
    if (m_listings.size() == 1)
        m_ui->repriceValue->setText(Money::toPlain(m_listings.first().askCents));
    connect(m_ui->repriceRule, &QComboBox::currentIndexChanged, this,
            &RepriceDialog::updatePreview);
    connect(m_ui->repriceValue, &QLineEdit::textChanged, this, &RepriceDialog::updatePreview);
    connect(m_ui->buttons, &QDialogButtonBox::accepted, this, [this] {
        const QList<Reprice> r = reprices();
        if (!r.isEmpty())
            Q_EMIT submitted(r);
    });
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updatePreview();
}

RepriceDialog::~RepriceDialog() = default;

void RepriceDialog::fillRules()
{
    const int current = std::max(0, m_ui->repriceRule->currentIndex());
    const QSignalBlocker block(m_ui->repriceRule);
    m_ui->repriceRule->clear();
    m_ui->repriceRule->addItem(tr("A price (USD per GPU-hour)"), int(Rule::Fixed));
    m_ui->repriceRule->addItem(tr("The best offer"), int(Rule::BestAsk));
    m_ui->repriceRule->addItem(tr("The best offer minus a percentage"),
                               int(Rule::BestAskMinusPercent));
    m_ui->repriceRule->addItem(tr("The best offer minus an amount (USD)"),
                               int(Rule::BestAskMinusAmount));
    m_ui->repriceRule->setCurrentIndex(current);
}

void RepriceDialog::setRule(Rule rule)
{
    m_ui->repriceRule->setCurrentIndex(m_ui->repriceRule->findData(int(rule)));
}

std::optional<qint64> RepriceDialog::value() const
{
    const Rule rule = Rule(m_ui->repriceRule->currentData().toInt());
    if (rule == Rule::BestAsk)
        return 0;
    // A percentage with two decimals reads as money does: "2.5" is 250 basis points.
    const QString text = m_ui->repriceValue->text().trimmed();
    std::optional<Cents> v = Money::parse(text, locale());
    if (!v)
        v = Money::parse(text);
    return v;
}

QList<Reprice> RepriceDialog::reprices() const
{
    QList<Reprice> out;
    const Rule rule = Rule(m_ui->repriceRule->currentData().toInt());
    const std::optional<qint64> v = value();
    if (!v)
        return out;
    for (const Listing &l : m_listings) {
        if (const std::optional<Cents> price =
                ProviderListingsModel::priceFor(rule, *v, m_bestAsk(l.gpu)))
            out.append({l.id, *price});
    }
    return out;
}

void RepriceDialog::updatePreview()
{
    const Rule rule = Rule(m_ui->repriceRule->currentData().toInt());
    m_ui->repriceValue->setEnabled(rule != Rule::BestAsk);
    m_ui->repriceSummary->setText(tr("%n listing(s) selected.", "", int(m_listings.size())));
    const QList<Reprice> r = reprices();
    QStringList lines;
    for (const Listing &l : m_listings) {
        const GpuModel *g = m_catalog.find(l.gpu);
        const QString name = g ? g->name : l.gpu;
        const auto it = std::find_if(r.cbegin(), r.cend(),
                                     [&](const Reprice &p) { return p.listingId == l.id; });
        lines << (it == r.cend()
                      ? tr("%1: no new price (no offer to follow, or out of range)").arg(name)
                      : tr("%1: %2 to %3")
                            .arg(name, Money::format(l.askCents, locale()),
                                 Money::format(it->askCents, locale())));
    }
    m_ui->repricePreview->setText(lines.join(u'\n'));
    if (QPushButton *ok = m_ui->buttons->button(QDialogButtonBox::Ok))
        ok->setEnabled(!r.isEmpty());
}

void RepriceDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        fillRules();
        updatePreview();
    }
    QDialog::changeEvent(event);
}

} // namespace everx
