// The AVX2 tokenizer: 32 bytes at a time, classified with byte compares into a bit mask; the
// kept bytes are compacted 8 at a time with byte shuffles from a 256-entry table (no pext), and
// only token starts are found per chunk (each end is one byte before the next start).
#include <immintrin.h>

#include <array>
#include <cstring>

#include "core/text/token_stream_buffers.hpp"
#include "core/text/tokenizer.hpp"

namespace neardup {
namespace {

// For each 8-bit keep mask, the pshufb control that moves the kept bytes of an 8-byte group
// to its front, in order; the positions after them read 0x80 (zero).
constexpr std::array<std::uint64_t, 256> make_compaction_shuffles() {
  std::array<std::uint64_t, 256> table{};
  for (unsigned mask = 0; mask < 256; ++mask) {
    std::uint64_t shuffle = 0x8080808080808080ull;
    unsigned kept = 0;
    for (unsigned bit = 0; bit < 8; ++bit) {
      if (((mask >> bit) & 1) == 0) continue;
      shuffle &= ~(std::uint64_t{0xFF} << (8 * kept));
      shuffle |= std::uint64_t{bit} << (8 * kept);
      ++kept;
    }
    table[mask] = shuffle;
  }
  return table;
}

alignas(64) constexpr std::array<std::uint64_t, 256> kCompaction = make_compaction_shuffles();

// Where a chunk's results go, and what carries from one chunk to the next.
struct Cursor {
  detail::TokenStreamBuffers out;
  std::uint32_t text = 0;   // bytes of text written
  std::size_t tokens = 0;   // starts written
  std::uint32_t carry = 0;  // 1 when the previous chunk ended inside a token
};

// Token starts written per chunk without a branch; more take a loop. Prose has about five
// tokens per 32 bytes: a loop would mispredict its exit in every chunk.
constexpr int kUnrolledStarts = 5;

// Writes the text offsets of the chunk's token starts (`begins`, all kept bytes) and advances
// the count; writes up to kUnrolledStarts entries past them.
[[gnu::target("bmi,popcnt"), gnu::always_inline]] inline void write_starts(std::uint32_t begins,
                                                                           std::uint32_t keep,
                                                                           Cursor& c) {
  std::uint32_t* at = c.out.starts + c.tokens;
  c.tokens += static_cast<std::size_t>(__builtin_popcount(begins));
  // The lowest start's offset: the chunk's kept bytes up to and including it, after the
  // cursor's byte, minus one (wrapping around when the cursor is 0).
  const std::uint32_t before = c.text - 1;
  for (int k = 0; k < kUnrolledStarts; ++k) {
    at[k] = before + static_cast<std::uint32_t>(__builtin_popcount(keep & _blsmsk_u32(begins)));
    begins = _blsr_u32(begins);
  }
  for (at += kUnrolledStarts; begins != 0; begins = _blsr_u32(begins)) {
    *at++ = before + static_cast<std::uint32_t>(__builtin_popcount(keep & _blsmsk_u32(begins)));
  }
}

// Writes the kept bytes (bits of `keep`) of a 16-byte lane at the text cursor, as two 8-byte
// groups, and advances the cursor; up to 16 bytes past the cursor are written.
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline void compact_lane(__m128i bytes,
                                                                            std::uint32_t keep,
                                                                            Cursor& c) {
  const std::uint32_t low = keep & 0xFF, high = (keep >> 8) & 0xFF;
  const __m128i shuffle =
      _mm_set_epi64x(static_cast<long long>(kCompaction[high] + 0x0808080808080808ull),
                     static_cast<long long>(kCompaction[low]));
  const __m128i packed = _mm_shuffle_epi8(bytes, shuffle);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(c.out.text + c.text), packed);
  c.text += static_cast<std::uint32_t>(__builtin_popcount(low));
  _mm_storeh_pi(reinterpret_cast<__m64*>(c.out.text + c.text), _mm_castsi128_ps(packed));
  c.text += static_cast<std::uint32_t>(__builtin_popcount(high));
}

// Tokenizes one chunk: `v` holds its bytes, the first `length` (1 to 32) of them real.
[[gnu::target("avx2,bmi,popcnt"), gnu::always_inline]] inline void tokenize_chunk(__m256i v,
                                                                                  unsigned length,
                                                                                  Cursor& c) {
  const std::uint32_t valid = length >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << length) - 1;
  // Unsigned x <= limit as min(x, limit) == x (AVX2 has no unsigned byte compare).
  const __m256i d = _mm256_sub_epi8(v, _mm256_set1_epi8('0'));
  const __m256i digit = _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(9)), d);
  const __m256i l =
      _mm256_sub_epi8(_mm256_or_si256(v, _mm256_set1_epi8(0x20)), _mm256_set1_epi8('a'));
  const __m256i letter = _mm256_cmpeq_epi8(_mm256_min_epu8(l, _mm256_set1_epi8(25)), l);
  // The high bit of each byte: set for digits, letters and bytes >= 0x80.
  const __m256i token_bytes = _mm256_or_si256(_mm256_or_si256(digit, letter), v);
  const auto token = static_cast<std::uint32_t>(_mm256_movemask_epi8(token_bytes)) & valid;
  const std::uint32_t previous = (token << 1) | c.carry;
  const std::uint32_t keep = (token | previous) & valid;
  const std::uint32_t begins = token & ~previous;
  c.carry = (token >> (length - 1)) & 1;
  // Token bytes lowercased (0x20 set on letters), separators as spaces.
  const __m256i lowered = _mm256_or_si256(v, _mm256_and_si256(letter, _mm256_set1_epi8(0x20)));
  const __m256i canonical = _mm256_blendv_epi8(_mm256_set1_epi8(' '), lowered, token_bytes);
  write_starts(begins, keep, c);
  compact_lane(_mm256_castsi256_si128(canonical), keep, c);
  compact_lane(_mm256_extracti128_si256(canonical, 1), keep >> 16, c);
}

}  // namespace

