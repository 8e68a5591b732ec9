// FIPS 180-4 SHA-1 (straightforward, unrolled nowhere: inputs here are a few hundred bytes) and
// RFC 2104 HMAC.
#include "adapters/git/sha1.h"

#include <cstring>
#include <vector>

namespace fleetwave::git {
namespace {

uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

void compress(uint32_t state[5], const uint8_t block[64]) {
  uint32_t w[80];
  for (int i = 0; i < 16; ++i) {
    w[i] = uint32_t(block[4 * i]) << 24 | uint32_t(block[4 * i + 1]) << 16 | uint32_t(block[4 * i + 2]) << 8 |
           uint32_t(block[4 * i + 3]);
  }
  for (int i = 16; i < 80; ++i) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
  uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
  for (int i = 0; i < 80; ++i) {
    uint32_t f, k;
    if (i < 20) {
      f = (b & c) | (~b & d), k = 0x5A827999;
    } else if (i < 40) {
      f = b ^ c ^ d, k = 0x6ED9EBA1;
    } else if (i < 60) {
      f = (b & c) | (b & d) | (c & d), k = 0x8F1BBCDC;
    } else {
      f = b ^ c ^ d, k = 0xCA62C1D6;
    }
    uint32_t t = rotl(a, 5) + f + e + k + w[i];
    e = d, d = c, c = rotl(b, 30), b = a, a = t;
  }
  state[0] += a, state[1] += b, state[2] += c, state[3] += d, state[4] += e;
}

}  // namespace

Sha1Digest sha1(std::string_view data) {
  uint32_t state[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
  std::vector<uint8_t> msg(data.begin(), data.end());
  uint64_t bit_length = uint64_t(data.size()) * 8;
  msg.push_back(0x80);
  while (msg.size() % 64 != 56) msg.push_back(0);
  for (int i = 7; i >= 0; --i) msg.push_back(uint8_t(bit_length >> (8 * i)));
  for (size_t off = 0; off < msg.size(); off += 64) compress(state, &msg[off]);
  Sha1Digest out;
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 4; ++j) out[4 * i + j] = uint8_t(state[i] >> (24 - 8 * j));
  }
  return out;
}

Sha1Digest hmac_sha1(std::string_view key, std::string_view data) {
  std::string k(key);
  if (k.size() > 64) {
    Sha1Digest d = sha1(k);
    k.assign(d.begin(), d.end());
  }
  k.resize(64, '\0');
  std::string inner(64, '\0'), outer(64, '\0');
  for (int i = 0; i < 64; ++i) {
    inner[i] = char(k[i] ^ 0x36);
    outer[i] = char(k[i] ^ 0x5c);
  }
  Sha1Digest inner_digest = sha1(inner + std::string(data));
  return sha1(outer + std::string(inner_digest.begin(), inner_digest.end()));
}

std::string to_hex(const Sha1Digest& digest) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  for (uint8_t b : digest) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

}  // namespace fleetwave::git
