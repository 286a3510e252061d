// How verified near-duplicates become clusters (--clusters), and the names the flag and
// stats.json use.
#pragma once

namespace neardup {

/// How clusters are made of the verified near-duplicate pairs.
enum class ClusterRule {
  kGreedy,      // greedy in keep order: every removed document is a near-duplicate of its kept one
  kComponents,  // connected components: transitive, a member may be unlike its kept document
};

/// "greedy" or "components", as the --clusters flag and stats.json spell it.
const char* cluster_rule_name(ClusterRule rule);

}  // namespace neardup
