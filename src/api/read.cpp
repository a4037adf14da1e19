// catan_referee::Log (include/catan_referee/read.hpp): a file or a text read whole through
// the front end every command uses (replay/input.hpp): catan-log/1, or another program's
// record of a registered import format.
#include <sstream>

#include "api/access.hpp"
#include "diag/json_writer.hpp"
#include "import/registry.hpp"
#include "log/writer.hpp"
#include "replay/input.hpp"
#include "replay/tree_json.hpp"
#include "text/arena.hpp"
#include "text/yaml_tree.hpp"

namespace catan_referee {
namespace {

namespace cr = catan::replay;

cr::InputOptions input_options(const ReadOptions& o) {
  if (o.format != "auto" && o.format != "catan-log" && !catan::importers::find_format(o.format))
    throw Error("unknown format '" + o.format + "' (auto, catan-log, " +
                catan::importers::format_names() + ")");
  cr::InputOptions io;
  io.from = o.format;
  io.view_seat = o.view_seat;
  io.max_document_bytes = o.max_document_bytes;
  io.dash_is_stdin = false;
  return io;
}

Log make(cr::Input&& in, std::vector<catan::log::Document>&& docs, const ReadOptions& o) {
  auto impl = std::make_shared<Log::Impl>();
  impl->name = in.from.shown;
  impl->format = in.from.format ? std::string(in.from.format->name) : "catan-log";
  impl->text = std::move(in.text);
  impl->view_seat = o.view_seat;
  for (const cr::InputProblem& p : in.errors) {
    Diagnostic d;
    d.file = impl->name;
    d.line = p.line;
    d.column = p.column;
    d.message = p.message;
    d.text = cr::problem_text(in.from, p);
    impl->problems.push_back(std::move(d));
  }
  impl->documents = std::move(docs);
  return Access::make_log(std::move(impl));
}

}  // namespace

Log::Log(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

std::vector<ImportFormat> import_formats() {
  std::vector<ImportFormat> out;
  for (const catan::importers::Format& f : catan::importers::formats()) {
    ImportFormat x;
    x.name = f.name;
    for (std::string_view a : f.aliases) x.aliases.emplace_back(a);
    for (std::string_view e : f.extensions) x.extensions.emplace_back(e);
    x.title = f.title;
    out.push_back(std::move(x));
  }
  return out;
}

Log Log::read_file(const std::string& path, const ReadOptions& options) {
  std::vector<catan::log::Document> docs;
  cr::Input in = cr::read_documents(
      path, input_options(options),
      [&](catan::log::Document&& d, const cr::Provenance&) { docs.push_back(std::move(d)); });
  return make(std::move(in), std::move(docs), options);
}

Log Log::read_text(std::string text, const std::string& name, const ReadOptions& options) {
  std::vector<catan::log::Document> docs;
  cr::Input in = cr::read_text_documents(
      name, std::move(text), input_options(options),
      [&](catan::log::Document&& d, const cr::Provenance&) { docs.push_back(std::move(d)); });
  return make(std::move(in), std::move(docs), options);
}

const std::string& Log::name() const { return impl_->name; }
const std::string& Log::format() const { return impl_->format; }
const std::string& Log::text() const { return impl_->text; }
const std::vector<Diagnostic>& Log::problems() const { return impl_->problems; }
std::size_t Log::size() const { return impl_->documents.size(); }

GameInfo Log::game(std::size_t i) const {
  if (i >= size()) throw Error("game " + std::to_string(i) + " of " + std::to_string(size()));
  const catan::log::Document& doc = impl_->documents[i];
  GameInfo g;
  g.index = doc.index;
  if (doc.game) {
    g.id = doc.game->id;
    g.players = doc.game->players;
    g.entries = static_cast<int>(doc.game->actions.size());
  } else {
    g.error = to_api(*cr::malformed(impl_->name, doc).error);
  }
  return g;
}

std::string Log::catan_log(std::size_t i, bool json) const {
  if (i >= size()) throw Error("game " + std::to_string(i) + " of " + std::to_string(size()));
  const catan::log::Document& doc = impl_->documents[i];
  if (!doc.game) throw Error("game " + std::to_string(i) + " of " + impl_->name + " is malformed");
  std::string yaml = catan::log::write_game(*doc.game);
  if (!json) return yaml;
  // As `import --format json`: the YAML this program wrote, as one line of JSON.
  std::istringstream in(yaml);
  catan::text::DocumentReader reader(in);
  catan::text::Arena arena;
  const std::optional<catan::text::Node> root = reader.next(arena);
  if (!root) throw Error("game " + std::to_string(i) + ": nothing written");
  catan::diag::JsonWriter w(false);
  cr::write_tree_json(*root, w);
  return w.str() + "\n";
}

}  // namespace catan_referee
