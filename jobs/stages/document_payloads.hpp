// The pipeline's documents as the payloads of a check: shingle sets made by their owners, or
// sketches read where they lie.
#pragma once

#include <cstdint>

#include "jobs/documents/document_fetch.hpp"
#include "jobs/documents/document_source.hpp"
#include "jobs/documents/local_docs.hpp"
#include "jobs/stages/pair_check.hpp"
#include "jobs/stages/round_payloads.hpp"

namespace neardup {

/// What a check of `kind` reads of this rank's documents, and from other ranks' owners.
class DocumentPayloads {
 public:
  /// A payload is a document's sorted shingle set under the job's shingling, made through
  /// `source` (reads_shingle_sets(kind); its records must be readable: the pipeline's
  /// need_records), or else its sketch, viewed in `docs`. The arguments must outlive this.
  DocumentPayloads(CheckKind kind, DocSource& source, const LocalDocs& docs, const OwnerFn& owner,
                   std::uint64_t round_bytes);
  DocumentPayloads(const DocumentPayloads&) = delete;
  DocumentPayloads& operator=(const DocumentPayloads&) = delete;

  /// The access verification and greedy clustering read payloads through.
  const PayloadAccess& access() const { return access_; }

 private:
  PayloadFn provide_;
  PayloadSizeFn size_of_;
  PayloadAccess access_;
};

}  // namespace neardup
