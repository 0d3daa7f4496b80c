#include "provider/providerworkspace.h"

#include "ui_providerworkspace.h"

#include "provider/earningschart.h"
#include "provider/listingdialog.h"
#include "provider/payoutdialog.h"
#include "provider/repricedialog.h"

#include "market/marketrules.h"
#include "views/deskstate.h"
#include "views/hostedrentalsmodel.h"
#include "views/payoutsmodel.h"
#include "views/providerlistingsmodel.h"
#include "views/providerstatscsv.h"
#include "wire/clientsession.h"
#include "wire/wirecodec.h"

#include <QtCore/QDate>
#include <QtCore/QDir>
#include <QtCore/QEvent>
#include <QtCore/QSaveFile>
#include <QtCore/QStandardPaths>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QHeaderView>

#include <algorithm>
#include <utility>

namespace everx {

ProviderWorkspace::ProviderWorkspace(ClientSession &session, DeskState &desk, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::ProviderWorkspace>())
    , m_session(&session)
    , m_desk(desk)
    , m_client(session)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("providerWorkspace"));
    const GpuCatalog &catalog = GpuCatalog::builtIn();
    m_listings = new ProviderListingsModel(catalog, this);
    m_rentals = new HostedRentalsModel(catalog, this);
    m_payouts = new PayoutsModel(this);
    const std::pair<QTableView *, QAbstractItemModel *> tables[] = {
        {m_ui->listingsView, m_listings},
        {m_ui->hostedRentalsView, m_rentals},
        {m_ui->payoutsView, m_payouts},
    };
    for (const auto &table : tables) {
        table.first->setModel(table.second);
        table.first->verticalHeader()->hide();
        table.first->horizontalHeader()->setStretchLastSection(true);
    }
    m_ui->listingsMessage->hide();
    m_chart = new EarningsChart(m_ui->statsChartHost);
    m_ui->statsChartLayout->addWidget(m_chart);
    for (const int days : {7, 30, 90})
        m_ui->statsDays->addItem(QString(), days);
    m_ui->statsDays->setCurrentIndex(1);
    m_refresh.setSingleShot(true);
    m_refresh.setInterval(RefreshDelayMs);

    connect(&m_refresh, &QTimer::timeout, this, &ProviderWorkspace::refresh);
    connect(&session, &ClientSession::snapshotReceived, this, &ProviderWorkspace::onSnapshot);
    connect(&session, &ClientSession::deltaReceived, this, &ProviderWorkspace::onDelta);
    connect(&session, &ClientSession::signedIn, this, &ProviderWorkspace::refresh);
    connect(&desk, &DeskState::balanceChanged, this, &ProviderWorkspace::showBalance);
    connect(desk.marketWatch(), &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &from, const QModelIndex &to) {
                followTicker(from.row(), to.row());
            });
    connect(desk.marketWatch(), &QAbstractItemModel::modelReset, this,
            [this] { followTicker(0, m_desk.marketWatch()->rowCount() - 1); });
    connect(m_ui->listingsView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ProviderWorkspace::updateActions);
    connect(m_listings, &QAbstractItemModel::dataChanged, this, &ProviderWorkspace::updateActions);
    connect(m_ui->listingAdd, &QPushButton::clicked, this, &ProviderWorkspace::addListing);
    connect(m_ui->listingReprice, &QPushButton::clicked, this, &ProviderWorkspace::repriceSelected);
    connect(m_ui->listingPause, &QPushButton::clicked, this,
            [this] { changeSelected(&ExchangeClient::pauseListing); });
    connect(m_ui->listingResume, &QPushButton::clicked, this,
            [this] { changeSelected(&ExchangeClient::resumeListing); });
    connect(m_ui->listingRemove, &QPushButton::clicked, this,
            [this] { changeSelected(&ExchangeClient::removeListing); });
    connect(m_ui->rentalsOlder, &QPushButton::clicked, this,
            [this] { fetchRentals(m_oldestRental); });
    connect(m_ui->statsDays, &QComboBox::currentIndexChanged, this, &ProviderWorkspace::fetchStats);
    connect(m_ui->statsExport, &QPushButton::clicked, this,
            &ProviderWorkspace::exportCsvInteractive);
    connect(m_ui->payoutRequest, &QPushButton::clicked, this, &ProviderWorkspace::requestPayout);

    retranslateUi();
    followTicker(0, desk.marketWatch()->rowCount() - 1);
    showBalance();
    updateActions();
    if (session.state() == ClientSession::State::SignedIn)
        refresh();
}

ProviderWorkspace::~ProviderWorkspace() = default;

