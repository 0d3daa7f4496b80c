// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// Sizing's names and parsers: the words everx-size's options, text and JSON use for methods,
// strategies, recomputation, seed columns, components and LoRA targets, and counts as typed.

#include "sizing/sizing.h"

#include <QtCore/QLocale>

#include <algorithm>
#include <cmath>

namespace everx {

QString Sizing::grouped(qint64 n)
{
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    return english.toString(n);
}

QString Sizing::methodName(Method method)
{
    switch (method) {
    case Method::Full:
        return QStringLiteral("full");
    case Method::Lora:
        return QStringLiteral("lora");
    case Method::Qlora:
        return QStringLiteral("qlora");
    case Method::Inference:
        return QStringLiteral("inference");
    }
    return {};
}

QString Sizing::strategyName(Strategy strategy)
{
    switch (strategy) {
    case Strategy::Ddp:
        return QStringLiteral("ddp");
    case Strategy::Zero1:
        return QStringLiteral("zero1");
    case Strategy::Zero2:
        return QStringLiteral("zero2");
    case Strategy::Zero3:
        return QStringLiteral("zero3");
    }
    return {};
}

QString Sizing::recomputeName(Recompute recompute)
{
    switch (recompute) {
    case Recompute::None:
        return QStringLiteral("none");
    case Recompute::Selective:
        return QStringLiteral("selective");
    case Recompute::Full:
        return QStringLiteral("full");
    }
    return {};
}

QString Sizing::columnName(SeedColumn column)
{
    switch (column) {
    case SeedColumn::FullTrain1Gpu:
        return QStringLiteral("full_1gpu");
    case SeedColumn::FullTrain8Gpu:
        return QStringLiteral("full_8gpu");
    case SeedColumn::QloraBase:
        return QStringLiteral("qlora");
    case SeedColumn::Lora16Base:
        return QStringLiteral("lora16");
    }
    return {};
}

QString Sizing::componentName(Component component)
{
    switch (component) {
    case Component::Weights:
        return QStringLiteral("weights");
    case Component::Gradients:
        return QStringLiteral("gradients");
    case Component::Optimizer:
        return QStringLiteral("optimizer");
    case Component::Activations:
        return QStringLiteral("activations");
    case Component::Logits:
        return QStringLiteral("logits");
    case Component::KvCache:
        return QStringLiteral("kv_cache");
    case Component::Overhead:
        return QStringLiteral("overhead");
    }
    return {};
}

QList<Sizing::Component> Sizing::components()
{
    return {Component::Weights, Component::Gradients, Component::Optimizer, Component::Activations,
            Component::Logits,  Component::KvCache,   Component::Overhead};
}

QList<Sizing::SeedColumn> Sizing::seedColumns()
{
    return {SeedColumn::FullTrain1Gpu, SeedColumn::FullTrain8Gpu, SeedColumn::QloraBase,
            SeedColumn::Lora16Base};
}

QString Sizing::loraTargetName(LoraTarget target)
{
    switch (target) {
    case LoraTarget::Q:
        return QStringLiteral("q");
    case LoraTarget::K:
        return QStringLiteral("k");
    case LoraTarget::V:
        return QStringLiteral("v");
    case LoraTarget::O:
        return QStringLiteral("o");
    case LoraTarget::Gate:
        return QStringLiteral("gate");
    case LoraTarget::Up:
        return QStringLiteral("up");
    case LoraTarget::Down:
        return QStringLiteral("down");
    }
    return {};
}

QList<Sizing::LoraTarget> Sizing::loraTargets()
{
    return {LoraTarget::Q,    LoraTarget::K,  LoraTarget::V,   LoraTarget::O,
            LoraTarget::Gate, LoraTarget::Up, LoraTarget::Down};
}

QString Sizing::loraTargetsText(LoraTargets targets)
{
    QStringList names;
    for (const LoraTarget t : loraTargets()) {
        if (targets.testFlag(t))
            names << loraTargetName(t);
    }
    return names.join(u',');
}

std::optional<Sizing::LoraTargets> Sizing::parseLoraTargets(QStringView text)
{
    const QStringView t = text.trimmed();
    if (t.compare(u"all-linear", Qt::CaseInsensitive) == 0
        || t.compare(u"all", Qt::CaseInsensitive) == 0)
        return allLinearTargets();
    LoraTargets targets;
    for (QStringView item : t.split(u',')) {
        item = item.trimmed();
        if (item.endsWith(u"_proj", Qt::CaseInsensitive))
            item.chop(5);
        const QList<LoraTarget> all = loraTargets();
        const auto it = std::find_if(all.cbegin(), all.cend(), [item](LoraTarget target) {
            return item.compare(loraTargetName(target), Qt::CaseInsensitive) == 0;
        });
        if (it == all.cend())
            return std::nullopt;
        targets |= *it;
    }
    if (!targets)
        return std::nullopt;
    return targets;
}

std::optional<Sizing::Method> Sizing::parseMethod(QStringView text)
{
    for (Method m : {Method::Full, Method::Lora, Method::Qlora, Method::Inference}) {
        if (text.compare(methodName(m), Qt::CaseInsensitive) == 0)
            return m;
    }
    return std::nullopt;
}

std::optional<Sizing::Strategy> Sizing::parseStrategy(QStringView text)
{
    if (text.compare(u"fsdp", Qt::CaseInsensitive) == 0)
        return Strategy::Zero3;
    for (Strategy s : {Strategy::Ddp, Strategy::Zero1, Strategy::Zero2, Strategy::Zero3}) {
        if (text.compare(strategyName(s), Qt::CaseInsensitive) == 0)
            return s;
    }
    return std::nullopt;
}

std::optional<Sizing::Recompute> Sizing::parseRecompute(QStringView text)
{
    for (Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full}) {
        if (text.compare(recomputeName(r), Qt::CaseInsensitive) == 0)
            return r;
    }
    return std::nullopt;
}

