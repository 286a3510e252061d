// Generated corpora with the shapes real ones have: near-identical families, shared
// boilerplate, very short documents, quoted mail replies, source files with licence headers.
#include "tests/support/realistic_corpus.hpp"

#include <algorithm>
#include <cstdio>
#include <random>

namespace neardup::testing {
namespace {

using Lines = std::vector<std::string>;

// Words in several scripts: accented Latin, Cyrillic, Greek, Chinese, Japanese (UTF-8).
constexpr const char* kForeign[] = {"café",       "naïve", "straße", "garçon", "привет", "мир",
                                    "данные",     "λόγος", "κόσμος", "数据",   "服务器", "東京",
                                    "ありがとう", "élève", "señor",  "øre"};

class Words {
 public:
  explicit Words(std::uint64_t seed) : rng(seed), english_(english_words()) {}

  std::string common() {
    // Zipf-like: the square of a uniform draw favours the frequent words at the front.
    const double u = unit_(rng);
    return english_[static_cast<std::size_t>(u * u * static_cast<double>(english_.size()))];
  }

  std::string foreign() { return kForeign[pick(std::size(kForeign))]; }

  // A token that occurs nowhere else: a changed value, a new identifier.
  std::string fresh() {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "v%llx", static_cast<unsigned long long>(rng() >> 24));
    return buffer;
  }

  std::string sentence(std::size_t words) {
    std::string out;
    for (std::size_t i = 0; i < words; ++i) {
      if (i > 0) out += ' ';
      out += chance(0.02) ? foreign() : chance(0.15) ? fresh() : common();
    }
    return out + '.';
  }

  // Prose of about `words` words, as lines of 6-12 words.
  Lines prose(std::size_t words) {
    Lines lines;
    for (std::size_t done = 0; done < words;) {
      const std::size_t n = std::min(words - done, between(6, 12));
      lines.push_back(sentence(n));
      done += n;
    }
    return lines;
  }

  std::size_t pick(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  }
  std::size_t between(std::size_t lo, std::size_t hi) {
    return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
  }
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit_(rng); }
  bool chance(double p) { return unit_(rng) < p; }

  std::mt19937_64 rng;

 private:
  std::span<const char* const> english_;
  std::uniform_real_distribution<double> unit_{0.0, 1.0};
};

std::string join(const Lines& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + '\n';
  return out;
}

Lines split_lines(const std::string& text) {
  Lines lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

std::string id_of(const char* shape, std::size_t group, std::size_t member) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%s-%03zu-%04zu", shape, group, member);
  return buffer;
}

// Changes `count` distinct lines of `lines`, each by replacing 1-3 of its words.
void edit_lines(Lines& lines, std::size_t count, Words& words) {
  std::vector<std::size_t> order(lines.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), words.rng);
  for (std::size_t k = 0; k < std::min(count, order.size()); ++k) {
    std::string& line = lines[order[k]];
    const std::size_t edits = words.between(1, 3);
    for (std::size_t e = 0; e < edits; ++e) {
      const std::size_t at = words.pick(line.size());
      const std::size_t start =
          line.rfind(' ', at) == std::string::npos ? 0 : line.rfind(' ', at) + 1;
      const std::size_t end = std::min(line.find(' ', at), line.size());
      line.replace(start, end - start, words.fresh());
    }
  }
}

void add_families(const RealisticSpec& spec, Words& words, std::vector<GeneratedDoc>& docs) {
  for (std::size_t f = 0; f < spec.families; ++f) {
    Lines page;
    for (std::size_t l = 0; l < spec.family_lines; ++l) {
      page.push_back("field_" + std::to_string(l) + ": " + words.sentence(words.between(5, 11)));
    }
    for (std::size_t m = 0; m < spec.family_size; ++m) {
      Lines member = page;
      const double share = words.uniform(spec.min_line_edits, spec.max_line_edits);
      edit_lines(member, static_cast<std::size_t>(share * spec.family_lines + 0.5), words);
      docs.push_back({id_of("family", f, m), join(member), f});
    }
  }
}

void add_boilerplate(const RealisticSpec& spec, Words& words, std::vector<GeneratedDoc>& docs) {
  for (std::size_t g = 0; g < spec.boilerplate_groups; ++g) {
    const Lines header = words.prose(words.between(80, 160));
    const std::size_t header_words = header.size() * 9;
    const std::size_t first = docs.size();
    for (std::size_t m = 0; m < spec.boilerplate_group_size; ++m) {
      if (m > 0 && words.chance(0.1)) {
        // A lightly edited copy of an earlier member: a true duplicate among look-alikes.
        Lines copy = split_lines(docs[first + words.pick(m)].text);
        edit_lines(copy, 1, words);
        docs.push_back({id_of("boiler", g, m), join(copy), g});
        continue;
      }
      const double share = words.uniform(0.45, 0.8);
      const Lines body = words.prose(
          static_cast<std::size_t>(static_cast<double>(header_words) * (1 - share) / share));
      Lines doc = header;
      doc.insert(doc.end(), body.begin(), body.end());
      docs.push_back({id_of("boiler", g, m), join(doc), g});
    }
  }
}

