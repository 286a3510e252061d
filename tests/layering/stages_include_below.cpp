// Compiles: jobs/stages includes its own headers and those of the folders below it.
#include "core/sketch/jaccard.hpp"
#include "io/json/json_writer.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/mpi/exchange.hpp"
#include "jobs/stages/verify_stage.hpp"
