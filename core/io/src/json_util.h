// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading JSON values with issues instead of exceptions: each getter checks type and range
// and records where (file + JSON Pointer), what was expected and what was found.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "roofline/io/presets.h"
#include "roofline/validate.h"

namespace roofline::io::detail {

using Json = nlohmann::json;

/// The JSON text of a value for "found", shortened to a readable length.
std::string foundText(const Json& value);

/// nlohmann's message without its bracketed id: "[json.exception.parse_error.101] parse error
/// at line 3, column 5: syntax error ..." -> "parse error at line 3, column 5: syntax error ...".
std::string jsonErrorText(const Json::exception& e);

/// Parses text; on failure adds an issue ("valid JSON" / "an empty file" / the parser's
/// position and reason, and the key path near it) and returns nullopt. Also requires a
/// top-level object. With pythonLiterals, the NaN, Infinity and -Infinity that Python's json
/// writes into config.json are accepted outside strings: each becomes a string value that
/// foundText() shows as the literal (so a key the reader needs as a number reports "got NaN").
std::optional<Json> parseObject(std::string_view text, const std::string& file,
                                std::vector<Issue>& issues, bool pythonLiterals = false);

/// The JSON Pointer of the value being read at byte `pos` of `text` (for syntax errors).
std::string pointerNear(std::string_view text, std::size_t pos);

/// Reads a whole file of at most maxBytes into `text`; adds an issue and returns false
/// when it cannot.
bool readFile(const std::string& path, std::size_t maxBytes, std::string& text,
              std::vector<Issue>& issues);

/// Reads `path` (size-limited) and hands its text to `parse(text)`; a file that cannot be
/// read gives its issue and no value.
template <class T, class Parse>
Loaded<T> loadWith(const std::string& path, Parse parse) {
    Loaded<T> result;
    std::string text;
    if (!readFile(path, kMaxPresetFileBytes, text, result.issues)) {
        return result;
    }
    return parse(text);
}

/// Appends validate()'s findings on `value`, and sets it as the result if nothing is an error.
template <class T>
void finish(Loaded<T>& result, T&& value, std::vector<Issue> more) {
    result.issues.insert(result.issues.end(), more.begin(), more.end());
    if (!hasErrors(result.issues)) {
        result.value = std::forward<T>(value);
    }
}

/// Maps the core's field ids (see Issue in roofline/validate.h) to the keys one file used,
/// and the file's units. Each reader fills one while it reads, recording the key it
/// actually took a value from (num_local_experts, not num_experts, for a Mixtral config).
class FieldKeys {
public:
    /// The value of `field` sits at `pointer` in the file, in a unit of SI × perSi
    /// (memory_bandwidth_tb_s: 1e-12). A later add() for the same field replaces it.
    void add(std::string field, std::string pointer, double perSi = 1.0);

    /// The pointer of `field`, or nullptr when the file has no key of its own for it (a
    /// value derived from other keys keeps its field id in messages).
    const std::string* pointerOf(const std::string& field) const;

    /// For each issue with a mapped field and no pointer: sets the pointer; rewrites `found`
    /// in the file's units (the file's own JSON text at that pointer when `root` holds it,
    /// else the SI value × perSi when perSi ≠ 1); and writes each mapped `{field}`
    /// reference in `expected` as that field's key.
    void apply(std::vector<Issue>& issues, const Json* root = nullptr) const;

private:
    struct Entry {
        std::string field;
        std::string pointer;
        double perSi = 1.0;
    };
    const Entry* find(const std::string& field) const;
    std::vector<Entry> m_entries;
};

/// Typed access to one JSON object, recording issues against `file`.
class ObjectReader {
public:
    ObjectReader(const Json& object, std::string file, std::string pointer,
                 std::vector<Issue>& issues);

    bool has(const std::string& key) const;          ///< Present and not null.
    const Json* find(const std::string& key) const;  ///< Present and not null, else nullptr.

    /// A finite number > 0 (or ≥ 0 when allowZero). nullopt when missing (an error if
    /// required) or invalid (always an error).
    std::optional<double> number(const std::string& key, bool required, bool allowZero = false);
    /// An integer in [lo, hi]; integral floats (4096.0) are accepted.
    std::optional<std::int64_t> integer(const std::string& key, bool required, std::int64_t lo,
                                        std::int64_t hi);
    std::optional<std::string> string(const std::string& key, bool required);
    std::optional<bool> boolean(const std::string& key, bool required);
    /// The required "schema_version": an integer ≥ 1, an error when missing or broken, and an
    /// error naming `newest` when the file is newer than this program reads. Returns the
    /// version as written (also when it is newer), nullopt when missing or broken.
    std::optional<std::int64_t> schemaVersion(int newest);

    /// Warns about keys not in `known`.
    void warnUnknown(std::initializer_list<std::string_view> known) {
        warnUnknown(std::span<const std::string_view>(known.begin(), known.size()));
    }
    void warnUnknown(std::span<const std::string_view> known);

    /// Names keys the caller knows to be harmless (present, never read, and changing nothing
    /// the program computes): warnUnread() passes over them.
    void allow(std::span<const std::string_view> keys);
    void allow(std::initializer_list<std::string_view> keys) {
        allow(std::span<const std::string_view>(keys.begin(), keys.size()));
    }
    /// Warns once about each key of the object that no getter (has, find, number, ...) looked
    /// up and allow() did not name: `expected` says what a key should have been, and the
    /// found text says it was not read. Nested objects are one key each, never walked.
    void warnUnread(const std::string& expected, const std::string& found);

    std::string pointerTo(const std::string& key) const;
    void error(const std::string& key, std::string expected, std::string found);
    void warning(const std::string& key, std::string expected, std::string found);
    const std::string& file() const { return m_file; }

private:
    bool seen(std::string_view key) const;

    const Json& m_object;
    std::string m_file;
    std::string m_pointer;
    std::vector<Issue>& m_issues;
    // Every key a getter looked up, present or not, and the keys allow() named: the keys that
    // warnUnread() passes over. Lookups are recorded by find(), which every getter calls.
    mutable std::vector<std::string> m_seen;
};

/// Where validate(Scenario)'s "workload." and "draft" field ids sit in a scenario file
/// (/batch, /speculative/k, ...): resolve() and the levers name those keys.
FieldKeys scenarioKeys();

/// A shipped file's id: not empty, only a–z, 0–9 and '-' (lessons, courses).
bool isId(const std::string& s);

/// A string at `key` that is there and not empty; nullopt after an error (an empty one is
/// refused) and when an optional key is absent.
std::optional<std::string> nonEmptyString(ObjectReader& r, const std::string& key, bool required);

}  // namespace roofline::io::detail
