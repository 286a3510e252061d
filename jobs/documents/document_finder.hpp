// Documents found by id in a job's inputs, read in order on one process (explain's lookups).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "jobs/mpi/mpi_check.hpp"
#include "jobs/options/job_options.hpp"

namespace neardup {

/// A document found in the inputs: how the outputs name it, where it is and its text.
struct FoundDoc {
  std::string name;      // its id field, or its location when it has none
  std::string location;  // path:line, or a text file's path
  std::string text;
};

/// Reads every record of the inputs of `options` in order (on this process alone, from
/// options.working_directory when it is set, and naming locations as a run started there did)
/// until every
/// id of `ids` is found; found[i] is the document `ids[i]` names, if any. A document matches by
/// its id field or by its location, as they are or as the TSV outputs print them
/// (escape_tsv_field: a tab, newline, carriage return or backslash printed escaped). The first
/// document matching as is wins; one matching only as printed is taken when none matches as
/// is (reading on to the end of the inputs).
std::vector<std::optional<FoundDoc>> find_documents(const JobOptions& options,
                                                    std::span<const std::string> ids);

/// The error for a document asked for and not in the inputs.
JobError document_not_found(const std::string& id);

}  // namespace neardup
