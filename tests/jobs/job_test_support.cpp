// Helpers for MPI job tests: a shared temporary directory, corpora on disk, reading outputs.
#include "tests/jobs/job_test_support.hpp"

#include <gtest/gtest.h>
#include <mpi.h>
#include <simdjson.h>
#include <stdlib.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace neardup::testing {

namespace fs = std::filesystem;

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

// A fresh directory made by rank 0 and known to every rank.
std::string shared_temp_dir() {
  std::string path(256, '\0');
  if (world_rank() == 0) {
    char pattern[] = "/tmp/neardup-e2e-XXXXXX";
    path = mkdtemp(pattern);
    path.resize(256, '\0');
  }
  MPI_Bcast(path.data(), 256, MPI_CHAR, 0, MPI_COMM_WORLD);
  return path.c_str();
}

// Rank 0 writes the documents, in order, over `files` files named a.jsonl, b.jsonl, ...
void write_corpus(const std::string& dir, const std::vector<GeneratedDoc>& docs, int files,
                  const std::map<std::size_t, std::string>& extra_lines) {
  if (world_rank() == 0) {
    fs::create_directories(dir);
    for (int f = 0; f < files; ++f) {
      std::ofstream out(fs::path(dir) / (std::string(1, static_cast<char>('a' + f)) + ".jsonl"),
                        std::ios::binary);
      const std::size_t first = docs.size() * f / files, last = docs.size() * (f + 1) / files;
      for (std::size_t i = first; i < last; ++i) {
        const auto extra = extra_lines.find(i);
        if (extra != extra_lines.end()) out << extra->second << "\n";
        out << to_json_line(docs[i]) << "\n";
      }
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

std::uint64_t stat(const std::string& out, const char* pointer) {
  simdjson::dom::parser parser;
  const simdjson::padded_string json = simdjson::padded_string::load(out + "/stats.json");
  std::uint64_t value = 0;
  const auto error = parser.parse(json).at_pointer(pointer).get(value);
  EXPECT_EQ(error, simdjson::SUCCESS) << pointer;
  return value;
}

}  // namespace neardup::testing