void ProviderWorkspace::refresh()
{
    if (!m_session || m_session->state() != ClientSession::State::SignedIn
        || m_session->account().role != Role::Provider)
        return;
    // The listings as they stand, in case the account channel's snapshot came before this
    // widget; later changes come as events.
    m_client.listings(this, [this](Result<QList<Listing>> r) {
        if (r)
            m_listings->replaceAll(*r);
    });
    fetchRentals(0);
    fetchStats();
    fetchPayouts();
}

void ProviderWorkspace::scheduleRefresh()
{
    if (!m_refresh.isActive())
        m_refresh.start();
}

void ProviderWorkspace::onSnapshot(const QString &channel, qint64, const QJsonObject &payload)
{
    if (channel != Channel::AccountName)
        return;
    m_listings->applySnapshot(payload);
    updateActions();
}

void ProviderWorkspace::onDelta(const QString &channel, qint64, PushType,
                                const QJsonObject &payload)
{
    if (channel != Channel::AccountName)
        return;
    const QString type = Wire::accountEventType(payload);
    if (type == AccountEvent::Listing) {
        m_listings->applyEvent(payload);
        updateActions();
    } else if (type == AccountEvent::Payout) {
        m_payouts->applyEvent(payload);
    } else if (type == AccountEvent::Rental) {
        scheduleRefresh(); // billed hours and earnings: rentals, statistics, listings' earnings
    }
}

void ProviderWorkspace::followTicker(int firstRow, int lastRow)
{
    MarketWatchModel *watch = m_desk.marketWatch();
    for (int row = std::max(0, firstRow); row <= lastRow && row < watch->rowCount(); ++row) {
        const TickerEntry t = watch->ticker(row);
        const QString gpu =
            watch->data(watch->index(row, 0), MarketWatchModel::GpuIdRole).toString();
        m_listings->setBestAsk(gpu, t.ask);
    }
}

std::optional<Cents> ProviderWorkspace::bestAsk(const QString &gpu) const
{
    return m_listings->bestAsk(gpu);
}

void ProviderWorkspace::fetchRentals(qint64 before)
{
    m_client.hostedRentals({before, MarketRules::DefaultPageSize}, this,
                           [this, before](Result<QList<HostedRental>> r) {
                               if (!r)
                                   return;
                               m_rentals->merge(*r);
                               if (before == 0 && m_oldestRental != 0)
                                   return; // a refresh of the newest page
                               if (!r->isEmpty())
                                   m_oldestRental = r->last().id;
                               m_ui->rentalsOlder->setEnabled(r->size()
                                                              == MarketRules::DefaultPageSize);
                           });
}

void ProviderWorkspace::fetchStats()
{
    const int days = m_ui->statsDays->currentData().toInt();
    m_client.providerStats({days}, this, [this](Result<ProviderStats> r) {
        if (!r)
            return;
        m_stats = *r;
        m_listings->setEarnings(m_stats.listings);
        m_chart->setStats(m_stats);
        showTotals();
    });
}

void ProviderWorkspace::fetchPayouts()
{
    m_client.payouts({}, this, [this](Result<QList<Payout>> r) {
        if (r)
            m_payouts->merge(*r);
    });
}

void ProviderWorkspace::showBalance()
{
    const Balance b = m_desk.balance();
    m_ui->payoutEarningsBalance->setText(
        tr("Earnings: %1").arg(Money::format(b.earnings, locale())));
    m_ui->payoutPendingBalance->setText(
        tr("Waiting to be paid: %1").arg(Money::format(b.payoutPending, locale())));
    m_ui->payoutRequest->setEnabled(b.earnings >= MarketRules::MinPayoutCents);
}

void ProviderWorkspace::showTotals()
{
    m_ui->statsToday->setText(tr("Today: %1").arg(Money::format(m_stats.todayCents, locale())));
    m_ui->statsWeek->setText(tr("7 days: %1").arg(Money::format(m_stats.last7DaysCents, locale())));
    m_ui->statsMonth->setText(
        tr("30 days: %1").arg(Money::format(m_stats.last30DaysCents, locale())));
}

QList<Listing> ProviderWorkspace::selectedListings() const
{
    QList<Listing> out;
    for (const QModelIndex &i : m_ui->listingsView->selectionModel()->selectedRows())
        out.append(m_listings->record(i.row()));
    return out;
}

void ProviderWorkspace::updateActions()
{
    const QList<Listing> selected = selectedListings();
    const auto any = [&](ListingState state) {
        return std::any_of(selected.cbegin(), selected.cend(),
                           [state](const Listing &l) { return l.state == state; });
    };
    m_ui->listingReprice->setEnabled(!selected.isEmpty());
    m_ui->listingPause->setEnabled(any(ListingState::Active));
    m_ui->listingResume->setEnabled(any(ListingState::Paused));
    m_ui->listingRemove->setEnabled(!selected.isEmpty());
}

