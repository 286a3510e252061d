// Regular files only: a FIFO without a writer is refused at once by its type, a regular file
// opens for blocking reads.
#include "io/input/regular_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "io/io_error.hpp"
#include "io/read/record_reader.hpp"
#include "tests/io/compression_fixtures.hpp"

namespace neardup {
namespace {

using testutil::TempDir;

std::string open_error(const std::string& path) {
  try {
    ::close(open_regular_file(path, "input"));
  } catch (const IoError& e) {
    return e.what();
  }
  return "";
}

// Without O_NONBLOCK the open of a FIFO with no writer never returns: the test would hang.
TEST(RegularFile, FifoWithoutWriterIsRefusedWithoutBlocking) {
  TempDir dir;
  const std::string fifo = dir.path("pipe.jsonl");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(open_error(fifo),
            fifo +
                ": input is a FIFO (named pipe), not a regular file; neardup reads its inputs "
                "more than once, so write the stream to a file first");
  EXPECT_THROW(open_records(fifo, InputFormat::kJsonl, 0, 0, 1 << 20), IoError);
  EXPECT_NE(open_error("/dev/null").find("/dev/null: input is a character device"),
            std::string::npos);
  EXPECT_NE(open_error(dir.path("none")).find("cannot open: No such file"), std::string::npos);
}

TEST(RegularFile, RegularFileOpensForBlockingReads) {
  TempDir dir;
  const std::string file = dir.path("a.jsonl");
  testutil::write_file(file, "x\n");
  const int fd = open_regular_file(file, "input");
  EXPECT_EQ(::fcntl(fd, F_GETFL) & O_NONBLOCK, 0);
  char byte = 0;
  EXPECT_EQ(::read(fd, &byte, 1), 1);
  EXPECT_EQ(byte, 'x');
  ::close(fd);
}

TEST(RegularFile, TypesHaveNames) {
  EXPECT_EQ(file_type_name(S_IFIFO), "a FIFO (named pipe)");
  EXPECT_EQ(file_type_name(S_IFSOCK), "a socket");
  EXPECT_EQ(file_type_name(S_IFBLK), "a block device");
  EXPECT_EQ(file_type_name(S_IFREG), "a regular file");
}

}  // namespace
}  // namespace neardup
