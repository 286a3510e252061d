// Freeing a container's memory on the spot, which `items = {}` does not do.
#pragma once

namespace neardup {

/// Empties `items` and frees its memory now. `items = {}` would keep the memory: for a vector
/// or string it picks the initializer-list assignment, which only clears.
template <class Container>
void release(Container& items) {
  Container().swap(items);
}

}  // namespace neardup
