// SPDX-License-Identifier: GPL-3.0-or-later
// Unread keys in a config.json: a family reader either reads a key of the decoder object or
// names it harmless, and any other key gets one warning naming it, so that a new architecture
// option is never silently ignored (DOMAIN.md §6, "Wrappers and checkpoints must never be read
// loosely"). Every real config in the repository must pass without such a warning.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "roofline/io/presets.h"
#include "roofline/model.h"
#include "roofline/validate.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using roofline::Issue;
using roofline::Model;
using roofline::Severity;
using roofline::io::Loaded;
using roofline::io::parseModelConfig;

// The warnings about keys the reader did not read.
std::vector<Issue> unreadKeyWarnings(const std::vector<Issue>& issues) {
    std::vector<Issue> out;
    for (const Issue& i : issues) {
        if (i.severity == Severity::Warning && i.found.find("does not read") != std::string::npos) {
            out.push_back(i);
        }
    }
    return out;
}

std::string readText(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Every real config.json fixture: the shipped model presets, the configs under tests/data
// (models/, valid/, checkpoints/, the fuzz seeds copied from real files) and the reference
// configs. The fuzz seeds named *-small are written by hand, not real.
std::vector<fs::path> realConfigs() {
    std::vector<fs::path> files;
    const auto addJson = [&](const fs::path& dir, bool recursive) {
        if (!fs::exists(dir)) {
            return;
        }
        const auto add = [&](const fs::directory_entry& e) {
            if (e.is_regular_file() && e.path().extension() == ".json" &&
                e.path().filename() != "index.json" &&
                e.path().filename() != "hf_quant_config.json" &&
                !e.path().stem().string().ends_with("-small")) {
                files.push_back(e.path());
            }
        };
        if (recursive) {
            for (const auto& e : fs::recursive_directory_iterator(dir)) {
                add(e);
            }
        } else {
            for (const auto& e : fs::directory_iterator(dir)) {
                add(e);
            }
        }
    };
    const fs::path data(ROOFLINE_TEST_DATA_DIR);
    addJson(fs::path(ROOFLINE_PRESET_DIR) / "models", false);
    addJson(data / "models", true);
    addJson(data / "checkpoints", true);
    addJson(data / "fuzz-seeds" / "model", false);
    addJson(fs::path(ROOFLINE_REFERENCE_DIR) / "configs", false);
    files.push_back(data / "valid" / "config.json");
    std::sort(files.begin(), files.end());
    return files;
}

TEST(ConfigKeys, EveryRealConfigHasNoUnreadKey) {
    const std::vector<fs::path> files = realConfigs();
    ASSERT_GE(files.size(), 40u);
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.string());
        const Loaded<Model> m = roofline::io::loadModelFile(file.string());
        ASSERT_TRUE(m.ok()) << roofline::describe(m.issues);
        EXPECT_TRUE(unreadKeyWarnings(m.issues).empty())
            << roofline::describe(unreadKeyWarnings(m.issues));
    }
}

// Meta-Llama-3.1-8B's config, as shipped, with one invented key added.
json llama() {
    return json::parse(readText(fs::path(ROOFLINE_PRESET_DIR) / "models" / "llama-3.1-8b.json"));
}

TEST(ConfigKeys, AnInventedArchitectureKeyGetsOneWarningNamingIt) {
    json config = llama();
    ASSERT_TRUE(
        unreadKeyWarnings(parseModelConfig(config.dump(), "llama.json", "llama").issues).empty());
    config["num_experts_per_group"] = 4;
    const Loaded<Model> m = parseModelConfig(config.dump(), "llama.json", "llama");
    ASSERT_TRUE(m.ok()) << roofline::describe(m.issues);  // a warning never blocks loading
    const std::vector<Issue> unread = unreadKeyWarnings(m.issues);
    ASSERT_EQ(unread.size(), 1u) << roofline::describe(m.issues);
    EXPECT_EQ(unread[0].file, "llama.json");
    EXPECT_EQ(unread[0].pointer, "/num_experts_per_group");
    EXPECT_NE(unread[0].expected.find("llama reader"), std::string::npos) << unread[0].expected;
    EXPECT_NE(unread[0].found.find("figures may be wrong"), std::string::npos) << unread[0].found;
}