void ProviderWorkspace::showRefusal(const Error &error)
{
    QString text;
    switch (error.code) {
    case ErrorCode::ListingHasRentals:
        text = tr("This listing has rented GPUs, so it cannot be removed now. Pause it, and"
                  " remove it when its rentals have ended.");
        break;
    case ErrorCode::InvalidState:
        text = tr("The listing is already in that state.");
        break;
    case ErrorCode::Timeout:
        text = tr("The exchange did not answer; try again.");
        break;
    default:
        text = tr("The exchange refused: %1").arg(error.message);
        break;
    }
    m_ui->listingsMessage->setText(text);
    m_ui->listingsMessage->show();
}

void ProviderWorkspace::addListing()
{
    auto *dialog = new ListingDialog(
        GpuCatalog::builtIn(), [this](const QString &gpu) { return bestAsk(gpu); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ListingDialog::submitted, this,
            [this, dialog = QPointer<ListingDialog>(dialog)](const ListingRequest &request) {
                m_client.addListing(request, dialog, [this, dialog](Result<Listing> r) {
                    if (!dialog)
                        return;
                    if (!r) {
                        dialog->showProblem(r.error().message);
                        return;
                    }
                    m_listings->upsert(*r);
                    Q_EMIT message(tr("Listing added."));
                    dialog->accept();
                });
            });
    dialog->open();
}

void ProviderWorkspace::repriceSelected()
{
    const QList<Listing> selected = selectedListings();
    if (selected.isEmpty())
        return;
    auto *dialog = new RepriceDialog(
        selected, GpuCatalog::builtIn(), [this](const QString &gpu) { return bestAsk(gpu); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RepriceDialog::submitted, this, [this, dialog](const QList<Reprice> &all) {
        m_ui->listingsMessage->hide();
        for (const Reprice &r : all) {
            m_client.repriceListing(r, this, [this](Result<Listing> done) {
                if (done)
                    m_listings->upsert(*done);
                else
                    showRefusal(done.error());
            });
        }
        dialog->accept();
    });
    dialog->open();
}

void ProviderWorkspace::changeSelected(
    void (ExchangeClient::*change)(qint64, QObject *, ExchangeClient::Callback<Listing>) const)
{
    m_ui->listingsMessage->hide();
    for (const Listing &l : selectedListings()) {
        (m_client.*change)(l.id, this, [this](Result<Listing> r) {
            if (!r) {
                showRefusal(r.error());
                return;
            }
            if (r->state == ListingState::Removed)
                m_listings->remove(r->id);
            else
                m_listings->upsert(*r);
            updateActions();
        });
    }
}

void ProviderWorkspace::requestPayout()
{
    auto *dialog = new PayoutDialog(m_desk.balance().earnings, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PayoutDialog::submitted, this,
            [this, dialog = QPointer<PayoutDialog>(dialog)](Cents amount) {
                m_client.requestPayout({amount}, dialog, [this, dialog](Result<Payout> r) {
                    if (!dialog)
                        return;
                    if (!r) {
                        dialog->showProblem(r.error().message);
                        return;
                    }
                    m_payouts->upsert(*r);
                    Q_EMIT message(
                        tr("Payout of %1 requested.").arg(Money::format(r->amountCents, locale())));
                    dialog->accept();
                });
            });
    dialog->open();
}

bool ProviderWorkspace::exportCsv(const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(ProviderStatsCsv::toCsv(m_stats)) < 0
        || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void ProviderWorkspace::exportCsvInteractive()
{
    const QString start = QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                              .filePath(QStringLiteral("everx-earnings-%1.csv")
                                            .arg(QDate::currentDate().toString(Qt::ISODate)));
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export earnings"), start, tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportCsv(path, &error))
        Q_EMIT message(tr("Earnings written to %1.").arg(QDir::toNativeSeparators(path)));
    else
        Q_EMIT message(tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), error));
}

void ProviderWorkspace::retranslateUi()
{
    m_ui->statsDays->setItemText(0, tr("7 days"));
    m_ui->statsDays->setItemText(1, tr("30 days"));
    m_ui->statsDays->setItemText(2, tr("90 days"));
    showBalance();
    showTotals();
}

void ProviderWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateUi();
    } else if (event->type() == QEvent::LocaleChange) {
        m_listings->setLocale(locale());
        m_rentals->setLocale(locale());
        m_payouts->setLocale(locale());
        showBalance();
        showTotals();
    }
    QWidget::changeEvent(event);
}

} // namespace everx