[[gnu::target("avx2")]] void detail::write_ends_from_starts(const std::uint32_t* starts,
                                                            std::size_t tokens,
                                                            std::uint32_t text_end,
                                                            std::uint32_t* ends) {
  if (tokens == 0) return;
  std::size_t t = 0;
  const __m256i one = _mm256_set1_epi32(1);
  for (; t + 8 < tokens; t += 8) {
    const __m256i next = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(starts + t + 1));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(ends + t), _mm256_sub_epi32(next, one));
  }
  for (; t + 1 < tokens; ++t) ends[t] = starts[t + 1] - 1;
  ends[tokens - 1] = text_end;
}

bool tokenize_avx2_supported() {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("popcnt");
}

[[gnu::target("avx2,bmi,popcnt")]] void tokenize_avx2(std::string_view raw, TokenStream& out) {
  const std::size_t n = raw.size();
  // Slack: a compacted lane always stores 16 bytes of text, write_starts kUnrolledStarts
  // entries, past the cursors.
  Cursor c{detail::open_token_stream(out, n, 32, kUnrolledStarts)};
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    tokenize_chunk(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(raw.data() + i)), 32, c);
  }
  if (i < n) {
    // The last partial chunk from a zeroed copy: no read past the input.
    alignas(32) char tail[32] = {};
    std::memcpy(tail, raw.data() + i, n - i);
    tokenize_chunk(_mm256_load_si256(reinterpret_cast<const __m256i*>(tail)),
                   static_cast<unsigned>(n - i), c);
  }
  // The text ends after the last token, or one space after it.
  detail::write_ends_from_starts(c.out.starts, c.tokens, c.carry != 0 ? c.text : c.text - 1,
                                 c.out.ends);
  detail::close_token_stream(out, c.text, c.tokens);
}

}  // namespace neardup