TEST(ConfigKeys, AWrappersTextConfigIsCheckedUnderItsPointer) {
    json config =
        json::parse(readText(fs::path(ROOFLINE_PRESET_DIR) / "models" / "llama-4-scout.json"));
    ASSERT_TRUE(config.contains("text_config"));
    config["text_config"]["num_experts_per_group"] = 4;
    const Loaded<Model> m = parseModelConfig(config.dump(), "scout.json", "scout");
    ASSERT_TRUE(m.ok()) << roofline::describe(m.issues);
    const std::vector<Issue> unread = unreadKeyWarnings(m.issues);
    ASSERT_EQ(unread.size(), 1u) << roofline::describe(m.issues);
    EXPECT_EQ(unread[0].pointer, "/text_config/num_experts_per_group");
    EXPECT_NE(unread[0].expected.find("llama4 reader"), std::string::npos) << unread[0].expected;
}

TEST(ConfigKeys, NestedObjectsAreNotWalkedKeyByKey) {
    json config = llama();
    config["rope_scaling"]["num_experts_per_group"] = 4;
    config["quantization_config"] = {
        {"quant_method", "fp8"}, {"weight_block_size", {128, 128}}, {"num_experts_per_group", 4}};
    const Loaded<Model> m = parseModelConfig(config.dump(), "llama.json", "llama");
    ASSERT_TRUE(m.ok()) << roofline::describe(m.issues);
    EXPECT_TRUE(unreadKeyWarnings(m.issues).empty()) << roofline::describe(m.issues);
}

TEST(ConfigKeys, EachUnreadKeyIsNamedOnce) {
    json config = llama();
    config["num_experts_per_group"] = 4;
    config["expert_group_size"] = 2;
    const Loaded<Model> m = parseModelConfig(config.dump(), "llama.json", "llama");
    const std::vector<Issue> unread = unreadKeyWarnings(m.issues);
    ASSERT_EQ(unread.size(), 2u) << roofline::describe(m.issues);
    EXPECT_NE(unread[0].pointer, unread[1].pointer);
}

const Issue* warningAt(const std::vector<Issue>& issues, const std::string& pointer) {
    for (const Issue& i : issues) {
        if (i.severity == Severity::Warning && i.pointer == pointer) {
            return &i;
        }
    }
    return nullptr;
}

json preset(const std::string& id) {
    return json::parse(readText(fs::path(ROOFLINE_PRESET_DIR) / "models" / (id + ".json")));
}

// Keys the readers now read instead of passing over: a value the engine does not model is a
// warning under its own key.
TEST(ConfigKeys, NemotronHChunkOtherThanTheModelledOneIsAWarning) {
    json config = preset("nemotron-3-nano-30b-a3b");
    ASSERT_EQ(config["chunk_size"], 128);
    config["chunk_size"] = 256;
    const Loaded<Model> m = parseModelConfig(config.dump(), "nano.json", "nano");
    ASSERT_TRUE(m.ok()) << roofline::describe(m.issues);
    const Issue* w = warningAt(m.issues, "/chunk_size");
    ASSERT_NE(w, nullptr) << roofline::describe(m.issues);
    EXPECT_EQ(w->found, "256");
}

TEST(ConfigKeys, GptOssExpertsPerTokenDisagreeingWithNumExpertsPerTokIsAWarning) {
    json config = preset("gpt-oss-20b");
    ASSERT_EQ(config["experts_per_token"], config["num_experts_per_tok"]);
    ASSERT_TRUE(warningAt(parseModelConfig(config.dump(), "g.json", "g").issues,
                          "/experts_per_token") == nullptr);
    config["experts_per_token"] = 2;
    const Loaded<Model> m = parseModelConfig(config.dump(), "g.json", "g");
    ASSERT_TRUE(m.ok()) << roofline::describe(m.issues);
    EXPECT_NE(warningAt(m.issues, "/experts_per_token"), nullptr) << roofline::describe(m.issues);
    EXPECT_EQ(m.value->moe.expertsPerToken, config["num_experts_per_tok"].get<std::int64_t>());
}

TEST(ConfigKeys, AnEncoderDecoderFlagIsHarmlessOnlyWhenFalse) {
    json config = llama();
    config["is_encoder_decoder"] = false;
    config["add_cross_attention"] = false;
    EXPECT_TRUE(parseModelConfig(config.dump(), "llama.json", "llama").issues.empty());
    config["add_cross_attention"] = true;
    const Loaded<Model> m = parseModelConfig(config.dump(), "llama.json", "llama");
    EXPECT_NE(warningAt(m.issues, "/add_cross_attention"), nullptr) << roofline::describe(m.issues);
    EXPECT_TRUE(unreadKeyWarnings(m.issues).empty());
}

}  // namespace
