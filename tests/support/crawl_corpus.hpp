// A generated web crawl: pages of many hosts, where some hosts copy others (wholly, in part,
// with edits), some share only boilerplate, and one page is copied by over a hundred hosts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace neardup::testing {

/// One crawled page.
struct CrawlPage {
  std::string id;
  std::string url_json;  // the "url" member of the record's "meta" as written; "" for none
  std::string host;      // the host url_host should find; "" for none
  std::string text;
  std::size_t family = 0;  // pages of one family are near-duplicates, of two never
};

/// The host pairs the crawl plants at share >= 0.5, each as (smaller host, other host), and
/// those it plants below (a third of a host copied); the hosts of the widely copied page
/// (kWideHosts of them, over kMaxClusterHosts) each have two pages and share only it.
struct CrawlTruth {
  std::vector<std::pair<std::string, std::string>> mirrors;
  std::vector<std::pair<std::string, std::string>> below_share;
};

/// How many hosts carry the widely copied page.
inline constexpr std::size_t kWideHosts = 110;

/// The crawl, shuffled; the same for the same seed. `truth` gets the planted pairs.
std::vector<CrawlPage> generate_crawl(std::uint64_t seed, CrawlTruth& truth);

/// The JSON Lines record {"id", "meta": {"url"}, "text"} of a page (no newline; no "meta"
/// when the page has no url member).
std::string crawl_json_line(const CrawlPage& page);

}  // namespace neardup::testing
