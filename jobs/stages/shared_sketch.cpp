// Stage 2 for compressed files that cannot be cut into byte ranges: the rank that reads one
// decompresses it and hands batches of its records to every rank, which sketch them and own
// their documents.
#include "jobs/stages/shared_sketch.hpp"

#include <algorithm>
#include <cstring>

#include "io/io_error.hpp"
#include "jobs/mpi/all_gathered.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/mpi/stage_stats.hpp"

namespace neardup {
namespace {

// A block is a sequence of segments: a header, then its records, each a line number and a
// length (u32 each) and the record's bytes.
struct SegmentHeader {
  std::uint32_t split = 0;
  std::uint32_t first_line = 0;
  std::uint32_t end_line = 0;  // the segment's range is [first_line, end_line)
  std::uint32_t records = 0;
};

constexpr std::uint64_t kMaxLines = 0xFFFFFFFFull;  // a DocId's line is 32 bits

// The bytes of records a reader hands out in its `round`th round: 1 MiB per rank at first, so
// that a file of a few MiB reaches every rank, doubling each round up to 8 MiB per rank, so
// that a big file takes few rounds; at most the exchange round size.
std::size_t round_target(std::size_t round_bytes, int ranks, std::size_t round) {
  const std::size_t per_rank = std::size_t{1} << (20 + std::min<std::size_t>(round, 3));
  return std::max(std::min(per_rank * static_cast<std::size_t>(ranks), round_bytes),
                  std::size_t{1} << 20);
}

template <class T>
void append_raw(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
T read_raw(std::string_view in, std::size_t& at) {
  T value;
  std::memcpy(&value, in.data() + at, sizeof value);
  at += sizeof value;
  return value;
}

}  // namespace

SharedSketch::SharedSketch(Exchanger& exchanger, const JobPlan& plan, const DocumentSpec& spec,
                           Sketcher& sketcher, const SketchLimits& limits, std::string records_path,
                           std::size_t round_bytes)
    : exchanger_(exchanger),
      plan_(plan),
      spec_(spec),
      sketcher_(sketcher),
      limits_(limits),
      round_bytes_(round_bytes),
      own_fraction_(1.0 / exchanger.size()) {
  run_agreed(exchanger_.comm(),
             [&] { records_.emplace(std::move(records_path), SyncOnCommit::kNo); });
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    if (plan.is_shared(s) && plan.owners[s] == exchanger.rank()) mine_.push_back(s);
  }
}

bool SharedSketch::round(SketchResult& into) {
  if (done_) return false;
  if (!sink_) {  // the first round: the first records to hand out
    sink_.emplace(spec_, sketcher_, limits_.keep_ids, into);
    pending_.assign(static_cast<std::size_t>(exchanger_.size()), std::string());
    timed_fill(into);
  }
  const bool stop = limits_.stop_requested != nullptr && limits_.stop_requested->load();
  const bool sending = std::any_of(pending_.begin(), pending_.end(),
                                   [](const std::string& block) { return !block.empty(); });
  std::uint64_t flags[4] = {sending, stop, stopped_, !error_.empty()};
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, flags, 4, MPI_UINT64_T, MPI_MAX, exchanger_.comm()),
            "MPI_Allreduce");
  if (flags[3] != 0) agree_on_errors(exchanger_.comm(), error_);
  if (flags[0] == 0 || flags[1] != 0 || flags[2] != 0) {
    into.interrupted = into.interrupted || flags[1] != 0;
    finish();
    return false;
  }
  const ReceivedBlocks received = exchanger_.exchange_blocks(pending_);
  // A reader reads the next round's records while the other ranks sketch this round's.
  for (std::string& block : pending_) block.clear();
  timed_fill(into);
  for (std::size_t source = 0; source < received.size(); ++source) {
    const auto started = std::chrono::steady_clock::now();
    try {
      take(received[source], into);
    } catch (const IoError& e) {
      error_ = e.what();
    }
    if (static_cast<int>(source) == exchanger_.rank() && !received[source].empty()) {
      sketch_seconds_ += seconds_since(started);
      sketch_bytes_ += static_cast<double>(received[source].size());
    }
  }
  // The reader's own share: equal shares when reading is free; less as reading takes longer,
  // so that reading a round and sketching its share take as long as another rank's share.
  if (read_seconds_ > 0 && read_bytes_ > 0 && sketch_seconds_ > 0 && exchanger_.size() > 1) {
    const double ranks = exchanger_.size();
    const double read_rate = read_bytes_ / read_seconds_;
    const double sketch_rate = sketch_bytes_ / sketch_seconds_;
    own_fraction_ =
        std::clamp((1 - (ranks - 1) * sketch_rate / read_rate) / ranks, 0.0, 1.0 / ranks);
  }
  return true;
}

void SharedSketch::timed_fill(SketchResult& into) {
  const auto started = std::chrono::steady_clock::now();
  fill(pending_, into);
  read_seconds_ += seconds_since(started);
  ++fills_;
}

std::size_t SharedSketch::share(std::size_t d) const {
  const double ranks = exchanger_.size();
  const double fraction = static_cast<int>(d) == exchanger_.rank()
                              ? own_fraction_
                              : (ranks > 1 ? (1 - own_fraction_) / (ranks - 1) : 1.0);
  return static_cast<std::size_t>(
      fraction * static_cast<double>(round_target(round_bytes_, exchanger_.size(), fills_)));
}

