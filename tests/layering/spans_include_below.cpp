// Compiles: jobs/spans includes its own headers and those of the folders below it.
#include "core/spans/span_spec.hpp"
#include "io/scratch/bucket_spill.hpp"
#include "jobs/documents/document_fetch.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/spans/span_cuts_stage.hpp"
