// The pairs a user of many languages expects to be duplicates (case, NFC/NFD, typographic
// apostrophes, no-break spaces, full-width forms, a one-character edit of Chinese text),
// through `neardup explain` and a minhash job under default flags, with the Jaccard each must
// have worked out by hand; the ASCII tokenizer's old, low values beside them; and the invalid
// UTF-8 bytes a job meets counted in stats.json.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "jobs/cli/explain_command.hpp"
#include "jobs/methods/minhash_job.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "tests/jobs/job_test_support.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;
using testing::GeneratedDoc;

// `text` with every occurrence of `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// ASCII letters and digits as their full-width forms (U+FF10-FF19, U+FF21-FF3A, U+FF41-FF5A,
// each the ASCII code + 0xFEE0, three UTF-8 bytes), spaces as the ideographic space U+3000.
std::string full_width(const std::string& ascii) {
  std::string out;
  for (const char c : ascii) {
    if (c == ' ') {
      out += "\u3000";
    } else if (std::isalnum(static_cast<unsigned char>(c))) {
      const unsigned code = static_cast<unsigned char>(c) + 0xFEE0u;
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += c;
    }
  }
  return out;
}

// NFD by hand for the accents used below: the base letter and a combining mark.
std::string decomposed(std::string text) {
  for (const auto& [composed, parts] :
       std::vector<std::pair<std::string, std::string>>{{"é", "e\u0301"},
                                                        {"è", "e\u0300"},
                                                        {"ê", "e\u0302"},
                                                        {"à", "a\u0300"},
                                                        {"ç", "c\u0327"},
                                                        {"ô", "o\u0302"}}) {
    text = replaced(text, composed, parts);
  }
  return text;
}

const std::string kGerman =
    "Ärger über die Straße: Österreichs Bürger müssen für größere Häuser künftig mehr Grundsteuer "
    "zahlen, während die Gemeinden über höhere Einnahmen für Schulen, Brücken und öffentliche "
    "Bäder froh sind.";
// The same, upper case by hand (ß as SS, which full case folding gives back as ss).
const std::string kGermanUpper =
    "ÄRGER ÜBER DIE STRASSE: ÖSTERREICHS BÜRGER MÜSSEN FÜR GRÖSSERE HÄUSER KÜNFTIG MEHR "
    "GRUNDSTEUER ZAHLEN, WÄHREND DIE GEMEINDEN ÜBER HÖHERE EINNAHMEN FÜR SCHULEN, BRÜCKEN UND "
    "ÖFFENTLICHE BÄDER FROH SIND.";
const std::string kFrench =
    "L'été dernier, à la fête du village, le maître d'hôtel a présenté une crème brûlée très "
    "appréciée, préparée avec des œufs frais et servie à côté d'un café bien chaud près de "
    "l'église.";
const std::string kEnglish =
    "It doesn't matter that it's late: we'll finish the report, and they're sure you'll like "
    "what we've found, since it isn't what anyone's model predicted and we can't explain it yet.";
const std::string kWeather =
    "Heavy rain is expected across the northern valleys tonight, with strong winds near the "
    "coast and snow above two thousand metres before the weather clears on Sunday afternoon.";
const std::string kModels =
    "Model ABC123 ships with 4096 MB of memory and 2 TB of storage for 450 dollars in 2026 while "
    "model XYZ789 ships with 8192 MB and 4 TB for 900 dollars";
// 150 Han characters and full-width punctuation, written without spaces.
const std::string kChinese =
    "近年来随着人工智能技术的快速发展越来越多的企业开始利用大规模语言模型处理文本数据，"
    "这些模型需要海量的训练语料而网络上收集的数据中存在大量重复或者近似重复的网页，"
    "如果不加以清洗就会浪费计算资源并且可能导致模型记住特定的段落从而影响生成内容的多样性，"
    "因此数据去重成为构建高质量语料库的关键步骤之一研究人员提出了许多高效的方法";

// The Chinese text with one character in the middle changed.
std::string chinese_edited() {
  const std::size_t middle = kChinese.find("海量");
  return kChinese.substr(0, middle) + "大量" + kChinese.substr(middle + 6);
}

// A pair the Unicode tokenizer must see as near-duplicates: the Jaccard of its word 5-gram
// sets worked out by hand (at least `jaccard`), and at most `ascii_jaccard` under the old
// ASCII tokens.
struct ExpectedPair {
  std::string name;
  std::string a, b;
  double jaccard;
  double ascii_jaccard;
};

std::vector<ExpectedPair> expected_pairs() {
  // Chinese: 150 characters give 146 character 5-grams; one edit replaces at most 5 of them,
  // so J >= 141 / 151 = 0.934 (every 5-gram of the text is distinct).
  return {{"case", kGerman, kGermanUpper, 1.0, 0.1},
          {"nfc-nfd", kFrench, decomposed(kFrench), 1.0, 0.2},
          {"apostrophe", kEnglish, replaced(kEnglish, "'", "\u2019"), 1.0, 0.4},
          {"no-break-space", kWeather, replaced(kWeather, " ", "\u00A0"), 1.0, 0.0},
          {"full-width", kModels, full_width(kModels), 1.0, 0.0},
          {"chinese-edit", kChinese, chinese_edited(), 141.0 / 151.0, 0.0}};
}

