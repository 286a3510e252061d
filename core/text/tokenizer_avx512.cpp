// The AVX-512BW tokenizer: 64 bytes at a time, classified with byte compares into bit masks;
// the kept bytes are compacted with 32-bit compress on 16-byte groups (no VBMI2 needed).
#include <immintrin.h>

#include "core/text/token_stream_buffers.hpp"
#include "core/text/tokenizer.hpp"

namespace neardup {
namespace {

// Output offset, within the chunk's kept bytes, of the byte at chunk position `bit`.
[[gnu::target("popcnt"), gnu::always_inline]] inline std::uint32_t kept_before(std::uint64_t keep,
                                                                               unsigned bit) {
  return static_cast<std::uint32_t>(__builtin_popcountll(keep & ((std::uint64_t{1} << bit) - 1)));
}

// Writes the kept bytes of 16-byte group G of `bytes` (bits of `keep`) at text + cursor
// (up to 16 bytes are written) and advances the cursor.
template <int G>
[[gnu::target("avx512f,avx512bw,popcnt"), gnu::always_inline]] inline void compact_group(
    __m512i bytes, std::uint64_t keep, char* text, std::uint32_t& cursor) {
  const auto group = static_cast<__mmask16>(keep >> (16 * G));
  if (group == 0) return;
  // The zero-masked forms: GCC 12 warns that the unmasked ones read an undefined value.
  const __m128i lane = _mm512_maskz_extracti32x4_epi32(0xF, bytes, G);
  const __m512i wide = _mm512_maskz_compress_epi32(group, _mm512_maskz_cvtepu8_epi32(0xFFFF, lane));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(text + cursor),
                   _mm512_maskz_cvtepi32_epi8(0xFFFF, wide));
  cursor += static_cast<std::uint32_t>(__builtin_popcount(group));
}

}  // namespace

bool tokenize_avx512_supported() {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("popcnt");
}

[[gnu::target("avx512f,avx512bw,popcnt,bmi")]] void tokenize_avx512(std::string_view raw,
                                                                    TokenStream& out) {
  const std::size_t n = raw.size();
  // Text slack: a compacted group always stores 16 bytes, past the cursor.
  const auto [text, starts, ends] = detail::open_token_stream(out, n, 64);
  std::uint32_t cursor = 0;
  std::size_t tokens = 0, closed = 0;
  std::uint64_t carry = 0;  // 1 when the previous chunk ended inside a token
  const __m512i space = _mm512_set1_epi8(' ');
  for (std::size_t i = 0; i < n; i += 64) {
    const std::size_t left = n - i;
    const std::uint64_t valid = left >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << left) - 1;
    const __m512i v = _mm512_maskz_loadu_epi8(valid, raw.data() + i);
    const __m512i folded = _mm512_or_si512(v, _mm512_set1_epi8(0x20));
    const __mmask64 digit =
        _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8('0')), _mm512_set1_epi8(9));
    const __mmask64 letter = _mm512_cmple_epu8_mask(_mm512_sub_epi8(folded, _mm512_set1_epi8('a')),
                                                    _mm512_set1_epi8(25));
    const __mmask64 high = _mm512_movepi8_mask(v);
    const __mmask64 upper =
        _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8('A')), _mm512_set1_epi8(25));
    const std::uint64_t token = (digit | letter | high) & valid;
    const std::uint64_t previous = (token << 1) | carry;
    const std::uint64_t keep = (token | previous) & valid;
    std::uint64_t begins = token & ~previous;
    std::uint64_t finishes = ~token & previous & valid;
    carry = (token >> (left >= 64 ? 63 : left - 1)) & 1;
    // Token bytes lowercased, separators as spaces.
    const __m512i canonical = _mm512_mask_blend_epi8(token, space, v);
    const __m512i lowered =
        _mm512_mask_add_epi8(canonical, upper & token, canonical, _mm512_set1_epi8(0x20));
    while (begins != 0) {
      starts[tokens++] = cursor + kept_before(keep, static_cast<unsigned>(_tzcnt_u64(begins)));
      begins = _blsr_u64(begins);
    }
    while (finishes != 0) {
      ends[closed++] = cursor + kept_before(keep, static_cast<unsigned>(_tzcnt_u64(finishes)));
      finishes = _blsr_u64(finishes);
    }
    compact_group<0>(lowered, keep, text, cursor);
    compact_group<1>(lowered, keep, text, cursor);
    compact_group<2>(lowered, keep, text, cursor);
    compact_group<3>(lowered, keep, text, cursor);
  }
  if (carry != 0) ends[closed++] = cursor;
  detail::close_token_stream(out, cursor, tokens);
}

}  // namespace neardup
