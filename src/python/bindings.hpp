// The parts of the native module catan_referee._native, bound by module.cpp.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "log/model.hpp"
#include "log/reader.hpp"
#include "replay/replay.hpp"

namespace catan::python {

// A file name as Python's os.fsdecode gives it: the bytes decoded as UTF-8, with the bytes
// that are not UTF-8 kept as lone surrogates (surrogateescape), so that every name of a
// file on disk, UTF-8 or not, comes back as a str that os.fsencode turns into the same
// bytes. (A plain std::string to str conversion raises UnicodeDecodeError on such names.)
inline pybind11::str fs_str(const std::string& bytes) {
  PyObject* o =
      PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "surrogateescape");
  if (!o) throw pybind11::error_already_set();
  return pybind11::reinterpret_steal<pybind11::str>(o);
}

// Settings with `rules` ("KEY=VALUE" items, as check --rule) applied; ValueError for an
// unknown key or value.
replay::Settings settings_for(const std::vector<std::string>& rules,
                              size_t max_scalar_bytes = log::ReadLimits{}.max_scalar_bytes);

// One game of another program's record (replay::read_documents), as catan_referee.import_log
// returns it: checked with its positions in the source file, as `check --from` does.
struct ImportedGame {
  log::Game game;
  std::string file;
};

// ImportedGame and _import_file (src/python/imported.cpp).
void bind_imported(pybind11::module_& m);

// Verdict and the live game (_Session, _open_session) on replay::Session.
void bind_game(pybind11::module_& m);

// generate, redact, svg and report_html (_generate, _redact, _svg, _report_html).
void bind_tools(pybind11::module_& m);

}  // namespace catan::python
