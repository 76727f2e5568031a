// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A folder of its own for one test, named for the test, removed with everything in it when
// the test ends.

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <system_error>

#include <gtest/gtest.h>

namespace roofline::test {

class TempDir {
public:
    TempDir() {
        const auto* info = testing::UnitTest::GetInstance()->current_test_info();
        m_path = std::filesystem::temp_directory_path() /
                 ("roofline-tests-" + std::string(info->test_suite_name()) + "-" + info->name() +
                  "-" + std::to_string(std::random_device{}()));
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string write(const std::string& name, const std::string& bytes) const {
        const std::filesystem::path p = m_path / name;
        std::ofstream out(p, std::ios::binary);
        out << bytes;
        return p.string();
    }
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

}  // namespace roofline::test
