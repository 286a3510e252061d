// Reads the lines of one split of a file, as the unlimited records of a plain JSON Lines split.
#include "io/read/line_reader.hpp"

#include <limits>

namespace neardup {

SplitLineReader::SplitLineReader(std::string path, std::uint64_t begin, std::uint64_t end)
    : records_(open_records(path, InputFormat::kJsonl, begin, end,
                            std::numeric_limits<std::uint64_t>::max())) {}

SplitLineReader::~SplitLineReader() = default;

bool SplitLineReader::next(std::string_view& line, std::uint64_t& offset) {
  Record record;
  if (!records_->next(record)) return false;
  line = record.bytes;
  offset = record.offset;
  return true;
}

}  // namespace neardup
