// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "provider/providerworkspace.h"

#include "ui_providerworkspace.h"

#include "provider/clusterdialog.h"
#include "provider/earningschart.h"
#include "provider/listingcalendarview.h"
#include "provider/listingdialog.h"
#include "provider/payoutdialog.h"
#include "provider/repricedialog.h"

#include "market/marketrules.h"
#include "views/deskstate.h"
#include "views/providercalendar.h"
#include "views/providerstate.h"
#include "views/providerstatscsv.h"
#include "wire/clientsession.h"

#include <QtCore/QDate>
#include <QtCore/QDir>
#include <QtCore/QEvent>
#include <QtCore/QSaveFile>
#include <QtCore/QStandardPaths>
#include <QtCore/QTimer>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>

#include <algorithm>
#include <memory>
#include <utility>

namespace everx {

ProviderWorkspace::ProviderWorkspace(ClientSession &session, DeskState &desk, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::ProviderWorkspace>())
    , m_session(session)
    , m_desk(desk)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("providerWorkspace"));
    m_state = new ProviderState(session, desk, GpuCatalog::builtIn(), this);
    const std::pair<QTableView *, QAbstractItemModel *> tables[] = {
        {m_ui->listingsView, m_state->listings()},
        {m_ui->hostedRentalsView, m_state->hostedRentals()},
        {m_ui->payoutsView, m_state->payouts()},
    };
    for (const auto &table : tables) {
        table.first->setModel(table.second);
        table.first->verticalHeader()->hide();
        table.first->horizontalHeader()->setStretchLastSection(true);
    }
    // The columns that decide a reprice come first and take what they need; the server's
    // region, cluster and endpoint share the rest, so that the table needs no horizontal scroll.
    QHeaderView *listingsHeader = m_ui->listingsView->horizontalHeader();
    listingsHeader->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (const int column : {ProviderListingsModel::Region, ProviderListingsModel::Cluster,
                             ProviderListingsModel::Endpoint})
        listingsHeader->setSectionResizeMode(column, QHeaderView::Stretch);
    m_ui->listingsView->setWordWrap(false); // an endpoint too long for its share is elided
    m_ui->listingsMessage->hide();
    m_ui->providerApproval->hide();
    m_chart = new EarningsChart(m_ui->statsChartHost);
    m_ui->statsChartLayout->addWidget(m_chart);
    for (const int days : {7, 30, 90})
        m_ui->statsDays->addItem(QString(), days);
    m_ui->statsDays->setCurrentIndex(m_ui->statsDays->findData(m_state->statsDays()));
    m_ui->rentalsOlder->setEnabled(m_state->hasOlderRentals());
    m_calendar = new ListingCalendarView(m_ui->calendarHost);
    m_ui->calendarLayout->addWidget(m_calendar);

    connect(&desk, &DeskState::balanceChanged, this, &ProviderWorkspace::showBalance);
    connect(m_state, &ProviderState::listingsChanged, this, &ProviderWorkspace::updateActions);
    connect(m_state, &ProviderState::accountStateChanged, this,
            &ProviderWorkspace::onAccountStateChanged);
    connect(m_state, &ProviderState::statsChanged, this, [this](const ProviderStats &stats) {
        m_chart->setStats(stats);
        showTotals();
    });
    connect(m_state, &ProviderState::olderRentalsChanged, m_ui->rentalsOlder,
            &QPushButton::setEnabled);
    connect(m_ui->listingsView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ProviderWorkspace::updateActions);
    connect(m_state->listings(), &QAbstractItemModel::dataChanged, this,
            &ProviderWorkspace::updateActions);
    connect(m_ui->listingAdd, &QPushButton::clicked, this, &ProviderWorkspace::addListing);
    connect(m_ui->listingReprice, &QPushButton::clicked, this, &ProviderWorkspace::repriceSelected);
    connect(m_ui->listingCluster, &QPushButton::clicked, this, &ProviderWorkspace::clusterSelected);
    connect(m_ui->listingPause, &QPushButton::clicked, this,
            [this] { changeSelected(&ProviderState::pauseListing); });
    connect(m_ui->listingResume, &QPushButton::clicked, this,
            [this] { changeSelected(&ProviderState::resumeListing); });
    connect(m_ui->listingRemove, &QPushButton::clicked, this, &ProviderWorkspace::removeSelected);
    connect(m_ui->rentalsOlder, &QPushButton::clicked, m_state, &ProviderState::fetchOlderRentals);
    connect(m_ui->statsDays, &QComboBox::currentIndexChanged, this,
            [this] { m_state->setStatsDays(m_ui->statsDays->currentData().toInt()); });
    connect(m_ui->statsExport, &QPushButton::clicked, this,
            &ProviderWorkspace::exportCsvInteractive);
    connect(m_ui->payoutRequest, &QPushButton::clicked, this, &ProviderWorkspace::requestPayout);
    // The calendar follows the listings, the rentals and the exchange's clock (a sandbox's runs
    // faster than the wall's), redrawn once per turn of the event loop however many rows
    // changed in it (the rentals' countdown alone tells each reserved row every 5 s).
    auto *redraw = new QTimer(this);
    redraw->setSingleShot(true);
    redraw->setInterval(0);
    connect(redraw, &QTimer::timeout, this, [this] {
        // The servers' list is filled again only when the listings changed: a rental's change
        // leaves an open list alone.
        if (std::exchange(m_calendarServersStale, false))
            fillCalendarListings();
        else
            showCalendar();
    });
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(m_state->listings()),
                                      static_cast<QAbstractItemModel *>(desk.rentals())}) {
        const bool servers = model == m_state->listings();
        const auto later = [this, redraw, servers] {
            m_calendarServersStale = m_calendarServersStale || servers;
            redraw->start();
        };
        connect(model, &QAbstractItemModel::rowsInserted, redraw, later);
        connect(model, &QAbstractItemModel::rowsRemoved, redraw, later);
        connect(model, &QAbstractItemModel::dataChanged, redraw, later);
        connect(model, &QAbstractItemModel::modelReset, redraw, later);
    }
    connect(m_ui->calendarListing, &QComboBox::currentIndexChanged, this,
            &ProviderWorkspace::showCalendar);
    auto *clock = new QTimer(this);
    clock->setInterval(5'000);
    connect(clock, &QTimer::timeout, this, [this] {
        if (m_calendar->isVisible())
            showCalendar();
    });
    clock->start();

    retranslateUi();
    showBalance();
    showApproval();
    updateActions();
}

