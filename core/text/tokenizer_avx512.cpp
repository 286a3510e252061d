// The AVX-512 tokenizers: 64 bytes at a time, classified with byte compares into bit masks;
// only token starts are found per chunk (each end is one byte before the next start), and the
// kept bytes and the starts' offsets are compacted in registers without a branch: with VBMI2
// a whole chunk in one byte compress, without it 16 at a time with 32-bit compress.
#include <immintrin.h>

#include <array>
#include <cstdint>

#include "core/text/token_stream_buffers.hpp"
#include "core/text/tokenizer.hpp"

namespace neardup {
namespace {

// Where a chunk's results go, and what carries from one chunk to the next.
struct Cursor {
  detail::TokenStreamBuffers out;
  std::uint32_t text = 0;   // bytes of text written
  std::size_t tokens = 0;   // starts written
  std::uint64_t carry = 0;  // 1 when the previous chunk ended inside a token
};

// Starts a chunk may write past the last one: up to 32 (a start every other byte).
constexpr std::size_t kStartSlack = 32;

// 0, 1, ..., 63: each byte's position in its chunk.
constexpr std::array<std::uint8_t, 64> make_byte_positions() {
  std::array<std::uint8_t, 64> table{};
  for (unsigned i = 0; i < 64; ++i) table[i] = static_cast<std::uint8_t>(i);
  return table;
}

alignas(64) constexpr std::array<std::uint8_t, 64> kBytePositions = make_byte_positions();

// A classified chunk.
struct Chunk {
  __m512i canonical;     // token bytes (letters lowercased), separators as spaces
  std::uint64_t keep;    // the bytes that go to the text: token bytes and each token's next byte
  std::uint64_t starts;  // bit k set: the chunk's k-th kept byte starts a token
};

// Classifies a chunk: `v` holds its bytes, the first `length` (1 to 64) of them real, the
// rest zero.
[[gnu::target("avx512f,avx512bw,bmi2"), gnu::always_inline]] inline Chunk classify(__m512i v,
                                                                                   unsigned length,
                                                                                   Cursor& c) {
  const std::uint64_t valid = length >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << length) - 1;
  const __m512i folded = _mm512_or_si512(v, _mm512_set1_epi8(0x20));
  const __mmask64 digit =
      _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8('0')), _mm512_set1_epi8(9));
  const __mmask64 letter =
      _mm512_cmple_epu8_mask(_mm512_sub_epi8(folded, _mm512_set1_epi8('a')), _mm512_set1_epi8(25));
  const std::uint64_t token = digit | letter | _mm512_movepi8_mask(v);
  const std::uint64_t previous = (token << 1) | c.carry;
  const std::uint64_t keep = (token | previous) & valid;
  c.carry = (token >> (length - 1)) & 1;
  const __m512i lowered = _mm512_mask_blend_epi8(letter, v, folded);
  return {_mm512_mask_blend_epi8(token, _mm512_set1_epi8(' '), lowered), keep,
          _pext_u64(token & ~previous, keep)};
}

// Writes the kept bytes of 16-byte group G of `chunk` at the text cursor (16 bytes are
// written) and advances the cursor.
template <int G>
[[gnu::target("avx512f,avx512bw,popcnt"), gnu::always_inline]] inline void compact_group(
    const Chunk& chunk, Cursor& c) {
  const auto group = static_cast<__mmask16>(chunk.keep >> (16 * G));
  // The zero-masked forms: GCC 12 warns that the unmasked ones read an undefined value.
  const __m128i lane = _mm512_maskz_extracti32x4_epi32(0xF, chunk.canonical, G);
  const __m512i wide = _mm512_maskz_compress_epi32(group, _mm512_maskz_cvtepu8_epi32(0xFFFF, lane));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(c.out.text + c.text),
                   _mm512_maskz_cvtepi32_epi8(0xFFFF, wide));
  c.text += static_cast<std::uint32_t>(__builtin_popcount(group));
}

// Writes the text offsets of the starts among kept bytes 16G to 16G + 15 (16 entries are
// written), counted from `base`, and advances the count.
template <int G>
[[gnu::target("avx512f,popcnt"), gnu::always_inline]] inline void write_start_group(
    std::uint64_t starts, std::uint32_t base, Cursor& c) {
  const auto group = static_cast<__mmask16>(starts >> (16 * G));
  const __m512i positions = _mm512_add_epi32(
      _mm512_set1_epi32(static_cast<int>(base + 16 * G)),
      _mm512_maskz_cvtepu8_epi32(
          0xFFFF, _mm_load_si128(reinterpret_cast<const __m128i*>(kBytePositions.data()))));
  _mm512_storeu_si512(c.out.starts + c.tokens, _mm512_maskz_compress_epi32(group, positions));
  c.tokens += static_cast<std::size_t>(__builtin_popcount(group));
}