void add_short(const RealisticSpec& spec, Words& words, std::vector<GeneratedDoc>& docs) {
  static constexpr const char* kSmall[] = {"thanks", "ok",    "see",  "you",   "tomorrow", "yes",
                                           "no",     "call",  "me",   "later", "sounds",   "good",
                                           "done",   "great", "will", "do",    "please",   "send"};
  for (std::size_t d = 0; d < spec.short_docs; ++d) {
    std::string text;
    const std::size_t n = words.between(1, 9);
    for (std::size_t i = 0; i < n; ++i) {
      text += (i > 0 ? " " : "") + std::string(kSmall[words.pick(i < 2 ? 4 : std::size(kSmall))]);
    }
    if (words.chance(0.3)) text += words.chance(0.5) ? "!" : ".";
    if (words.chance(0.2)) text[0] = static_cast<char>(text[0] - 32);
    docs.push_back({id_of("short", 0, d), text, d});
  }
}

void add_mail(const RealisticSpec& spec, Words& words, std::vector<GeneratedDoc>& docs) {
  for (std::size_t t = 0; t < spec.mail_threads; ++t) {
    const std::string subject = words.sentence(words.between(2, 6));
    Lines previous;
    const std::size_t messages = words.between(2, 6);
    for (std::size_t m = 0; m < messages; ++m) {
      const std::string from = "person" + std::to_string(words.pick(40)) + "@example.com";
      Lines message = {"From: " + from, "Subject: " + std::string(m > 0 ? "Re: " : "") + subject};
      const Lines body = words.prose(m == 0 ? words.between(30, 200) : words.between(3, 80));
      message.insert(message.end(), body.begin(), body.end());
      if (m > 0) {
        message.push_back("On " + words.common() + ", " + words.common() + " wrote:");
        for (const std::string& line : previous) message.push_back("> " + line);
      }
      docs.push_back({id_of("mail", t, m), join(message), t});
      previous = message;
    }
  }
}

Lines code_lines(std::size_t count, Words& words) {
  Lines code;
  for (std::size_t l = 0; l < count; ++l) {
    const std::string name = words.common() + "_" + words.fresh();
    switch (words.pick(4)) {
      case 0:
        code.push_back("  int " + name + " = " + words.common() + "(" + words.fresh() + ");");
        break;
      case 1:
        code.push_back("  if (" + name + " > " + std::to_string(words.pick(100)) + ") {");
        break;
      case 2:
        code.push_back("    return " + words.common() + "_" + words.common() + "(" + name + ");");
        break;
      default:
        code.push_back("  }");
        break;
    }
  }
  return code;
}

void add_source(const RealisticSpec& spec, Words& words, std::vector<GeneratedDoc>& docs) {
  Lines licences[2];
  for (Lines& licence : licences) {
    for (const std::string& line : words.prose(words.between(120, 200)))
      licence.push_back(" * " + line);
  }
  std::vector<Lines> files;
  for (std::size_t f = 0; f < spec.source_files; ++f) {
    Lines file;
    if (f > 0 && words.chance(0.2)) {
      file = files[words.pick(f)];
      edit_lines(file, words.between(1, 5), words);
    } else {
      file = licences[words.pick(2)];
      const Lines code = code_lines(words.between(30, 300), words);
      file.insert(file.end(), code.begin(), code.end());
    }
    files.push_back(file);
    docs.push_back({id_of("source", 0, f), join(file), f});
  }
}

void add_plain(const RealisticSpec& spec, Words& words, std::vector<GeneratedDoc>& docs) {
  for (std::size_t d = 0; d < spec.plain_docs; ++d) {
    docs.push_back({id_of("plain", 0, d), join(words.prose(words.between(10, 400))), d});
  }
}

}  // namespace

std::vector<GeneratedDoc> generate_realistic_corpus(const RealisticSpec& spec) {
  Words words(spec.seed);
  std::vector<GeneratedDoc> docs;
  add_families(spec, words, docs);
  add_boilerplate(spec, words, docs);
  add_short(spec, words, docs);
  add_mail(spec, words, docs);
  add_source(spec, words, docs);
  add_plain(spec, words, docs);
  std::shuffle(docs.begin(), docs.end(), words.rng);
  return docs;
}

std::string shape_of(const std::string& id) { return id.substr(0, id.find('-')); }

}  // namespace neardup::testing
