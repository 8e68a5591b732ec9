// The board's gzipped pages: what gzip_text writes is a gzip stream that inflates to the very
// text, and which Accept-Encoding values take it.
#include "serve/gzip_text.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "serve/gunzip_fixture.h"

namespace fleetwave::serve {
namespace {

using testing_support::gunzip;

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

TEST(GzipText, SegmentsCompressedOnceChainInAnyOrderOnAnyStream) {
  std::string big;
  for (int i = 0; i < 5000; ++i) big += "data: <i title=\"eu-" + std::to_string(i) + "\"></i>\n";
  const std::vector<std::string> events = {"retry: 3000\n\n", "event: board\nid: 1\n" + big + "\n", ": keep-alive\n\n",
                                           "", "event: board\nid: 2\ndata: x\n\n"};
  std::vector<std::string> segments;
  for (const std::string& e : events) segments.push_back(deflate_segment(e));
  // Two viewers' streams: the same segments, in different orders, each after the header.
  for (const std::vector<int>& order : {std::vector<int>{0, 1, 2, 3, 4}, std::vector<int>{0, 4, 2, 2, 1}}) {
    std::string wire(gzip_stream_header());
    std::string plain;
    for (int i : order) {
      wire += segments[i];
      plain += events[i];
      EXPECT_EQ(gunzip(wire, false), plain) << "each event reads whole as soon as its segment arrived";
    }
  }
  EXPECT_LT(segments[1].size() * 10, events[1].size());
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
