// Must not compile: core/ cannot include io/ (the layering test builds it and expects failure).
#include "io/io_error.hpp"
