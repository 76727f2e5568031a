// SPDX-License-Identifier: GPL-3.0-or-later
// FixedList and Warning: the allocation-free containers an Analysis is made of.

#include <string>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/fixed_list.h"
#include "roofline/warning.h"
#include "test_models.h"

namespace roofline {
namespace {

struct Pair {
    int a = 0;
    double b = 0.0;
};

TEST(FixedList, AppendsInOrderAndCopiesIndependently) {
    FixedList<Pair, 4> list;
    EXPECT_TRUE(list.empty());
    EXPECT_EQ(list.capacity(), 4u);
    list.push_back({1, 1.5});
    list.emplace_back().a = 2;  // default member initialisers apply: b = 0
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list.front().a, 1);
    EXPECT_EQ(list.back().a, 2);
    EXPECT_EQ(list.back().b, 0.0);

    FixedList<Pair, 4> copy = list;
    copy[0].a = 10;
    copy.push_back({3, 3.0});
    EXPECT_EQ(list[0].a, 1);  // the original is untouched
    EXPECT_EQ(list.size(), 2u);
    EXPECT_EQ(copy.size(), 3u);

    list = copy;
    int sum = 0;
    for (const Pair& p : list) {
        sum += p.a;
    }
    EXPECT_EQ(sum, 10 + 2 + 3);
    list.clear();
    EXPECT_TRUE(list.empty());
}

// Overflow is bounded in every build type, not only asserted: the same code runs in this
// test (whatever the build type) and in a Release build with NDEBUG.
TEST(FixedList, AppendingPastCapacityIsDroppedAndWritesNothingBeyond) {
    struct Guarded {
        FixedList<Pair, 3> list;
        int canary[16];
    } g;
    for (int& c : g.canary) {
        c = 0x5a5a5a5a;
    }
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(g.list.tryPushBack({i, 0.5}));
    }
    EXPECT_TRUE(g.list.full());
    EXPECT_FALSE(g.list.tryPushBack({99, 9.9}));
    EXPECT_EQ(g.list.tryEmplaceBack(), nullptr);
    g.list.push_back({100, 1.0}).a = 101;  // writes land in the list's scratch slot
    Pair& scratch = g.list.emplace_back();
    scratch.a = 102;
    scratch.b = 2.0;
    for (int i = 0; i < 1000; ++i) {
        g.list.push_back({i, 3.0});
        g.list.emplace_back().a = i;
    }
    EXPECT_EQ(g.list.size(), g.list.capacity());
    EXPECT_EQ(g.list.dropped(), 4u + 2000u);
    int expected = 0;
    for (const Pair& p : g.list) {
        EXPECT_EQ(p.a, expected++);
        EXPECT_EQ(p.b, 0.5);
    }
    for (int c : g.canary) {
        EXPECT_EQ(c, 0x5a5a5a5a);
    }

    FixedList<Pair, 3> copy = g.list;  // copies the elements, not the scratch slot
    EXPECT_EQ(copy.size(), 3u);
    EXPECT_EQ(copy.back().a, 2);
    EXPECT_EQ(copy.dropped(), g.list.dropped());
    g.list.clear();
    EXPECT_EQ(g.list.dropped(), 0u);
    EXPECT_TRUE(g.list.tryPushBack({7, 7.0}));
}

TEST(FixedList, AWarningPastTheKindsIsDroppedSafely) {
    // Analysis::warnings holds one of each kind; a further one is counted, never written
    // past the end.
    Analysis a;
    for (std::size_t i = 0; i < kMaxWarnings; ++i) {
        a.warnings.push_back(Warning(static_cast<WarningKind>(i)));
    }
    a.warnings.push_back(Warning(WarningKind::NoDraftModel));
    EXPECT_FALSE(a.warnings.tryPushBack(Warning(WarningKind::NoMtpLayers)));
    ASSERT_EQ(a.warnings.size(), kMaxWarnings);
    EXPECT_EQ(a.warnings.dropped(), 2u);
    EXPECT_EQ(a.warnings.back().kind(), WarningKind::DisaggregationIgnored);  // the last kind
    const Analysis copy = a;
    EXPECT_EQ(copy.warnings.size(), kMaxWarnings);
    EXPECT_EQ(copy.warnings[0].kind(), WarningKind::PrecisionFallback);
}

