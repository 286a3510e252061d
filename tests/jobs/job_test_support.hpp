// Helpers for MPI job tests: a shared temporary directory, corpora on disk, reading outputs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/support/corpus_generator.hpp"
#include "tests/support/output_files.hpp"

namespace neardup::testing {

/// This process's rank in MPI_COMM_WORLD.
int world_rank();

/// Collective: a fresh directory made by rank 0, its path known to every rank.
std::string shared_temp_dir();

/// Collective: rank 0 writes the documents, in order, over `files` files named a.jsonl,
/// b.jsonl, ...; `extra_lines[i]` is written just before document i.
void write_corpus(const std::string& dir, const std::vector<GeneratedDoc>& docs, int files,
                  const std::map<std::size_t, std::string>& extra_lines = {});

/// An unsigned integer of OUT/stats.json at a JSON pointer ("/docs_read"); a test failure
/// when it is missing.
std::uint64_t stat(const std::string& out, const char* pointer);

}  // namespace neardup::testing
