// Stage 7, write: cluster shards, verified pairs and the deduplicated corpus, each part written
// atomically by the rank that owns its documents.
#include "jobs/pipeline/output_stage.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <memory>
#include <set>
#include <utility>

#include "io/io_error.hpp"
#include "io/json/base64.hpp"
#include "io/json/json_writer.hpp"
#include "io/read/record_reader.hpp"
#include "io/read/utf8.hpp"
#include "io/write/atomic_file.hpp"
#include "io/write/output_names.hpp"
#include "io/write/part_writer.hpp"
#include "io/write/tsv.hpp"
#include "jobs/documents/payload_fields.hpp"
#include "jobs/mpi/all_gathered.hpp"
#include "jobs/mpi/mpi_check.hpp"
#include "jobs/pipeline/output_dir.hpp"

namespace neardup {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kRowsPerRound = 1 << 18;

// Collective: calls write_rows(first, last, payloads) for consecutive chunks of `count` rows,
// with what `provide` gives of the documents `documents_of(first, last)` names, fetched from
// their owners.
template <class DocumentsOf, class WriteRows>
void in_rounds(Exchanger& exchanger, std::size_t count, const PayloadFn& provide,
               const OwnerFn& owner, DocumentsOf documents_of, WriteRows write_rows) {
  const std::uint64_t rounds =
      max_over_ranks(exchanger.comm(), (count + kRowsPerRound - 1) / kRowsPerRound);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const std::size_t first = std::min(count, round * kRowsPerRound);
    const std::size_t last = std::min(count, first + kRowsPerRound);
    std::vector<DocId> requests = documents_of(first, last);
    std::sort(requests.begin(), requests.end());
    requests.erase(std::unique(requests.begin(), requests.end()), requests.end());
    const Payloads ids = fetch_payloads(exchanger, requests, owner, provide);
    write_rows(first, last, ids);
  }
}

// The payload of in_rounds that is a document's id.
PayloadFn ids_of(DocSource& source) {
  return [&source](DocId doc, std::string& out) { out += source.id(doc); };
}

// The payload of in_rounds that is a document's id and location ("path:line", which only the
// ranks reading its file can say), as two fields (payload_fields.hpp).
PayloadFn ids_and_locations_of(DocSource& source) {
  return [&source](DocId doc, std::string& out) {
    put_field(out, source.id(doc));
    put_field(out, source.location(doc));
  };
}

// An ids_and_locations_of payload cut into its id and location.
std::pair<std::string_view, std::string_view> id_and_location(std::string_view payload) {
  const std::string_view id = take_field(payload);
  return {id, take_field(payload)};
}

// A member's similarity to its kept document as clusters/ and removed/ write it: six decimals,
// or "" when the clustering did not check it (transitive components).
std::string similarity_text(double similarity) {
  if (similarity < 0) return "";
  char text[32];
  std::snprintf(text, sizeof text, "%.6f", similarity);
  return text;
}

// The member of a removed/ row holding a document's original record (see write_removed).
std::string original_member(std::string_view record) {
  if (is_valid_utf8(record)) return "\"original\": \"" + json_escape(record) + "\"";
  return "\"original_base64\": \"" + base64_encode(record) + "\"";
}

}  // namespace

void write_clusters(Exchanger& exchanger, std::span<const ClusterMember> members, DocSource& source,
                    const OwnerFn& owner, const std::string& dir) {
  AtomicFile file(part_path(dir, output_name(Output::kClusters),
                            static_cast<std::size_t>(exchanger.rank()), "tsv"));
  std::string row;
  in_rounds(
      exchanger, members.size(), ids_of(source), owner,
      [&](std::size_t first, std::size_t last) {
        std::vector<DocId> docs;
        for (std::size_t i = first; i < last; ++i) {
          docs.push_back(members[i].doc);
          docs.push_back(members[i].root);
        }
        return docs;
      },
      [&](std::size_t first, std::size_t last, const Payloads& ids) {
        for (std::size_t i = first; i < last; ++i) {
          row = escape_tsv_field(ids.get(members[i].doc));
          row += '\t';
          row += escape_tsv_field(ids.get(members[i].root));
          row += members[i].doc == members[i].root ? "\t1\t" : "\t0\t";
          row += similarity_text(members[i].doc == members[i].root ? 1.0 : members[i].similarity);
          row += '\n';
          file.write(row);
        }
      });
  file.commit();
}