TEST(Warning, IsDataWrittenAsASentenceWhenRead) {
    // 1.62e12 needed against 77.3e9 usable, batch 0: the memory bar's three figures.
    const Warning w(WarningKind::DoesNotFit, {1.62e12, 77.3e9, 0.0});
    EXPECT_EQ(w.kind(), WarningKind::DoesNotFit);
    EXPECT_EQ(w.value(1), 77.3e9);
    EXPECT_EQ(w,
              "Does not fit: 1.62 TB needed per device, 77.3 GB usable (largest batch that "
              "fits: 0); analysed anyway");
    // Where three figures print the same, more are shown: 77.34 vs 77.31 GB.
    EXPECT_EQ(Warning(WarningKind::DoesNotFit, {77.34e9, 77.31e9, 0.0}).str(),
              "Does not fit: 77.34 GB needed per device, 77.31 GB usable (largest batch that "
              "fits: 0); analysed anyway");
    EXPECT_EQ(Warning(WarningKind::KvHeadsReplicated, {8.0, 16.0}),
              "KV heads (8) fewer than devices (16): each device holds a replicated KV head");
}

TEST(Warning, CutsAnAbsurdNameAtItsLength) {
    const std::string longName(300, 'x');
    const Warning w(WarningKind::NoInterconnect, {}, longName);
    EXPECT_EQ(w.name().size(), Warning::kMaxName);
    EXPECT_EQ(w.text(), "No interconnect bandwidth known for " +
                            std::string(Warning::kMaxName, 'x') +
                            ": communication between devices is not timed");
}

TEST(Analyze, EveryWarningKindCanAppearTogether) {
    // Five of the six kinds at once (the KV-override-on-MLA and replicated-KV-head warnings
    // exclude each other): fp4 math on a chip without fp4 or fp8 roofs (falls back to bf16),
    // DeepSeek-V3 on one 80 GB device per shard, a GQA override on an MLA model, 200,000
    // tokens against a 163,840 maximum, and TP 2 with no interconnect figure.
    Hardware hw = test::a100Sxm80();
    hw.interconnectBandwidthBytesPerSecond = 0.0;
    Workload w;
    w.weightPrecision = Precision::Fp4;
    w.activationPrecision = Precision::Fp4;
    w.kvHeadsOverride = 8;
    w.promptTokens = 200000;
    w.contextTokens = 2048;
    w.tensorParallel = 2;
    const Analysis a = analyze(test::scenario(hw, test::deepseekV3(), w));
    ASSERT_EQ(a.warnings.size(), 5u);
    EXPECT_EQ(a.warnings[0],
              "fp4 math requested, but NVIDIA A100 80GB SXM4 has no fp4 roof: using bf16, and "
              "its activation bytes");
    EXPECT_EQ(a.warnings[1].text().substr(0, 14), "Does not fit: ");
    EXPECT_EQ(a.warnings[2],
              "KV-head override ignored: the model uses multi-head latent attention, whose "
              "cache has no KV heads");
    EXPECT_EQ(a.warnings[3], "Sequence of 200000 tokens exceeds the model's maximum of 163840");
    EXPECT_EQ(a.warnings[4],
              "No interconnect bandwidth known for NVIDIA A100 80GB SXM4: communication "
              "between devices is not timed");

    // A dense model with 8 KV heads over 16 devices: each device keeps a replicated head,
    // and 16 devices leave the H100's 8-device NVLink domain (scale-out at the default
    // 50 GB/s per device, since the test chip names no scale-out link).
    w = Workload{};
    w.tensorParallel = 16;
    const Analysis dense = analyze(test::scenario(test::h100Sxm(), test::llama31_8b(), w));
    ASSERT_EQ(dense.warnings.size(), 2u);
    EXPECT_EQ(dense.warnings[0],
              "KV heads (8) fewer than devices (16): each device holds a replicated KV head");
    EXPECT_EQ(dense.warnings[1],
              "16 devices exceed NVIDIA H100 SXM5 80GB's scale-up domain of 8: collectives "
              "cross the scale-out network at 50 GB/s per device");
    // All seven warnings above were kept: none was dropped for want of room (size() alone
    // cannot tell, since a full list never grows past kMaxWarnings).
    EXPECT_EQ(a.warnings.dropped(), 0u);
    EXPECT_EQ(dense.warnings.dropped(), 0u);
}

}  // namespace
}  // namespace roofline
