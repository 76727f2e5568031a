// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_util.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace roofline::io::detail {

namespace {

// RFC 6901 escaping of one reference token.
std::string escapeToken(const std::string& key) {
    std::string out;
    for (char ch : key) {
        if (ch == '~') {
            out += "~0";
        } else if (ch == '/') {
            out += "~1";
        } else {
            out += ch;
        }
    }
    return out;
}

std::string fileKind(std::filesystem::file_type type) {
    using std::filesystem::file_type;
    switch (type) {
        case file_type::directory:
            return "a directory";
        case file_type::fifo:
            return "a FIFO";
        case file_type::character:
            return "a character device";
        case file_type::block:
            return "a block device";
        case file_type::socket:
            return "a socket";
        default:
            return "a special file";
    }
}

}  // namespace

// Python's non-JSON literals, as parseObject(pythonLiterals) stores them.
constexpr std::string_view kLiteralMark = "\x01";

std::string foundText(const Json& value) {
    if (value.is_string()) {
        const auto& s = value.get_ref<const std::string&>();
        if (s.starts_with(kLiteralMark)) {
            return s.substr(kLiteralMark.size());  // NaN, Infinity, -Infinity
        }
    }
    std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
    constexpr std::size_t kMax = 60;
    if (text.size() > kMax) {
        text = text.substr(0, kMax) + "…";
    }
    return text;
}

std::string jsonErrorText(const Json::exception& e) {
    std::string what = e.what();
    const auto close = what.find("] ");
    if (what.starts_with("[json.exception.") && close != std::string::npos) {
        what = what.substr(close + 2);
    }
    return what;
}

namespace {

// NaN, Infinity and -Infinity outside strings -> "\u0001NaN" etc.
std::string replacePythonLiterals(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool inString = false;
    const auto isWord = [](char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
               ch == '_';
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (inString) {
            out += ch;
            if (ch == '\\' && i + 1 < text.size()) {
                out += text[++i];
            } else if (ch == '"') {
                inString = false;
            }
            continue;
        }
        if (ch == '"') {
            inString = true;
            out += ch;
            continue;
        }
        bool replaced = false;
        for (std::string_view lit : {"-Infinity", "Infinity", "NaN"}) {
            if (text.substr(i, lit.size()) == lit && (i == 0 || !isWord(text[i - 1])) &&
                (i + lit.size() == text.size() || !isWord(text[i + lit.size()]))) {
                out += "\"\\u0001";
                out += lit;
                out += '"';
                i += lit.size() - 1;
                replaced = true;
                break;
            }
        }
        if (!replaced) {
            out += ch;
        }
    }
    return out;
}

}  // namespace

std::string pointerNear(std::string_view text, std::size_t pos) {
    struct Frame {
        bool object = false;
        std::string key;
        std::size_t index = 0;
        bool expectKey = false;
    };
    std::vector<Frame> stack;
    std::string current;
    bool inString = false;
    const std::size_t end = std::min(pos, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        const char ch = text[i];
        if (inString) {
            if (ch == '\\' && i + 1 < end) {
                current += text[++i];
            } else if (ch == '"') {
                inString = false;
                if (!stack.empty() && stack.back().object && stack.back().expectKey) {
                    stack.back().key = current;
                    stack.back().expectKey = false;
                }
            } else {
                current += ch;
            }
            continue;
        }
        switch (ch) {
            case '"':
                inString = true;
                current.clear();
                break;
            case '{':
                stack.push_back({true, "", 0, true});
                break;
            case '[':
                stack.push_back({false, "", 0, false});
                break;
            case '}':
            case ']':
                if (!stack.empty()) {
                    stack.pop_back();
                }
                break;
            case ',':
                if (!stack.empty()) {
                    if (stack.back().object) {
                        stack.back().expectKey = true;
                    } else {
                        ++stack.back().index;
                    }
                }
                break;
            default:
                break;
        }
    }
    std::string out;
    for (const Frame& f : stack) {
        if (f.object) {
            if (f.key.empty()) {
                break;
            }
            // append(), not "/" + …: GCC 12 at -O3 warns falsely there (bug 105651).
            out.append("/").append(escapeToken(f.key));
        } else {
            out.append("/").append(std::to_string(f.index));
        }
    }
    return out;
}

