// Must not compile: jobs/stages cannot include jobs/pipeline, a folder above it.
#include "jobs/pipeline/job_summary.hpp"
