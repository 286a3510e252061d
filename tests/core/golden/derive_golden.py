#!/usr/bin/env python3
"""Derives golden_vectors_test.cpp's expected values without neardup's code.

Re-implements, from their specifications, what indexes, caches and checkpoints store:
  - the canonical tokenizer (ASCII-lowercased runs of [A-Za-z0-9] or bytes >= 0x80, joined by
    one space) and word 5-shingles: each token hashed with XXH3-64 (seed 0) of its bytes
    zero-padded to 16 when it has at most 16, of its bytes alone when longer; a shingle's
    hash sum_j t_j * B^(4-j) mod 2^64 with B = 0x9E3779B97F4A7C15 (a document of k < 5
    tokens: one shingle, sum_j t_j * B^(k-1-j));
  - XXH3-64 itself for inputs of up to 128 bytes, seeded (xxhash.h, "short keys" and
    "mid-range keys"); checked against the xxhsum tool (Debian package xxhash) when present;
  - MinHash: a_i = splitmix64 | 1, b_i = splitmix64 drawn in turn from state = seed; entry i
    = high 32 bits of min over shingles x of a_i * fmix64(x) + b_i (mod 2^64);
  - band keys: XXH3-64 of a band's rows (32-bit little-endian entries), seed = band index;
  - one permutation hashing with optimal densification (core/sketch/one_permutation.hpp).
Run: python3 derive_golden.py   (prints the C++ constants)
"""
import shutil
import subprocess

M = (1 << 64) - 1
P64_1, P64_2, P64_3 = 0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9
SECRET = bytes.fromhex(
    "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f"
    "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c"
    "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8"
    "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364"
    "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e"
    "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e")


def le32(b, i): return int.from_bytes(b[i:i + 4], "little")
def le64(b, i): return int.from_bytes(b[i:i + 8], "little")
def rotl(x, r): return ((x << r) | (x >> (64 - r))) & M
def swap32(x): return int.from_bytes(x.to_bytes(4, "little"), "big")
def swap64(x): return int.from_bytes(x.to_bytes(8, "little"), "big")


def fold(a, b):
    p = a * b
    return (p & M) ^ (p >> 64)


def xxh64_avalanche(h):
    h ^= h >> 33
    h = h * P64_2 & M
    h ^= h >> 29
    h = h * P64_3 & M
    return h ^ (h >> 32)


def xxh3_avalanche(h):
    h ^= h >> 37
    h = h * 0x165667919E3779F9 & M
    return h ^ (h >> 32)


def rrmxmx(h, n):
    h ^= rotl(h, 49) ^ rotl(h, 24)
    h = h * 0x9FB21C651E98DF25 & M
    h ^= (h >> 35) + n
    h = h * 0x9FB21C651E98DF25 & M
    return h ^ (h >> 28)


def mix16(b, i, s, seed):
    return fold(le64(b, i) ^ ((le64(SECRET, s) + seed) & M),
                le64(b, i + 8) ^ ((le64(SECRET, s + 8) - seed) & M))


def xxh3(b, seed=0):
    n = len(b)
    if n == 0:
        return xxh64_avalanche(seed ^ le64(SECRET, 56) ^ le64(SECRET, 64))
    if n <= 3:
        combined = (b[0] << 16) | (b[n >> 1] << 24) | b[n - 1] | (n << 8)
        return xxh64_avalanche(combined ^ (((le32(SECRET, 0) ^ le32(SECRET, 4)) + seed) & M))
    if n <= 8:
        seed ^= swap32(seed & 0xFFFFFFFF) << 32
        bitflip = ((le64(SECRET, 8) ^ le64(SECRET, 16)) - seed) & M
        return rrmxmx((le32(b, n - 4) + (le32(b, 0) << 32)) ^ bitflip, n)
    if n <= 16:
        lo = le64(b, 0) ^ (((le64(SECRET, 24) ^ le64(SECRET, 32)) + seed) & M)
        hi = le64(b, n - 8) ^ (((le64(SECRET, 40) ^ le64(SECRET, 48)) - seed) & M)
        return xxh3_avalanche((n + swap64(lo) + hi + fold(lo, hi)) & M)
    assert n <= 128, "only short and mid-range keys are needed"
    acc = n * P64_1 & M
    if n > 32:
        if n > 64:
            if n > 96:
                acc += mix16(b, 48, 96, seed) + mix16(b, n - 64, 112, seed)
            acc += mix16(b, 32, 64, seed) + mix16(b, n - 48, 80, seed)
        acc += mix16(b, 16, 32, seed) + mix16(b, n - 32, 48, seed)
    acc += mix16(b, 0, 0, seed) + mix16(b, n - 16, 16, seed)
    return xxh3_avalanche(acc & M)


