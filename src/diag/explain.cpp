// The texts of `catan-referee explain RULE-ID|D-NN`, made from the tables the engine uses
// (core/rules.def, option_table): printed by the CLI and put in the HTML report (its
// "explain" panel) by the CLI and the Python module alike.
#include "diag/explain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>
#include <vector>

namespace catan::diag {

namespace {

std::string wrap(std::string_view text, size_t width, std::string_view indent) {
  std::string out, line;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view word = text.substr(i, j - i);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += std::string(indent) + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + std::string(word);
    i = j + 1;
  }
  if (!line.empty()) out += std::string(indent) + line + "\n";
  return out;
}

// The catalog's status tag (RULES.md 0.2) in words: "R; I for ownership" becomes "stated
// in the quoted rule texts; inferred by the catalog (for ownership)".
std::string basis(std::string_view tag) {
  static const std::pair<std::string_view, std::string_view> kWords[] = {
      {"R+E", "stated in the quoted rule texts and in an official rulebook"},
      {"E/T", "taken from an official text, in part known only through a third party's quotation"},
      {"I/T",
       "inferred by the catalog, in part from a third party's quotation of an official text"},
      {"S/T", "software behaviour, and a third party's quotation of an official text"},
      {"S/I", "software behaviour and the catalog's inference"},
      {"T", "an official text known only through a third party's quotation"},
      {"S", "software behaviour (JSettlers2, colonist.io)"},
      {"I/E", "inferred by the catalog, in line with an official rulebook"},
      {"E/I", "taken from an official rulebook and inferred by the catalog"},
      {"R", "stated in the quoted rule texts"},
      {"E", "taken from an official rulebook"},
      {"I", "inferred by the catalog"},
  };
  std::string out;
  size_t i = 0;
  while (i < tag.size()) {
    size_t j = tag.find(';', i);
    if (j == std::string_view::npos) j = tag.size();
    std::string_view part = tag.substr(i, j - i);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    i = j + 1;
    std::string text(part);
    if (part.rfind("see ", 0) == 0 || part.rfind("D-", 0) == 0) {
      const std::string_view d = part.substr(part.rfind("see ", 0) == 0 ? 4 : 0);
      text = fmt::format("see decision {} (catan-referee explain {})", d, d);
    } else {
      for (const auto& [code, words] : kWords) {
        if (part.rfind(code, 0) != 0) continue;
        std::string_view rest = part.substr(code.size());
        if (!rest.empty() && rest.front() != ' ' && rest.front() != ',') continue;  // "R" of "R+E"
        while (!rest.empty() && (rest.front() == ' ' || rest.front() == ',')) rest.remove_prefix(1);
        text = rest.empty() ? std::string(words) : fmt::format("{} ({})", words, rest);
        break;
      }
    }
    out += (out.empty() ? "" : "; ") + text;
  }
  return out;
}

// Tag T, alone or in a list ("E; T", "E/T", "S/T values"): a third party's quotation.
bool third_party(std::string_view tag) {
  for (size_t i = tag.find('T'); i != std::string_view::npos; i = tag.find('T', i + 1)) {
    const bool start = i == 0 || tag[i - 1] == ' ' || tag[i - 1] == '/' || tag[i - 1] == ';';
    const bool end = i + 1 == tag.size() || tag[i + 1] == ' ' || tag[i + 1] == ';' ||
                     tag[i + 1] == '/' || tag[i + 1] == ',';
    if (start && end) return true;
  }
  return false;
}

}  // namespace

std::string values_text(const core::OptionInfo& o, bool mark_default) {
  std::string values;
  for (auto v : o.values) {
    values += (values.empty() ? "" : " | ") + std::string(v);
    if (mark_default && v == o.default_value) values += " (default)";
    if (std::find(o.unsupported.begin(), o.unsupported.end(), v) != o.unsupported.end())
      values += " (not supported yet)";
  }
  return values;
}

