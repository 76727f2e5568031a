// SPDX-License-Identifier: GPL-3.0-or-later
// io::hardwareToJson: the preset schema written back, read back equal for every shipped
// preset, in the presets' own units.

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "roofline/io/presets.h"
#include "roofline/validate.h"

namespace {

using nlohmann::json;
using roofline::Hardware;
using roofline::Precision;
using roofline::io::Loaded;

Hardware builtin(const std::string& id) {
    const Loaded<Hardware> h = roofline::io::builtinHardware(id);
    EXPECT_TRUE(h.ok()) << roofline::describe(h.issues);
    return h.ok() ? *h.value : Hardware{};
}

TEST(HardwareWriter, EveryPresetReadsBackEqual) {
    const std::vector<std::string> ids = roofline::io::hardwareIds();
    ASSERT_GE(ids.size(), 30u);
    for (const std::string& id : ids) {
        SCOPED_TRACE(id);
        const Hardware original = builtin(id);
        const std::string text = roofline::io::hardwareToJson(original);
        const Loaded<Hardware> back = roofline::io::parseHardware(text, id + ".json");
        ASSERT_TRUE(back.ok()) << roofline::describe(back.issues) << "\n" << text;
        // Not even a warning: every key written is one the reader knows.
        EXPECT_TRUE(back.issues.empty()) << roofline::describe(back.issues);
        EXPECT_EQ(*back.value, original) << text;
        // Written again, the same text: nothing drifts by an ulp per save.
        EXPECT_EQ(roofline::io::hardwareToJson(*back.value), text);
    }
}

TEST(HardwareWriter, H100InThePresetsUnits) {
    // presets/hardware/h100-sxm.json says 80 GiB, 3.35 TB/s, bf16 989.4 TFLOP/s, NVLink 450
    // GB/s in a domain of 8, scale-out 50 GB/s, measured bf16 794.5 TFLOP/s, 700 W, 50 MB L2.
    // The reader turns those into 80 × 2^30 = 85,899,345,920 bytes, 3.35e12 B/s, 9.894e14
    // FLOP/s, 4.5e11 B/s and 5e10 B/s; the writer divides by the same units, so the file's
    // own numbers come back (as integers where they are whole: 80, not 80.0).
    const json j = json::parse(roofline::io::hardwareToJson(builtin("h100-sxm")));
    EXPECT_EQ(j["schema_version"], 2);
    EXPECT_EQ(j["id"], "h100-sxm");
    EXPECT_EQ(j["name"], "NVIDIA H100 SXM5 80GB");
    EXPECT_TRUE(j["memory_capacity_gib"].is_number_integer());
    EXPECT_EQ(j["memory_capacity_gib"], 80);
    EXPECT_EQ(j["memory_bandwidth_tb_s"].get<double>(), 3.35);
    EXPECT_EQ(j["peak_dense_tflops"]["bf16"].get<double>(), 989.4);
    EXPECT_EQ(j["peak_dense_tflops"]["fp8"].get<double>(), 1978.9);
    EXPECT_FALSE(j["peak_dense_tflops"].contains("fp4"));  // no such roof: left out
    EXPECT_EQ(j["interconnect"]["bandwidth_gb_s_per_direction"], 450);
    EXPECT_EQ(j["interconnect"]["scale_up_domain_devices"], 8);
    // 5 µs is the default α: left out, as the preset leaves it out.
    EXPECT_FALSE(j["interconnect"].contains("collective_latency_us"));
    EXPECT_EQ(j["scale_out"]["bandwidth_gb_s_per_direction"], 50);
    EXPECT_EQ(j["achievable"]["dense_tflops"]["bf16"].get<double>(), 794.5);
    EXPECT_EQ(j["achievable"]["source"], "hardware_editor");
    EXPECT_TRUE(j["sources"].contains("hardware_editor"));
    EXPECT_EQ(j["tdp_w"], 700);
    EXPECT_EQ(j["l2_cache_mb"], 50);
}

TEST(HardwareWriter, AnInvalidValueGetsTheReadersMessage) {
    // A bandwidth of 0 is written as 0, so that reading the text refuses it at the file's
    // key, as loading such a file would.
    Hardware h = builtin("h100-sxm");
    h.memoryBandwidthBytesPerSecond = 0.0;
    const Loaded<Hardware> back =
        roofline::io::parseHardware(roofline::io::hardwareToJson(h), "edited.json");
    ASSERT_FALSE(back.ok());
    const std::string text = roofline::describe(back.issues);
    EXPECT_NE(text.find("/memory_bandwidth_tb_s"), std::string::npos) << text;
}

TEST(HardwareWriter, OddUnitsRoundTrip) {
    // Numbers no preset holds: a latency of 2.7 µs, a visible capacity, a memory-only chip.
    Hardware h = builtin("h100-sxm");
    h.id = "made-up";
    h.collectiveLatencySeconds = 2.7e-6;
    h.scaleOutLatencySeconds = 9.1e-6;
    h.memoryCapacityVisibleBytes = 79.1 * 1024.0 * 1024.0 * 1024.0;
    h.achievableMemoryBandwidthBytesPerSecond = 2.9e12;
    h.peakFlopsPerSecond[roofline::index(Precision::Fp4)] = 1.0 / 3.0 * 1e15;
    const Loaded<Hardware> back =
        roofline::io::parseHardware(roofline::io::hardwareToJson(h), "made-up.json");
    ASSERT_TRUE(back.ok()) << roofline::describe(back.issues);
    EXPECT_EQ(*back.value, h);

    Hardware memoryOnly = builtin("apple-m4-max");
    ASSERT_TRUE(memoryOnly.computePeakUnsourced);
    const Loaded<Hardware> again =
        roofline::io::parseHardware(roofline::io::hardwareToJson(memoryOnly), "m4.json");
    ASSERT_TRUE(again.ok()) << roofline::describe(again.issues);
    EXPECT_EQ(*again.value, memoryOnly);
}

TEST(HardwareWriter, TheReadmeExampleIsWhatTheWriterWrites) {
    // presets/README.md "A complete example": the block after its ```json line.
    std::ifstream in(std::string(ROOFLINE_PRESET_DIR) + "/README.md");
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string readme = buffer.str();
    const std::size_t heading = readme.find("### A complete example");
    ASSERT_NE(heading, std::string::npos);
    const std::string fence = "```json\n";
    const std::size_t from = readme.find(fence, heading);
    ASSERT_NE(from, std::string::npos);
    const std::size_t to = readme.find("```", from + fence.size());
    ASSERT_NE(to, std::string::npos);
    const std::string example = readme.substr(from + fence.size(), to - from - fence.size());
    const Loaded<Hardware> read = roofline::io::parseHardware(example, "example-npu.json");
    ASSERT_TRUE(read.ok()) << roofline::describe(read.issues);
    EXPECT_TRUE(read.issues.empty()) << roofline::describe(read.issues);
    EXPECT_EQ(roofline::io::hardwareToJson(*read.value), example);
}

}  // namespace