bool SharedSketch::open_next(SketchResult& into) {
  while (reader_ == nullptr && next_ < mine_.size()) {
    const std::uint32_t s = mine_[next_++];
    const Split& split = plan_.splits[s];
    const InputFile& file = plan_.files[split.file];
    line_ = 0;
    reported_bytes_ = 0;
    into.splits.at(s).done = true;
    try {
      reader_ =
          open_records(file.path, file.format, split.begin, split.end, limits_.max_record_bytes);
    } catch (const IoError& e) {
      skip(into, s, line_++, LineStatus::kUnreadableFile, e.what());
      into.splits.at(s).lines = line_;
    }
  }
  return reader_ != nullptr;
}

void SharedSketch::end_split(SketchResult& into) {
  const std::uint32_t s = mine_[next_ - 1];
  if (!reader_->decode_error().empty()) {
    skip(into, s, line_++, LineStatus::kUndecodableInput, reader_->decode_error());
  }
  SplitCounts& counts = into.splits.at(s);
  counts.lines = line_;
  counts.content_hash = reader_->content_hash();
  into.bytes_read += reader_->bytes_consumed();
  if (limits_.on_progress) limits_.on_progress(reader_->bytes_consumed() - reported_bytes_, 0);
  reader_.reset();
}

bool SharedSketch::next_record(Record& record, SketchResult& into) {
  const std::uint32_t s = mine_[next_ - 1];
  const InputFile& file = plan_.files[plan_.splits[s].file];
  try {
    while (reader_->next(record)) {
      if (line_ >= kMaxLines) {
        error_ = file.path + ": more than 2^32 lines in one split";
        stopped_ = true;
        return false;
      }
      if (!record.oversized) return true;
      skip(into, s, line_++, LineStatus::kDocTooLarge, std::to_string(record.size) + " bytes");
    }
    end_split(into);
  } catch (const IoError& e) {
    skip(into, s, line_++, LineStatus::kUnreadableFile, e.what());
    into.splits.at(s).lines = line_;
    reader_.reset();
  }
  return false;
}

void SharedSketch::fill(std::vector<std::string>& blocks, SketchResult& into) {
  Record record;
  std::size_t filled = 0;  // bytes of records in blocks[d]
  for (std::size_t d = 0; d < blocks.size() && !stopped_;) {
    if (filled >= share(d)) {
      ++d;
      filled = 0;
      continue;
    }
    if (reader_ == nullptr && !open_next(into)) return;
    SegmentHeader header{mine_[next_ - 1], static_cast<std::uint32_t>(line_), 0, 0};
    const std::size_t header_at = blocks[d].size();
    append_raw(blocks[d], header);
    while (filled < share(d) && next_record(record, into)) {
      into.splits.at(header.split).lines = line_ + 1;  // so far (the early skip check reads it)
      append_raw(blocks[d], static_cast<std::uint32_t>(line_++));
      append_raw(blocks[d], static_cast<std::uint32_t>(record.bytes.size()));
      blocks[d] += record.bytes;
      filled += record.bytes.size();
      read_bytes_ += static_cast<double>(record.bytes.size());
      ++header.records;
    }
    header.end_line = static_cast<std::uint32_t>(line_);
    std::memcpy(blocks[d].data() + header_at, &header, sizeof header);
    if (reader_ != nullptr && limits_.on_progress) {
      const std::uint64_t consumed = reader_->bytes_consumed();
      limits_.on_progress(consumed - reported_bytes_, 0);
      reported_bytes_ = consumed;
    }
  }
}

void SharedSketch::take(std::string_view block, SketchResult& into) {
  std::size_t at = 0;
  std::uint64_t documents = 0;
  while (at < block.size()) {
    const auto header = read_raw<SegmentHeader>(block, at);
    into.shared_ranges.push_back(
        {header.split, header.first_line, header.end_line, exchanger_.rank()});
    const InputFile& file = plan_.files[plan_.splits[header.split].file];
    for (std::uint32_t r = 0; r < header.records; ++r) {
      const auto line = read_raw<std::uint32_t>(block, at);
      const auto length = read_raw<std::uint32_t>(block, at);
      const std::string_view bytes(block.data() + at, length);
      at += length;
      if (stopped_) continue;
      const DocId id = make_doc_id(header.split, line);
      const LineStatus status =
          sink_->add(file, id, bytes, records_written_, into.invalid_utf8_bytes);
      if (status == LineStatus::kOk) {
        records_->write(bytes);
        records_written_ += length;
        into.shared_record_bytes += length;
        ++documents;
        continue;
      }
      const bool wants = examples_per_status_[static_cast<std::size_t>(status)] < kSkipExamples;
      skip(into, header.split, line, status,
           wants ? sink_->skip_detail(status, bytes) : std::string());
    }
  }
  if (limits_.on_progress && documents > 0) limits_.on_progress(0, documents);
}

void SharedSketch::skip(SketchResult& into, std::uint32_t s, std::uint64_t line, LineStatus status,
                        std::string detail) {
  const auto reason = static_cast<std::size_t>(status);
  ++into.status_counts[reason];
  ++into.splits.at(s).skipped;
  if (examples_per_status_[reason]++ < kSkipExamples) {
    into.examples.push_back({s, static_cast<std::uint32_t>(line), status, std::move(detail)});
  }
  into.shared_skipped.push_back(make_doc_id(s, static_cast<std::uint32_t>(line)));
  stopped_ = stopped_ || limits_.stop_at_first_skip;
}

void SharedSketch::finish() {
  done_ = true;
  run_agreed(exchanger_.comm(), [&] { records_->commit(); });
}

std::vector<SharedRange> gather_shared_ranges(MPI_Comm comm, const std::vector<SharedRange>& mine) {
  return all_gathered(comm, std::span<const SharedRange>(mine));
}

}  // namespace neardup