std::optional<Json> parseObject(std::string_view original, const std::string& file,
                                std::vector<Issue>& issues, bool pythonLiterals) {
    const std::string replaced = pythonLiterals ? replacePythonLiterals(original) : std::string();
    const std::string_view text = pythonLiterals ? std::string_view(replaced) : original;
    const auto isSpace = [](char ch) {
        return ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t';
    };
    bool blank = true;
    for (char ch : text) {
        blank = blank && isSpace(ch);
    }
    if (blank) {
        issues.push_back({Severity::Error, file, "", "a JSON object", "an empty file"});
        return std::nullopt;
    }
    Json json;
    try {
        json = Json::parse(text.begin(), text.end());
    } catch (const Json::exception& e) {
        std::string what = jsonErrorText(e);
        if (const auto* pe = dynamic_cast<const Json::parse_error*>(&e); pe != nullptr) {
            const std::size_t at = pe->byte > 0 ? pe->byte - 1 : 0;
            const std::string near = pointerNear(text, at);
            what += near.empty() ? " (at the top level)" : " (near " + near + ")";
        }
        issues.push_back({Severity::Error, file, "", "valid JSON", what});
        return std::nullopt;
    }
    if (!json.is_object()) {
        const std::string type = json.type_name();
        const bool vowel = type == "array" || type == "object";
        issues.push_back(
            {Severity::Error, file, "", "a JSON object", (vowel ? "an " : "a ") + type});
        return std::nullopt;
    }
    return json;
}

bool readFile(const std::string& path, std::size_t maxBytes, std::string& text,
              std::vector<Issue>& issues) {
    // Look before opening: opening a FIFO blocks until a writer comes, and a device
    // (/dev/zero) never ends. Links are followed; only a regular file is read.
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (fs::exists(status) && !fs::is_regular_file(status)) {
        issues.push_back({Severity::Error, path, "", "a readable file",
                          fileKind(status.type()) + " (not a regular file)"});
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        issues.push_back(
            {Severity::Error, path, "", "a readable file", std::string(std::strerror(errno))});
        return false;
    }
    text.assign(maxBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    if (in.bad()) {
        issues.push_back({Severity::Error, path, "", "a readable file", "a read error"});
        return false;
    }
    if (got > maxBytes) {
        issues.push_back({Severity::Error, path, "",
                          "a file of at most " + std::to_string(maxBytes) + " bytes",
                          "a larger file"});
        return false;
    }
    text.resize(got);
    return true;
}

void FieldKeys::add(std::string field, std::string pointer, double perSi) {
    for (Entry& e : m_entries) {
        if (e.field == field) {
            e.pointer = std::move(pointer);
            e.perSi = perSi;
            return;
        }
    }
    m_entries.push_back({std::move(field), std::move(pointer), perSi});
}

const FieldKeys::Entry* FieldKeys::find(const std::string& field) const {
    for (const Entry& e : m_entries) {
        if (e.field == field) {
            return &e;
        }
    }
    return nullptr;
}

const std::string* FieldKeys::pointerOf(const std::string& field) const {
    const Entry* e = find(field);
    return e != nullptr ? &e->pointer : nullptr;
}

void FieldKeys::apply(std::vector<Issue>& issues, const Json* root) const {
    for (Issue& issue : issues) {
        if (issue.field.empty()) {
            continue;  // the reader's own issue: already in the file's keys
        }
        if (const Entry* e = find(issue.field); e != nullptr && issue.pointer.empty()) {
            issue.pointer = e->pointer;
            const Json* there = nullptr;
            if (root != nullptr) {
                try {
                    const Json::json_pointer ptr(e->pointer);
                    if (root->contains(ptr)) {
                        there = &root->at(ptr);
                    }
                } catch (const Json::exception&) {
                    there = nullptr;
                }
            }
            if (there != nullptr) {
                issue.found = foundText(*there);
            } else if (issue.value && e->perSi != 1.0) {
                issue.found = issueNumberText(*issue.value * e->perSi);
            }
        }
        // {field} references: the referenced field's key, without the leading slash; a
        // nested key keeps its whole pointer (/peak_dense_tflops/bf16, not "bf16").
        std::string& text = issue.expected;
        for (std::size_t open = text.find('{'); open != std::string::npos;
             open = text.find('{', open + 1)) {
            const std::size_t close = text.find('}', open);
            if (close == std::string::npos) {
                break;
            }
            const std::string* key = pointerOf(text.substr(open + 1, close - open - 1));
            if (key != nullptr) {
                const std::string name = key->rfind('/') == 0 ? key->substr(1) : *key;
                text.replace(open, close - open + 1, name);
            }
        }
    }
}

ObjectReader::ObjectReader(const Json& object, std::string file, std::string pointer,
                           std::vector<Issue>& issues)
    : m_object(object), m_file(std::move(file)), m_pointer(std::move(pointer)), m_issues(issues) {}

std::string ObjectReader::pointerTo(const std::string& key) const {
    return m_pointer + "/" + escapeToken(key);
}

void ObjectReader::error(const std::string& key, std::string expected, std::string found) {
    m_issues.push_back(
        {Severity::Error, m_file, pointerTo(key), std::move(expected), std::move(found)});
}

void ObjectReader::warning(const std::string& key, std::string expected, std::string found) {
    m_issues.push_back(
        {Severity::Warning, m_file, pointerTo(key), std::move(expected), std::move(found)});
}

const Json* ObjectReader::find(const std::string& key) const {
    if (!seen(key)) {
        m_seen.push_back(key);
    }
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null()) {
        return nullptr;
    }
    return &*it;
}

