// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/errors.h"
#include "market/marketrecords.h"
#include "views/tablemodel.h"
#include "wire/exchangeclient.h"

#include <QtCore/QHash>
#include <QtCore/QList>
#include <QtCore/QLocale>
#include <QtCore/QPointer>

#include <optional>

namespace everx {

class ClientSession;
class DeskState;

// The signed-in account's ledger (docs/architecture.md "Money and the ledger" and "The desk"),
// newest entry first.
//
// Loading: on sign-in the whole ledger is read by paging `wallet.ledger` (pageSize entries per
// request, each page after the last id seen); afterwards every refresh() asks only for the
// entries after the last id, and the model refreshes itself whenever the desk's balance changes
// (every posting changes a bucket of the account, so no new entry goes unnoticed). A refresh
// asked for while one is under way runs once more when it ends, so bursts cost one request.
// New entries are inserted as rows at the top; existing rows never change. Only signing out, or
// signing in as another account, removes the rows.
//
// Ownership: holds no reference to the session beyond a guarded pointer. Threading: the
// session's (GUI) thread.
class LedgerModel final : public TableModel
{
    Q_OBJECT

public:
    // Balance: what the entry's funds (available or held) held after it, in money.
    enum Column { Time, Kind, Amount, Balance, BucketColumn, Reference, Memo, ColumnCount };
    // RawValueRole (TableModel), per column: ms, kind, cents, cents, Bucket, ref id, memo.
    enum Role {
        EntryIdRole = RawValueRole + 1,
        KindRole, // the machine kind: "topup", "capture", ...
        TimeRole, // epoch ms, UTC
        RentalIdRole, // the rental the entry bills or releases; 0 if none
    };

    static constexpr int DefaultPageSize = 500;

    // desk may be null; then only sign-in and refresh() load entries.
    explicit LedgerModel(ClientSession &session, DeskState *desk = nullptr,
                         QObject *parent = nullptr);
    ~LedgerModel() override;
    Q_DISABLE_COPY_MOVE(LedgerModel)

    int rowCount(const QModelIndex &parent = {}) const override;

    const LedgerEntry &entry(int row) const;
    // The row showing an entry, or -1.
    int rowOf(qint64 entryId) const;
    // Every entry, oldest first.
    const QList<LedgerEntry> &entries() const { return m_entries; }
    // The balance of the entry's bucket (available or held) after it: the sum of the bucket's
    // entries up to it, which the model holds from the account's first entry on. nullopt for an
    // entry it does not hold.
    std::optional<Cents> balanceAfter(qint64 entryId) const;
    // The entries that bill or release the rental, oldest first (see rentalOf).
    QList<LedgerEntry> entriesForRental(qint64 rentalId) const;
    qint64 accountId() const { return m_accountId; }
    qint64 lastEntryId() const { return m_entries.isEmpty() ? 0 : m_entries.last().id; }
    bool isLoading() const { return m_inFlight; }

    // Entries per wallet.ledger request, 1..1000.
    void setPageSize(int entries);
    int pageSize() const { return m_pageSize; }

    // Money, numbers and dates in the user's locale; a change repaints every row once.
    void setLocale(const QLocale &locale);
    const QLocale &locale() const { return m_locale; }
    // After a change of language: headers and rows show their words anew.
    void retranslate();

    // Reads the entries after the last one (all of them after a sign-in).
    void refresh();

    // The machine kinds the engine posts, in the order a filter lists them.
    static QStringList kinds();
    // A kind in words, for people: "capture" is "Hourly billing"; a kind it does not know is
    // its code. Also the support desk's words for any account's entries (payouts, buckets of
    // the exchange's own side).
    static QString kindName(QStringView kind);
    static QString bucketName(Bucket bucket);
    // The rental an entry belongs to: a capture (ref is the rental), or the release of a rental's
    // unbilled hours when it stops early. A hold, price improvement or an order's release refer
    // to the order instead.
    static std::optional<qint64> rentalOf(const LedgerEntry &entry);
    // An FX rate in USD per unit x 10^6, with four to six decimals: 1084200 is "1.0842".
    static QString rateText(qint64 usdPerUnitMicros, const QLocale &locale);
    // What an entry's reference and memo mean, in words.
    // A top-up's reference is its payment's ("pay_..."), which a top-up without a payment (the
    // instant demo one) lacks.
    static QString referenceText(const LedgerEntry &entry);
    // The "pay_..." reference of the payment a top-up credited, from its memo; empty for any
    // other entry.
    static QString paymentReference(const LedgerEntry &entry);
    static QString memoText(const LedgerEntry &entry, const QLocale &locale);

Q_SIGNALS:
    void loadingChanged(bool loading);
    // A refresh finished: the model holds every entry the exchange had when it was asked.
    void loaded();
    // A page was refused or could not be read; the rows stay as they were.
    void loadFailed(const QString &message);

private:
    QVariant cell(int row, int column, bool raw) const override;
    QVariant roleData(int row, int column, int role) const override;
    void reset(qint64 accountId);
    void fetch();
    void onPage(quint64 generation, const Result<QList<LedgerEntry>> &page);
    void setLoading(bool loading);

    QPointer<ClientSession> m_session;
    ExchangeClient m_client;
    QLocale m_locale;
    // Oldest first, so new entries append; row r shows m_entries[size - 1 - r].
    QList<LedgerEntry> m_entries;
    QHash<qint64, qsizetype> m_indexOf; // entry id -> position in m_entries (append-only: stable)
    QList<Cents> m_balanceAfter; // parallel to m_entries: the bucket's balance after the entry
    QHash<int, Cents> m_bucketBalance; // Bucket -> its balance after the newest entry
    qint64 m_accountId = 0;
    quint64 m_generation = 0; // raised by reset(); replies of an older one are dropped
    int m_pageSize = DefaultPageSize;
    bool m_inFlight = false;
    bool m_again = false; // a refresh was asked for while a page was in flight
};

} // namespace everx