// Six pairs, a and b of pair i named "<name>-a" and "<name>-b", then unrelated documents.
std::vector<GeneratedDoc> corpus_of(const std::vector<ExpectedPair>& pairs) {
  std::vector<GeneratedDoc> docs;
  for (const ExpectedPair& p : pairs) {
    docs.push_back({p.name + "-a", p.a, 0});
    docs.push_back({p.name + "-b", p.b, 0});
  }
  docs.push_back({"other-1", "Совершенно другой текст о погоде в Москве и о снеге зимой.", 0});
  docs.push_back({"other-2", "東京タワーは高さ三百三十三メートルの電波塔です。", 0});
  docs.push_back({"other-3", "A different English document about trains, timetables and tea.", 0});
  return docs;
}

MinhashOptions options_for(const std::string& dir) {
  MinhashOptions o;
  o.inputs = {dir + "/in"};
  o.output = dir + "/out";
  o.write_pairs = true;
  return o;
}

TEST(UnicodePairs, ExplainGivesTheJaccardWorkedOutByHand) {
  const std::string dir = testing::shared_temp_dir();
  const std::vector<ExpectedPair> pairs = expected_pairs();
  testing::write_corpus(dir + "/in", corpus_of(pairs), 2);
  if (testing::world_rank() == 0) {
    MinhashOptions unicode = options_for(dir), ascii = options_for(dir);
    ascii.document.tokenizer = TokenizerKind::kAscii;
    for (const ExpectedPair& p : pairs) {
      const PairExplanation e = explain_pair(unicode, p.name + "-a", p.name + "-b");
      EXPECT_GE(e.exact_jaccard, p.jaccard - 1e-9) << p.name;
      EXPECT_TRUE(e.duplicate) << p.name;
      const PairExplanation old = explain_pair(ascii, p.name + "-a", p.name + "-b");
      EXPECT_LE(old.exact_jaccard, p.ascii_jaccard) << p.name;
      EXPECT_FALSE(old.duplicate) << p.name;
    }
    // explain shows the canonical tokens.
    const PairExplanation e = explain_pair(unicode, "case-a", "case-b");
    ASSERT_GE(e.a.first_tokens.size(), 4u);
    EXPECT_EQ(e.b.first_tokens[0], "ärger");
    EXPECT_EQ(e.b.first_tokens[3], "strasse");
    EXPECT_NE(explanation_text(e, unicode).find("tokens (unicode): ärger über die strasse"),
              std::string::npos);
    fs::remove_all(dir);
  }
}

TEST(UnicodePairs, AMinhashJobFindsExactlyThesePairs) {
  const std::string dir = testing::shared_temp_dir();
  const std::vector<ExpectedPair> pairs = expected_pairs();
  testing::write_corpus(dir + "/in", corpus_of(pairs), 2);
  const JobSummary summary = run_minhash(MPI_COMM_WORLD, options_for(dir));
  EXPECT_EQ(summary.docs_removed, pairs.size());
  if (testing::world_rank() == 0) {
    std::set<std::string> found;
    for (const std::string& row : testing::part_lines(dir + "/out", "pairs")) {
      found.insert(row.substr(0, row.find('\t', row.find('\t') + 1)));
    }
    std::set<std::string> wanted;
    for (const ExpectedPair& p : pairs) wanted.insert(p.name + "-a\t" + p.name + "-b");
    EXPECT_EQ(found, wanted);
    EXPECT_EQ(testing::stat(dir + "/out", "/invalid_utf8_bytes"), 0u);
    fs::remove_all(dir);
  }
}

// Invalid bytes in a JSON record (replaced by U+FFFD) and in a text file (separators for the
// tokenizer) are counted; neither loses a document.
TEST(UnicodePairs, InvalidUtf8IsCountedNotFatal) {
  const std::string dir = testing::shared_temp_dir();
  if (testing::world_rank() == 0) {
    fs::create_directories(dir + "/json");
    fs::create_directories(dir + "/text");
    std::ofstream(dir + "/json/a.jsonl", std::ios::binary)
        << "{\"id\": \"x\", \"text\": \"caf\xC3 au lait \xFF\xFE ok\"}\n"  // 3 bytes
        << "{\"id\": \"y\", \"text\": \"caf\xC3 au lait \xFF\xFE ok\"}\n"  // 3 bytes
        << "{\"id\": \"z\", \"text\": \"clean text\"}\n";
    std::ofstream(dir + "/text/a.txt", std::ios::binary) << "one\x80two \xE2\x82 three";  // 3
    std::ofstream(dir + "/text/b.txt", std::ios::binary) << "one\x80two \xE2\x82 three";  // 3
  }
  MinhashOptions json = options_for(dir);
  json.inputs = {dir + "/json"};
  json.output = dir + "/json-out";
  const JobSummary from_json = run_minhash(MPI_COMM_WORLD, json);
  MinhashOptions text = json;
  text.inputs = {dir + "/text"};
  text.output = dir + "/text-out";
  text.format = InputFormat::kText;
  const JobSummary from_text = run_minhash(MPI_COMM_WORLD, text);
  EXPECT_EQ(from_json.docs_read, 3u);
  EXPECT_EQ(from_json.docs_removed, 1u);
  EXPECT_EQ(from_text.docs_read, 2u);
  EXPECT_EQ(from_text.docs_removed, 1u);
  if (testing::world_rank() == 0) {
    EXPECT_EQ(testing::stat(json.output, "/invalid_utf8_bytes"), 6u);
    EXPECT_EQ(testing::stat(text.output, "/invalid_utf8_bytes"), 6u);
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace neardup
