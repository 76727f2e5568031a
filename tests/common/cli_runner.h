// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// roofline-cli run in-process, for the CLI tests: its exit code and what it wrote, plus two
// text helpers they all use.

#include <sstream>
#include <string>
#include <vector>

#include "cli.h"

namespace roofline::test {

struct CliResult {
    int code = -1;
    std::string out;
    std::string err;
};

/// roofline-cli with `args` (the program name left out).
inline CliResult cli(const std::vector<std::string>& args) {
    std::ostringstream out;
    std::ostringstream err;
    CliResult r;
    r.code = roofline::cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

inline bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// `text` split at newlines (no trailing empty line).
inline std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        out.push_back(line);
    }
    return out;
}

}  // namespace roofline::test
