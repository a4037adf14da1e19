// Placeholders for the catanatron and catanlogs importers, which are written on another
// branch (import_catanatron.cpp, import_catanlogs.cpp), so that this branch links and its
// dispatch can be tested. THE LEAD DELETES THIS FILE AT MERGE (and its line in
// CMakeLists.txt). Nothing else may depend on it.
#include "log/import.hpp"

namespace catan::log {
namespace {

Imported not_built(SourceFormat f) {
  Imported out;
  out.problems.push_back(
      {{1, 1}, "the " + std::string(to_string(f)) + " importer is not built in this branch"});
  return out;
}

}  // namespace

Imported import_catanatron(const std::string&, std::string_view, const ImportOptions&) {
  return not_built(SourceFormat::Catanatron);
}
Imported import_catanlogs(const std::string&, std::string_view, const ImportOptions&) {
  return not_built(SourceFormat::Catanlogs);
}

}  // namespace catan::log