void write_pairs(Exchanger& exchanger, std::span<const VerifiedPair> pairs, DocSource& source,
                 const OwnerFn& owner, const std::string& dir) {
  AtomicFile file(part_path(dir, output_name(Output::kPairs),
                            static_cast<std::size_t>(exchanger.rank()), "tsv"));
  std::string row;
  char similarity[32];
  in_rounds(
      exchanger, pairs.size(), ids_of(source), owner,
      [&](std::size_t first, std::size_t last) {
        std::vector<DocId> docs;
        for (std::size_t i = first; i < last; ++i) {
          docs.push_back(pairs[i].a);
          docs.push_back(pairs[i].b);
        }
        return docs;
      },
      [&](std::size_t first, std::size_t last, const Payloads& ids) {
        for (std::size_t i = first; i < last; ++i) {
          row = escape_tsv_field(ids.get(pairs[i].a));
          row += '\t';
          row += escape_tsv_field(ids.get(pairs[i].b));
          std::snprintf(similarity, sizeof similarity, "\t%.6f\n", pairs[i].similarity);
          row += similarity;
          file.write(row);
        }
      });
  file.commit();
}

void write_hosts(int rank, std::span<const MirrorRow> rows, const std::string& dir) {
  AtomicFile file(
      part_path(dir, output_name(Output::kHosts), static_cast<std::size_t>(rank), "tsv"));
  for (const MirrorRow& row : rows) file.write(mirror_row_line(row));
  file.commit();
}

namespace {

// The lines of split `s` among `dropped` (sorted).
std::uint64_t dropped_lines(std::span<const DocId> dropped, std::uint32_t s) {
  const auto first = std::lower_bound(dropped.begin(), dropped.end(), make_doc_id(s, 0));
  const auto last = std::lower_bound(dropped.begin(), dropped.end(), make_doc_id(s + 1, 0));
  return static_cast<std::uint64_t>(last - first);
}

// Reads split `s` again and writes the records `keep` takes to `part` (as `rewrite` says, when
// given); returns how many. Throws IoError when the split no longer has `content_hash`.
template <class Keep>
std::uint64_t write_kept_records(const InputFile& file, const Split& split, const Keep& keep,
                                 std::uint32_t s, PartWriter& part, std::uint64_t max_record_bytes,
                                 std::uint64_t content_hash, const RecordRewrite& rewrite) {
  const bool lines = !is_text(file.format);
  const auto reader =
      open_records(file.path, file.format, split.begin, split.end, max_record_bytes);
  Record record;
  std::uint64_t written = 0;
  for (std::uint32_t index = 0; reader->next(record); ++index) {
    const DocId id = make_doc_id(s, index);
    if (!keep(id)) continue;
    std::optional<std::string> edited;
    if (rewrite) edited = rewrite(id, record.bytes);
    part.write(edited ? std::string_view(*edited) : record.bytes);
    if (lines) part.write("\n");
    ++written;
  }
  if (reader->content_hash() != content_hash) {
    throw IoError(file.path + ": changed while the job ran (bytes " + std::to_string(split.begin) +
                  "-" + std::to_string(split.end) +
                  " read differently when writing deduped/ than when sketched)");
  }
  return written;
}

}  // namespace

std::vector<std::uint32_t> clashing_text_parts(const JobPlan& plan) {
  std::vector<std::uint32_t> clashing;
  std::set<std::string> taken;
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    const std::uint32_t f = plan.splits[s].file;
    if (!is_text(plan.files.format_of(f))) continue;
    std::string name = contained_relative_path(plan.files[f].relative);
    if (taken.insert(name).second) continue;
    clashing.push_back(s);
    taken.insert(name + "." + std::to_string(s));
  }
  return clashing;
}