ProviderWorkspace::~ProviderWorkspace() = default;

ProviderListingsModel *ProviderWorkspace::listings() const
{
    return m_state->listings();
}

HostedRentalsModel *ProviderWorkspace::hostedRentals() const
{
    return m_state->hostedRentals();
}

PayoutsModel *ProviderWorkspace::payouts() const
{
    return m_state->payouts();
}

const ProviderStats &ProviderWorkspace::stats() const
{
    return m_state->stats();
}

void ProviderWorkspace::refresh()
{
    m_state->refresh();
}

std::optional<Cents> ProviderWorkspace::bestAsk(const QString &gpu) const
{
    // A suggestion never undercuts one's own offer: it follows the other providers' best.
    return m_state->othersBestAsk(gpu);
}

void ProviderWorkspace::showBalance()
{
    const Balance b = m_desk.balance();
    m_ui->payoutEarningsBalance->setText(
        tr("Earnings: %1").arg(Money::format(b.earnings, locale())));
    m_ui->payoutPendingBalance->setText(
        tr("Waiting to be paid: %1").arg(Money::format(b.payoutPending, locale())));
    m_ui->payoutRequest->setEnabled(m_state->isApproved()
                                    && b.earnings >= MarketRules::MinPayoutCents);
}

void ProviderWorkspace::showApproval()
{
    switch (m_state->accountState()) {
    case AccountState::Pending:
        m_ui->providerApproval->setText(
            tr("Your application is waiting for approval. Until support approves it you can watch"
               " the market; adding and changing listings and payouts open once it is approved."));
        break;
    case AccountState::Rejected:
        m_ui->providerApproval->setText(
            tr("Your application was not approved, so this account cannot list servers. Support"
               " can tell you why."));
        break;
    default:
        m_ui->providerApproval->clear();
        break;
    }
    m_ui->providerApproval->setVisible(!m_ui->providerApproval->text().isEmpty());
}

void ProviderWorkspace::onAccountStateChanged(AccountState state)
{
    showApproval();
    showBalance();
    updateActions();
    if (state == AccountState::Active)
        Q_EMIT message(tr("Your provider application is approved: you can list servers now."));
    else if (state == AccountState::Rejected)
        Q_EMIT message(tr("Your provider application was rejected."));
}

void ProviderWorkspace::showTotals()
{
    const ProviderStats &stats = m_state->stats();
    m_ui->statsToday->setText(tr("Today: %1").arg(Money::format(stats.todayCents, locale())));
    m_ui->statsWeek->setText(tr("7 days: %1").arg(Money::format(stats.last7DaysCents, locale())));
    m_ui->statsMonth->setText(
        tr("30 days: %1").arg(Money::format(stats.last30DaysCents, locale())));
    m_ui->statsQuarter->setText(
        tr("90 days: %1").arg(Money::format(stats.last90DaysCents, locale())));
}