// Tokenizes one chunk without VBMI2.
[[gnu::target("avx512f,avx512bw,bmi2,popcnt"), gnu::always_inline]] inline void tokenize_chunk(
    __m512i v, unsigned length, Cursor& c) {
  const Chunk chunk = classify(v, length, c);
  const std::uint32_t base = c.text;
  write_start_group<0>(chunk.starts, base, c);
  write_start_group<1>(chunk.starts, base, c);
  write_start_group<2>(chunk.starts, base, c);
  write_start_group<3>(chunk.starts, base, c);
  compact_group<0>(chunk, c);
  compact_group<1>(chunk, c);
  compact_group<2>(chunk, c);
  compact_group<3>(chunk, c);
}

// Writes the text offsets of the starts whose chunk positions are bytes 16Q to 16Q + 15 of
// `positions` (the text cursor plus the byte) at the count's entry 16Q (16 entries written).
template <int Q>
[[gnu::target("avx512f"), gnu::always_inline]] inline void widen_positions(__m512i positions,
                                                                           const Cursor& c) {
  // The zero-masked forms: GCC 12 warns that the unmasked ones read an undefined value.
  const __m128i bytes = _mm512_maskz_extracti32x4_epi32(0xF, positions, Q);
  _mm512_storeu_si512(c.out.starts + c.tokens + 16 * Q,
                      _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(c.text)),
                                       _mm512_maskz_cvtepu8_epi32(0xFFFF, bytes)));
}

// Tokenizes one chunk with VBMI2: the kept bytes in one compress (64 bytes of text are
// written), the starts' positions among the kept bytes in another, widened to offsets (32 entries
// written).
[[gnu::target("avx512f,avx512bw,avx512vbmi2,bmi2,popcnt"), gnu::always_inline]] inline void
tokenize_chunk_vbmi2(__m512i v, unsigned length, Cursor& c) {
  const Chunk chunk = classify(v, length, c);
  const __m512i positions = _mm512_maskz_compress_epi8(
      chunk.starts, _mm512_load_si512(reinterpret_cast<const void*>(kBytePositions.data())));
  widen_positions<0>(positions, c);
  widen_positions<1>(positions, c);
  c.tokens += static_cast<std::size_t>(__builtin_popcountll(chunk.starts));
  _mm512_storeu_si512(c.out.text + c.text, _mm512_maskz_compress_epi8(chunk.keep, chunk.canonical));
  c.text += static_cast<std::uint32_t>(__builtin_popcountll(chunk.keep));
}

// The masked load of the last `left` (1 to 63) bytes at `at`: no read past the input.
[[gnu::target("avx512f,avx512bw,bmi2"), gnu::always_inline]] inline __m512i load_tail(
    const char* at, std::size_t left) {
  return _mm512_maskz_loadu_epi8(_bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(left)), at);
}

}  // namespace

bool tokenize_avx512_supported() {
  // AVX2 for detail::write_ends_from_starts.
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") &&
         __builtin_cpu_supports("avx2");
}

bool tokenize_avx512_vbmi2_supported() {
  return tokenize_avx512_supported() && __builtin_cpu_supports("avx512vbmi2");
}

[[gnu::target("avx512f,avx512bw,bmi2,popcnt")]] void tokenize_avx512(std::string_view raw,
                                                                     TokenStream& out) {
  const std::size_t n = raw.size();
  // Slack: compacted groups store 16 bytes of text, start groups 16 entries, past the cursors.
  Cursor c{detail::open_token_stream(out, n, 16, kStartSlack)};
  std::size_t i = 0;
  for (; i + 64 <= n; i += 64) tokenize_chunk(_mm512_loadu_si512(raw.data() + i), 64, c);
  if (i < n) tokenize_chunk(load_tail(raw.data() + i, n - i), static_cast<unsigned>(n - i), c);
  // The text ends after the last token, or one space after it.
  detail::write_ends_from_starts(c.out.starts, c.tokens, c.carry != 0 ? c.text : c.text - 1,
                                 c.out.ends);
  detail::close_token_stream(out, c.text, c.tokens);
}

[[gnu::target("avx512f,avx512bw,avx512vbmi2,bmi2,popcnt")]] void tokenize_avx512_vbmi2(
    std::string_view raw, TokenStream& out) {
  const std::size_t n = raw.size();
  // Slack: a chunk stores 64 bytes of text and 32 starts past the cursors.
  Cursor c{detail::open_token_stream(out, n, 64, kStartSlack)};
  std::size_t i = 0;
  for (; i + 64 <= n; i += 64) tokenize_chunk_vbmi2(_mm512_loadu_si512(raw.data() + i), 64, c);
  if (i < n) {
    tokenize_chunk_vbmi2(load_tail(raw.data() + i, n - i), static_cast<unsigned>(n - i), c);
  }
  // The text ends after the last token, or one space after it.
  detail::write_ends_from_starts(c.out.starts, c.tokens, c.carry != 0 ? c.text : c.text - 1,
                                 c.out.ends);
  detail::close_token_stream(out, c.text, c.tokens);
}

}  // namespace neardup