std::string deduped_part_name(const JobPlan& plan, std::uint32_t s,
                              std::span<const std::uint32_t> clashing) {
  const InputFile& file = plan.files[plan.splits[s].file];
  if (!is_text(file.format)) {
    char name[64];
    std::snprintf(name, sizeof name, "part-%05u%s", s, output_extension(file.format));
    return name;
  }
  std::string name = contained_relative_path(file.relative);
  if (std::binary_search(clashing.begin(), clashing.end(), s)) name += "." + std::to_string(s);
  return name;
}

std::uint64_t write_deduped(const JobPlan& plan, int rank, const LocalDocs& docs,
                            const SplitTallies& read, std::span<const DocId> removed,
                            const SharedDeduped& shared, std::span<const std::uint32_t> clashing,
                            const std::string& dir, std::uint64_t max_record_bytes,
                            const RecordRewrite& rewrite) {
  std::uint64_t written = 0;
  std::size_t next_doc = 0;
  std::size_t next_removed = 0;
  std::size_t next_dropped = 0;
  for (std::uint32_t s = 0; s < plan.splits.size(); ++s) {
    if (plan.owners[s] != rank) continue;
    const Split& split = plan.splits[s];
    const InputFile& file = plan.files[split.file];
    const bool lines = !is_text(file.format);
    const bool is_shared = plan.is_shared(s);
    // A shared split's documents are on other ranks: its lines are kept unless dropped.
    const auto kept_shared = [&](DocId id) {
      while (next_dropped < shared.dropped.size() && shared.dropped[next_dropped] < id) {
        ++next_dropped;
      }
      return next_dropped == shared.dropped.size() || shared.dropped[next_dropped] != id;
    };
    const auto keep = [&](DocId id) {
      if (is_shared) return kept_shared(id);
      while (next_doc < docs.size() && docs.ids[next_doc] < id) ++next_doc;
      if (next_doc == docs.size() || docs.ids[next_doc] != id) return false;  // skipped record
      while (next_removed < removed.size() && removed[next_removed] < id) ++next_removed;
      return next_removed == removed.size() || removed[next_removed] != id;
    };
    // A text file is one document: its part exists only when it is kept.
    if (!lines && !keep(make_doc_id(s, 0))) continue;
    const fs::path path =
        fs::path(dir) / output_name(Output::kDeduped) / deduped_part_name(plan, s, clashing);
    if (!lines) fs::create_directories(path.parent_path());
    const std::unique_ptr<PartWriter> part = open_part(path.string(), file.format);
    while (next_doc < docs.size() && split_of(docs.ids[next_doc]) < s) ++next_doc;
    // Splits without documents are not read again: their file may be the unreadable one.
    const bool has_documents = is_shared
                                   ? dropped_lines(shared.dropped, s) < shared.lines.lines(s)
                                   : next_doc < docs.size() && split_of(docs.ids[next_doc]) == s;
    if (has_documents) {
      const SplitCounts* counts = read.find(s);
      written += write_kept_records(file, split, keep, s, *part, max_record_bytes,
                                    counts != nullptr ? counts->content_hash : 0, rewrite);
    }
    part->commit();
  }
  return written;
}

std::vector<DocId> shared_dropped_lines(Exchanger& exchanger, const JobPlan& plan,
                                        std::span<const DocId> skipped,
                                        std::span<const DocId> removed) {
  if (plan.shared.empty()) return {};
  std::vector<DocId> dropped(skipped.begin(), skipped.end());
  for (const DocId doc : removed) {
    if (plan.is_shared(split_of(doc))) dropped.push_back(doc);
  }
  dropped = exchanger.shuffle_consuming(std::move(dropped),
                                        [&](DocId doc) { return plan.owners[split_of(doc)]; });
  std::sort(dropped.begin(), dropped.end());
  return dropped;
}

std::vector<std::uint32_t> agreed_clashing_text_parts(MPI_Comm comm, const JobPlan& plan) {
  std::vector<std::uint32_t> clashing;
  run_agreed(comm, [&] {
    if (comm_rank(comm) == 0) clashing = clashing_text_parts(plan);
  });
  return all_gathered(comm, std::span<const std::uint32_t>(clashing));
}

