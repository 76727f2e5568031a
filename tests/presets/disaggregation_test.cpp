// SPDX-License-Identifier: GPL-3.0-or-later
// Disaggregated prefill and decode (DOMAIN.md §7; Workload::prefillDevices), derived by hand
// from the shipped presets: Llama-3.1-8B on H100 SXM.
//
// Llama-3.1-8B (presets/models/llama-3.1-8b.json): 32 layers, 32 query heads, 8 KV heads of
// 128. A bf16 KV cache holds 2 (K, V) × 8 × 128 × 2 B × 32 layers = 131,072 B per token.
// After a prompt of P = 2,048 tokens one sequence holds 2,048 × 131,072 = 268,435,456 B;
// a batch of B = 8 holds 2,147,483,648 B (2 GiB), the bytes that move between the pools.
// H100 SXM (presets/hardware/h100-sxm.json): NVLink 450 GB/s per direction, a scale-up
// domain of 8, α = 5 µs (the default collective latency); scale-out 50 GB/s per GPU with
// α = 15 µs (the default scale-out latency).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/io/scenario_file.h"
#include "roofline/io/scenario_options.h"
#include "roofline/kv_transfer.h"
#include "roofline/validate.h"

namespace {

using roofline::Analysis;
using roofline::WarningKind;
using roofline::io::ScenarioFile;

constexpr double kBatchKvBytes = 2147483648.0;  // 8 × 2,048 × 131,072
constexpr double kNvLink = 450e9;
constexpr double kScaleOut = 50e9;

ScenarioFile llama8b(std::int64_t prefillDevices, std::int64_t decodeDevices) {
    ScenarioFile file;
    file.hardware = "h100-sxm";
    file.model = "llama-3.1-8b";
    file.workload.batch = 8;
    file.workload.promptTokens = 2048;
    file.workload.contextTokens = 2048;
    file.workload.prefillDevices = prefillDevices;
    file.workload.tensorParallel = decodeDevices;
    return file;
}

Analysis analyzed(const ScenarioFile& file) {
    const roofline::io::ResolvedScenario r = roofline::io::resolve(file);
    EXPECT_TRUE(r.ok());
    return roofline::analyze(r.scenario);
}

bool warns(const Analysis& a, WarningKind kind) {
    return std::any_of(a.warnings.begin(), a.warnings.end(),
                       [kind](const roofline::Warning& w) { return w.kind() == kind; });
}

TEST(Disaggregation, OneToOneMovesTheBatchCacheOverNvLink) {
    const Analysis colocated = analyzed(llama8b(0, 1));
    const Analysis a = analyzed(llama8b(1, 1));
    ASSERT_FALSE(colocated.disaggregation.has_value());
    ASSERT_TRUE(a.disaggregation.has_value());
    const roofline::DisaggregationResult& d = *a.disaggregation;
    EXPECT_EQ(d.prefillDevices, 1);
    EXPECT_EQ(d.decodeDevices, 1);
    // One prefill device holds all 8 KV heads: it sends the whole 2 GiB.
    EXPECT_DOUBLE_EQ(d.kvTransferBytes, kBatchKvBytes);
    EXPECT_DOUBLE_EQ(d.kvTransferBytesPerDevice, kBatchKvBytes);
    // 2 devices ≤ the domain of 8: NVLink. 5 µs + 2,147,483,648 / 450e9 = 4.777186 ms.
    EXPECT_FALSE(d.scaleOut);
    EXPECT_DOUBLE_EQ(d.linkBandwidthBytesPerSecond, kNvLink);
    EXPECT_NEAR(d.kvTransferSeconds, 5e-6 + kBatchKvBytes / kNvLink, 1e-12);
    EXPECT_NEAR(d.kvTransferSeconds, 4.777186e-3, 1e-9);
    // The prefill pool is one H100 as before: TTFT = the colocated prefill + the transfer.
    EXPECT_DOUBLE_EQ(d.prefillSeconds, colocated.ttftSeconds);
    EXPECT_DOUBLE_EQ(a.ttftSeconds, colocated.ttftSeconds + d.kvTransferSeconds);
    // TPOT from the decode pool alone (one H100, as colocated); per device over both pools.
    EXPECT_DOUBLE_EQ(a.tpotSeconds, colocated.tpotSeconds);
    EXPECT_DOUBLE_EQ(a.decodeTokensPerSecondPerDevice, colocated.decodeTokensPerSecond / 2.0);
    // The prefill device holds the weights, the batch's 2 GiB after the prompts (P = C here,
    // so the decode device's C + 1 = 2,049 tokens hold one token more) and a workspace.
    EXPECT_NEAR(d.prefillMemoryBytes, colocated.memory.totalBytes - 8.0 * 131072.0,
                colocated.memory.totalBytes * 1e-12);
    EXPECT_TRUE(d.prefillFits);
    // Every device's memory counts both pools.
    EXPECT_DOUBLE_EQ(a.memoryAllDevices.totalBytes, a.memory.totalBytes + d.prefillMemoryBytes);
    EXPECT_DOUBLE_EQ(a.memoryAllDevices.capacityBytes, 2.0 * a.memory.capacityBytes);
}

TEST(Disaggregation, TheTransferIsAPointReadAgainstThePoolsLink) {
    // The point: x = F / b, y = F / TTFT, F the prefill pass's FLOPs per prefill device and b
    // the bytes that device sends. At x the pools' link roof is x·β, so
    // y / (x·β) = (b/β) / TTFT: the share of TTFT spent moving bytes (α aside).
    // 1:1 (F on one H100): b = 2 GiB, b/β = 2,147,483,648 / 450e9 = 4.772186 ms.
    // 2:2 (F halves with TP 2, b halves: x is the same; TTFT shrinks, the point rises).
    const Analysis one = analyzed(llama8b(1, 1));
    const Analysis two = analyzed(llama8b(2, 2));
    for (const Analysis* a : {&one, &two}) {
        const roofline::DisaggregationResult& d = *a->disaggregation;
        const std::optional<roofline::KvTransferPoint> p = roofline::kvTransferPoint(*a);
        ASSERT_TRUE(p.has_value());
        const double F = a->prefill().flops;
        EXPECT_DOUBLE_EQ(p->intensityFlopsPerByte, F / d.kvTransferBytesPerDevice);
        EXPECT_DOUBLE_EQ(p->attainableFlopsPerSecond, F / a->ttftSeconds);
        EXPECT_DOUBLE_EQ(p->linkBandwidthBytesPerSecond, kNvLink);
        EXPECT_FALSE(p->scaleOut);
        const double roofAtX = p->intensityFlopsPerByte * kNvLink;
        EXPECT_NEAR(p->attainableFlopsPerSecond / roofAtX,
                    (d.kvTransferBytesPerDevice / kNvLink) / a->ttftSeconds, 1e-12);
        EXPECT_LT(p->attainableFlopsPerSecond, roofAtX);  // never above its roof
        EXPECT_DOUBLE_EQ(p->seconds, d.kvTransferSeconds);
        EXPECT_DOUBLE_EQ(p->ttftShare, d.kvTransferSeconds / a->ttftSeconds);
    }
    EXPECT_NEAR(one.disaggregation->kvTransferBytesPerDevice / kNvLink, 4.772186e-3, 1e-9);
    // TP 2 halves the prefill FLOPs per device and the bytes each device sends (4 of the 8
    // KV heads): x stays where it was, within lm_head's and the norms' unsplit share.
    EXPECT_NEAR(roofline::kvTransferPoint(two)->intensityFlopsPerByte /
                    roofline::kvTransferPoint(one)->intensityFlopsPerByte,
                1.0, 0.05);
    // Colocated there is no transfer, and no point.
    EXPECT_FALSE(roofline::kvTransferPoint(analyzed(llama8b(0, 2))).has_value());
}

TEST(Disaggregation, EachPrefillDeviceSendsItsShardAndReplicatedHeadsSendTheirCopy) {
    // 2 prefill devices: 4 KV heads each, half the bytes each: 1,073,741,824 B.
    const Analysis two = analyzed(llama8b(2, 2));
    ASSERT_TRUE(two.disaggregation.has_value());
    EXPECT_DOUBLE_EQ(two.disaggregation->kvTransferBytes, kBatchKvBytes);
    EXPECT_DOUBLE_EQ(two.disaggregation->kvTransferBytesPerDevice, kBatchKvBytes / 2.0);
    EXPECT_NEAR(two.disaggregation->kvTransferSeconds, 5e-6 + kBatchKvBytes / 2.0 / kNvLink, 1e-12);
    // 16 prefill devices over 8 KV heads: each holds one replicated head, 1/8 of the bytes
    // (268,435,456 B), not 1/16. 16 + 1 = 17 devices exceed the domain of 8: scale-out,
    // 15 µs + 268,435,456 / 50e9 = 5.383709 ms.
    const Analysis sixteen = analyzed(llama8b(16, 1));
    ASSERT_TRUE(sixteen.disaggregation.has_value());
    EXPECT_DOUBLE_EQ(sixteen.disaggregation->kvTransferBytesPerDevice, kBatchKvBytes / 8.0);
    EXPECT_TRUE(sixteen.disaggregation->scaleOut);
    EXPECT_NEAR(sixteen.disaggregation->kvTransferSeconds, 15e-6 + kBatchKvBytes / 8.0 / kScaleOut,
                1e-12);
    EXPECT_NEAR(sixteen.disaggregation->kvTransferSeconds, 5.383709e-3, 1e-9);
    // The prefill pool past the domain says so; 16 devices of 8 KV heads replicate them.
    EXPECT_TRUE(warns(sixteen, WarningKind::BeyondScaleUpDomain));
}

TEST(Disaggregation, ThePrefillPoolSplitsTheHeadsOrIsRefused) {
    // 3 does not divide the 32 query heads: an error on prefillDevices, as on tensorParallel.
    roofline::Scenario s = roofline::io::resolve(llama8b(0, 1)).scenario;
    s.workload.prefillDevices = 3;
    const std::vector<roofline::Issue> issues = roofline::validate(s);
    EXPECT_TRUE(std::any_of(issues.begin(), issues.end(), [](const roofline::Issue& i) {
        return i.field == "workload.prefillDevices" && i.severity == roofline::Severity::Error;
    }));
}

TEST(Disaggregation, TheOptionTheScenarioFileAndTheJsonSayIt) {
    ScenarioFile file;
    std::int64_t gqa = 0;
    const roofline::io::ScenarioOption* option =
        roofline::io::findScenarioOption("--disaggregated");
    ASSERT_NE(option, nullptr);
    EXPECT_EQ(option->apply("2:4", file, gqa), "");
    EXPECT_EQ(file.workload.prefillDevices, 2);
    EXPECT_EQ(file.workload.tensorParallel, 4);
    for (const std::string bad : {"2", "2:", ":4", "2:0", "a:b", "-1:2", "2:4:6"}) {
        EXPECT_TRUE(option->apply(bad, file, gqa).starts_with("--disaggregated expects P:D"))
            << bad;
    }
    // Written only when set, and read back.
    const std::string json = roofline::io::toJson(file);
    EXPECT_NE(json.find("\"prefill_devices\": 2"), std::string::npos) << json;
    const auto back = roofline::io::parseScenarioFile(json, "back.json");
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back.value->workload.prefillDevices, 2);
    EXPECT_EQ(roofline::io::toJson(ScenarioFile{}).find("prefill_devices"), std::string::npos);
}

TEST(Disaggregation, AnEncoderHasNoDecodePoolAndSaysSo) {
    ScenarioFile file;
    file.model = "vit-large-patch16-224";
    file.workload.prefillDevices = 1;
    const Analysis a = analyzed(file);
    EXPECT_FALSE(a.disaggregation.has_value());
    EXPECT_TRUE(warns(a, WarningKind::DisaggregationIgnored));
}

}  // namespace
