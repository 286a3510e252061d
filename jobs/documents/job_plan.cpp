// Stage 1, plan: rank 0 lists the inputs and cuts them into splits; every rank gets the plan.
#include "jobs/documents/job_plan.hpp"

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <sstream>

#include "io/io_error.hpp"
#include "jobs/mpi/mpi_check.hpp"

namespace boost::serialization {

template <class Archive>
void serialize(Archive& archive, neardup::InputFile& file, unsigned) {
  archive& file.path& file.size& file.format& file.relative;
}

template <class Archive>
void serialize(Archive& archive, neardup::Split& split, unsigned) {
  archive& split.file& split.begin& split.end;
}

}  // namespace boost::serialization

namespace neardup {

std::vector<std::uint64_t> JobPlan::bytes_per_rank(int ranks) const {
  std::vector<std::uint64_t> bytes(static_cast<std::size_t>(ranks), 0);
  for (std::size_t s = 0; s < splits.size(); ++s) {
    bytes[static_cast<std::size_t>(owners[s])] += splits[s].end - splits[s].begin;
  }
  return bytes;
}

bool JobPlan::has_compressed_input() const {
  for (const InputFile& file : files) {
    if (is_compressed(file.format)) return true;
  }
  return false;
}

std::uint64_t JobPlan::total_bytes() const {
  std::uint64_t total = 0;
  for (const InputFile& file : files) total += file.size;
  return total;
}

JobPlan make_plan(MPI_Comm comm, const std::vector<std::string>& inputs,
                  std::optional<InputFormat> format, std::uint64_t split_bytes) {
  JobPlan plan;
  std::string error;
  std::string encoded;
  if (comm_rank(comm) == 0) {
    try {
      plan.files = expand_inputs(inputs, format);
      plan.splits = cut_splits(plan.files, split_bytes);
      if (plan.splits.size() >= (std::uint64_t{1} << 32)) {
        throw IoError("more than 2^32 splits; raise --split-mb");
      }
      std::ostringstream stream;
      boost::archive::binary_oarchive archive(stream);
      archive << plan.files << plan.splits;
      encoded = stream.str();
    } catch (const IoError& e) {
      error = e.what();
    }
  }
  agree_on_errors(comm, error);
  encoded = broadcast_string(comm, std::move(encoded));
  if (comm_rank(comm) != 0) {
    std::istringstream stream(encoded);
    boost::archive::binary_iarchive archive(stream);
    archive >> plan.files >> plan.splits;
  }
  plan.owners = assign_splits(plan.splits, comm_size(comm));
  return plan;
}

}  // namespace neardup
