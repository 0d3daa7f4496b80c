// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sizing/sizingtextwriter.h"

#include "sizing/modelpreset.h"
#include "sizing/sizing.h"
#include "sizing/sizingreport.h"

#include <QtCore/QLocale>
#include <QtCore/QTextStream>

namespace everx {

namespace {

const QLocale &english()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

QString gigabytes(qint64 bytes)
{
    return QLocale::c().toString(double(bytes) / double(Sizing::BytesPerGb), 'f', 2);
}

QString hours(double h)
{
    return english().toString(h, 'f', h < 10 ? 2 : 1);
}

// 16, 2.5, 1.0: bytes per parameter from thousandths, with the tenths the rules use.
QString constant(qint64 milliBytes)
{
    const int decimals = milliBytes >= 10'000 && milliBytes % 1000 == 0 ? 0 : 1;
    return QLocale::c().toString(double(milliBytes) / 1000.0, 'f', decimals);
}

QString pad(const QString &s, int width)
{
    return s.leftJustified(width);
}

const QString Unknown = QStringLiteral("unknown");

} // namespace

QString SizingTextWriter::report(const SizingReport &r)
{
    const SizingRequest &q = r.request;
    const Sizing::ModelShape &shape = q.shape;
    const Sizing::Workload &w = q.workload;
    const Sizing::Breakdown &b = r.breakdown;
    QString text;
    QTextStream out(&text);

    if (q.preset)
        out << QStringLiteral("%1 (%2), ").arg(q.preset->name, q.preset->id);
    switch (q.parameterOrigin) {
    case Sizing::ParameterOrigin::Unknown:
        out << QStringLiteral("unknown parameter count");
        break;
    case Sizing::ParameterOrigin::Estimated:
        out << QStringLiteral("about %1 parameters (estimated from the shape)")
                   .arg(Sizing::grouped(shape.parameters));
        break;
    case Sizing::ParameterOrigin::Given:
    case Sizing::ParameterOrigin::Counted:
        out << Sizing::grouped(shape.parameters) << QStringLiteral(" parameters");
        break;
    }
    out << QStringLiteral("; ") << Sizing::methodName(w.method)
        << QStringLiteral(", %1 GPU(s)").arg(w.gpus);
    if (w.method == Sizing::Method::Lora || w.method == Sizing::Method::Qlora)
        out << QStringLiteral(", rank %1 on %2")
                   .arg(w.loraRank)
                   .arg(Sizing::loraTargetsText(w.loraTargets));
    if (w.method != Sizing::Method::Inference)
        out << QStringLiteral(", %1, tp %2%3, recompute %4")
                   .arg(Sizing::strategyName(w.strategy))
                   .arg(w.tp)
                   .arg(w.sp ? QStringLiteral(" + sp") : QString())
                   .arg(Sizing::recomputeName(w.recompute));
    if (w.seq > 0 || w.batch > 0)
        out << QStringLiteral(", seq %1, batch %2")
                   .arg(w.seq > 0 ? Sizing::grouped(w.seq) : QStringLiteral("?"))
                   .arg(w.batch > 0 ? Sizing::grouped(w.batch) : QStringLiteral("?"));

    out << QStringLiteral("\n\nPer GPU              bytes        GB\n");
    const auto line = [&out](const QString &name, std::optional<qint64> bytes) {
        out << QStringLiteral("  ") << pad(name, 12)
            << (bytes ? Sizing::grouped(*bytes) : Unknown).rightJustified(19);
        if (bytes)
            out << gigabytes(*bytes).rightJustified(10);
        out << u'\n';
    };
    for (const Sizing::Component c : Sizing::components())
        line(Sizing::componentName(c), b.bytes(c));
    line(QStringLiteral("total"), b.total());

    out << QStringLiteral("\n%1%2%3%4\n")
               .arg(pad(QStringLiteral("GPU"), 24), pad(QStringLiteral("Memory"), 9),
                    pad(QStringLiteral("GPUs needed"), 13),
                    QStringLiteral("Fits on one  Quick rule"));
    for (const SizingReport::GpuRow &row : r.gpus) {
        const bool known = row.fitsOnOne.has_value();
        out << pad(row.gpu->name, 24) << pad(QStringLiteral("%1 GB").arg(row.gpu->memoryGb), 9)
            << pad(!known               ? Unknown
                       : row.gpusNeeded ? QString::number(*row.gpusNeeded)
                                        : QStringLiteral("-"),
                   13)
            << pad(!known               ? Unknown
                       : *row.fitsOnOne ? QStringLiteral("yes")
                                        : QStringLiteral("no"),
                   13)
            << (row.quickGpusNeeded ? QString::number(*row.quickGpusNeeded) : QStringLiteral("-"))
            << u'\n';
    }
    out << QStringLiteral("GPUs needed: the smallest count whose per-GPU total fits, \"-\" if "
                          "none up to %1 does (per-GPU activations do not shrink with more\n"
                          "data-parallel GPUs: try --recompute full, --tp with --sp, or a "
                          "smaller --batch). Quick rule: GPUs by the seeds' rule alone.\n")
               .arg(Sizing::MaxSearchGpus);
    if (r.quickBytes)
        out << QStringLiteral("\nQuick rule (seeds): %1 bytes, %2\n")
                   .arg(Sizing::grouped(*r.quickBytes), Sizing::quickRule(w.method)->why);

    if (r.hasRun()) {
        out << QStringLiteral("\nRun: %1 tokens, %2 FLOPs, %3% MFU, at %4\n")
                   .arg(Sizing::grouped(q.tokens),
                        r.flops ? QLocale::c().toString(*r.flops, 'e', 3) : Unknown,
                        QLocale::c().toString(q.mfu * 100, 'g', 4),
                        q.price ? QStringLiteral("%1 per GPU-hour")
                                      .arg(Money::format(*q.price, english()))
                                : QStringLiteral("each GPU's catalog \"from\" price"));
        out << pad(QStringLiteral("GPU"), 24) << pad(QStringLiteral("TFLOPS"), 8)
            << pad(QStringLiteral("GPUs"), 6) << pad(QStringLiteral("GPU-hours"), 13)
            << pad(QStringLiteral("Wall hours"), 13) << pad(QStringLiteral("Price/GPU-h"), 13)
            << QStringLiteral("Cost\n");
        for (const SizingReport::GpuRow &row : r.gpus) {
            out << pad(row.gpu->name, 24)
                << pad(row.gpu->bf16DenseTflops ? Sizing::grouped(*row.gpu->bf16DenseTflops)
                                                : QStringLiteral("-"),
                       8)
                << pad(row.gpusNeeded ? Sizing::grouped(*row.gpusNeeded) : QStringLiteral("-"), 6);
            if (!row.gpu->bf16DenseTflops) {
                out << QStringLiteral("dense BF16 TFLOPS not published: no time or cost\n");
                continue;
            }
            const Sizing::RunEstimate &e = row.run;
            out << pad(e.gpuHours ? hours(*e.gpuHours) : Unknown, 13)
                << pad(e.wallHours      ? hours(*e.wallHours)
                           : e.gpuHours ? QStringLiteral("-")
                                        : Unknown,
                       13)
                << pad(Money::format(row.price, english()), 13)
                << (e.cost ? Money::format(*e.cost, english()) : Unknown) << u'\n';
        }
    }

    out << QStringLiteral("\nNotes:\n");
    for (const QString &note : r.notes)
        out << QStringLiteral("  - ") << note << u'\n';
    out.flush();
    return text;
}

QString SizingTextWriter::maxModel(const GpuCatalog &catalog)
{
    const QList<Sizing::SeedCell> published = Sizing::checkSeedTables(catalog);
    qsizetype consistent = 0;
    for (const Sizing::SeedCell &cell : published)
        consistent += cell.consistent() ? 1 : 0;

    QString text;
    QTextStream out(&text);
    out << QStringLiteral("Largest model per GPU by the quick rules, in billions of parameters: "
                          "80% of memory / bytes per parameter,\n"
                          "rounded down to whole billions below 10, steps of 5 to 99, steps of 10 "
                          "from 100 (as the seed tables do).\n"
                          "Each cell: computed (seed page's figure; \"-\" where the page has no "
                          "such cell; \"DIFFERS\" where the rule does not give it).\n\n");
    out << pad(QStringLiteral("GPU"), 24) << pad(QStringLiteral("Memory"), 9)
        << pad(QStringLiteral("Full, 1 GPU"), 15) << pad(QStringLiteral("Full, 8 GPUs"), 15)
        << pad(QStringLiteral("QLoRA base"), 15) << QStringLiteral("LoRA 16-bit base\n");
    for (const GpuModel &gpu : catalog.gpus()) {
        out << pad(gpu.name, 24) << pad(QStringLiteral("%1 GB").arg(gpu.memoryGb), 9);
        const QList<Sizing::SeedCell> cells = Sizing::seedCells(gpu);
        for (qsizetype i = 0; i < cells.size(); ++i) {
            const Sizing::SeedCell &cell = cells.at(i);
            QString s =
                QStringLiteral("%1 (%2)")
                    .arg(cell.computed)
                    .arg(cell.published ? QString::number(*cell.published) : QStringLiteral("-"));
            if (!cell.consistent())
                s += QStringLiteral(" DIFFERS");
            out << (i + 1 < cells.size() ? pad(s, 15) : s);
        }
        out << u'\n';
    }
    out << QStringLiteral("\nSeed tables: %1 published cells, %2 reproduced by the rules, %3 "
                          "differ.\n")
               .arg(published.size())
               .arg(consistent)
               .arg(published.size() - consistent);
    out << QStringLiteral("Bytes per parameter that would reproduce every published cell of a "
                          "column, and the rule's:\n");
    for (const Sizing::SeedColumn column : Sizing::seedColumns()) {
        const Sizing::ConstantRange range = Sizing::consistentConstants(catalog, column);
        const qint64 used = Sizing::quickRule(Sizing::columnMethod(column))->milliBytesPerParameter;
        out << QStringLiteral("  %1 (%2, %3], rule %4\n")
                   .arg(pad(Sizing::columnName(column), 10))
                   .arg(QLocale::c().toString(range.low, 'f', 3))
                   .arg(QLocale::c().toString(range.high, 'f', 3))
                   .arg(constant(used));
    }
    out.flush();
    return text;
}

} // namespace everx
