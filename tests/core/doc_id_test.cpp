// Document ids: (split, line) packed so that numeric order is input order, and unpacked again.
#include "core/doc_id.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace neardup {
namespace {

TEST(DocId, PacksAndUnpacksSplitAndLine) {
  for (const std::uint32_t split : {0u, 1u, 77u, 0xFFFFFFFFu}) {
    for (const std::uint32_t line : {0u, 1u, 123456u, 0xFFFFFFFFu}) {
      const DocId id = make_doc_id(split, line);
      EXPECT_EQ(split_of(id), split);
      EXPECT_EQ(line_of(id), line);
    }
  }
}

TEST(DocId, NumericOrderIsInputOrder) {
  EXPECT_LT(make_doc_id(0, 5), make_doc_id(0, 6));            // later line, same split
  EXPECT_LT(make_doc_id(0, 0xFFFFFFFFu), make_doc_id(1, 0));  // any line < the next split
  EXPECT_LT(make_doc_id(3, 0xFFFFFFFFu), make_doc_id(4, 0));
  static_assert(make_doc_id(2, 9) == (std::uint64_t{2} << 32 | 9), "split in the high half");
}

}  // namespace
}  // namespace neardup
