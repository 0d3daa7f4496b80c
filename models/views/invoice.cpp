// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "views/invoice.h"

#include "market/gpucatalog.h"
#include "market/marketrules.h"
#include "views/ledgermodel.h"
#include "views/timetext.h"

#include <QtCore/QDateTime>

#include <cstdlib>

using namespace Qt::StringLiterals;

namespace everx {

Invoice Invoice::compute(qint32 gpus, Cents price, qint32 hours, qint32 taxBp)
{
    Invoice i;
    i.termsKnown = true;
    i.gpus = gpus;
    i.pricePerGpuHour = price;
    i.taxBp = taxBp;
    i.hoursBooked = hours;
    i.hoursBilled = hours;
    const MarketRules::OrderCost cost = MarketRules::orderCost(gpus, hours, price, taxBp);
    i.subtotal = cost.subtotal;
    i.tax = cost.tax;
    i.total = cost.total;
    i.charged = i.total;
    return i;
}

std::optional<Invoice> Invoice::build(qint64 rentalId, const QList<LedgerEntry> &entries,
                                      const std::optional<Rental> &rental)
{
    Invoice i;
    i.rentalId = rentalId;
    qint64 firstCaptureMs = -1;
    for (const LedgerEntry &e : entries) {
        if (LedgerModel::rentalOf(e) != rentalId)
            continue;
        // The customer's side of a capture leaves the held bucket; the provider's side arrives
        // in available and is earnings, not an invoice line.
        if (e.kind == u"capture" && e.bucket == Bucket::Held) {
            ++i.hoursBilled;
            i.charged -= e.amount;
            if (firstCaptureMs < 0 || e.timeMs < firstCaptureMs)
                firstCaptureMs = e.timeMs;
        } else if (e.kind == u"release" && e.bucket == Bucket::Available) {
            i.released += e.amount;
        }
    }
    if (i.hoursBilled == 0)
        return std::nullopt;
    // Hour 0 is captured when the rental starts, hour k k hours later.
    i.periodStartMs = rental ? rental->startedMs : firstCaptureMs;
    i.periodEndMs = i.periodStartMs + qint64(i.hoursBilled) * MarketRules::HourMs;
    if (rental) {
        const Invoice terms =
            compute(rental->gpus, rental->priceCents, i.hoursBilled, rental->taxBp);
        i.termsKnown = true;
        i.gpu = rental->gpu;
        i.gpus = rental->gpus;
        i.pricePerGpuHour = rental->priceCents;
        i.taxBp = rental->taxBp;
        i.hoursBooked = rental->hours;
        i.subtotal = terms.subtotal;
        i.tax = terms.tax;
        i.total = terms.total;
    } else {
        i.total = i.charged;
    }
    return i;
}

QString Invoice::percentText(qint32 bp, const QLocale &locale)
{
    const QString number = bp % 100 == 0 ? locale.toString(bp / 100)
                                         : locale.toString(bp / 100) + locale.decimalPoint()
            + QString::number(std::abs(bp % 100)).rightJustified(2, u'0');
    return tr("%1%", "a percentage").arg(number);
}

QString Invoice::issuer()
{
    return tr("%1, merchant of record", "the invoice's issuer").arg(u"EverXCloud"_s);
}

QString Invoice::number() const
{
    return u"EXC-R"_s + QString::number(rentalId).rightJustified(8, u'0');
}

QString Invoice::title() const
{
    return tr("Invoice for rental %1").arg(rentalId);
}

QList<std::pair<QString, QString>> Invoice::lines(const QLocale &locale) const
{
    const auto when = [&locale](qint64 ms) {
        return TimeText::shortDateTime(ms, locale);
    };
    QList<std::pair<QString, QString>> out;
    out.append({tr("Issued by"), issuer()});
    if (!customer.isEmpty())
        out.append({tr("Customer", "on an invoice"), customer});
    out.append({tr("Invoice number"), number()});
    if (issuedMs > 0)
        out.append({tr("Issue date"), TimeText::longDate(issuedMs, locale)});
    if (termsKnown)
        out.append({tr("GPU"), GpuCatalog::builtIn().displayName(gpu)});
    out.append(
        {tr("Period"), tr("%1 to %2", "period").arg(when(periodStartMs), when(periodEndMs))});
    out.append({tr("Hours billed"),
                termsKnown && hoursBooked > 0
                    ? tr("%1 of %n booked", "hours", hoursBooked).arg(locale.toString(hoursBilled))
                    : locale.toString(hoursBilled)});
    if (termsKnown) {
        out.append({tr("GPUs"), locale.toString(gpus)});
        out.append({tr("Price per GPU-hour"), Money::format(pricePerGpuHour, locale)});
        out.append({tr("Subtotal"), Money::format(subtotal, locale)});
        out.append({tr("Tax (%1)", "tax rate").arg(percentText(taxBp, locale)),
                    Money::format(tax, locale)});
    }
    out.append({tr("Total"), Money::format(total, locale)});
    if (released > 0)
        out.append({tr("Released (hours not used)"), Money::format(released, locale)});
    return out;
}

QString Invoice::toPlainText(const QLocale &locale) const
{
    QString out = title() + u'\n';
    for (const auto &[label, value] : lines(locale))
        out += label + QStringLiteral(": ") + value + u'\n';
    if (!termsKnown)
        out += tr("The rental's terms are no longer on the desk; the total is what the ledger "
                  "charged.")
            + u'\n';
    else if (!matchesLedger())
        out += tr("The ledger charged %1.").arg(Money::format(charged, locale)) + u'\n';
    return out;
}

QString Invoice::toHtml(const QLocale &locale) const
{
    QString html = QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
        + title().toHtmlEscaped() + QStringLiteral("</title></head><body>\n<h2>")
        + title().toHtmlEscaped() + QStringLiteral("</h2>\n<table cellpadding=\"4\">\n");
    for (const auto &[label, value] : lines(locale)) {
        const bool strong = label == tr("Total");
        html += QStringLiteral("<tr><td>") + label.toHtmlEscaped()
            + QStringLiteral("</td><td align=\"right\">")
            + (strong ? QStringLiteral("<b>") : QString()) + value.toHtmlEscaped()
            + (strong ? QStringLiteral("</b>") : QString()) + QStringLiteral("</td></tr>\n");
    }
    html += QStringLiteral("</table>\n");
    if (!termsKnown)
        html += QStringLiteral("<p>")
            + tr("The rental's terms are no longer on the desk; the total is what the ledger "
                 "charged.")
                  .toHtmlEscaped()
            + QStringLiteral("</p>\n");
    else if (!matchesLedger())
        html += QStringLiteral("<p>")
            + tr("The ledger charged %1.").arg(Money::format(charged, locale)).toHtmlEscaped()
            + QStringLiteral("</p>\n");
    html += QStringLiteral("</body></html>\n");
    return html;
}

} // namespace everx