void ProviderWorkspace::fillCalendarListings()
{
    QComboBox *box = m_ui->calendarListing;
    const qint64 chosen = box->currentData().toLongLong();
    const QSignalBlocker quiet(box);
    box->clear();
    const ProviderListingsModel *listings = m_state->listings();
    for (int row = 0; row < listings->rowCount(); ++row) {
        const Listing &x = listings->record(row);
        if (x.state == ListingState::Removed)
            continue;
        box->addItem(tr("#%1: %2 x %3, %4", "a listing: its number, GPUs, model and region")
                         .arg(locale().toString(x.id), locale().toString(x.gpuCount),
                              GpuCatalog::builtIn().displayName(x.gpu), x.region),
                     x.id);
    }
    const int again = box->findData(chosen);
    box->setCurrentIndex(again >= 0 ? again : 0);
    showCalendar();
}

void ProviderWorkspace::showCalendar()
{
    const qint64 listingId = m_ui->calendarListing->currentData().toLongLong();
    const ProviderListingsModel *listings = m_state->listings();
    const int row = listings->rowOf(listingId);
    QList<Rental> rentals;
    const RentalsModel *model = m_desk.rentals();
    for (int r = 0; r < model->rowCount(); ++r)
        rentals.append(model->record(r));
    // From the hour today's midnight falls in, on the computer's clock, for Days days.
    const qint64 now = m_session.exchangeNowMs();
    const qint64 midnight =
        QDateTime(QDateTime::fromMSecsSinceEpoch(now).date(), QTime(0, 0)).toMSecsSinceEpoch();
    const qint64 from = MarketRules::hoursTaken(midnight, 0).startMs;
    const int hours = ListingCalendarView::Days * 24;
    m_calendar->setCalendar(from, row >= 0 ? listings->record(row).gpuCount : 0,
                            ProviderCalendar::hoursOf(listingId, rentals, from, hours), now);
    const ProviderCalendar::Booked server = ProviderCalendar::bookedAhead(listingId, rentals);
    const ProviderCalendar::Booked all = ProviderCalendar::bookedAhead(0, rentals);
    m_ui->calendarBooked->setText(tr("Booked ahead on this server: %1 in %n window(s); on all: %2",
                                     "earnings of reserved windows, less the platform fee",
                                     server.windows)
                                      .arg(Money::format(server.earningsCents, locale()),
                                           Money::format(all.earningsCents, locale())));
}

QList<Listing> ProviderWorkspace::selectedListings() const
{
    QList<Listing> out;
    for (const QModelIndex &i : m_ui->listingsView->selectionModel()->selectedRows())
        out.append(m_state->listings()->record(i.row()));
    return out;
}

void ProviderWorkspace::updateActions()
{
    // A provider whose application is not approved may change nothing (the exchange would
    // refuse it with account_pending): the tools stay off until the approval.
    const bool approved = m_state->isApproved();
    const QList<Listing> selected = selectedListings();
    const auto any = [&](ListingState state) {
        return approved
            && std::any_of(selected.cbegin(), selected.cend(),
                           [state](const Listing &l) { return l.state == state; });
    };
    m_ui->listingAdd->setEnabled(approved);
    m_ui->listingReprice->setEnabled(approved && !selected.isEmpty());
    m_ui->listingCluster->setEnabled(approved && !selected.isEmpty());
    m_ui->listingPause->setEnabled(any(ListingState::Active));
    m_ui->listingResume->setEnabled(any(ListingState::Paused));
    m_ui->listingRemove->setEnabled(approved && !selected.isEmpty());
}

QString ProviderWorkspace::refusalText(const Error &error) const
{
    switch (error.code) {
    case ErrorCode::ListingHasRentals:
        return tr("This listing has rented GPUs, so it cannot be removed now. Pause it, and"
                  " remove it when its rentals have ended.");
    case ErrorCode::InvalidState:
        return tr("The listing is already in that state.");
    case ErrorCode::Timeout:
        return tr("The exchange did not answer; try again.");
    default:
        return tr("The exchange refused: %1").arg(error.message);
    }
}

void ProviderWorkspace::showRefusal(const Error &error)
{
    m_ui->listingsMessage->setText(refusalText(error));
    m_ui->listingsMessage->show();
}

