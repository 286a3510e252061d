// Splittable compressed inputs: the frame walk on hand-built zstd and BGZF files (skippable
// frames, truncated and corrupt headers), the split begins cut_splits takes, and the lines each
// split of such a file owns, checked against a brute-force list of every line.
#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_frameHeaderSize
#include <gtest/gtest.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <limits>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "io/input/input_plan.hpp"
#include "io/read/compressed_frames.hpp"
#include "io/read/record_reader.hpp"
#include "tests/io/compression_fixtures.hpp"
#include "tests/support/split_compression.hpp"

namespace neardup {
namespace {

using testing::PiecedFile;
using testutil::TempDir;

constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

struct Line {
  std::string bytes;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  bool oversized = false;
  friend bool operator==(const Line&, const Line&) = default;
  friend std::ostream& operator<<(std::ostream& out, const Line& line) {
    const std::string shown =
        line.bytes.size() > 30 ? line.bytes.substr(0, 30) + "..." : line.bytes;
    return out << "{\"" << shown << "\" at " << line.offset << ", size " << line.size
               << (line.oversized ? ", oversized}" : "}");
  }
};

// What reading one split gave.
struct SplitRead {
  std::vector<Line> lines;
  std::string error;
  std::uint64_t consumed = 0;
  std::uint64_t hash = 0;
};

SplitRead read_split(const std::string& path, InputFormat format, std::uint64_t begin,
                     std::uint64_t end, std::uint64_t max_record_bytes) {
  const auto reader = open_records(path, format, begin, end, max_record_bytes);
  SplitRead read;
  Record record;
  while (reader->next(record)) {
    read.lines.push_back({std::string(record.bytes), record.offset, record.size, record.oversized});
  }
  EXPECT_FALSE(reader->next(record)) << "a finished reader stays finished";
  read.error = reader->decode_error();
  read.consumed = reader->bytes_consumed();
  read.hash = reader->content_hash();
  return read;
}

// The brute-force truth: every line of `content` (start, length), the last one without '\n'
// included when the content does not end with one.
struct TrueLine {
  std::size_t start = 0;
  std::size_t length = 0;
};
std::vector<TrueLine> true_lines(const std::string& content) {
  std::vector<TrueLine> lines;
  for (std::size_t start = 0; start < content.size();) {
    const std::size_t newline = content.find('\n', start);
    const std::size_t end = newline == std::string::npos ? content.size() : newline;
    lines.push_back({start, end - start});
    start = end + 1;
  }
  return lines;
}

// The lines each split owns by the rule, with the split's content starting at `first[k]`
// (first[k + 1] ends it; the last split's content ends at the content's end): a line belongs
// to the split whose content holds the '\n' before it, the first line to split 0.
std::vector<SplitRead> owned_lines(const std::string& content, std::vector<std::size_t> first,
                                   std::uint64_t max_record_bytes) {
  std::vector<SplitRead> splits(first.size());
  first.push_back(content.size());
  std::vector<std::string> hashed(splits.size());
  for (const TrueLine& line : true_lines(content)) {
    std::size_t k = 0;
    if (line.start > 0) {
      while (!(first[k] <= line.start - 1 && line.start - 1 < first[k + 1])) ++k;
    }
    const bool oversized = line.length > max_record_bytes;
    splits[k].lines.push_back({oversized ? "" : content.substr(line.start, line.length),
                               line.start - first[k], line.length, oversized});
    hashed[k] += content.substr(line.start, std::min(line.length + 1, content.size() - line.start));
  }
  for (std::size_t k = 0; k < splits.size(); ++k) {
    splits[k].hash = XXH3_64bits(hashed[k].data(), hashed[k].size());
  }
  return splits;
}

// Lines of every kind: empty, short, longer than a frame, with '\r', and a last one without
// '\n' when `unterminated`.
std::string varied_content(std::mt19937& random, bool unterminated) {
  std::string content;
  const int lines = 20 + static_cast<int>(random() % 30);
  for (int i = 0; i < lines; ++i) {
    const unsigned kind = random() % 8;
    std::size_t length = kind == 0 ? 0 : kind == 1 ? 300 + random() % 700 : 1 + random() % 60;
    for (std::size_t c = 0; c < length; ++c) content += static_cast<char>('a' + random() % 26);
    if (kind == 2) content += '\r';
    content += '\n';
  }
  if (unterminated) content += "last line without a newline";
  return content;
}

// Random cuts of a content of `size` bytes: anywhere, at '\n' and just after, repeated (empty
// frames), around `count` of them.
std::vector<std::size_t> random_cuts(const std::string& content, std::mt19937& random,
                                     std::size_t count) {
  std::vector<std::size_t> cuts;
  for (std::size_t i = 0; i < count; ++i) {
    std::size_t at = random() % (content.size() + 1);
    const unsigned kind = random() % 4;
    if (kind == 1) {
      const std::size_t newline = content.find('\n', at);
      if (newline != std::string::npos) at = newline;
    } else if (kind == 2) {
      const std::size_t newline = content.find('\n', at);
      if (newline != std::string::npos) at = newline + 1;
    }
    cuts.push_back(at);
    if (random() % 10 == 0) cuts.push_back(at);  // an empty frame
  }
  std::sort(cuts.begin(), cuts.end());
  return cuts;
}

PiecedFile write_pieces(InputFormat format, const std::string& content,
                        const std::vector<std::size_t>& cuts, bool variant) {
  return format == InputFormat::kJsonlZstd ? testing::zstd_frames_at(content, cuts, variant)
                                           : testing::bgzf_at(content, cuts, variant);
}

// Reads the splits beginning at the pieces `first_pieces` (increasing, the first 0) of `file`
// (written at `path`) and checks each against owned_lines.
void check_splits(const std::string& path, InputFormat format, const std::string& content,
                  const PiecedFile& file, const std::vector<std::size_t>& first_pieces,
                  std::uint64_t max_record_bytes) {
  std::vector<std::size_t> first_content;
  for (const std::size_t piece : first_pieces) first_content.push_back(file.content_starts[piece]);
  const std::vector<SplitRead> expected = owned_lines(content, first_content, max_record_bytes);
  for (std::size_t k = 0; k < first_pieces.size(); ++k) {
    const std::uint64_t begin = file.starts[first_pieces[k]];
    const std::uint64_t end =
        k + 1 < first_pieces.size() ? file.starts[first_pieces[k + 1]] : file.bytes.size();
    SCOPED_TRACE("split " + std::to_string(k) + " [" + std::to_string(begin) + ", " +
                 std::to_string(end) + ")");
    const SplitRead read = read_split(path, format, begin, end, max_record_bytes);
    EXPECT_EQ(read.lines, expected[k].lines);
    EXPECT_EQ(read.error, "");
    EXPECT_EQ(read.consumed, end - begin);
    EXPECT_EQ(read.hash, expected[k].hash);
    EXPECT_EQ(split_content_hash(path, format, begin, end, max_record_bytes), expected[k].hash);
  }
}

const InputFormat kSplittable[] = {InputFormat::kJsonlZstd, InputFormat::kJsonlGzip};

TEST(FrameWalk, FindsEveryZstdFrameSkippableFramesToo) {
  const TempDir dir;
  const std::string content = std::string(5000, 'x') + "\n" + std::string(3000, 'y');
  for (const bool skippable : {false, true}) {
    for (const bool checksum : {false, true}) {
      const PiecedFile file = testing::zstd_frames(content, 1000, skippable, checksum);
      testutil::write_file(dir.path("f.zst"), file.bytes);
      EXPECT_EQ(file.starts.size(), skippable ? 18u : 9u);
      EXPECT_EQ(frame_starts(dir.path("f.zst"), InputFormat::kJsonlZstd, file.bytes.size()),
                file.starts)
          << skippable << checksum;
      EXPECT_EQ(frame_starts(dir.path("f.zst"), InputFormat::kTextZstd, file.bytes.size()),
                file.starts);
    }
  }
  // A skippable frame alone, and among frames with nothing in them.
  const PiecedFile empty = testing::zstd_frames_at("", {0, 0}, true);
  testutil::write_file(dir.path("e.zst"), empty.bytes);
  EXPECT_EQ(frame_starts(dir.path("e.zst"), InputFormat::kJsonlZstd, empty.bytes.size()),
            empty.starts);
  EXPECT_EQ(empty.starts.size(), 6u);
}

TEST(FrameWalk, FindsEveryBgzfMember) {
  const TempDir dir;
  std::string content;
  for (int i = 0; i < 4000; ++i) content += "line " + std::to_string(i * 7919 % 10007) + "\n";
  for (const bool eof_member : {false, true}) {
    const PiecedFile file = testing::bgzf(content, 4096, eof_member);
    testutil::write_file(dir.path("f.gz"), file.bytes);
    EXPECT_GT(file.starts.size(), 8u);
    EXPECT_EQ(frame_starts(dir.path("f.gz"), InputFormat::kJsonlGzip, file.bytes.size()),
              file.starts);
    EXPECT_EQ(testutil::gunzip_with_zlib(file.bytes), content);
  }
  const PiecedFile full = testing::bgzf(std::string(200000, 'z'));
  testutil::write_file(dir.path("full.gz"), full.bytes);
  EXPECT_EQ(full.starts.size(), 5u);  // 3 full blocks, the rest, the end-of-file member
  EXPECT_EQ(frame_starts(dir.path("full.gz"), InputFormat::kJsonlGzip, full.bytes.size()),
            full.starts);
}

TEST(FrameWalk, OnePieceOrAWalkThatFailsIsOneSplit) {
  const TempDir dir;
  const std::string content = std::string(3000, 'a') + "\n";
  const auto starts = [&](const std::string& bytes, InputFormat format) {
    testutil::write_file(dir.path("file"), bytes);
    return frame_starts(dir.path("file"), format, bytes.size());
  };
  const std::vector<std::uint64_t> one{0};
  const std::string zstd = testing::zstd_frames(content, 500, true).bytes;
  const std::string gzip = testing::bgzf(content, 500).bytes;
  ASSERT_GT(starts(zstd, InputFormat::kJsonlZstd).size(), 1u);
  ASSERT_GT(starts(gzip, InputFormat::kJsonlGzip).size(), 1u);
  // One frame, one member, plain gzip of several members, an empty file, a missing file.
  EXPECT_EQ(starts(testutil::zstd_with_libzstd(content), InputFormat::kJsonlZstd), one);
  EXPECT_EQ(starts(testing::bgzf(content, 65280, false).bytes, InputFormat::kJsonlGzip), one);
  const std::string plain_gzip = testutil::gzip_with_zlib("a\n") + testutil::gzip_with_zlib("b\n");
  EXPECT_EQ(starts(plain_gzip, InputFormat::kJsonlGzip), one);
  EXPECT_EQ(starts(gzip + plain_gzip, InputFormat::kJsonlGzip), one);  // BGZF, then not
  EXPECT_EQ(starts("", InputFormat::kJsonlZstd), one);
  EXPECT_EQ(frame_starts(dir.path("missing"), InputFormat::kJsonlZstd, 100), one);
  // A gzip file read as zstd and the other way round; a plain format.
  EXPECT_EQ(starts(gzip, InputFormat::kJsonlZstd), one);
  EXPECT_EQ(starts(zstd, InputFormat::kJsonlGzip), one);
  EXPECT_EQ(starts(zstd, InputFormat::kJsonl), one);
  // Truncated anywhere, or with bytes after the last piece.
  for (const std::string* bytes : {&zstd, &gzip}) {
    const InputFormat format = bytes == &zstd ? InputFormat::kJsonlZstd : InputFormat::kJsonlGzip;
    for (const std::size_t cut : {std::size_t{1}, std::size_t{3}, std::size_t{9}, std::size_t{40},
                                  bytes->size() / 2, bytes->size() - 4, bytes->size() - 1}) {
      EXPECT_EQ(starts(bytes->substr(0, cut), format), one) << cut;
    }
    EXPECT_EQ(starts(*bytes + std::string(1, '\0'), format), one);
    EXPECT_EQ(starts(*bytes + "garbage after the last piece", format), one);
  }
  // A corrupt header in the middle: a zstd frame's magic or block type, a legacy frame, a
  // member without 'BC' or with a BSIZE beyond the file.
  const PiecedFile frames = testing::zstd_frames(content, 500, false, false);
  std::string bad = frames.bytes;
  bad[frames.starts[3]] = 'X';
  EXPECT_EQ(starts(bad, InputFormat::kJsonlZstd), one);
  bad = frames.bytes;
  const std::size_t block = frames.starts[3] + ZSTD_frameHeaderSize(bad.data() + frames.starts[3],
                                                                    ZSTD_FRAMEHEADERSIZE_MAX);
  bad[block] = static_cast<char>(bad[block] | 0x06);  // the reserved block type 3
  EXPECT_EQ(starts(bad, InputFormat::kJsonlZstd), one);
  bad = frames.bytes;
  bad[frames.starts[3]] = '\x27';  // 0xFD2FB527: a v0.7 legacy frame
  EXPECT_EQ(starts(bad, InputFormat::kJsonlZstd), one);
  const PiecedFile members = testing::bgzf(content, 500);
  bad = members.bytes;
  bad[members.starts[2] + 12] = 'X';
  EXPECT_EQ(starts(bad, InputFormat::kJsonlGzip), one);
  bad = members.bytes;
  bad[members.starts[2] + 17] = '\x7f';  // BSIZE high byte: a member of 32 KiB
  EXPECT_EQ(starts(bad, InputFormat::kJsonlGzip), one);
  bad = members.bytes;
  bad[members.starts[2] + 16] = '\x02';  // BSIZE smaller than the member's header
  bad[members.starts[2] + 17] = '\x00';
  EXPECT_EQ(starts(bad, InputFormat::kJsonlGzip), one);
}

// The split begins by the rule, found by brute force over the piece starts.
std::vector<std::uint64_t> nearest_begins(const std::vector<std::uint64_t>& starts,
                                          std::uint64_t split_bytes) {
  std::vector<std::uint64_t> begins{0};
  for (;;) {
    const std::uint64_t target = begins.back() + split_bytes;
    if (std::none_of(starts.begin(), starts.end(), [&](std::uint64_t s) { return s >= target; })) {
      return begins;
    }
    std::uint64_t best = 0;
    bool found = false;
    for (const std::uint64_t s : starts) {
      if (s <= begins.back()) continue;
      const std::uint64_t distance = s > target ? s - target : target - s;
      const std::uint64_t best_distance = best > target ? best - target : target - best;
      if (!found || distance < best_distance) best = s, found = true;
    }
    begins.push_back(best);
  }
}

TEST(FrameWalk, SplitBeginsAreThePieceStartsNearestEachSplitSize) {
  const TempDir dir;
  std::mt19937 random(7);
  const std::string content = varied_content(random, false) + varied_content(random, true);
  const PiecedFile file = testing::zstd_frames_at(content, random_cuts(content, random, 40), true);
  testutil::write_file(dir.path("f.zst"), file.bytes);
  const std::uint64_t size = file.bytes.size();
  for (std::uint64_t split = 1; split <= size + 1; split += 1 + split / 16) {
    EXPECT_EQ(frame_split_begins(dir.path("f.zst"), InputFormat::kJsonlZstd, size, split),
              nearest_begins(file.starts, split))
        << split;
  }
  EXPECT_EQ(frame_split_begins(dir.path("f.zst"), InputFormat::kJsonlZstd, size, kNoLimit),
            std::vector<std::uint64_t>{0});
}

TEST(FrameWalk, APieceLongerThanTheLimitEndsTheWalk) {
  const TempDir dir;
  std::mt19937 random(11);
  std::string content;
  for (int line = 0; line < 400; ++line) {
    for (int c = 0; c < 99; ++c) content += static_cast<char>('a' + random() % 26);
    content += '\n';
  }
  // Frames of 1,000 content bytes but the fifth, of 20,000: random letters, so about 60%.
  std::vector<std::size_t> cuts{1000, 2000, 3000, 4000, 24000};
  for (std::size_t at = 25000; at < content.size(); at += 1000) cuts.push_back(at);
  for (const InputFormat format : kSplittable) {
    SCOPED_TRACE(input_format_name(format));
    const PiecedFile file = format == InputFormat::kJsonlZstd
                                ? testing::zstd_frames_at(content, cuts)
                                : testing::bgzf_at(content, cuts);
    const std::string path = dir.path("f");
    testutil::write_file(path, file.bytes);
    const std::uint64_t size = file.bytes.size();
    std::vector<std::uint64_t> visited;
    const auto visit = [&](std::uint64_t at) { visited.push_back(at); };
    EXPECT_EQ(walk_frames(path, format, size, visit), FrameWalk::kComplete);
    EXPECT_EQ(visited, file.starts);
    const std::uint64_t limit = 5000;  // the fifth piece is about 12,000 bytes
    ASSERT_GT(file.starts[5] - file.starts[4], limit);
    visited.clear();
    EXPECT_EQ(walk_frames(path, format, size, visit, limit), FrameWalk::kStopped);
    EXPECT_EQ(visited, std::vector<std::uint64_t>(file.starts.begin(), file.starts.begin() + 5));
    // Cut up to the long piece, whose split reaches to the end; its lines all read once.
    const std::vector<std::uint64_t> begins = frame_split_begins(path, format, size, 1, limit);
    EXPECT_EQ(begins, visited);
    EXPECT_EQ(frame_starts(path, format, size), file.starts);
    std::string lines;
    for (std::size_t k = 0; k < begins.size(); ++k) {
      const std::uint64_t end = k + 1 < begins.size() ? begins[k + 1] : size;
      for (const Line& line : read_split(path, format, begins[k], end, kNoLimit).lines) {
        lines += line.bytes + "\n";
      }
    }
    EXPECT_TRUE(lines == content);
  }
  EXPECT_EQ(longest_walked_piece(1), kMinLongestWalkedPiece);
  EXPECT_EQ(longest_walked_piece(std::uint64_t{100} << 20), std::uint64_t{200} << 20);
  EXPECT_EQ(longest_walked_piece(kNoLimit), kNoLimit);
}

TEST(CutSplits, SplitsCompressedJsonLinesAtFrameStarts) {
  const TempDir dir;
  std::string content;
  for (int i = 0; i < 20000; ++i) content += "{\"text\": \"" + std::to_string(i * 31) + "\"}\n";
  const PiecedFile zstd = testing::zstd_frames(content, 8192, true);
  const PiecedFile gzip = testing::bgzf(content, 8192);
  testutil::write_file(dir.path("a.jsonl.zst"), zstd.bytes);
  testutil::write_file(dir.path("b.jsonl.gz"), gzip.bytes);
  testutil::write_file(dir.path("c.txt.zst"), zstd.bytes);
  testutil::write_file(dir.path("d.jsonl.gz"), testutil::gzip_with_zlib(content));
  const std::vector<InputFile> files = {
      {dir.path("a.jsonl.zst"), zstd.bytes.size(), InputFormat::kJsonlZstd, "a"},
      {dir.path("b.jsonl.gz"), gzip.bytes.size(), InputFormat::kJsonlGzip, "b"},
      {dir.path("c.txt.zst"), zstd.bytes.size(), InputFormat::kTextZstd, "c"},
      {dir.path("d.jsonl.gz"), testutil::read_file(dir.path("d.jsonl.gz")).size(),
       InputFormat::kJsonlGzip, "d"}};
  const std::uint64_t split_bytes = 10000;
  const std::vector<Split> splits = cut_splits(files, split_bytes);
  std::vector<std::vector<Split>> per_file(files.size());
  for (const Split& split : splits) per_file[split.file].push_back(split);
  for (std::uint32_t f = 0; f < 2; ++f) {
    const PiecedFile& file = f == 0 ? zstd : gzip;
    SCOPED_TRACE(files[f].path);
    ASSERT_GT(per_file[f].size(), 3u);
    EXPECT_EQ(per_file[f].size(), nearest_begins(file.starts, split_bytes).size());
    EXPECT_EQ(per_file[f].front().begin, 0u);
    EXPECT_EQ(per_file[f].back().end, file.bytes.size());
    for (std::size_t k = 0; k < per_file[f].size(); ++k) {
      const Split& split = per_file[f][k];
      EXPECT_LT(split.begin, split.end);
      if (k > 0) {
        EXPECT_EQ(split.begin, per_file[f][k - 1].end);
      }
      EXPECT_TRUE(std::binary_search(file.starts.begin(), file.starts.end(), split.begin));
    }
  }
  // A text file is one document; plain gzip does not walk.
  ASSERT_EQ(per_file[2].size(), 1u);
  EXPECT_EQ(per_file[2][0].end, zstd.bytes.size());
  ASSERT_EQ(per_file[3].size(), 1u);
  // Not larger than the split size: one split, not walked.
  const std::vector<Split> whole = cut_splits({files[0]}, zstd.bytes.size());
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_EQ(whole[0].end, zstd.bytes.size());
}

TEST(CompressedSplits, EveryLineBelongsToTheSplitThatProducedTheNewlineBeforeIt) {
  const TempDir dir;
  std::mt19937 random(2024);
  for (int layout = 0; layout < 24; ++layout) {
    const std::string content = varied_content(random, layout % 2 == 1);
    const std::vector<std::size_t> cuts = random_cuts(content, random, 2 + random() % 25);
    for (const InputFormat format : kSplittable) {
      const bool variant = layout % 3 != 0;  // skippable frames, or the end-of-file member
      const PiecedFile file = write_pieces(format, content, cuts, variant);
      const std::string path = dir.path(std::string("f") + output_extension(format));
      testutil::write_file(path, file.bytes);
      SCOPED_TRACE("layout " + std::to_string(layout) + ", " + input_format_name(format));
      const std::size_t pieces = file.starts.size();
      std::vector<std::vector<std::size_t>> choices;
      std::vector<std::size_t> all(pieces);
      for (std::size_t i = 0; i < pieces; ++i) all[i] = i;
      choices.push_back(all);  // every piece its own split
      choices.push_back({0});  // the whole file
      for (int subset = 0; subset < 6; ++subset) {
        std::vector<std::size_t> some{0};
        for (std::size_t i = 1; i < pieces; ++i) {
          if (random() % 3 == 0) some.push_back(i);
        }
        choices.push_back(some);
      }
      for (const std::uint64_t max : {kNoLimit, std::uint64_t{40}, std::uint64_t{0}}) {
        for (const std::vector<std::size_t>& first_pieces : choices) {
          check_splits(path, format, content, file, first_pieces, max);
        }
      }
    }
  }
}

TEST(CompressedSplits, CutSplitsAtAnySizeGiveEveryLineOnceInOrder) {
  const TempDir dir;
  std::mt19937 random(99);
  for (int layout = 0; layout < 4; ++layout) {
    const std::string content = varied_content(random, layout == 1) + varied_content(random, true);
    const std::vector<std::size_t> cuts = random_cuts(content, random, 30);
    for (const InputFormat format : kSplittable) {
      const PiecedFile file = write_pieces(format, content, cuts, true);
      const std::string path = dir.path(std::string("g") + output_extension(format));
      testutil::write_file(path, file.bytes);
      const std::vector<InputFile> files = {{path, file.bytes.size(), format, "g"}};
      std::vector<Line> expected;
      for (const TrueLine& line : true_lines(content)) {
        expected.push_back({content.substr(line.start, line.length), 0, line.length, false});
      }
      for (std::uint64_t split = 1; split <= file.bytes.size(); split += 1 + split / 8) {
        std::vector<Line> lines;
        std::uint64_t consumed = 0;
        const std::vector<Split> splits = cut_splits(files, split);
        for (const Split& s : splits) {
          const SplitRead read = read_split(path, format, s.begin, s.end, kNoLimit);
          EXPECT_EQ(read.error, "");
          consumed += read.consumed;
          for (Line line : read.lines) {
            line.offset = 0;
            lines.push_back(line);
          }
        }
        EXPECT_EQ(lines, expected) << input_format_name(format) << " split " << split;
        EXPECT_EQ(consumed, file.bytes.size());
      }
    }
  }
}

TEST(CompressedSplits, FilesOfPzstdAndBgzipSplit) {
  const TempDir dir;
  std::string content;
  std::mt19937 random(5);
  while (content.size() < (10u << 20)) content += varied_content(random, false);
  testutil::write_file(dir.path("c.jsonl"), content);
  for (const auto& [tool, format] :
       {std::pair{"pzstd", InputFormat::kJsonlZstd}, std::pair{"bgzip", InputFormat::kJsonlGzip}}) {
    if (!testutil::have_tool(tool)) continue;
    SCOPED_TRACE(tool);
    const std::string path = dir.path(std::string("c") + output_extension(format));
    const std::string command = std::string(tool) + " -c -q '" + dir.path("c.jsonl") + "' > '" +
                                path + "' 2>/dev/null || " + tool + " -c '" + dir.path("c.jsonl") +
                                "' > '" + path + "'";
    ASSERT_TRUE(testutil::run(command)) << command;
    const std::uint64_t size = testutil::read_file(path).size();
    const std::vector<Split> splits = cut_splits({{path, size, format, "c"}}, size / 8);
    EXPECT_GE(splits.size(), 2u);
    std::string lines;
    for (const Split& split : splits) {
      const SplitRead read = read_split(path, format, split.begin, split.end, kNoLimit);
      EXPECT_EQ(read.error, "");
      for (const Line& line : read.lines) lines += line.bytes + "\n";
    }
    EXPECT_TRUE(lines == content) << "the splits' lines are not the file's";
  }
}

TEST(CompressedSplits, ADecodeErrorStopsItsSplitOnly) {
  const TempDir dir;
  std::string content;
  for (int i = 0; i < 400; ++i) content += "{\"text\": \"line " + std::to_string(i) + "\"}\n";
  // Members and frames ending at line ends, so only the corrupt piece's split loses lines.
  std::vector<std::size_t> cuts;
  for (std::size_t at = content.find('\n', 1000); at != std::string::npos;
       at = content.find('\n', at + 1000)) {
    cuts.push_back(at + 1);
  }
  for (const InputFormat format : kSplittable) {
    SCOPED_TRACE(input_format_name(format));
    const PiecedFile file = write_pieces(format, content, cuts, false);
    ASSERT_GE(file.starts.size(), 6u);
    std::string bad = file.bytes;
    // The checksum of the fourth piece (zstd: its content checksum, gzip: its CRC32).
    const std::size_t checksum = file.starts[4] - (format == InputFormat::kJsonlZstd ? 2 : 6);
    bad[checksum] = static_cast<char>(bad[checksum] ^ 0x55);
    const std::string path = dir.path("bad");
    testutil::write_file(path, bad);
    ASSERT_EQ(frame_starts(path, format, bad.size()), file.starts);
    std::vector<std::size_t> first(file.starts.size());
    for (std::size_t i = 0; i < first.size(); ++i) first[i] = i;
    std::vector<std::size_t> first_content;
    for (const std::size_t piece : first) first_content.push_back(file.content_starts[piece]);
    const std::vector<SplitRead> expected = owned_lines(content, first_content, kNoLimit);
    for (std::size_t k = 0; k < first.size(); ++k) {
      const std::uint64_t end = k + 1 < first.size() ? file.starts[k + 1] : bad.size();
      const SplitRead read = read_split(path, format, file.starts[k], end, kNoLimit);
      if (k == 2 || k == 3) {
        // The damaged piece's split stops at the error, with the lines decoded before it (zstd
        // checks a frame's checksum before its last block comes out, gzip after), never a
        // partial one; the split before it reads on into it for its last line, which the
        // error may cut. Each says so.
        EXPECT_TRUE(k == 2 || read.error != "");
        ASSERT_LE(read.lines.size(), expected[k].lines.size());
        // An error counts only where it cut the split's lines, not where it read ahead.
        EXPECT_EQ(read.error != "", read.lines.size() < expected[k].lines.size()) << k;
        EXPECT_GE(read.lines.size() + (k == 2 ? 1 : expected[k].lines.size()),
                  expected[k].lines.size());
        for (std::size_t i = 0; i < read.lines.size(); ++i) {
          EXPECT_EQ(read.lines[i], expected[k].lines[i]);
        }
      } else {
        EXPECT_EQ(read.error, "") << k;
        EXPECT_EQ(read.lines, expected[k].lines) << k;
      }
    }
    // The whole file stops at the error, as it always did.
    const SplitRead whole = read_split(path, format, 0, bad.size(), kNoLimit);
    EXPECT_NE(whole.error, "");
    // A split that begins inside a piece: a decode error, no line.
    const SplitRead inside = read_split(path, format, file.starts[1] + 3, file.starts[2], kNoLimit);
    EXPECT_NE(inside.error, "");
    EXPECT_TRUE(inside.lines.empty());
  }
}

}  // namespace
}  // namespace neardup
