// How verified near-duplicates become clusters (--clusters), and the names the flag and
// stats.json use.
#include "jobs/options/cluster_rule.hpp"

namespace neardup {

const char* cluster_rule_name(ClusterRule rule) {
  return rule == ClusterRule::kComponents ? "components" : "greedy";
}

}  // namespace neardup
