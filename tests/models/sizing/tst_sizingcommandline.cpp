// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

// everx-size's command line without the binary: options into a typed SizingRequest (defaults,
// each option, partial shapes completed and labelled), the actions, and every kind of bad input
// refused with a message that names the option.

#include "sizing/modelpreset.h"
#include "sizing/sizingcommandline.h"

#include <QtTest/QtTest>

using namespace everx;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(SizingRequest::Action)

namespace {

std::optional<SizingRequest> parse(QStringList arguments, QString *error = nullptr)
{
    SizingCommandLine commandLine;
    arguments.prepend(u"everx-size"_s);
    QString message;
    std::optional<SizingRequest> request = commandLine.parse(arguments, &message);
    if (error)
        *error = message;
    return request;
}

} // namespace

class TestSizingCommandLine final : public QObject
{
    Q_OBJECT

private slots:
    void defaults();
    void everyOption();
    void actions_data();
    void actions();
    void partialShapes();
    void runOptions_data();
    void runOptions();
    void refusesBadInput_data();
    void refusesBadInput();
    void helpNamesEveryOptionAndSource();
};

void TestSizingCommandLine::defaults()
{
    QString error;
    const std::optional<SizingRequest> q = parse({u"--model"_s, u"llama-3.1-70b"_s}, &error);
    QVERIFY2(q, qPrintable(error));
    QCOMPARE(q->action, SizingRequest::Action::Size);
    QVERIFY(!q->json);
    QCOMPARE(q->preset, ModelPreset::find(u"llama-3.1-70b"));
    QCOMPARE(q->shape.parameters, 70'553'706'496);
    QCOMPARE(q->parameterOrigin, Sizing::ParameterOrigin::Given);
    QVERIFY(q->derived.isEmpty()); // a preset needs nothing filled in
    const Sizing::Workload &w = q->workload;
    QCOMPARE(w.method, Sizing::Method::Full);
    QCOMPARE(w.strategy, Sizing::Strategy::Zero3);
    QCOMPARE(w.recompute, Sizing::Recompute::Selective);
    QCOMPARE(w.gpus, 1);
    QCOMPARE(w.tp, 1);
    QVERIFY(!w.sp);
    QCOMPARE(w.gradBytes, 2);
    QCOMPARE(w.kvBytes, 2);
    QCOMPARE(w.loraRank, 16);
    QCOMPARE(w.loraTargets, Sizing::allLinearTargets());
    QCOMPARE(w.reservePercent, std::nullopt); // the method's default
    QCOMPARE(w.seq, 0);
    QCOMPARE(w.batch, 0);
    QCOMPARE(q->tokens, 0);
    QCOMPARE(q->mfu, Sizing::DefaultMfu);
    QCOMPARE(q->price, std::nullopt);
    QVERIFY(error.isEmpty());
}

void TestSizingCommandLine::everyOption()
{
    QString error;
    const std::optional<SizingRequest> q = parse({u"--model"_s,
                                                  u"llama-2-7b"_s,
                                                  u"--params"_s,
                                                  u"7.5B"_s,
                                                  u"--method"_s,
                                                  u"QLoRA"_s,
                                                  u"--gpus"_s,
                                                  u"16"_s,
                                                  u"--strategy"_s,
                                                  u"fsdp"_s,
                                                  u"--grad-bytes"_s,
                                                  u"4"_s,
                                                  u"--layers"_s,
                                                  u"30"_s,
                                                  u"--hidden"_s,
                                                  u"4096"_s,
                                                  u"--heads"_s,
                                                  u"32"_s,
                                                  u"--kv-heads"_s,
                                                  u"8"_s,
                                                  u"--head-dim"_s,
                                                  u"128"_s,
                                                  u"--vocab"_s,
                                                  u"32768"_s,
                                                  u"--ffn"_s,
                                                  u"14336"_s,
                                                  u"--seq"_s,
                                                  u"8192"_s,
                                                  u"--batch"_s,
                                                  u"2"_s,
                                                  u"--recompute"_s,
                                                  u"none"_s,
                                                  u"--tp"_s,
                                                  u"2"_s,
                                                  u"--sp"_s,
                                                  u"--kv-bytes"_s,
                                                  u"1"_s,
                                                  u"--lora-rank"_s,
                                                  u"64"_s,
                                                  u"--lora-targets"_s,
                                                  u"q_proj,v_proj"_s,
                                                  u"--reserve"_s,
                                                  u"30%"_s,
                                                  u"--tokens"_s,
                                                  u"2T"_s,
                                                  u"--mfu"_s,
                                                  u"35%"_s,
                                                  u"--price"_s,
                                                  u"$2.50"_s,
                                                  u"--json"_s},
                                                 &error);
    QVERIFY2(q, qPrintable(error));
    QVERIFY(q->json);
    QCOMPARE(q->shape.parameters, 7'500'000'000); // --params over the preset's
    QCOMPARE(q->shape.layers, 30);
    QCOMPARE(q->shape.kvHeads, 8);
    QCOMPARE(q->shape.vocab, 32768);
    QCOMPARE(q->shape.intermediate, 14336);
    const Sizing::Workload &w = q->workload;
    QCOMPARE(w.method, Sizing::Method::Qlora);
    QCOMPARE(w.gpus, 16);
    QCOMPARE(w.strategy, Sizing::Strategy::Zero3);
    QCOMPARE(w.gradBytes, 4);
    QCOMPARE(w.seq, 8192);
    QCOMPARE(w.batch, 2);
    QCOMPARE(w.recompute, Sizing::Recompute::None); // over QLoRA's default
    QCOMPARE(w.tp, 2);
    QVERIFY(w.sp);
    QCOMPARE(w.kvBytes, 1);
    QCOMPARE(w.loraRank, 64);
    QCOMPARE(Sizing::loraTargetsText(w.loraTargets), u"q,v"_s);
    QCOMPARE(w.reservePercent, std::optional<int>(30));
    QCOMPARE(q->tokens, 2'000'000'000'000);
    QCOMPARE(q->mfu, 0.35);
    QCOMPARE(q->price, std::optional<Cents>(250));
}

void TestSizingCommandLine::actions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<SizingRequest::Action>("action");
    QTest::addColumn<bool>("json");
    QTest::newRow("--help") << QStringList {u"--help"_s} << SizingRequest::Action::Help << false;
    QTest::newRow("-h with others")
        << QStringList {u"--model"_s, u"x"_s, u"-h"_s} << SizingRequest::Action::Help << false;
    QTest::newRow("--version") << QStringList {u"--version"_s} << SizingRequest::Action::Version
                               << false;
    QTest::newRow("--max-model --json")
        << QStringList {u"--max-model"_s, u"--json"_s} << SizingRequest::Action::MaxModel << true;
    QTest::newRow("--max-model ignores the rest")
        << QStringList {u"--max-model"_s, u"--seq"_s, u"nonsense"_s}
        << SizingRequest::Action::MaxModel << false;
}

void TestSizingCommandLine::actions()
{
    QFETCH(QStringList, arguments);
    QFETCH(SizingRequest::Action, action);
    QFETCH(bool, json);
    QString error;
    const std::optional<SizingRequest> q = parse(arguments, &error);
    QVERIFY2(q, qPrintable(error));
    QCOMPARE(q->action, action);
    QCOMPARE(q->json, json);
}

void TestSizingCommandLine::partialShapes()
{
    // The command: the KV cache is all it asks, and no count is needed for it.
    QString error;
    std::optional<SizingRequest> q =
        parse({u"--method"_s, u"inference"_s, u"--layers"_s, u"80"_s, u"--heads"_s, u"64"_s,
               u"--kv-heads"_s, u"8"_s, u"--head-dim"_s, u"128"_s, u"--hidden"_s, u"8192"_s,
               u"--seq"_s, u"4096"_s, u"--batch"_s, u"4"_s, u"--kv-bytes"_s, u"2"_s, u"--json"_s},
              &error);
    QVERIFY2(q, qPrintable(error));
    QCOMPARE(q->parameterOrigin, Sizing::ParameterOrigin::Unknown);
    QCOMPARE(q->shape.parameters, 0);
    QCOMPARE(q->shape.kvHeads, 8);
    // With the vocabulary: an estimate, 12 L h^2 + V h, said so.
    q = parse({u"--layers"_s, u"80"_s, u"--hidden"_s, u"8192"_s, u"--heads"_s, u"64"_s,
               u"--vocab"_s, u"32000"_s});
    QVERIFY(q);
    QCOMPARE(q->parameterOrigin, Sizing::ParameterOrigin::Estimated);
    QCOMPARE(q->shape.parameters, 64'686'653'440);
    QVERIFY(q->derived.join(u'\n').contains(u"12 L h^2 + V h"));
    QVERIFY(q->derived.join(u'\n').contains(u"KV heads: 64")); // MHA unless told
    QVERIFY(q->derived.join(u'\n').contains(u"Head dim: 128"));
    // With the MLP width too: Llama 2 7B's count, exactly.
    q = parse({u"--layers"_s, u"32"_s, u"--hidden"_s, u"4096"_s, u"--heads"_s, u"32"_s, u"--ffn"_s,
               u"11008"_s, u"--vocab"_s, u"32000"_s});
    QVERIFY(q);
    QCOMPARE(q->parameterOrigin, Sizing::ParameterOrigin::Counted);
    QCOMPARE(q->shape.parameters, 6'738'415'616);
}

void TestSizingCommandLine::runOptions_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("value");
    QTest::addColumn<double>("expected"); // tokens, mfu or cents
    QTest::newRow("tokens 2T") << u"--tokens"_s << u"2T"_s << 2e12;
    QTest::newRow("tokens 1e9") << u"--tokens"_s << u"1e9"_s << 1e9;
    QTest::newRow("tokens 500M") << u"--tokens"_s << u"500M"_s << 5e8;
    QTest::newRow("mfu 0.4") << u"--mfu"_s << u"0.4"_s << 0.4;
    QTest::newRow("mfu 46.2%") << u"--mfu"_s << u"46.2%"_s << 0.462;
    QTest::newRow("mfu 1") << u"--mfu"_s << u"1"_s << 1.0;
    QTest::newRow("price 2.88") << u"--price"_s << u"2.88"_s << 288.0;
    QTest::newRow("price $0.33") << u"--price"_s << u"$0.33"_s << 33.0;
    QTest::newRow("price 12") << u"--price"_s << u"12"_s << 1200.0;
}

void TestSizingCommandLine::runOptions()
{
    QFETCH(QString, option);
    QFETCH(QString, value);
    QFETCH(double, expected);
    QString error;
    const std::optional<SizingRequest> q =
        parse({u"--model"_s, u"mistral-7b"_s, option, value}, &error);
    QVERIFY2(q, qPrintable(error));
    if (option == u"--tokens")
        QCOMPARE(double(q->tokens), expected);
    else if (option == u"--mfu")
        QVERIFY(qAbs(q->mfu - expected) < 1e-12);
    else
        QCOMPARE(double(q->price.value_or(-1)), expected);
}

void TestSizingCommandLine::refusesBadInput_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message"); // a fragment of the message

    const QString m = u"--model"_s, l70 = u"llama-3.1-70b"_s;
    QTest::newRow("unknown model") << QStringList {m, u"gpt-5"_s} << u"unknown model"_s;
    QTest::newRow("params 0") << QStringList {u"--params"_s, u"0"_s} << u"--params"_s;
    QTest::newRow("params with a unit we do not know")
        << QStringList {u"--params"_s, u"7Q"_s} << u"--params"_s;
    QTest::newRow("seq not a number") << QStringList {m, l70, u"--seq"_s, u"4k"_s} << u"--seq"_s;
    QTest::newRow("layers 0") << QStringList {m, l70, u"--layers"_s, u"0"_s} << u"--layers"_s;
    QTest::newRow("hidden not a multiple of heads")
        << QStringList {u"--hidden"_s, u"1000"_s, u"--heads"_s, u"7"_s} << u"--head-dim"_s;
    QTest::newRow("unknown method")
        << QStringList {m, l70, u"--method"_s, u"dpo"_s} << u"--method"_s;
    QTest::newRow("unknown strategy")
        << QStringList {m, l70, u"--strategy"_s, u"zero4"_s} << u"--strategy"_s;
    QTest::newRow("unknown recompute")
        << QStringList {m, l70, u"--recompute"_s, u"half"_s} << u"--recompute"_s;
    QTest::newRow("unknown LoRA target")
        << QStringList {m, l70, u"--lora-targets"_s, u"q,lm_head"_s} << u"--lora-targets"_s;
    QTest::newRow("reserve negative")
        << QStringList {m, l70, u"--reserve"_s, u"-5"_s} << u"--reserve"_s;
    QTest::newRow("reserve a fraction")
        << QStringList {m, l70, u"--reserve"_s, u"0.2"_s} << u"--reserve"_s;
    QTest::newRow("tokens 0") << QStringList {m, l70, u"--tokens"_s, u"0"_s} << u"--tokens"_s;
    QTest::newRow("tokens beyond 10^15")
        << QStringList {m, l70, u"--tokens"_s, u"2e15"_s} << u"--tokens"_s;
    QTest::newRow("mfu 0") << QStringList {m, l70, u"--mfu"_s, u"0"_s} << u"--mfu"_s;
    QTest::newRow("mfu above 1") << QStringList {m, l70, u"--mfu"_s, u"1.5"_s} << u"--mfu"_s;
    QTest::newRow("mfu 140%") << QStringList {m, l70, u"--mfu"_s, u"140%"_s} << u"--mfu"_s;
    QTest::newRow("mfu not a number") << QStringList {m, l70, u"--mfu"_s, u"fast"_s} << u"--mfu"_s;
    QTest::newRow("price negative") << QStringList {m, l70, u"--price"_s, u"-1"_s} << u"--price"_s;
    QTest::newRow("price off the cent")
        << QStringList {m, l70, u"--price"_s, u"2.885"_s} << u"--price"_s;
    QTest::newRow("price zero") << QStringList {m, l70, u"--price"_s, u"0"_s} << u"--price"_s;
    QTest::newRow("unknown option") << QStringList {m, l70, u"--bogus"_s} << u"bogus"_s;
    QTest::newRow("positional argument") << QStringList {m, l70, u"extra"_s} << u"extra"_s;
}

void TestSizingCommandLine::refusesBadInput()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!parse(arguments, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestSizingCommandLine::helpNamesEveryOptionAndSource()
{
    SizingCommandLine commandLine;
    const QString help = commandLine.helpText();
    for (const auto option :
         {u"--params",       u"--model",    u"--method", u"--gpus",     u"--strategy",
          u"--grad-bytes",   u"--layers",   u"--hidden", u"--heads",    u"--kv-heads",
          u"--head-dim",     u"--vocab",    u"--ffn",    u"--seq",      u"--batch",
          u"--recompute",    u"--tp",       u"--sp",     u"--kv-bytes", u"--lora-rank",
          u"--lora-targets", u"--reserve",  u"--tokens", u"--mfu",      u"--price",
          u"--json",         u"--max-model"})
        QVERIFY2(help.contains(QStringView(option)), qPrintable(QString::fromUtf16(option)));
    QCOMPARE(SizingCommandLine::description().isEmpty(), false);
    QVERIFY(help.contains(SizingCommandLine::description().left(60)));
}

QTEST_GUILESS_MAIN(TestSizingCommandLine)
#include "tst_sizingcommandline.moc"
