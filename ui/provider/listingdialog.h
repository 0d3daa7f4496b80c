// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/gpucatalog.h"
#include "market/requests.h"

#include <QtWidgets/QDialog>

#include <functional>
#include <memory>
#include <optional>

namespace Ui {
class ListingDialog;
}

namespace everx {

// "Add a listing" (the provider workspace): GPU, GPUs in the server, price, region and access
// endpoint, with a price suggested from the live book (one cent under the best offer of the
// chosen GPU from other providers, never one's own, or the catalog's "from" price when nobody
// else offers it). OK checks the form and emits
// submitted(); the workspace sends it and either accept()s or shows the server's refusal here
// with showProblem(), so a refused listing keeps what was typed.
class ListingDialog final : public QDialog
{
    Q_OBJECT

public:
    using BestAsk = std::function<std::optional<Cents>(const QString &gpu)>;

    ListingDialog(const GpuCatalog &catalog, BestAsk bestAsk, QWidget *parent = nullptr);
    ~ListingDialog() override;

    // The suggested price of the chosen GPU; nullopt if there is none.
    std::optional<Cents> suggestedPrice() const;
    // The form as a request, or nullopt with the reason shown.
    std::optional<ListingRequest> request();
    void showProblem(const QString &text);

Q_SIGNALS:
    void submitted(const everx::ListingRequest &request);

protected:
    void changeEvent(QEvent *event) override;

private:
    void suggest();
    void submit();

    std::unique_ptr<::Ui::ListingDialog> m_ui;
    const GpuCatalog &m_catalog;
    BestAsk m_bestAsk;
};

} // namespace everx
