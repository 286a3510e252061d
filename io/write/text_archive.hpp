// Values as Boost.Serialization text archives: the form of checkpoint manifests and index
// metadata (portable across compilers and word sizes, diffable by eye).
#pragma once

#include <boost/archive/text_iarchive.hpp>
#include <boost/archive/text_oarchive.hpp>
#include <exception>
#include <istream>
#include <sstream>
#include <string>

#include "io/io_error.hpp"
#include "io/read/bytes_view.hpp"

namespace neardup {

/// `value` as a text archive.
template <class T>
std::string to_text_archive(const T& value) {
  std::ostringstream out;
  {
    boost::archive::text_oarchive archive(out);
    archive << value;
  }
  return std::move(out).str();
}

/// The value in text archive `text`; throws IoError("malformed WHAT: ...") when it is not one.
template <class T>
T from_text_archive(const std::string& text, const std::string& what) {
  T value;
  try {
    BytesView bytes(text);
    std::istream in(&bytes);
    boost::archive::text_iarchive archive(in);
    archive >> value;
  } catch (const std::exception& e) {
    throw IoError("malformed " + what + ": " + e.what());
  }
  return value;
}

}  // namespace neardup
