// The streamed list read against the whole-document parse (parse_application_list): the same
// summaries however the answer is cut into pieces, and the same refusals, with positions in the
// answer.
#include "adapters/argocd/application_list_reader.h"

#include <gtest/gtest.h>

#include "adapters/argocd/application_parser.h"
#include "codec/json_reader.h"

namespace fleetwave {
namespace {

constexpr std::size_t kNoLimit = std::size_t{64} << 20;

Result<std::vector<ApplicationSummary>> read_in_pieces(std::string_view text, std::size_t piece,
                                                       std::size_t max_item_bytes = kNoLimit) {
  ApplicationListReader reader(max_item_bytes, 128);
  for (std::size_t at = 0; at < text.size(); at += piece) {
    if (!reader.feed(text.substr(at, piece))) break;
  }
  return reader.finish();
}

std::vector<ApplicationSummary> whole(const std::string& text) {
  auto json = parse_json(text, "list");
  EXPECT_TRUE(json.ok()) << json.error().to_string();
  auto list = parse_application_list(*json);
  EXPECT_TRUE(list.ok()) << list.error().to_string();
  return list.ok() ? *list : std::vector<ApplicationSummary>{};
}

void expect_same(const std::vector<ApplicationSummary>& got, const std::vector<ApplicationSummary>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].name, want[i].name);
    EXPECT_EQ(got[i].labels, want[i].labels);
    EXPECT_EQ(got[i].observation, want[i].observation);
  }
}

// Three Applications in argocd-server's shape, with what a reader must step over: escaped quotes
// and brackets in strings, nested arrays, other top-level members before and after the items.
const std::string kList = R"({"metadata": {"resourceVersion": "9", "note": "a \"quoted\" ] and }"},
  "items": [
    {"metadata": {"name": "web-eu-1", "labels": {"fleetwave.io/app": "web", "fleetwave.io/cluster": "eu-1"}},
     "spec": {"source": {"plugin": {"env": [{"name": "X", "value": "{[\\\"]}"}]}}},
     "status": {"sync": {"status": "Synced", "revision": "r1"}, "health": {"status": "Healthy"},
       "resources": [[1, 2], {"kind": "Service"}], "history": [{"id": 1}],
       "operationState": {"phase": "Succeeded", "message": "ok \u00e9", "operation": {"sync": {"revision": "r1"}},
         "syncResult": {"revision": "r1"}, "finishedAt": "2026-03-05T07:33:04Z"}}},
    {"metadata": {"name": "web-eu-2", "labels": {"fleetwave.io/app": "web", "fleetwave.io/cluster": "eu-2"}},
     "status": {"sync": {"status": "OutOfSync", "revisions": ["r2"]}, "health": {"status": "Degraded", "message": "x"}}},
    {"metadata": {"name": "db-eu-1"}}
  ],
  "kind": "ApplicationList"}
)";

TEST(ApplicationListReaderTest, ReadsWhatTheWholeDocumentParseReadsHoweverTheAnswerIsCut) {
  const std::vector<ApplicationSummary> want = whole(kList);
  ASSERT_EQ(want.size(), 3u);
  for (std::size_t piece :
       {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{7}, std::size_t{64}, kList.size()}) {
    SCOPED_TRACE("pieces of " + std::to_string(piece));
    auto got = read_in_pieces(kList, piece);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    expect_same(*got, want);
  }
  for (std::size_t cut = 1; cut < kList.size(); ++cut) {  // two pieces, cut at every byte
    ApplicationListReader reader(kNoLimit, 128);
    ASSERT_TRUE(reader.feed(std::string_view(kList).substr(0, cut)));
    ASSERT_TRUE(reader.feed(std::string_view(kList).substr(cut)));
    auto got = reader.finish();
    ASSERT_TRUE(got.ok()) << "cut at " << cut << ": " << got.error().to_string();
    expect_same(*got, want);
  }
}

TEST(ApplicationListReaderTest, ReadsTheShapesOfAnEmptyList) {
  for (const std::string text : {R"({"metadata": {"resourceVersion": "12"}, "items": null})", R"({"metadata": {}})",
                                 R"({"items": []})", R"( { "items" : [ ] , "metadata" : { } } )"}) {
    SCOPED_TRACE(text);
    auto got = read_in_pieces(text, 3);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_TRUE(got->empty());
  }
}

