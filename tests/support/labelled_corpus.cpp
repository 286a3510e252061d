// A generated corpus whose every pair is labelled by construction: edited copies of one
// document, different pages sharing a site's template, short texts, mail replies quoting.
#include "tests/support/labelled_corpus.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "tests/support/corpus_generator.hpp"

namespace neardup::testing {

std::size_t TextMaker::between(std::size_t lo, std::size_t hi) {
  return std::uniform_int_distribution<std::size_t>(lo, hi)(rng_);
}

double TextMaker::uniform(double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng_);
}

std::string TextMaker::rare() {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "v%llx", static_cast<unsigned long long>(rng_() >> 24));
  return buffer;
}

std::vector<std::string> TextMaker::words(std::size_t n) {
  const std::span<const char* const> english = english_words();
  std::vector<std::string> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (between(0, 6) == 0) {
      out.push_back(rare());
    } else {
      // Zipf-like: the square of a uniform draw favours the frequent words at the front.
      const double u = uniform(0, 1);
      out.emplace_back(
          english[static_cast<std::size_t>(u * u * static_cast<double>(english.size()))]);
    }
  }
  return out;
}

void TextMaker::change_words(std::vector<std::string>& text, std::size_t k) {
  std::vector<std::size_t> positions(text.size());
  std::iota(positions.begin(), positions.end(), std::size_t{0});
  std::shuffle(positions.begin(), positions.end(), rng_);
  for (std::size_t i = 0; i < std::min(k, positions.size()); ++i) text[positions[i]] = rare();
}

void TextMaker::add_block(std::vector<std::string>& text, std::size_t n) {
  const std::vector<std::string> block = words(n);
  const auto at = static_cast<std::ptrdiff_t>(between(0, text.size()));
  text.insert(text.begin() + at, block.begin(), block.end());
}

void TextMaker::cut_block(std::vector<std::string>& text, std::size_t n) {
  n = std::min(n, text.size());
  const auto at = static_cast<std::ptrdiff_t>(between(0, text.size() - n));
  text.erase(text.begin() + at, text.begin() + at + static_cast<std::ptrdiff_t>(n));
}

std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    out += words[i];
    out += (i % 10 == 9 || i + 1 == words.size()) ? ".\n" : " ";
  }
  return out;
}

const char* shape_name(LabelledShape shape) {
  switch (shape) {
    case LabelledShape::kPage:
      return "page";
    case LabelledShape::kShortText:
      return "short";
    case LabelledShape::kSitePage:
      return "site";
    case LabelledShape::kMailMessage:
      return "mail";
  }
  return "?";
}

namespace {

// Builds the documents shape by shape, numbering groups and identities as it goes.
class CorpusBuilder {
 public:
  explicit CorpusBuilder(std::uint64_t seed) : maker_(seed) {}

  void add_pages(const LabelledSpec& spec) {
    for (std::size_t p = 0; p < spec.pages; ++p) {
      // Lengths spread evenly over the orders of magnitude from 100 to 2,000 words.
      const auto length = static_cast<std::size_t>(100 * std::pow(20.0, maker_.uniform(0, 1)));
      const std::vector<std::string> page = maker_.words(length);
      const std::size_t identity = next_identity_++;
      add(page, LabelledShape::kPage, identity);
      for (std::size_t c = 0; c < spec.copies_per_page; ++c) {
        std::vector<std::string> copy = page;
        edit_page(copy);
        add(copy, LabelledShape::kPage, identity);
      }
      ++next_group_;
    }
  }

  void add_short_texts(const LabelledSpec& spec) {
    for (std::size_t s = 0; s < spec.short_texts; ++s) {
      const std::vector<std::string> text = maker_.words(maker_.between(8, 40));
      const std::size_t identity = next_identity_++;
      add(text, LabelledShape::kShortText, identity);
      for (std::size_t c = 0; c < spec.copies_per_short; ++c) {
        std::vector<std::string> copy = text;
        maker_.change_words(copy, 1);
        add(copy, LabelledShape::kShortText, identity);
      }
      ++next_group_;
    }
  }

  void add_sites(const LabelledSpec& spec) {
    for (std::size_t s = 0; s < spec.sites; ++s) {
      const std::vector<std::string> site = maker_.words(maker_.between(150, 400));
      const auto header_end = static_cast<std::ptrdiff_t>(site.size() * 6 / 10);
      for (std::size_t p = 0; p < spec.pages_per_site; ++p) {
        const double share = maker_.uniform(spec.min_template_share, spec.max_template_share);
        const auto body_words =
            static_cast<std::size_t>(static_cast<double>(site.size()) * (1 - share) / share);
        std::vector<std::string> page(site.begin(), site.begin() + header_end);
        const std::vector<std::string> body = maker_.words(body_words);
        page.insert(page.end(), body.begin(), body.end());
        page.insert(page.end(), site.begin() + header_end, site.end());
        add(page, LabelledShape::kSitePage, next_identity_++);
      }
      ++next_group_;
    }
  }

  void add_mail(const LabelledSpec& spec) {
    for (std::size_t t = 0; t < spec.mail_threads; ++t) {
      const std::string subject = join_words(maker_.words(maker_.between(2, 6)));
      std::string previous;
      const std::size_t messages = maker_.between(2, 6);
      for (std::size_t m = 0; m < messages; ++m) {
        std::string message = "From: person" + std::to_string(maker_.between(0, 39)) +
                              "@example.com\nSubject: " + (m > 0 ? "Re: " : "") + subject;
        message +=
            join_words(maker_.words(m == 0 ? maker_.between(30, 300) : maker_.between(3, 150)));
        if (m > 0) {
          message += "On " + maker_.words(1)[0] + ", " + maker_.words(1)[0] + " wrote:\n";
          for (std::size_t at = 0; at < previous.size();) {
            const std::size_t end = previous.find('\n', at);
            message += "> " + previous.substr(at, end - at) + "\n";
            at = end + 1;
          }
        }
        docs_.push_back({message, LabelledShape::kMailMessage, next_group_, next_identity_++});
        previous = message;
      }
      ++next_group_;
    }
  }

  std::vector<LabelledDoc> shuffled() {
    std::shuffle(docs_.begin(), docs_.end(), maker_.rng());
    return std::move(docs_);
  }

 private:
  void edit_page(std::vector<std::string>& page) {
    const double size = static_cast<double>(page.size());
    switch (maker_.between(0, 2)) {
      case 0:
        maker_.change_words(
            page,
            std::max<std::size_t>(1, static_cast<std::size_t>(size * maker_.uniform(0.01, 0.03))));
        break;
      case 1:
        maker_.add_block(page, static_cast<std::size_t>(size * maker_.uniform(0.05, 0.25)));
        break;
      default:
        maker_.cut_block(page, static_cast<std::size_t>(size * maker_.uniform(0.05, 0.25)));
        break;
    }
  }

  void add(const std::vector<std::string>& words, LabelledShape shape, std::size_t identity) {
    docs_.push_back({join_words(words), shape, next_group_, identity});
  }

  TextMaker maker_;
  std::vector<LabelledDoc> docs_;
  std::size_t next_group_ = 0;
  std::size_t next_identity_ = 0;
};

}  // namespace

std::vector<LabelledDoc> generate_labelled_corpus(const LabelledSpec& spec) {
  CorpusBuilder builder(spec.seed);
  builder.add_pages(spec);
  builder.add_short_texts(spec);
  builder.add_sites(spec);
  builder.add_mail(spec);
  return builder.shuffled();
}

}  // namespace neardup::testing
