// `catan-referee explain RULE-ID` and `catan-referee rules`: the rules catalog and the
// variant options, printed from the tables the engine uses (core/rules.def, option_table).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <vector>

#include "cli/commands.hpp"
#include "core/options.hpp"
#include "core/rule_catalog.hpp"

namespace catan::cli {

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
    if (part.rfind("see ", 0) == 0) {
      text =
          fmt::format("see decision {} (catan-referee explain {})", part.substr(4), part.substr(4));
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

// An option's values for a listing: the default first, unsupported ones marked.
std::string values_text(const core::OptionInfo& o, bool mark_default = false) {
  std::string values;
  for (auto v : o.values) {
    values += (values.empty() ? "" : " | ") + std::string(v);
    if (mark_default && v == o.default_value) values += " (default)";
    if (std::find(o.unsupported.begin(), o.unsupported.end(), v) != o.unsupported.end())
      values += " (not supported yet)";
  }
  return values;
}

// The rules reference's section on a rule or decision (docs/rules.md, installed in the docdir).
std::string see_docs(std::string_view id) {
  return fmt::format("\n  See docs/rules.md#{} (installed as {})\n", id, rules_reference());
}

// `explain D-07`: a decision where the rules texts differ or are silent, the options that
// select its alternatives, and what the sources say (named in words, quotes translated).
int explain_decision(const core::DecisionInfo& d) {
  std::cout << fmt::format("{}: {}\n  (a decision: where the rules texts differ or are silent)\n\n",
                           d.id, d.title);
  std::cout << "  Decision:\n" << wrap(d.decision, 76, "    ") << "\n";
  std::string options;
  for (const auto& o : core::option_table())
    if (o.catalog_ref == d.id) options += fmt::format("    {}: {}\n", o.key, values_text(o, true));
  std::cout << "  Options:\n"
            << (options.empty()
                    ? "    none: nothing in a log or on the command line selects an alternative\n"
                    : options + "    (in a log's `rules:` mapping, or --rule KEY=VALUE)\n")
            << "\n";
  std::cout << "  Sources:\n";
  if (!d.seeds.empty())
    std::cout << wrap("Rules texts in Finnish, Persian and Catalan: " + std::string(d.seeds), 76,
                      "    ");
  if (!d.official.empty())
    std::cout << wrap("Official English texts: " + std::string(d.official), 76, "    ");
  if (d.seeds.empty() && d.official.empty()) std::cout << "    see the decision above\n";
  if (!d.notes.empty()) std::cout << "\n  Notes:\n" << wrap(d.notes, 76, "    ");
  std::cout << see_docs(d.id);
  return kExitLegal;
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

std::string explain_rule(core::Rule rule) {
  const core::RuleInfo& r = core::info(rule);
  std::string out;
  out += fmt::format("{}: {}\n", r.id, r.title);
  out += wrap("Status: " + basis(r.tag), 76, "  ");
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
  out += see_docs(r.id);
  return out;
}

namespace {

int run_explain(const std::string& id) {
  std::string upper = id;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (const core::DecisionInfo* d = core::find_decision(upper)) return explain_decision(*d);
  auto rule = core::parse_rule_id(upper);
  if (!rule) {
    std::cerr << "catan-referee: unknown rule ID or decision '" << id
              << "'; `catan-referee rules` lists them\n";
    return kExitMalformed;
  }
  std::cout << explain_rule(*rule);
  return kExitLegal;
}

int run_rules() {
  std::string area;
  std::cout << "Rule IDs (catan-referee explain ID for the full text):\n";
  for (const auto& r : core::rule_table()) {
    std::string a(r.id.substr(0, r.id.find('-')));
    if (a != area) std::cout << "\n" << (area = a) << "\n";
    std::cout << fmt::format("  {:<10} {}\n", r.id, r.title);
  }
  std::cout << "\nRules options (a log's `rules:` mapping, or --rule KEY=VALUE; default first):\n";
  for (const auto& o : core::option_table()) {
    std::string values = values_text(o);
    if (values.empty())
      values = fmt::format("integer {} (default {})", o.integer_range, o.default_value);
    std::cout << fmt::format("  {:<32} {}{}\n", o.key, values,
                             o.catalog_ref.empty() ? "" : fmt::format("  [{}]", o.catalog_ref));
  }
  std::cout << "\nDecisions where the rules texts differ or are silent (catan-referee "
               "explain D-NN):\n";
  for (const auto& d : core::decision_table())
    std::cout << fmt::format("  {:<10} {}\n", d.id, d.title);
  std::cout << "\nProfiles: catan-2025 (the defaults), catan-5e (bank-shortage: strict, "
               "longest-road-broken-tie: set-aside)\n";
  return kExitLegal;
}

}  // namespace

Runner set_explain_command(CLI::App& app) {
  auto id = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("explain",
                                     "Print a rule's text, sources, an example of a "
                                     "violation and the options that change it.");
  cmd->add_option("rule", *id, "A rule ID such as ROBBER-01, or a decision such as D-07")
      ->required();
  return [id] { return run_explain(*id); };
}

Runner set_rules_command(CLI::App& app) {
  app.add_subcommand("rules", "List every rule ID and every rules option with its values.");
  return [] { return run_rules(); };
}

}  // namespace catan::cli
