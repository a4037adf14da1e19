// check --glob, --exclude and .gitignore (replay/path_filter.hpp): patterns matched as git
// matches them, and a folder walked with them (replay::expand_paths).
#include "replay/path_filter.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "replay/input_paths.hpp"

namespace fs = std::filesystem;
using catan::replay::parse_pattern;
using catan::replay::pattern_matches;

namespace {

bool matches(const char* pattern, const char* rel, bool is_dir = false) {
  return pattern_matches(parse_pattern(pattern), rel, is_dir);
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

}  // namespace

TEST_CASE("path patterns: a name at any depth, a path from the base, folders only, **") {
  CHECK(matches("*.yaml", "a.yaml"));
  CHECK(matches("*.yaml", "x/y/a.yaml"));  // no `/`: the name, at any depth
  CHECK_FALSE(matches("*.yaml", "a.yml"));
  CHECK(matches("sub/*.yaml", "sub/a.yaml"));  // a `/`: the path below the base
  CHECK_FALSE(matches("sub/*.yaml", "x/sub/a.yaml"));
  CHECK_FALSE(matches("sub/*.yaml", "sub/deeper/a.yaml"));  // `*` does not cross folders
  CHECK(matches("/a.yaml", "a.yaml"));
  CHECK_FALSE(matches("/a.yaml", "x/a.yaml"));  // anchored by a leading `/`
  CHECK(matches("build/", "build", true));
  CHECK_FALSE(matches("build/", "build", false));  // folders only
  CHECK(matches("**/games/*.json", "games/a.json"));
  CHECK(matches("**/games/*.json", "x/y/games/a.json"));
  CHECK(matches("logs/**", "logs/a/b.yaml"));
  CHECK_FALSE(matches("logs/**", "other/a.yaml"));
  CHECK(matches("a/**/b.yaml", "a/b.yaml"));
  CHECK(matches("a/**/b.yaml", "a/x/y/b.yaml"));
  CHECK_FALSE(matches("a/**/b.yaml", "c/x/b.yaml"));
  CHECK(matches("game-[0-9].yaml", "game-7.yaml"));
  CHECK(parse_pattern("!keep.yaml").negated);
}

TEST_CASE("a folder walked with .gitignore files, --glob and --exclude") {
  const fs::path root = fs::temp_directory_path() / "catan-path-filter-test";
  fs::remove_all(root);
  write(root / "a.yaml", "x");
  write(root / "scratch.tmp.yaml", "x");
  write(root / "notes.txt", "x");
  write(root / "sub" / "b.yaml", "x");
  write(root / "sub" / "keep.tmp.yaml", "x");
  write(root / "sub" / ".gitignore", "!keep.tmp.yaml\n");
  write(root / "out" / "c.yaml", "x");
  write(root / ".git" / "d.yaml", "x");
  write(root / ".gitignore", "# build output\nout/\n*.tmp.yaml\n");
  auto names = [&](const catan::replay::PathExpansion& e) {
    std::vector<std::string> out;
    for (const auto& f : e.files) out.push_back(fs::relative(f.path, root).generic_string());
    return out;
  };
  auto why = [&](const catan::replay::PathExpansion& e, const std::string& rel) {
    for (const auto& k : e.skipped)
      if (fs::relative(k.path, root).generic_string() == rel) return k.why;
    return std::string("(read)");
  };
  using V = std::vector<std::string>;

  const auto plain = catan::replay::expand_paths({root.string()});
  CHECK(names(plain) == V{"a.yaml", "sub/b.yaml", "sub/keep.tmp.yaml"});
  CHECK(why(plain, "scratch.tmp.yaml") == "ignored by .gitignore (*.tmp.yaml)");
  CHECK(why(plain, "notes.txt").find("not a log's file ending") == 0);

  catan::replay::PathSelection all;
  all.gitignore = false;
  CHECK(names(catan::replay::expand_paths({root.string()}, all)) ==
        V{".git/d.yaml", "a.yaml", "out/c.yaml", "scratch.tmp.yaml", "sub/b.yaml",
          "sub/keep.tmp.yaml"});

  catan::replay::PathSelection pick;
  pick.globs = {parse_pattern("*.txt"), parse_pattern("sub/*.yaml")};
  pick.excludes = {parse_pattern("keep*")};
  const auto picked = catan::replay::expand_paths({root.string()}, pick);
  CHECK(names(picked) == V{"notes.txt", "sub/b.yaml"});
  CHECK(why(picked, "a.yaml") == "not matched by --glob");
  CHECK(why(picked, "sub/keep.tmp.yaml") == "excluded by --exclude keep*");

  catan::replay::PathSelection no_sub;
  no_sub.excludes = {parse_pattern("sub")};
  CHECK(names(catan::replay::expand_paths({root.string()}, no_sub)) == V{"a.yaml"});

  // A file named itself is read whatever the patterns say.
  CHECK(names(catan::replay::expand_paths({(root / "scratch.tmp.yaml").string()}, no_sub)) ==
        V{"scratch.tmp.yaml"});
  fs::remove_all(root);
}
