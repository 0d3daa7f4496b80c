// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "market/marketrecords.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QList>
#include <QtCore/QLocale>

#include <optional>

namespace everx {

// The invoice for one rental, built from the customer's ledger: one hourly capture per hour
// billed, each taking GPUs x price plus GPUs x tax(price), the tax rounded half to even per
// GPU-hour by the same function the exchange bills with (MarketRules::orderCost). The rental's
// terms (GPU, GPUs, price, tax rate) come from its record when the desk has it; without it the
// invoice states only what the ledger shows: hours billed, the period and the amount charged.
//
// A value type; every amount is exact in cents.
class Invoice final
{
    Q_DECLARE_TR_FUNCTIONS(everx::Invoice)

public:
    qint64 rentalId = 0;
    bool termsKnown = false; // gpu, gpus, price, taxBp, hoursBooked, subtotal and tax are set
    QString gpu; // catalog id
    qint32 gpus = 0;
    Cents pricePerGpuHour = 0; // excluding tax
    qint32 taxBp = 0;
    qint32 hoursBooked = 0;
    qint32 hoursBilled = 0;
    qint64 periodStartMs = 0; // the billed hours: from the first hour's start
    qint64 periodEndMs = 0; // to the last billed hour's end
    Cents subtotal = 0; // hoursBilled x gpus x price
    Cents tax = 0; // hoursBilled x gpus x tax(price)
    Cents total = 0; // subtotal + tax
    Cents charged = 0; // what the ledger's hourly captures took
    Cents released = 0; // unbilled hours given back when the rental stopped early
    QString customer; // the account billed, by its email; set by whoever shows the invoice
    qint64 issuedMs = 0; // when the invoice was made (ms since the epoch); set with customer

    // EverXCloud sells the GPU hours as merchant of record: the issuer of every invoice, whoever
    // the provider is.
    static QString issuer();
    // One invoice per rental, so the rental's id numbers it: "EXC-R00000042".
    QString number() const;

    // The terms' total agrees with what the ledger charged (always true without terms).
    bool matchesLedger() const { return !termsKnown || charged == total; }

    // The exchange's arithmetic for hours billed at the terms given.
    static Invoice compute(qint32 gpus, Cents pricePerGpuHour, qint32 hours, qint32 taxBp);
    // From the account's ledger entries (any; those of other rentals are skipped) and, if known,
    // the rental's record. nullopt when the ledger bills this account nothing for the rental
    // (none yet, or the account is its provider).
    static std::optional<Invoice> build(qint64 rentalId, const QList<LedgerEntry> &entries,
                                        const std::optional<Rental> &rental = std::nullopt);

    // Percentages of basis points for people: 1900 is "19%", 825 is "8.25%" (in the locale).
    static QString percentText(qint32 basisPoints, const QLocale &locale);

    // The invoice's lines as label and value, in order; rendered as text or HTML below.
    QList<std::pair<QString, QString>> lines(const QLocale &locale) const;
    QString title() const;
    QString toPlainText(const QLocale &locale) const;
    QString toHtml(const QLocale &locale) const;
};

} // namespace everx
