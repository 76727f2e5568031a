// SPDX-License-Identifier: GPL-3.0-or-later
// The broken-file corpus in tests/data/invalid/, driven by its MANIFEST.tsv (KeePassXC's
// Broken*.xml × testXmlBroken_data): every file fails to load, with its first error at the
// listed JSON Pointer and a message that names the file and contains the listed fragment.
// Plus the cases that need a file made at run time (size limit, missing file, directory).

#include <cctype>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "temp_dir.h"

#ifndef _WIN32
#include <sys/stat.h>
#endif

#include "roofline/io/calibration.h"
#include "roofline/io/course.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_file.h"
#include "roofline/validate.h"

namespace {

namespace fs = std::filesystem;
using roofline::Issue;
using roofline::Severity;

const fs::path kInvalidDir = fs::path(ROOFLINE_TEST_DATA_DIR) / "invalid";

struct BrokenFile {
    std::string file;
    std::string kind;  // hardware | model | scenario | calibration | course
    std::string pointer;
    std::string fragment;
};

void PrintTo(const BrokenFile& b, std::ostream* os) {
    *os << b.file << " (" << b.kind << ", '" << b.pointer << "', '" << b.fragment << "')";
}

std::vector<std::string> splitTabs(const std::string& line) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t')) {
        fields.push_back(field);
    }
    if (!line.empty() && line.back() == '\t') {
        fields.emplace_back();
    }
    return fields;
}

std::vector<BrokenFile> readManifest() {
    std::vector<BrokenFile> rows;
    std::ifstream in(kInvalidDir / "MANIFEST.tsv");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        const std::vector<std::string> f = splitTabs(line);
        if (f.size() != 4) {
            ADD_FAILURE() << "MANIFEST.tsv: not 4 tab-separated fields: " << line;
            continue;
        }
        rows.push_back({f[0], f[1], f[2], f[3]});
    }
    return rows;
}

// Loads `path` with the loader for `kind`; returns the issues and whether a value came back.
std::vector<Issue> load(const std::string& kind, const std::string& path, bool& ok) {
    if (kind == "hardware") {
        const auto r = roofline::io::loadHardwareFile(path);
        ok = r.ok();
        return r.issues;
    }
    if (kind == "model") {
        const auto r = roofline::io::loadModelFile(path);
        ok = r.ok();
        return r.issues;
    }
    if (kind == "scenario") {
        const auto r = roofline::io::loadScenarioFile(path);
        ok = r.ok();
        return r.issues;
    }
    if (kind == "calibration") {
        const auto r = roofline::io::loadCalibrationFile(path);
        ok = r.ok();
        return r.issues;
    }
    if (kind == "course") {
        const auto r = roofline::io::loadCourseFile(path);
        ok = r.ok();
        return r.issues;
    }
    ADD_FAILURE() << "unknown kind '" << kind << "'";
    ok = true;
    return {};
}

const Issue* firstError(const std::vector<Issue>& issues) {
    for (const Issue& i : issues) {
        if (i.severity == Severity::Error) {
            return &i;
        }
    }
    return nullptr;
}

void expectBroken(const std::string& kind, const std::string& path, const std::string& pointer,
                  const std::string& fragment) {
    bool ok = true;
    const std::vector<Issue> issues = load(kind, path, ok);
    EXPECT_FALSE(ok) << path << " loaded";
    const Issue* e = firstError(issues);
    ASSERT_NE(e, nullptr) << "no error for " << path;
    const std::string message = e->message();
    EXPECT_EQ(e->file, path);
    EXPECT_EQ(e->pointer, pointer) << message;
    EXPECT_EQ(message.rfind(path + ": ", 0), 0u)
        << "message does not start with the file: " << message;
    EXPECT_NE(message.find(fragment), std::string::npos)
        << "fragment '" << fragment << "' not in: " << message;
    // Where, what was expected, what was found: all three present.
    EXPECT_FALSE(e->expected.empty()) << message;
    EXPECT_FALSE(e->found.empty()) << message;
}

// ---------------------------------------------------------------------------------------

class InvalidFiles : public testing::TestWithParam<BrokenFile> {};

TEST_P(InvalidFiles, FailsWithPointerAndMessage) {
    const BrokenFile& b = GetParam();
    const std::string path = (kInvalidDir / b.file).string();
    ASSERT_TRUE(fs::exists(path)) << path;
    expectBroken(b.kind, path, b.pointer, b.fragment);
}

