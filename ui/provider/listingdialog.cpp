// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "provider/listingdialog.h"

#include "ui_listingdialog.h"

#include "market/marketrules.h"
#include "windowfit/windowfit.h"

#include <QtCore/QEvent>
#include <QtWidgets/QPushButton>

namespace everx {

ListingDialog::ListingDialog(const GpuCatalog &catalog, BestAsk bestAsk, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ListingDialog>())
    , m_catalog(catalog)
    , m_bestAsk(std::move(bestAsk))
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    setObjectName(QStringLiteral("listingDialog"));
    for (const GpuModel &g : catalog.gpus())
        m_ui->listingGpu->addItem(g.name, g.id);
    m_ui->listingGpus->setMaximum(MarketRules::MaxGpusPerListing);
    m_ui->listingRegion->setMaxLength(int(MarketRules::MaxRegionLength));
    m_ui->listingEndpoint->setMaxLength(int(MarketRules::MaxEndpointLength));
    m_ui->listingProblem->hide();
    connect(m_ui->listingGpu, &QComboBox::currentIndexChanged, this, &ListingDialog::suggest);
    connect(m_ui->buttons, &QDialogButtonBox::accepted, this, &ListingDialog::submit);
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    suggest();
}

ListingDialog::~ListingDialog() = default;

std::optional<Cents> ListingDialog::suggestedPrice() const
{
    const QString gpu = m_ui->listingGpu->currentData().toString();
    if (const std::optional<Cents> best = m_bestAsk(gpu);
        best && *best > MarketRules::MinPriceCents)
        return *best - 1;
    const GpuModel *g = m_catalog.find(gpu);
    return g && g->fromPriceCents > 0 ? std::optional<Cents>(g->fromPriceCents) : std::nullopt;
}

void ListingDialog::suggest()
{
    const QString gpu = m_ui->listingGpu->currentData().toString();
    const std::optional<Cents> price = suggestedPrice();
    if (!price) {
        m_ui->listingSuggestion->clear();
        return;
    }
    m_ui->listingPrice->setText(Money::toPlain(*price));
    m_ui->listingSuggestion->setText(
        m_bestAsk(gpu)
            ? tr("Suggested: one cent under the best offer of other providers, %1.")
                  .arg(Money::format(*m_bestAsk(gpu), locale()))
            : tr("Suggested: the catalog price; no other provider offers this GPU now."));
}

std::optional<ListingRequest> ListingDialog::request()
{
    ListingRequest r;
    r.gpu = m_ui->listingGpu->currentData().toString();
    r.gpuCount = m_ui->listingGpus->value();
    r.region = m_ui->listingRegion->text().trimmed();
    r.endpoint = m_ui->listingEndpoint->text().trimmed();
    std::optional<Cents> price = Money::parse(m_ui->listingPrice->text().trimmed(), locale());
    if (!price)
        price = Money::parse(m_ui->listingPrice->text().trimmed());
    if (!price || *price < MarketRules::MinPriceCents || *price > MarketRules::MaxPriceCents) {
        showProblem(tr("Enter a price from %1 to %2 per GPU-hour.")
                        .arg(Money::format(MarketRules::MinPriceCents, locale()),
                             Money::format(MarketRules::MaxPriceCents, locale())));
        return std::nullopt;
    }
    if (r.region.isEmpty() || r.endpoint.isEmpty()) {
        showProblem(tr("Enter the server's region and how renters reach it."));
        return std::nullopt;
    }
    r.askCents = *price;
    return r;
}

void ListingDialog::showProblem(const QString &text)
{
    m_ui->listingProblem->setText(text);
    m_ui->listingProblem->setVisible(!text.isEmpty());
}

void ListingDialog::submit()
{
    if (const std::optional<ListingRequest> r = request()) {
        showProblem({});
        Q_EMIT submitted(*r);
    }
}

void ListingDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        suggest();
    }
    QDialog::changeEvent(event);
}

} // namespace everx
