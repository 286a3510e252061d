// Must not compile: jobs/spans stands beside jobs/stages, not above it (the spans job's steps
// share nothing of the dedup pipeline's).
#include "jobs/stages/verify_stage.hpp"
