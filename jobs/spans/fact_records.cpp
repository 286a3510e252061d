// Fact records read back a document at a time.
#include "jobs/spans/fact_records.hpp"

namespace neardup {

DocumentFacts::DocumentFacts(const RecordsInFile& records) : records_(records) {
  if (const FactRecord* first = records_.next()) next_ = *first;
}

DocId DocumentFacts::next(std::vector<TokenFact>& anchors, std::vector<WindowRun>& windows) {
  anchors.clear();
  windows.clear();
  const DocId doc = next_->doc;
  while (next_ && next_->doc == doc) {
    if (next_->count == 0) {
      anchors.push_back({next_->doc, next_->token, next_->fact});
    } else {
      windows.push_back(*next_);
    }
    const FactRecord* record = records_.next();
    next_ = record != nullptr ? std::optional<FactRecord>(*record) : std::nullopt;
  }
  return doc;
}

}  // namespace neardup
