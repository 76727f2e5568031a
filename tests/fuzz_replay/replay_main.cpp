// SPDX-License-Identifier: GPL-3.0-or-later
// Runs a libFuzzer target's LLVMFuzzerTestOneInput over files and folders given as
// arguments, without libFuzzer: the ci and asan presets build every fuzz target this way
// (with GCC), so a harness that stops compiling, or a corpus file that makes one abort,
// fails `ctest` at once instead of only in scripts/fuzz.sh's clang build.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

int replay(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    int files = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path path(argv[i]);
        if (std::filesystem::is_directory(path)) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
                if (entry.is_regular_file()) {
                    files += replay(entry.path());
                }
            }
        } else if (std::filesystem::is_regular_file(path)) {
            files += replay(path);
        } else {
            std::fprintf(stderr, "no such file or folder: %s\n", argv[i]);
            return 2;
        }
    }
    std::printf("replayed %d inputs\n", files);
    return files > 0 ? 0 : 2;
}