namespace {

// The rules reference's section on a rule or decision (docs/rules.md, installed in the docdir).
std::string see_docs(std::string_view id, std::string_view reference) {
  return fmt::format("\n  See docs/rules.md#{} (installed as {})\n", id, reference);
}

// "What the rules texts say": every quote of the rule, under its source named in words
// (described at its first mention), with an English translation of a quote that is not
// English; a rule no text states says what it rests on instead.
std::string quotes_text(std::string_view id) {
  std::string out = "  What the rules texts say:\n";
  std::vector<std::string_view> described;
  std::string_view last_source, last_where;
  bool any = false;
  for (const core::RuleQuote& q : core::quote_table()) {
    if (q.rule != id) continue;
    const core::SourceInfo* s = core::find_source(q.source);
    if (!s) continue;
    any = true;
    if (q.source != last_source || q.where != last_where) {
      std::string name(s->name);
      name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
      if (!q.where.empty()) name += fmt::format(", {}", q.where);
      if (std::find(described.begin(), described.end(), q.source) == described.end()) {
        described.push_back(q.source);
        name += fmt::format(" ({}): {}", s->language, s->description);
      } else {
        name += fmt::format(" ({})", s->language);
      }
      out += wrap(name + ":", 76, "    ");
      last_source = q.source, last_where = q.where;
    }
    out += wrap(
        q.english.empty() ? fmt::format("\"{}\"", q.original) : fmt::format("«{}»", q.original), 76,
        "      ");
    if (!q.english.empty()) out += wrap(fmt::format("In English: \"{}\"", q.english), 76, "      ");
  }
  if (!any)
    out += wrap("No rules text states this in words; it is inferred. " +
                    std::string(core::inference_note(id)),
                76, "    ");
  return out + "\n";
}

}  // namespace

std::string explain_rule(core::Rule rule, std::string_view reference) {
  const core::RuleInfo& r = core::info(rule);
  std::string out;
  out += fmt::format("{}: {}\n", r.id, r.title);
  if (!r.replaces.empty())
    out += wrap(fmt::format("A rule of the five-six player extension ({}).", r.replaces), 76, "  ");
  out += wrap("Status: " + basis(r.tag), 76, "  ");
  if (third_party(r.tag))
    out += wrap(
        "Caution: this rule rests, in whole or in part, on a third party's reading of "
        "an official text that the catalog's authors did not read (tag T): probable, "
        "not verified.",
        76, "  ");
  out += "\n" + quotes_text(r.id);
  out += "  Check:\n" + wrap(r.check, 76, "    ") + "\n";
  if (!r.example.empty()) out += "  Example of a violation:\n" + wrap(r.example, 76, "    ");
  for (const auto& o : core::option_table())
    for (auto a : o.affects)
      if (a == r.id) {
        const std::string values = values_text(o);
        out += fmt::format(
            "\n  Variant option: {} (default {}; {}){}\n", o.key, o.default_value,
            values.empty() ? "an integer in " + std::string(o.integer_range) : values,
            o.catalog_ref.empty() ? ""
                                  : fmt::format(", see decision {} (catan-referee explain {})",
                                                o.catalog_ref, o.catalog_ref));
      }
  out += see_docs(r.id, reference);
  return out;
}

// `explain D-07`: a decision where the rules texts differ or are silent, the options that
// select its alternatives, and what the sources say (named in words, quotes translated).
std::string explain_decision(const core::DecisionInfo& d, std::string_view reference) {
  std::string out;
  out += fmt::format("{}: {}\n  (a decision: where the rules texts differ or are silent)\n\n", d.id,
                     d.title);
  out += "  Decision:\n" + wrap(d.decision, 76, "    ") + "\n";
  std::string options;
  for (const auto& o : core::option_table())
    if (o.catalog_ref == d.id) options += fmt::format("    {}: {}\n", o.key, values_text(o, true));
  out +=
      "  Options:\n" +
      (options.empty() ? std::string("    none: nothing in a log or on the command line selects an "
                                     "alternative\n")
                       : options + "    (in a log's `rules:` mapping, or --rule KEY=VALUE)\n") +
      "\n";
  out += "  Sources:\n";
  if (!d.seeds.empty())
    out += wrap("Rules texts in Finnish, Persian and Catalan: " + std::string(d.seeds), 76, "    ");
  if (!d.official.empty())
    out += wrap("Official English texts: " + std::string(d.official), 76, "    ");
  if (d.seeds.empty() && d.official.empty()) out += "    see the decision above\n";
  if (!d.notes.empty()) out += "\n  Notes:\n" + wrap(d.notes, 76, "    ");
  out += see_docs(d.id, reference);
  return out;
}

std::string find_rules_reference(const std::string& dir, const std::string& under_prefix,
                                 const std::string& docdir, const std::string& build_dir,
                                 const std::string& source_dir, const std::string& fallback) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path here(dir), under(under_prefix), docs(docdir);
  if (here.is_absolute()) {
    if (under.is_relative() && docs.is_relative()) {
      fs::path prefix = here;
      for (const auto& part : under.lexically_normal())
        if (!part.empty() && part != ".") prefix = prefix.parent_path();
      const fs::path installed = prefix / docs / "rules.md";
      if (fs::is_regular_file(installed, ec)) return installed.string();
    }
    // Run from its build tree: the source tree's reference.
    const fs::path build = fs::weakly_canonical(build_dir, ec);
    const fs::path source = fs::path(source_dir) / "docs" / "rules.md";
    if (!ec && here == build && fs::is_regular_file(source, ec)) return source.string();
  }
  return fallback;
}

}  // namespace catan::diag
