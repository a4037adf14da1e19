// Coordinates in messages: a place the log names by an alias is printed canonically and
// as written ("[0, -1, S] (written [-1, 0, NE])"), so that the user can search their file.
#include <catch2/catch.hpp>
#include <string>

#include "base_island.hpp"
#include "core/geometry.hpp"
#include "fixture.hpp"
#include "text_checks.hpp"

using catan::diag::Status;
using catan::test::header;
using catan::test::line_of;
using catan::test::replace_once;
using catan::test::run;
using catan::test::setup;

TEST_CASE("place names: an occupied corner named by an alias says both names", "[rules][names]") {
  using namespace catan::core;
  const CornerId red = base_island().corner_id({0, -1}, CornerDir::S);  // red's first settlement
  std::vector<std::string> names;
  for (int q = -3; q <= 3; ++q)
    for (int r = -3; r <= 3; ++r)
      for (CornerDir d :
           {CornerDir::N, CornerDir::NE, CornerDir::SE, CornerDir::S, CornerDir::SW, CornerDir::NW})
        if (base_island().corner_id({q, r}, d) == red &&
            corner_text({q, r}, d) != base_island().corner_text(red))
          names.push_back(corner_text({q, r}, d));
  REQUIRE(names.size() == 2);  // a corner of three hexes has three names
  for (const std::string& alias : names) {
    INFO(alias);
    const std::string y =
        header() + replace_once(setup(), "{player: blue, settlement: [1, -1, SE]}",
                                "{player: blue, settlement: " + alias + "}");
    const auto v = run(y);
    CHECK(v.status == Status::Illegal);
    CHECK(v.rule == "SETUP-05");
    CHECK(v.action == 3);  // blue's first placement
    CHECK(v.line == line_of(y, "settlement: " + alias));
    CHECK_THAT(v.message,
               Catch::Contains(base_island().corner_text(red) + " (written " + alias + ")"));
  }
}

TEST_CASE("place names: a road on a taken edge named by an alias says both names",
          "[rules][names]") {
  using namespace catan::core;
  const EdgeId red = base_island().edge_id({0, -1}, EdgeDir::SW);  // red's first road
  std::string alias;
  for (int q = -3; q <= 3 && alias.empty(); ++q)
    for (int r = -3; r <= 3; ++r)
      for (EdgeDir d : {EdgeDir::NE, EdgeDir::E, EdgeDir::SE, EdgeDir::SW, EdgeDir::W, EdgeDir::NW})
        if (base_island().edge_id({q, r}, d) == red &&
            edge_text({q, r}, d) != base_island().edge_text(red) &&
            edge_text({q, r}, d) != "[0, -1, SW]")
          alias = edge_text({q, r}, d);
  // The fixture names red's road by [0, -1, SW]; the canonical name is another one.
  const std::string written = base_island().edge_text(red) == "[0, -1, SW]" ? alias : "[0, -1, SW]";
  REQUIRE(!written.empty());
  // Blue's set-up road on red's: taken is asked before anything else (SETUP-04).
  const std::string y = header() + replace_once(setup(), "{player: blue, road: [1, -1, E]}",
                                                "{player: blue, road: " + written + "}");
  const auto v = run(y);
  CHECK(v.status == Status::Illegal);
  CHECK(v.rule == "SETUP-04");
  CHECK(v.action == 4);  // blue's first road
  CHECK(v.line == line_of(y, "{player: blue, road: " + written));
  CHECK_THAT(v.message,
             Catch::Contains(base_island().edge_text(red) + " (written " + written + ")"));
}

TEST_CASE("place names: a canonical name is printed once", "[rules][names]") {
  const std::string y = header() + replace_once(setup(), "{player: blue, settlement: [1, -1, SE]}",
                                                "{player: blue, settlement: [0, -1, S]}");
  const auto v = run(y);
  CHECK(v.rule == "SETUP-05");
  CHECK_THAT(v.message, Catch::StartsWith("[0, -1, S] already holds"));
  CHECK_THAT(v.message, !Catch::Contains("written"));
}