std::optional<qint64> Sizing::parseParameterCount(QStringView text)
{
    return parseCount(text, MaxParameters);
}

std::optional<qint64> Sizing::parseCount(QStringView text, qint64 max)
{
    QStringView t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    // A trailing K, M, B or T (either case) is a decimal multiplier: "7B" is 7 x 10^9.
    double multiplier = 1;
    switch (t.back().toUpper().unicode()) {
    case u'K':
        multiplier = 1e3;
        break;
    case u'M':
        multiplier = 1e6;
        break;
    case u'B':
        multiplier = 1e9;
        break;
    case u'T':
        multiplier = 1e12;
        break;
    default:
        break;
    }
    if (multiplier != 1)
        t.chop(1);
    // Digits, one optional decimal point, an optional exponent; no sign, no group separators,
    // no "inf"/"nan" (which QLocale::toDouble would accept).
    bool digitSeen = false, pointSeen = false, exponentSeen = false;
    for (qsizetype i = 0; i < t.size(); ++i) {
        const char16_t c = t.at(i).unicode();
        if (c >= u'0' && c <= u'9') {
            digitSeen = true;
        } else if (c == u'.' && !pointSeen && !exponentSeen) {
            pointSeen = true;
        } else if ((c == u'e' || c == u'E') && digitSeen && !exponentSeen && i + 1 < t.size()) {
            exponentSeen = true;
            if (t.at(i + 1) == u'+' || t.at(i + 1) == u'-')
                ++i;
            if (i + 1 >= t.size())
                return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    if (!digitSeen)
        return std::nullopt;
    bool ok = false;
    const double value = QLocale::c().toDouble(t, &ok) * multiplier;
    // The double is exact for every count below 2^53 (9 x 10^15 > MaxParameters).
    if (!ok || !(value >= 0.5) || value > double(std::min(max, MaxParameters)))
        return std::nullopt;
    return qint64(std::llround(value));
}

Sizing::Recompute Sizing::defaultRecompute(Method method)
{
    return method == Method::Lora || method == Method::Qlora ? Recompute::Full
                                                             : Recompute::Selective;
}

int Sizing::defaultReservePercent(Method method)
{
    return method == Method::Inference ? InferenceReservePercent : TrainingReservePercent;
}

} // namespace everx
