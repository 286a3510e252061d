// One description per option: its flag, help, stats.json name, scope and bounds.
#include "jobs/options/option_list.hpp"

namespace neardup {

std::string long_flag(const OptionInfo& info) {
  std::string_view flags = info.flag;
  const std::size_t comma = flags.rfind(',');
  if (comma != std::string_view::npos) flags.remove_prefix(comma + 1);
  if (!flags.empty() && flags.front() == '!') flags.remove_prefix(1);
  return std::string(flags);
}

}  // namespace neardup