TEST(ApplicationListReaderTest, RefusesWhatTheWholeDocumentParseRefusesAndSaysWhere) {
  struct Case {
    const char* name;
    std::string text;
    std::string want;
  };
  const Case cases[] = {
      {"list not an object", "[]", "expected object, got array"},
      {"items not an array", R"({"items": {}})", "items: expected array, got object"},
      {"bad item named by index, at its place in the answer",
       "{\"items\": [{\"metadata\": {\"name\": \"a\"}},\n  {\"metadata\": {\"name\": \"b\"}, \"status\": {\"sync\": "
       "{\"status\": 1}}}]}",
       "items[1].status.sync.status: expected string, got number"},
      {"item not an object", R"({"items": [null]})",
       "response:1:12: invalid JSON in items: expected an Application object, got 'n'"},
      {"malformed item", "{\"items\": [\n  {\"metadata\": {\"name\": \"a\"} \"x\": 1}]}",
       "response:2:32: items[0]: invalid JSON: syntax error while parsing object - unexpected string literal; "
       "expected '}'"},
      {"no comma between items", R"({"items": [{"metadata": {"name": "a"}} {"metadata": {"name": "b"}}]})",
       "response:1:40: invalid JSON in items: expected ',' or ']' after an Application, got '{'"},
      {"trailing comma", R"({"items": [{"metadata": {"name": "a"}},]})",
       "response:1:40: invalid JSON in items: expected an Application object, got ']'"},
      {"the answer ends early", R"({"items": [{"metadata": {"name": "a"}})",
       "response:1:39: invalid JSON: the answer ended early"},
      {"the answer ends inside an item", R"({"items": [{"metadata": {"name": "a)",
       "response:1:36: invalid JSON: the answer ended early"},
      {"items twice", R"({"items": [], "items": []})", "response:1:15: duplicate key 'items'"},
      {"bad metadata", R"({"metadata": {"a": nul}, "items": []})",
       "response:1:23: invalid JSON: syntax error while parsing value - invalid literal; last read: '\"a\": nul}'"},
      {"bad metadata after the items", R"({"items": [{"metadata": {"name": "a"}}], "metadata": {"a": nul}})",
       "invalid JSON: syntax error while parsing value - invalid literal; last read: '\"a\": nul}' (outside the "
       "Applications)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    for (std::size_t piece : {std::size_t{1}, std::size_t{5}, c.text.size()}) {
      auto got = read_in_pieces(c.text, piece);
      ASSERT_FALSE(got.ok()) << "pieces of " << piece;
      EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
      EXPECT_EQ(got.error().to_string(), c.want) << "pieces of " << piece;
    }
  }
}

TEST(ApplicationListReaderTest, BoundsOneApplicationNotTheWholeAnswer) {
  std::string list = R"({"items": [)";
  for (int i = 0; i < 50; ++i) {
    list += std::string(i == 0 ? "" : ",") + R"({"metadata": {"name": "app-)" + std::to_string(i) +
            R"("}, "spec": {"padding": ")" + std::string(200, 'x') + R"("}})";
  }
  list += "]}";
  auto many = read_in_pieces(list, 100, 400);  // the answer is 30 times the bound; each item fits
  ASSERT_TRUE(many.ok()) << many.error().to_string();
  EXPECT_EQ(many->size(), 50u);
  auto big = read_in_pieces(list, 100, 150);
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error().to_string(), "response:1:12: items[0]: an Application larger than 150 bytes");
}

// Reads `text` whole with the memo of an earlier answer; the memo of this one in `memo`.
Result<std::vector<ApplicationSummary>> read_with(const std::string& text, ApplicationMemo* previous,
                                                  ApplicationMemo& memo, std::size_t& reused) {
  ApplicationListReader reader(kNoLimit, 128, previous);
  reader.feed(text);
  auto got = reader.finish();
  memo = reader.take_memo();
  reused = reader.reused();
  return got;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(ApplicationListReaderTest, TakesAnUnchangedApplicationFromThePreviousAnswerAndParsesAChangedOne) {
  ApplicationMemo first, second, third;
  std::size_t reused = 0;
  ASSERT_TRUE(read_with(kList, nullptr, first, reused).ok());
  EXPECT_EQ(first.size(), 3u);
  EXPECT_EQ(reused, 0u);

  // web-eu-2 turns healthy; the other two are sent with the same bytes.
  const std::string next = replaced(kList, R"("Degraded", "message": "x")", R"("Healthy")");
  auto got = read_with(next, &first, second, reused);
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  expect_same(*got, whole(next));
  EXPECT_EQ((*got)[1].observation.health_status, "Healthy");
  EXPECT_EQ(reused, 2u);
  EXPECT_EQ(second.size(), 3u);
  EXPECT_EQ(first.size(), 1u) << "what was reused moved out of the earlier memo; web-eu-2's old summary stays";

  // The same bytes with one byte changed inside a string the summary does not read: parsed again,
  // and the same summary; an Application only the earlier answer had is not in this memo.
  const std::string later = replaced(replaced(next, R"("value": "{[)", R"("value": "}[)"), R"(,
    {"metadata": {"name": "db-eu-1"}})",
                                     "");
  got = read_with(later, &second, third, reused);
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  expect_same(*got, whole(later));
  EXPECT_EQ(reused, 1u);
  EXPECT_EQ(third.size(), 2u);
}

TEST(ApplicationListReaderTest, RefusesABadApplicationWhateverThePreviousAnswerHeld) {
  ApplicationMemo memo, unused;
  std::size_t reused = 0;
  ASSERT_TRUE(read_with(kList, nullptr, memo, reused).ok());
  const std::string bad = replaced(kList, R"("status": "OutOfSync")", R"("status": 7)");
  auto got = read_with(bad, &memo, unused, reused);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().to_string(), "items[1].status.sync.status: expected string, got number");
}

}  // namespace
}  // namespace fleetwave