bool ObjectReader::has(const std::string& key) const { return find(key) != nullptr; }

std::optional<double> ObjectReader::number(const std::string& key, bool required, bool allowZero) {
    const char* expected = allowZero ? "a finite number ≥ 0" : "a positive number";
    const Json* v = find(key);
    if (v == nullptr) {
        if (required) {
            error(key, expected, "missing");
        }
        return std::nullopt;
    }
    if (!v->is_number()) {
        error(key, expected, foundText(*v));
        return std::nullopt;
    }
    const double x = v->get<double>();
    if (!std::isfinite(x) || x < 0.0 || (!allowZero && x == 0.0)) {
        error(key, expected, foundText(*v));
        return std::nullopt;
    }
    return x;
}

std::optional<std::int64_t> ObjectReader::schemaVersion(int newest) {
    const auto version = integer("schema_version", true, 1, 1'000'000);
    if (version && *version > newest) {
        error("schema_version",
              "at most " + std::to_string(newest) +
                  " (the file was written by a newer version of Roofline Explorer)",
              std::to_string(*version));
    }
    return version;
}

std::optional<std::int64_t> ObjectReader::integer(const std::string& key, bool required,
                                                  std::int64_t lo, std::int64_t hi) {
    const std::string expected =
        "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
    const Json* v = find(key);
    if (v == nullptr) {
        if (required) {
            error(key, expected, "missing");
        }
        return std::nullopt;
    }
    double x = 0.0;
    if (v->is_number_integer()) {
        if (v->is_number_unsigned() && v->get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) {
            error(key, expected, foundText(*v));
            return std::nullopt;
        }
        const auto i = v->is_number_unsigned() ? static_cast<std::int64_t>(v->get<std::uint64_t>())
                                               : v->get<std::int64_t>();
        if (i < lo || i > hi) {
            error(key, expected, foundText(*v));
            return std::nullopt;
        }
        return i;
    }
    if (v->is_number_float()) {
        x = v->get<double>();
        if (std::isfinite(x) && std::floor(x) == x && x >= static_cast<double>(lo) &&
            x <= static_cast<double>(hi)) {
            return static_cast<std::int64_t>(x);
        }
    }
    error(key, expected, foundText(*v));
    return std::nullopt;
}

std::optional<std::string> ObjectReader::string(const std::string& key, bool required) {
    const Json* v = find(key);
    if (v == nullptr) {
        if (required) {
            error(key, "a string", "missing");
        }
        return std::nullopt;
    }
    if (!v->is_string()) {
        error(key, "a string", foundText(*v));
        return std::nullopt;
    }
    return v->get<std::string>();
}

std::optional<bool> ObjectReader::boolean(const std::string& key, bool required) {
    const Json* v = find(key);
    if (v == nullptr) {
        if (required) {
            error(key, "true or false", "missing");
        }
        return std::nullopt;
    }
    if (!v->is_boolean()) {
        error(key, "true or false", foundText(*v));
        return std::nullopt;
    }
    return v->get<bool>();
}

void ObjectReader::warnUnknown(std::span<const std::string_view> known) {
    for (const auto& [key, value] : m_object.items()) {
        bool isKnown = false;
        for (std::string_view k : known) {
            isKnown = isKnown || k == key;
        }
        if (!isKnown) {
            std::string list;
            for (std::string_view k : known) {
                list += (list.empty() ? "" : ", ") + std::string(k);
            }
            warning(key, "a known key (" + list + ")", "an unknown key; it is ignored");
        }
    }
}

bool ObjectReader::seen(std::string_view key) const {
    return std::find(m_seen.begin(), m_seen.end(), key) != m_seen.end();
}

void ObjectReader::allow(std::span<const std::string_view> keys) {
    for (std::string_view key : keys) {
        if (!seen(key)) {
            m_seen.emplace_back(key);
        }
    }
}

void ObjectReader::warnUnread(const std::string& expected, const std::string& found) {
    for (const auto& [key, value] : m_object.items()) {
        if (!seen(key)) {
            warning(key, expected, found);
        }
    }
}

bool isId(const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

std::optional<std::string> nonEmptyString(ObjectReader& r, const std::string& key, bool required) {
    std::optional<std::string> value = r.string(key, required);
    if (value && value->empty()) {
        r.error(key, "a non-empty string", "\"\"");
        return std::nullopt;
    }
    return value;
}

}  // namespace roofline::io::detail