std::string testName(const testing::TestParamInfo<BrokenFile>& info) {
    std::string name;
    for (char ch : fs::path(info.param.file).stem().string()) {
        name += std::isalnum(static_cast<unsigned char>(ch)) != 0 ? ch : '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, InvalidFiles, testing::ValuesIn(readManifest()), testName);

TEST(InvalidFilesManifest, CoversEveryFileAndNothingElse) {
    const std::vector<BrokenFile> rows = readManifest();
    EXPECT_GE(rows.size(), 30u);
    std::set<std::string> listed;
    for (const BrokenFile& b : rows) {
        EXPECT_TRUE(listed.insert(b.file).second) << "listed twice: " << b.file;
        EXPECT_TRUE(b.kind == "hardware" || b.kind == "model" || b.kind == "scenario" ||
                    b.kind == "calibration" || b.kind == "course")
            << b.file;
        EXPECT_FALSE(b.fragment.empty()) << b.file;
        EXPECT_TRUE(b.pointer.empty() || b.pointer[0] == '/') << b.file;
        EXPECT_TRUE(fs::is_regular_file(kInvalidDir / b.file)) << "listed, but missing: " << b.file;
    }
    for (const auto& entry : fs::directory_iterator(kInvalidDir)) {
        const std::string name = entry.path().filename().string();
        if (name == "MANIFEST.tsv" || name == "generate_binary.py") {
            continue;
        }
        EXPECT_TRUE(listed.count(name) == 1) << "not in MANIFEST.tsv: " << name;
    }
}

TEST(InvalidFilesManifest, ParserInternalsDoNotLeakIntoMessages) {
    // json_util.cpp strips nlohmann's "[json.exception.parse_error.101] " prefix so the user
    // reads "parse error at line 3, column 5: ..."; the same must hold for every exception
    // the parser throws (1e400 raises out_of_range.406, not parse_error).
    for (const BrokenFile& b : readManifest()) {
        SCOPED_TRACE(b.file);
        bool ok = true;
        const std::vector<Issue> issues = load(b.kind, (kInvalidDir / b.file).string(), ok);
        for (const Issue& i : issues) {
            EXPECT_EQ(i.message().find("[json.exception."), std::string::npos) << i.message();
        }
    }
}

TEST(InvalidFilesManifest, EachKindHasCases) {
    std::multiset<std::string> kinds;
    for (const BrokenFile& b : readManifest()) {
        kinds.insert(b.kind);
    }
    EXPECT_GE(kinds.count("hardware"), 10u);
    EXPECT_GE(kinds.count("model"), 10u);
    EXPECT_GE(kinds.count("scenario"), 10u);
    EXPECT_GE(kinds.count("calibration"), 10u);
    EXPECT_GE(kinds.count("course"), 8u);
}

// ---------------------------------------------------------------------------------------
// Files made at run time.

using roofline::test::TempDir;

const std::string kValidHardware =
    R"({"schema_version": 1, "name": "Padded", "memory_capacity_gb": 80,
        "memory_bandwidth_tb_s": 3.35, "peak_dense_tflops": {"bf16": 989.4}})";

// kValidHardware padded with spaces to exactly `size` bytes.
std::string paddedTo(std::size_t size) {
    std::string text = kValidHardware;
    text.append(size - text.size(), ' ');
    return text;
}

TEST(InvalidFilesRuntime, FileOverFourMiBIsRefusedBeforeParsing) {
    TempDir dir;
    const std::size_t limit = roofline::io::kMaxPresetFileBytes;
    ASSERT_EQ(limit, 4u * 1024u * 1024u);
    const std::string path = dir.write("huge.json", paddedTo(limit + 1));
    ASSERT_GT(fs::file_size(path), 4u * 1024u * 1024u);
    for (const char* kind : {"hardware", "model", "scenario", "course"}) {
        SCOPED_TRACE(kind);
        expectBroken(kind, path, "", "a file of at most 4194304 bytes, got a larger file");
    }
}

TEST(InvalidFilesRuntime, FileOfExactlyTheLimitStillLoads) {
    TempDir dir;
    const std::string path = dir.write("padded.json", paddedTo(roofline::io::kMaxPresetFileBytes));
    const auto r = roofline::io::loadHardwareFile(path);
    EXPECT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_EQ(r.value ? r.value->id : "", "padded") << "id defaults to the file stem";
}

TEST(InvalidFilesRuntime, MissingFileSaysSo) {
    TempDir dir;
    const std::string path = (dir.path() / "does-not-exist.json").string();
    for (const char* kind : {"hardware", "model", "scenario", "course"}) {
        SCOPED_TRACE(kind);
        expectBroken(kind, path, "", "a readable file, got No such file or directory");
    }
}

TEST(InvalidFilesRuntime, DirectoryIsNotAReadableFile) {
    // Passing a folder (e.g. a model repo instead of its config.json) must say that the path
    // is not a readable file, not that the file is empty.
    TempDir dir;
    const std::string path = dir.path().string();
    for (const char* kind : {"hardware", "model", "scenario", "course"}) {
        SCOPED_TRACE(kind);
        expectBroken(kind, path, "", "a readable file");
    }
}