def check_against_xxhsum():
    if not shutil.which("xxhsum"):
        return "xxhsum not found: XXH3 not cross-checked"
    inputs = [bytes((i * 131 + 7) % 256 for i in range(n))
              for n in list(range(0, 20)) + [31, 32, 33, 64, 65, 96, 97, 127, 128]]
    inputs += [token_input(t) for t in (b"the", b"incomprehensible", b"internationalization")]
    for data in inputs:
        out = subprocess.run(["xxhsum", "-H3", "-"], input=data, capture_output=True).stdout
        assert int(out.split()[-1], 16) == xxh3(data), data
    return "XXH3 agrees with xxhsum -H3 on lengths 0-19 and 31-128 and on padded tokens"


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & M
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & M
    return state, z ^ (z >> 31)


def fmix64(k):
    k ^= k >> 33
    k = k * 0xFF51AFD7ED558CCD & M
    k ^= k >> 33
    k = k * 0xC4CEB9FE1A85EC53 & M
    return k ^ (k >> 33)


def tokens(text):
    out, word = [], bytearray()
    for c in text.encode():
        if c >= 0x80 or chr(c).isascii() and chr(c).isalnum():
            word.append(c + 32 if 65 <= c <= 90 else c)
        elif word:
            out.append(bytes(word))
            word = bytearray()
    if word:
        out.append(bytes(word))
    return out


SHINGLE_BASE = 0x9E3779B97F4A7C15


def token_input(token):
    """What a token's hash is XXH3-64 of: its bytes, zero-padded to 16 when it has at most 16."""
    return token + bytes(16 - len(token)) if len(token) <= 16 else token


def shingle_hash(gram):
    h = 0
    for token in gram:
        h = (h * SHINGLE_BASE + xxh3(token_input(token))) & M
    return h


def shingle_set(text, n=5):
    t = tokens(text)
    grams = [t] if len(t) < n else [t[i:i + n] for i in range(len(t) - n + 1)]
    return sorted({shingle_hash(g) for g in grams})


def minhash(shingles, num_perm, seed):
    state, sig = seed, []
    for _ in range(num_perm):
        state, a = splitmix64(state)
        state, b = splitmix64(state)
        a |= 1
        sig.append(min((a * fmix64(x) + b) & M for x in shingles) >> 32)
    return sig


def band_keys(sig, bands, rows):
    return [xxh3(b"".join(v.to_bytes(4, "little") for v in sig[j * rows:(j + 1) * rows]), j)
            for j in range(bands)]


def one_permutation(shingles, k, seed):
    state, offset = splitmix64(seed ^ 0x6F6E652D7065726D)
    state, probe_seed = splitmix64(state)
    empty = 1 << 32
    bins = [empty] * k
    for x in shingles:
        h = fmix64((x + offset) & M)
        b = ((h >> 32) * k) >> 32
        bins[b] = min(bins[b], h & 0xFFFFFFFF)
    out = []
    for i in range(k):
        value, attempt = bins[i], 1
        while value == empty:
            probe = fmix64(probe_seed ^ (i << 32) ^ attempt)
            value = bins[((probe >> 32) * k) >> 32]
            attempt += 1
        out.append(value)
    return out


TEXT = ("The quick brown fox jumps over the lazy dog; THE QUICK brown fox naps. "
        "Near-duplicate detection: shingles, MinHash signatures & band keys, 2026 edition! "
        "Incomprehensible internationalization.")


def cpp_array(name, values, kind):
    body = ", ".join(f"0x{v:x}u" if kind == "u32" else f"0x{v:x}ull" for v in values)
    return f"constexpr {'std::uint32_t' if kind == 'u32' else 'std::uint64_t'} {name}[] = {{{body}}};"


if __name__ == "__main__":
    print("//", check_against_xxhsum())
    s = shingle_set(TEXT)
    sig = minhash(s, 128, 1)
    print(cpp_array("kShingles", s, "u64"))
    print(cpp_array("kMinhash", sig, "u32"))
    print(cpp_array("kBandKeys", band_keys(sig, 18, 7), "u64"))
    print(cpp_array("kOnePermutation", one_permutation(s, 128, 1), "u32"))