void ProviderWorkspace::addListing()
{
    auto *dialog = new ListingDialog(
        GpuCatalog::builtIn(), [this](const QString &gpu) { return bestAsk(gpu); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ListingDialog::submitted, this, [this, dialog](const ListingRequest &request) {
        m_state->addListing(request, dialog, [this, dialog](Result<Listing> r) {
            if (!r) {
                dialog->showProblem(r.error().message);
                return;
            }
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
            m_state->repriceListing(r, this, [this](Result<Listing> done) {
                if (!done)
                    showRefusal(done.error());
            });
        }
        dialog->accept();
    });
    dialog->open();
}

void ProviderWorkspace::clusterSelected()
{
    const QList<Listing> selected = selectedListings();
    if (selected.isEmpty())
        return;
    auto *dialog = new ClusterDialog(selected, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ClusterDialog::submitted, this,
            [this, dialog, selected](const ListingCluster &cluster) {
                m_ui->listingsMessage->hide();
                // One listing.cluster per listing; the dialog closes once all are done, or shows
                // the first refusal (a listing of another GPU or region, say) and stays.
                auto pending = std::make_shared<qsizetype>(selected.size());
                auto refused = std::make_shared<bool>(false);
                for (const Listing &l : selected) {
                    ListingCluster request = cluster;
                    request.listingId = l.id;
                    m_state->setListingCluster(
                        request, dialog,
                        [this, dialog, pending, refused, cluster](Result<Listing> r) {
                            if (!r && !*refused) {
                                *refused = true;
                                dialog->showProblem(refusalText(r.error()));
                            }
                            if (--*pending > 0 || *refused)
                                return;
                            Q_EMIT message(cluster.cluster.isEmpty()
                                               ? tr("Taken out of the cluster.")
                                               : tr("In cluster %1.").arg(cluster.cluster));
                            dialog->accept();
                        });
                }
            });
    dialog->open();
}

void ProviderWorkspace::changeSelected(
    void (ProviderState::*change)(qint64, QObject *, ExchangeClient::Callback<Listing>))
{
    m_ui->listingsMessage->hide();
    for (const Listing &l : selectedListings()) {
        (m_state->*change)(l.id, this, [this](Result<Listing> r) {
            if (!r)
                showRefusal(r.error());
        });
    }
}

void ProviderWorkspace::removeSelected()
{
    const QList<Listing> selected = selectedListings();
    if (selected.isEmpty())
        return;
    // Removing takes a server off the exchange for good: say which, and ask first.
    QStringList servers;
    QList<qint64> ids;
    for (const Listing &l : selected) {
        servers << tr("%1 x %2 in %3 at %4 per GPU-hour")
                       .arg(l.gpuCount)
                       .arg(GpuCatalog::builtIn().displayName(l.gpu), l.region,
                            Money::format(l.askCents, locale()));
        ids.append(l.id);
    }
    auto *box = new QMessageBox(QMessageBox::Question, tr("Remove listings"),
                                tr("Remove %n listing(s)? Their idle GPUs leave the book at once,"
                                   " and a removed listing cannot be restored.",
                                   nullptr, int(selected.size())),
                                QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("removeConfirmation"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(servers.join(u'\n'));
    QPushButton *remove = box->addButton(tr("&Remove"), QMessageBox::DestructiveRole);
    remove->setObjectName(QStringLiteral("removeConfirmed"));
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::finished, this, [this, box, remove, ids] {
        if (box->clickedButton() != remove)
            return;
        m_ui->listingsMessage->hide();
        for (const qint64 id : ids) {
            m_state->removeListing(id, this, [this](Result<Listing> r) {
                if (!r)
                    showRefusal(r.error());
            });
        }
    });
    box->open();
}

void ProviderWorkspace::requestPayout()
{
    auto *dialog = new PayoutDialog(m_desk.balance().earnings, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PayoutDialog::submitted, this, [this, dialog](Cents amount) {
        m_state->requestPayout({amount}, dialog, [this, dialog](Result<Payout> r) {
            if (!r) {
                dialog->showProblem(r.error().message);
                return;
            }
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
    if (!file.open(QIODevice::WriteOnly)
        || file.write(ProviderStatsCsv::toCsv(m_state->stats())) < 0 || !file.commit()) {
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
    showApproval();
    showBalance();
    showTotals();
    fillCalendarListings(); // the servers' names and what is booked, in the words now
}

void ProviderWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateUi();
    } else if (event->type() == QEvent::LocaleChange) {
        m_state->setLocale(locale());
        showBalance();
        showTotals();
        fillCalendarListings();
    }
    QWidget::changeEvent(event);
}

} // namespace everx
