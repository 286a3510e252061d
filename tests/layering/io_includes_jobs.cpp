// Must not compile: io/ cannot include jobs/ (the layering test builds it and expects failure).
#include "jobs/mpi/log.hpp"
