// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/ledgermodel.h"

#include "views/deskstate.h"
#include "views/timetext.h"
#include "wire/clientsession.h"
#include "wire/wirecodec.h"

#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QRegularExpression>

namespace everx {

namespace {
// Memos the engine writes in a fixed form (exchange/engine/exchangeengine_rentals.cpp).
const QString StoppedEarly = QStringLiteral("stopped early");

constexpr TableModel::ColumnTitle LedgerTitles[] = {
    QT_TRANSLATE_NOOP3("everx::LedgerModel", "Time", ""),
    QT_TRANSLATE_NOOP3("everx::LedgerModel", "Kind", "of a ledger entry"),
    QT_TRANSLATE_NOOP3("everx::LedgerModel", "Amount", ""),
    QT_TRANSLATE_NOOP3("everx::LedgerModel", "Balance",
                       "of the entry's funds (available or held) after the entry"),
    QT_TRANSLATE_NOOP3("everx::LedgerModel", "Funds",
                       "the part of the balance an entry moves: available or held"),
    QT_TRANSLATE_NOOP3("everx::LedgerModel", "Reference", ""),
    QT_TRANSLATE_NOOP3("everx::LedgerModel", "Memo", ""),
};
static_assert(std::size(LedgerTitles) == LedgerModel::ColumnCount);

} // namespace

LedgerModel::LedgerModel(ClientSession &session, DeskState *desk, QObject *parent)
    : TableModel(LedgerTitles, parent)
    , m_session(&session)
    , m_client(session)
{
    connect(&session, &ClientSession::signedIn, this, [this](const Account &account) {
        if (account.id != m_accountId)
            reset(account.id);
        refresh();
    });
    connect(&session, &ClientSession::signedOut, this, [this] { reset(0); });
    if (desk)
        connect(desk, &DeskState::balanceChanged, this, &LedgerModel::refresh);
    if (session.state() == ClientSession::State::SignedIn) {
        m_accountId = session.account().id;
        refresh();
    }
}

LedgerModel::~LedgerModel() = default;

int LedgerModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

const LedgerEntry &LedgerModel::entry(int row) const
{
    return m_entries[m_entries.size() - 1 - row];
}

int LedgerModel::rowOf(qint64 entryId) const
{
    const auto it = m_indexOf.constFind(entryId);
    return it == m_indexOf.cend() ? -1 : int(m_entries.size() - 1 - *it);
}

std::optional<Cents> LedgerModel::balanceAfter(qint64 entryId) const
{
    const auto it = m_indexOf.constFind(entryId);
    if (it == m_indexOf.cend())
        return std::nullopt;
    return m_balanceAfter.at(*it);
}

QList<LedgerEntry> LedgerModel::entriesForRental(qint64 rentalId) const
{
    QList<LedgerEntry> out;
    for (const LedgerEntry &e : m_entries) {
        if (rentalOf(e) == rentalId)
            out.append(e);
    }
    return out;
}

void LedgerModel::setPageSize(int entries)
{
    m_pageSize = std::clamp(entries, 1, 1000);
}

void LedgerModel::setLocale(const QLocale &locale)
{
    m_locale = locale;
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void LedgerModel::retranslate()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QStringList LedgerModel::kinds()
{
    return {QStringLiteral("topup"),
            QStringLiteral("hold"),
            QStringLiteral("capture"),
            QStringLiteral("release"),
            QStringLiteral("price_improvement"),
            QStringLiteral("adjustment")};
}

QString LedgerModel::kindName(QStringView kind)
{
    if (kind == u"topup")
        return tr("Top-up", "ledger entry kind");
    if (kind == u"hold")
        return tr("Hold", "ledger entry kind: money set aside for a bid");
    if (kind == u"capture")
        return tr("Hourly billing", "ledger entry kind: one rental hour charged");
    if (kind == u"release")
        return tr("Release", "ledger entry kind: held money returned to the balance");
    if (kind == u"price_improvement")
        return tr("Price improvement", "ledger entry kind: filled below the bid's price");
    if (kind == u"adjustment")
        return tr("Adjustment", "ledger entry kind: a correction by support");
    if (kind == u"payout_request")
        return tr("Payout requested", "ledger entry kind: earnings set aside to be paid out");
    if (kind == u"payout_paid")
        return tr("Payout paid", "ledger entry kind: earnings paid out to the provider");
    if (kind == u"payout_rejected")
        return tr("Payout rejected", "ledger entry kind: earnings returned after a payout failed");
    if (kind == u"history")
        return tr("Past rental",
                  "ledger entry kind: a rental backfilled into the market's history");
    return kind.toString();
}

QString LedgerModel::bucketName(Bucket bucket)
{
    switch (bucket) {
    case Bucket::Available:
        return tr("Available", "balance bucket");
    case Bucket::Held:
        return tr("Held", "balance bucket");
    case Bucket::Earnings:
        return tr("Earnings", "balance bucket: a provider's, not spendable");
    case Bucket::PayoutPending:
        return tr("Payout pending", "balance bucket: earnings asked to be paid out");
    case Bucket::ExternalFunding:
        return tr("External funding", "the exchange's bucket: money paid in from outside");
    case Bucket::PlatformFees:
        return tr("Platform fees", "the exchange's bucket");
    case Bucket::TaxPayable:
        return tr("Tax payable", "the exchange's bucket");
    case Bucket::Adjustments:
        return tr("Adjustments", "the exchange's bucket: the other side of support's adjustments");
    case Bucket::Payouts:
        return tr("Payouts", "the exchange's bucket: earnings paid out to providers");
    }
    return Wire::bucketName(bucket);
}

std::optional<qint64> LedgerModel::rentalOf(const LedgerEntry &entry)
{
    if (entry.kind == u"capture" || (entry.kind == u"release" && entry.memo == StoppedEarly))
        return entry.refId;
    return std::nullopt;
}

QString LedgerModel::rateText(qint64 micros, const QLocale &locale)
{
    QString fraction = QString::number(micros % 1'000'000).rightJustified(6, u'0');
    while (fraction.size() > 4 && fraction.endsWith(u'0'))
        fraction.chop(1);
    return locale.toString(micros / 1'000'000) + locale.decimalPoint() + fraction;
}

QString LedgerModel::referenceText(const LedgerEntry &e)
{
    if (rentalOf(e))
        return tr("Rental %1").arg(e.refId);
    if (e.kind == u"hold" || e.kind == u"release" || e.kind == u"price_improvement")
        return tr("Order %1").arg(e.refId);
    if (e.kind == u"adjustment")
        return tr("Adjustment %1", "reference to support's audit record").arg(e.refId);
    return paymentReference(e); // an id, in no language; none for an instant (demo) top-up
}

namespace {
// A top-up's memo: "EUR 100.00 at 1084200", what was paid and the rate quoted (USD per unit x
// 10^6), then the payment's reference when a payment paid it (docs/protocol.md "Operations").
// Anything else is shown as it came, never read.
const QRegularExpression &topUpMemoPattern()
{
    // Anchored at the very end: '$' would also match before a trailing newline.
    static const QRegularExpression pattern(QRegularExpression::anchoredPattern(
        QStringLiteral("([A-Z]{3}) (\\d+\\.\\d\\d) at (\\d+)(?: (pay_[a-z2-7]{26}))?")));
    return pattern;
}
} // namespace

QString LedgerModel::paymentReference(const LedgerEntry &e)
{
    if (e.kind != u"topup")
        return {};
    return topUpMemoPattern().match(e.memo).captured(4);
}

QString LedgerModel::memoText(const LedgerEntry &e, const QLocale &locale)
{
    if (e.kind == u"topup") {
        const QRegularExpressionMatch m = topUpMemoPattern().match(e.memo);
        const std::optional<Currency> currency =
            m.hasMatch() ? Money::currencyFromCode(m.captured(1)) : std::nullopt;
        const std::optional<Cents> paid = currency ? Money::parse(m.captured(2)) : std::nullopt;
        if (paid) {
            if (*currency == Currency::USD)
                return tr("Paid %1").arg(Money::format(*paid, locale, *currency));
            return tr("Paid %1 at 1 %2 = %3 USD")
                .arg(Money::format(*paid, locale, *currency), m.captured(1),
                     rateText(m.captured(3).toLongLong(), locale));
        }
    } else if (e.kind == u"capture") {
        static const QRegularExpression hour(QStringLiteral("^hour (\\d+) of (\\d+)$"));
        const QRegularExpressionMatch m = hour.match(e.memo);
        if (m.hasMatch())
            return tr("Hour %1 of %2", "rental hour billed")
                .arg(locale.toString(m.captured(1).toInt()),
                     locale.toString(m.captured(2).toInt()));
    } else if (e.kind == u"release" && e.memo == StoppedEarly) {
        return tr("Rental stopped early: unbilled hours released");
    }
    return e.memo;
}

QVariant LedgerModel::roleData(int row, int column, int role) const
{
    const LedgerEntry &e = entry(row);
    switch (role) {
    case EntryIdRole:
        return e.id;
    case KindRole:
        return e.kind;
    case TimeRole:
        return e.timeMs;
    case RentalIdRole:
        return rentalOf(e).value_or(0);
    case Qt::TextAlignmentRole:
        return column == Amount || column == Balance
            ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
            : QVariant();
    case Qt::ToolTipRole:
        if (column == Time)
            return QDateTime::fromMSecsSinceEpoch(e.timeMs, Qt::UTC).toString(Qt::ISODate);
        if (column == Memo)
            return e.memo;
        return {};
    }
    return {};
}

QVariant LedgerModel::cell(int row, int column, bool raw) const
{
    const LedgerEntry &e = entry(row);
    if (raw) {
        switch (column) {
        case Time:
            return e.timeMs;
        case Kind:
            return e.kind;
        case Amount:
            return e.amount;
        case Balance:
            return balanceAfter(e.id).value_or(0);
        case BucketColumn:
            return int(e.bucket);
        case Reference:
            return e.refId;
        case Memo:
            return e.memo;
        }
        return {};
    }
    switch (column) {
    case Time:
        return TimeText::shortDateTime(e.timeMs, m_locale);
    case Kind:
        return kindName(e.kind);
    case Amount:
        return Money::format(e.amount, m_locale);
    case Balance:
        return Money::format(balanceAfter(e.id).value_or(0), m_locale);
    case BucketColumn:
        return bucketName(e.bucket);
    case Reference:
        return referenceText(e);
    case Memo:
        return memoText(e, m_locale);
    }
    return {};
}

void LedgerModel::refresh()
{
    if (!m_session || m_session->state() != ClientSession::State::SignedIn)
        return;
    if (m_session->account().id != m_accountId)
        reset(m_session->account().id);
    if (m_inFlight) {
        m_again = true;
        return;
    }
    setLoading(true);
    fetch();
}

void LedgerModel::fetch()
{
    if (!m_session)
        return;
    const quint64 generation = m_generation;
    // A request that cannot be sent still gets its (error) reply, so loading always ends.
    m_client.ledger(
        {lastEntryId(), m_pageSize}, this,
        [this, generation](const Result<QList<LedgerEntry>> &page) { onPage(generation, page); });
}

void LedgerModel::onPage(quint64 generation, const Result<QList<LedgerEntry>> &page)
{
    if (generation != m_generation)
        return; // for an account no longer shown
    if (!page) {
        m_again = false;
        setLoading(false);
        Q_EMIT loadFailed(page.error().message);
        return;
    }
    QList<LedgerEntry> fresh;
    fresh.reserve(page->size());
    qint64 last = lastEntryId();
    for (const LedgerEntry &e : *page) {
        if (e.id <= last)
            continue; // ascending and after the last id by contract; never show one twice
        last = e.id;
        fresh.append(e);
    }
    if (!fresh.isEmpty()) {
        // Newest first: the new entries become the top rows, the newest at row 0.
        beginInsertRows({}, 0, int(fresh.size()) - 1);
        for (const LedgerEntry &e : std::as_const(fresh)) {
            m_indexOf.insert(e.id, m_entries.size());
            m_entries.append(e);
            Cents &balance = m_bucketBalance[int(e.bucket)];
            balance += e.amount;
            m_balanceAfter.append(balance);
        }
        endInsertRows();
    }
    if (page->size() >= m_pageSize || m_again) {
        m_again = false;
        fetch(); // a full page: there may be more
        return;
    }
    setLoading(false);
    Q_EMIT loaded();
}

void LedgerModel::reset(qint64 accountId)
{
    ++m_generation;
    m_accountId = accountId;
    m_again = false;
    setLoading(false);
    if (m_entries.isEmpty())
        return;
    beginResetModel();
    m_entries.clear();
    m_indexOf.clear();
    m_balanceAfter.clear();
    m_bucketBalance.clear();
    endResetModel();
}

void LedgerModel::setLoading(bool loading)
{
    if (m_inFlight == loading)
        return;
    m_inFlight = loading;
    Q_EMIT loadingChanged(loading);
}

} // namespace everx
