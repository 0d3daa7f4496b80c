// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "provider/clusterdialog.h"

#include "ui_clusterdialog.h"

#include "market/marketrules.h"
#include "views/providerlistingsmodel.h"
#include "windowfit/windowfit.h"

#include <QtCore/QEvent>

namespace everx {

ClusterDialog::ClusterDialog(const QList<Listing> &listings, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ClusterDialog>())
    , m_count(listings.size())
{
    m_ui->setupUi(this);
    WindowFit::install(this);
    setObjectName(QStringLiteral("clusterDialog"));
    m_ui->clusterName->setMaxLength(int(MarketRules::MaxClusterNameLength));
    for (const Fabric f : {Fabric::InfiniBand, Fabric::RoCE, Fabric::Ethernet})
        m_ui->clusterFabric->addItem(ProviderListingsModel::fabricName(f), int(f));
    m_ui->clusterGbps->setRange(1, MarketRules::MaxFabricGbps);
    m_ui->clusterGbps->setValue(400); // InfiniBand NDR, the common fabric of 8-GPU training servers
    // The first listing's cluster, if it is in one: editing it starts from what it is.
    if (!listings.isEmpty() && !listings.first().cluster.isEmpty()) {
        const Listing &l = listings.first();
        m_ui->clusterName->setText(l.cluster);
        m_ui->clusterFabric->setCurrentIndex(m_ui->clusterFabric->findData(int(l.fabric)));
        m_ui->clusterGbps->setValue(l.fabricGbps);
    }
    showProblem({});
    connect(m_ui->clusterName, &QLineEdit::textChanged, this, &ClusterDialog::updateFields);
    connect(m_ui->buttons, &QDialogButtonBox::accepted, this, [this] {
        showProblem({});
        Q_EMIT submitted(cluster());
    });
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    retranslateUi();
    updateFields();
}

ClusterDialog::~ClusterDialog() = default;

ListingCluster ClusterDialog::cluster() const
{
    ListingCluster c;
    c.cluster = m_ui->clusterName->text().trimmed();
    if (!c.cluster.isEmpty()) {
        c.fabric = Fabric(m_ui->clusterFabric->currentData().toInt());
        c.fabricGbps = m_ui->clusterGbps->value();
    }
    return c;
}

void ClusterDialog::updateFields()
{
    // Without a name there is no cluster, so no fabric or speed either.
    const bool named = !m_ui->clusterName->text().trimmed().isEmpty();
    m_ui->clusterFabric->setEnabled(named);
    m_ui->clusterGbps->setEnabled(named);
}

void ClusterDialog::showProblem(const QString &text)
{
    m_ui->clusterProblem->setText(text);
    m_ui->clusterProblem->setVisible(!text.isEmpty());
}

void ClusterDialog::retranslateUi()
{
    m_ui->clusterSummary->setText(
        tr("The cluster of %n listing(s): servers of yours joined by a fast network.", "",
           int(m_count)));
}

void ClusterDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateUi();
    }
    QDialog::changeEvent(event);
}

} // namespace everx
