// A generated web crawl: pages of many hosts, where some hosts copy others (wholly, in part,
// with edits), some share only boilerplate, and one page is copied by over a hundred hosts.
#include "tests/support/crawl_corpus.hpp"

#include <algorithm>
#include <random>

#include "io/json/json_writer.hpp"

namespace neardup::testing {
namespace {

class Crawl {
 public:
  explicit Crawl(std::uint64_t seed) : rng_(seed) {}

  // A random word of 3-9 letters: texts of them share no 5-gram by chance.
  std::string word() {
    std::string w(3 + rng_() % 7, 'a');
    for (char& c : w) c = static_cast<char>('a' + rng_() % 26);
    return w;
  }

  std::string words(std::size_t n) {
    std::string text;
    for (std::size_t i = 0; i < n; ++i) text += (i > 0 ? " " : "") + word();
    return text;
  }

  // `text` with one word replaced: a near-duplicate far above 0.7 Jaccard.
  std::string edited(const std::string& text) {
    std::vector<std::size_t> spaces;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == ' ') spaces.push_back(i);
    }
    const std::size_t at = spaces[rng_() % (spaces.size() - 1)] + 1;
    return text.substr(0, at) + word() + text.substr(text.find(' ', at));
  }

  // The url member of page `n` of `host`, written in one of several forms that all
  // normalise to it.
  std::string url_of(const std::string& host, std::size_t n) {
    const std::string path = "/p/" + std::to_string(n) + "?ref=" + std::to_string(rng_() % 99);
    std::string upper = host;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    switch (rng_() % 5) {
      case 0:
        return "\"https://www." + host + path + "\"";
      case 1:
        return "\"http://" + upper + ":8080" + path + "\"";
      case 2:
        return "\"https://user:pw@" + host + path + "#top\"";
      case 3:
        return "\"//" + host + path + "\"";
      default:
        return "\"http://" + host + "." + path + "\"";
    }
  }

  // A new page of `host` with `text` in `family`.
  void page(const std::string& host, const std::string& text, std::size_t family) {
    const std::size_t n = pages_.size();
    pages_.push_back({"", url_of(host, n), host, text, family});
  }

  // `count` pages of `host`, each its own family (after `boilerplate`, when given).
  std::vector<std::string> own_pages(const std::string& host, std::size_t count,
                                     const std::string& boilerplate = "") {
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < count; ++i) {
      texts.push_back(boilerplate + words(90 + rng_() % 60));
      page(host, texts.back(), next_family_++);
    }
    return texts;
  }

  // Host `copy` copies `pages` of `original`'s (its first ones), edited when `edit`.
  void copy_pages(const std::string& original, const std::string& copy, std::size_t pages,
                  bool edit) {
    std::size_t copied = 0;
    for (std::size_t i = 0; i < pages_.size() && copied < pages; ++i) {
      if (pages_[i].host != original) continue;
      const CrawlPage source = pages_[i];
      page(copy, edit ? edited(source.text) : source.text, source.family);
      ++copied;
    }
  }

  std::vector<CrawlPage> finish() {
    std::shuffle(pages_.begin(), pages_.end(), rng_);
    for (std::size_t i = 0; i < pages_.size(); ++i) pages_[i].id = "page" + std::to_string(i);
    return std::move(pages_);
  }

  // Pages without a host: no url member, a url that is not a URL with a host, or a number;
  // some of them copies of hosted pages.
  void hostless_pages() {
    const char* const urls[] = {"",   "\"not a url\"",     "\"example.com/relative\"",
                                "42", "\"file:///tmp/x\"", "\"http://bad host/\""};
    for (std::size_t i = 0; i < 12; ++i) {
      const bool copy = i % 3 == 0;
      const CrawlPage& source = pages_[rng_() % pages_.size()];
      pages_.push_back({"", urls[i % std::size(urls)], "", copy ? source.text : words(100),
                        copy ? source.family : next_family_++});
    }
  }

  std::mt19937_64 rng_;
  std::vector<CrawlPage> pages_;
  std::size_t next_family_ = 0;
};

}  // namespace

std::vector<CrawlPage> generate_crawl(std::uint64_t seed, CrawlTruth& truth) {
  truth = {};
  Crawl c(seed);
  for (int h = 0; h < 12; ++h) c.own_pages("site" + std::to_string(h) + ".example", 6 + h % 5);
  // Wholly copied: verbatim, with edits, and by two mirrors of one site (all three pairs).
  c.copy_pages("site0.example", "mirror-full.example", 6, false);
  c.copy_pages("site1.example", "mirror-edit.example", 7, true);
  c.copy_pages("site2.example", "mirror-a.example", 8, false);
  c.copy_pages("site2.example", "mirror-b.example", 8, true);
  // Half: 5 of 10 pages copied onto a host of 10 pages (share exactly 0.5).
  c.own_pages("half.example", 5);
  c.copy_pages("site4.example", "half.example", 5, false);
  // A small host made of part of a big one: all its pages are copies.
  c.copy_pages("site5.example", "subset.example", 3, true);
  // Below the share: 3 of 10 pages copied.
  c.own_pages("third.example", 7);
  c.copy_pages("site9.example", "third.example", 3, false);
  truth.mirrors = {
      {"mirror-full.example", "site0.example"}, {"mirror-edit.example", "site1.example"},
      {"mirror-a.example", "site2.example"},    {"mirror-b.example", "site2.example"},
      {"mirror-a.example", "mirror-b.example"}, {"half.example", "site4.example"},
      {"subset.example", "site5.example"}};
  truth.below_share = {{"third.example", "site9.example"}};
  // Boilerplate only: a long shared header over different pages.
  const std::string boilerplate = c.words(25) + " ";
  c.own_pages("shop-a.example", 6, boilerplate);
  c.own_pages("shop-b.example", 6, boilerplate);
  // The licence: one page copied by kWideHosts hosts of two pages each.
  const std::string licence = c.words(120);
  const std::size_t licence_family = c.next_family_++;
  for (std::size_t h = 0; h < kWideHosts; ++h) {
    const std::string host = "blog" + std::to_string(h) + ".example";
    c.own_pages(host, 1);
    c.page(host, licence, licence_family);
  }
  c.hostless_pages();
  return c.finish();
}

std::string crawl_json_line(const CrawlPage& page) {
  std::string line = "{\"id\": \"" + page.id + "\", ";
  if (!page.url_json.empty()) line += "\"meta\": {\"url\": " + page.url_json + "}, ";
  return line + "\"text\": \"" + json_escape(page.text) + "\"}";
}

}  // namespace neardup::testing