#ifndef _WIN32
TEST(InvalidFilesRuntime, FifoIsRefusedWithoutBlocking) {
    // Opening a FIFO blocks until a writer comes: the reader must look before it opens.
    TempDir dir;
    const std::string path = (dir.path() / "config.json").string();
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    for (const char* kind : {"hardware", "model", "scenario", "course"}) {
        SCOPED_TRACE(kind);
        expectBroken(kind, path, "", "a readable file, got a FIFO (not a regular file)");
    }
}

TEST(InvalidFilesRuntime, DeviceIsRefused) {
    // /dev/zero never ends; /dev/null is empty but no file either.
    for (const char* path : {"/dev/zero", "/dev/null"}) {
        if (!fs::exists(path)) {
            continue;
        }
        for (const char* kind : {"hardware", "model", "scenario", "course"}) {
            SCOPED_TRACE(std::string(kind) + " " + path);
            expectBroken(kind, path, "", "got a character device (not a regular file)");
        }
    }
}
#endif

TEST(InvalidFilesRuntime, DirectorySaysWhatItIs) {
    TempDir dir;
    expectBroken("model", dir.path().string(), "", "got a directory (not a regular file)");
}

TEST(InvalidFilesRuntime, HardwareIssuesFromValidateUseThePresetsKeysAndUnits) {
    // 1e300 TB/s parses, but is infinite in byte/s: validate() finds it in SI under the field
    // memoryBandwidthBytesPerSecond; the message names the preset's key and its TB/s text.
    const std::string base = R"({"schema_version": 1, "name": "Chip", "memory_capacity_gb": 80,
        "memory_bandwidth_tb_s": 3.35, "peak_dense_tflops": {"bf16": 989.4},
        "interconnect": {"name": "Link", "bandwidth_gb_s_per_direction": 450}})";
    struct Case {
        std::string from, to, pointer, fragment;
    };
    for (const Case& c : std::vector<Case>{
             {"\"memory_bandwidth_tb_s\": 3.35", "\"memory_bandwidth_tb_s\": 1e300",
              "/memory_bandwidth_tb_s", "a positive finite number, got 1e+300"},
             {"\"memory_capacity_gb\": 80", "\"memory_capacity_gb\": 1e300", "/memory_capacity_gb",
              "a positive finite number, got 1e+300"},
             {"\"bf16\": 989.4", "\"bf16\": 1e300", "/peak_dense_tflops/bf16",
              "a finite number ≥ 0, got 1e+300"},
             {"\"bandwidth_gb_s_per_direction\": 450", "\"bandwidth_gb_s_per_direction\": 1e300",
              "/interconnect/bandwidth_gb_s_per_direction", "got 1e+300"}}) {
        SCOPED_TRACE(c.pointer);
        std::string text = base;
        text.replace(text.find(c.from), c.from.size(), c.to);
        const auto r = roofline::io::parseHardware(text, "chip.json");
        ASSERT_FALSE(r.ok());
        ASSERT_FALSE(r.issues.empty());
        const Issue& e = r.issues.front();
        EXPECT_EQ(e.pointer, c.pointer);
        EXPECT_EQ(e.message(),
                  "chip.json: " + c.pointer + " must be " + e.expected + ", got " + e.found);
        EXPECT_NE(e.message().find(c.fragment), std::string::npos) << e.message();
        EXPECT_EQ(e.message().find("infinity"), std::string::npos) << e.message();
        EXPECT_EQ(e.message().find("Bytes"), std::string::npos) << e.message();
    }
    // A bandwidth the preset states in TB/s is shown in TB/s: -3.35, never -3.35e+12.
    const auto negative = roofline::io::parseHardware(
        std::string(base).replace(base.find("3.35"), 4, "-3.35"), "chip.json");
    ASSERT_FALSE(negative.issues.empty());
    EXPECT_EQ(negative.issues.front().message(),
              "chip.json: /memory_bandwidth_tb_s must be a positive number, got -3.35");
}

TEST(InvalidFilesRuntime, AFailedLoadLeavesTheFileUntouched) {
    // "Nothing is lost": loading never rewrites or deletes a file that failed.
    TempDir dir;
    const std::string bytes = "{\"schema_version\": 1, \"name\": \"Broken\",";
    const std::string path = dir.write("broken.json", bytes);
    bool ok = true;
    (void)load("hardware", path, ok);
    EXPECT_FALSE(ok);
    std::string after(bytes.size() + 16, '\0');
    std::ifstream in(path, std::ios::binary);
    in.read(after.data(), static_cast<std::streamsize>(after.size()));
    after.resize(static_cast<std::size_t>(in.gcount()));
    EXPECT_EQ(after, bytes);
}

}  // namespace
