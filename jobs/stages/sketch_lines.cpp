// After the sketch, what needs every rank's line counts: locations, skip examples and --strict.
#include "jobs/stages/sketch_lines.hpp"

#include <array>

#include "io/read/line_status.hpp"
#include "jobs/mpi/log.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace neardup {

std::string describe_skip(const SkipExample& example, const DocSource& source) {
  std::string text = source.location(make_doc_id(example.split, example.line)) +
                     ": skipped: " + line_status_name(example.status);
  if (!example.detail.empty()) text += " (" + example.detail + ")";
  return text;
}

void log_skip_examples(Exchanger& exchanger, const SketchResult& sketch, const DocSource& source) {
  std::string mine;
  for (const SkipExample& e : sketch.examples) {
    mine += static_cast<char>('0' + static_cast<int>(e.status));
    mine += describe_skip(e, source) + "\n";
  }
  std::vector<std::string> to_root(static_cast<std::size_t>(exchanger.size()));
  to_root[0] = mine;
  const ReceivedBlocks got = exchanger.exchange_blocks(to_root);
  if (exchanger.rank() != 0) return;
  std::array<std::size_t, kLineStatusCount> shown{};
  for (const std::string_view block : got) {
    std::size_t start = 0;
    while (start < block.size()) {
      const std::size_t end = block.find('\n', start);
      const auto status = static_cast<std::size_t>(block[start] - '0');
      if (shown[status]++ < kSkipExamples) log_info(block.substr(start + 1, end - start - 1));
      start = end + 1;
    }
  }
}

void fail_on_skips_if_strict(MPI_Comm comm, bool strict, const SketchResult& sketch,
                             const DocSource& source) {
  if (!strict) return;
  agree_on_errors(comm, sketch.examples.empty()
                            ? std::string()
                            : describe_skip(sketch.examples.front(), source) + " (--strict)");
}

}  // namespace neardup
