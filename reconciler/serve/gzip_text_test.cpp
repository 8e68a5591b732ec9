// The board's gzipped pages: what gzip_text writes is a gzip stream that inflates to the very
// text, and which Accept-Encoding values take it.
#include "serve/gzip_text.h"

#include <zlib.h>

#include <gtest/gtest.h>

namespace fleetwave::serve {
namespace {

std::string gunzip(const std::string& data) {
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, 15 + 16), Z_OK);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  std::string out;
  char buffer[4096];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - z.avail_out);
  }
  EXPECT_EQ(rc, Z_STREAM_END);
  inflateEnd(&z);
  return out;
}

TEST(GzipText, InflatesToTheSameText) {
  std::string page;
  for (int i = 0; i < 20000; ++i) page += "<i class=\"d\" title=\"cluster-" + std::to_string(i) + "\"></i>";
  for (const std::string& text : {std::string(), std::string("x"), page}) {
    const std::string packed = gzip_text(text);
    ASSERT_GE(packed.size(), 18u);
    EXPECT_EQ(static_cast<unsigned char>(packed[0]), 0x1f);
    EXPECT_EQ(static_cast<unsigned char>(packed[1]), 0x8b);
    EXPECT_EQ(gunzip(packed), text);
  }
  EXPECT_LT(gzip_text(page).size() * 10, page.size()) << "a board page shrinks by more than 10x";
}

TEST(GzipText, AcceptEncodingValues) {
  EXPECT_TRUE(accepts_gzip("gzip, deflate, br"));
  EXPECT_TRUE(accepts_gzip("br;q=1.0, GZIP;q=0.5"));
  EXPECT_TRUE(accepts_gzip("x-gzip"));
  EXPECT_FALSE(accepts_gzip(""));
  EXPECT_FALSE(accepts_gzip("deflate, br"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("gzipped"));
}

}  // namespace
}  // namespace fleetwave::serve
