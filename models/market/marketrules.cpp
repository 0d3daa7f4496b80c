// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "market/marketrules.h"

#include <algorithm>

namespace everx::MarketRules {

Cents unitTax(Cents price, int taxBp)
{
    return Money::basisPoints(price, taxBp);
}

Cents unitGross(Cents price, int taxBp)
{
    return price + unitTax(price, taxBp);
}

Cents bidHold(qint64 gpus, qint64 hours, Cents price, int taxBp)
{
    return gpus * hours * unitGross(price, taxBp);
}

OrderCost orderCost(qint64 gpus, qint64 hours, Cents price, int taxBp)
{
    OrderCost cost;
    cost.subtotal = gpus * hours * price;
    cost.tax = gpus * hours * unitTax(price, taxBp);
    cost.total = cost.subtotal + cost.tax;
    return cost;
}

HourSplit hourSplit(qint64 gpus, Cents price, int taxBp, int feeBp)
{
    HourSplit split;
    const Cents amount = gpus * price;
    split.taxPayable = gpus * unitTax(price, taxBp);
    split.platformFee = Money::basisPoints(amount, feeBp);
    split.customerGross = amount + split.taxPayable;
    split.providerEarnings = amount - split.platformFee;
    return split;
}

HourSplit hourSplit(const Rental &rental)
{
    return hourSplit(rental.gpus, rental.priceCents, rental.taxBp, rental.feeBp);
}

Cents unbilledRemainder(const Rental &rental)
{
    return bidHold(rental.gpus, rental.hours - rental.hoursBilled, rental.priceCents, rental.taxBp);
}

Cents billedSoFar(const Rental &rental)
{
    return bidHold(rental.gpus, rental.hoursBilled, rental.priceCents, rental.taxBp);
}

Cents earnedSoFar(const Rental &rental)
{
    return hourSplit(rental).providerEarnings * rental.hoursBilled;
}

Cents earningsAhead(const Rental &rental)
{
    return hourSplit(rental).providerEarnings * std::max(0, rental.hours - rental.hoursBilled);
}

HourSpan hoursTaken(qint64 startMs, qint32 hours)
{
    // Floor on hour boundaries, also before the epoch.
    const auto floorHour = [](qint64 ms) {
        return (ms >= 0 ? ms / HourMs : -((-ms + HourMs - 1) / HourMs)) * HourMs;
    };
    HourSpan span;
    span.startMs = floorHour(startMs);
    span.endMs =
        hours > 0 ? floorHour(startMs + qint64(hours) * HourMs - 1) + HourMs : span.startMs;
    return span;
}

qint32 hoursLeft(const Rental &rental)
{
    return std::max(0, rental.hours - std::max(0, rental.hoursBilled - 1));
}

void priceQuote(PlacementQuote &quote, qint32 hours, int taxBp)
{
    quote.taxBp = taxBp;
    quote.subtotalCents = quote.taxCents = quote.totalCents = 0;
    quote.highestCents = 0;
    qint64 gpus = 0;
    Cents perHour = 0; // the legs' prices times their GPUs, for the average
    for (const PlacementQuote::Leg &leg : std::as_const(quote.legs)) {
        const OrderCost cost = orderCost(leg.gpus, hours, leg.priceCents, taxBp);
        quote.subtotalCents += cost.subtotal;
        quote.taxCents += cost.tax;
        quote.totalCents += cost.total;
        quote.highestCents = std::max(quote.highestCents, leg.priceCents);
        gpus += leg.gpus;
        perHour += leg.priceCents * leg.gpus;
    }
    quote.averageCents = gpus > 0 ? Money::divRoundHalfEven(perHour, gpus) : 0;
}

Cents reservationCancelFee(const Rental &rental, int feeBp)
{
    return Money::basisPoints(unbilledRemainder(rental), feeBp);
}

} // namespace everx::MarketRules