InputFormat removed_part_format(const JobPlan& plan) {
  const InputFormat formats[] = {InputFormat::kJsonl, InputFormat::kJsonlZstd,
                                 InputFormat::kJsonlGzip};  // in the order ties are settled
  std::uint64_t bytes[std::size(formats)] = {};
  for (std::size_t f = 0; f < plan.files.size(); ++f) {
    const InputFormat format = json_lines_format(plan.files.format_of(f));
    bytes[std::find(std::begin(formats), std::end(formats), format) - std::begin(formats)] +=
        plan.files.size_of(f);
  }
  return formats[std::max_element(std::begin(bytes), std::end(bytes)) - std::begin(bytes)];
}

void write_removed(Exchanger& exchanger, std::span<const ClusterMember> members,
                   std::span<const ReferenceMatch> references, DocSource& source,
                   const OwnerFn& owner, const std::string& dir, InputFormat format) {
  const std::unique_ptr<PartWriter> file = open_part(
      part_path(dir, output_name(Output::kRemoved), static_cast<std::size_t>(exchanger.rank()),
                output_extension(format) + 1),  // its extension without the dot
      format);
  std::vector<std::size_t> removed;  // members removed for a kept document of this run
  std::size_t r = 0;
  for (std::size_t i = 0; i < members.size(); ++i) {
    while (r < references.size() && references[r].doc < members[i].doc) ++r;
    const bool referenced = r < references.size() && references[r].doc == members[i].doc;
    if (members[i].doc != members[i].root && !referenced) removed.push_back(i);
  }
  std::string row;
  in_rounds(
      exchanger, removed.size(), ids_and_locations_of(source), owner,
      [&](std::size_t first, std::size_t last) {
        std::vector<DocId> docs;
        for (std::size_t i = first; i < last; ++i) {
          docs.push_back(members[removed[i]].doc);
          docs.push_back(members[removed[i]].root);
        }
        return docs;
      },
      [&](std::size_t first, std::size_t last, const Payloads& fetched) {
        for (std::size_t i = first; i < last; ++i) {
          const ClusterMember& m = members[removed[i]];
          const auto [id, location] = id_and_location(fetched.get(m.doc));
          const auto [kept_id, kept_location] = id_and_location(fetched.get(m.root));
          const std::string kept = json_escape(kept_id);
          const std::string similarity = similarity_text(m.similarity);
          row = "{\"id\": \"" + json_escape(id) + "\", \"location\": \"" + json_escape(location) +
                "\", \"cluster\": \"" + kept + "\", \"kept\": \"" + kept +
                "\", \"kept_location\": \"" + json_escape(kept_location) +
                "\", \"similarity\": " + (similarity.empty() ? "null" : similarity) + ", " +
                original_member(source.record(m.doc)) + "}\n";
          file->write(row);
        }
      });
  char similarity[32];
  for (const ReferenceMatch& m : references) {
    const std::string kept = json_escape(m.reference_id);
    std::snprintf(similarity, sizeof similarity, "%.6f", m.similarity);
    row = "{\"id\": \"" + json_escape(source.id(m.doc)) + "\", \"location\": \"" +
          json_escape(source.location(m.doc)) + "\", \"cluster\": \"" + kept + "\", \"kept\": \"" +
          kept + "\", \"kept_location\": \"reference\", \"similarity\": " + similarity + ", " +
          original_member(source.record(m.doc)) + "}\n";
    file->write(row);
  }
  file->commit();
}

void write_reference_matches(int rank, std::span<const ReferenceMatch> references,
                             DocSource& source, const std::string& dir) {
  AtomicFile file(
      part_path(dir, output_name(Output::kReference), static_cast<std::size_t>(rank), "tsv"));
  std::string row;
  char similarity[32];
  for (const ReferenceMatch& m : references) {
    std::snprintf(similarity, sizeof similarity, "%.6f", m.similarity);
    row = escape_tsv_field(source.id(m.doc)) + '\t' + escape_tsv_field(m.reference_id) + '\t' +
          similarity + '\n';
    file.write(row);
  }
  file.commit();
}

}  // namespace neardup
