// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"
#include "market/requests.h"

#include <QtWidgets/QDialog>

#include <memory>

namespace Ui {
class ClusterDialog;
}

namespace everx {

// Sets or clears the cluster of one or several listings (the provider workspace): a name, the
// fabric between its servers (InfiniBand, RoCE, Ethernet) and its speed per server in Gb/s; an
// empty name takes the listings out of their cluster. OK emits submitted() with the cluster (its
// listingId left 0); the workspace sends it for each listing (listing.cluster) and accept()s, or
// shows the exchange's refusal here with showProblem().
class ClusterDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit ClusterDialog(const QList<Listing> &listings, QWidget *parent = nullptr);
    ~ClusterDialog() override;

    // What OK would send, without a listing id.
    ListingCluster cluster() const;
    void showProblem(const QString &text);

Q_SIGNALS:
    void submitted(const everx::ListingCluster &cluster);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateFields();

    std::unique_ptr<::Ui::ClusterDialog> m_ui;
    qsizetype m_count = 0; // listings it sets
};

} // namespace everx
