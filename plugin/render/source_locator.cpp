#include "render/source_locator.h"

#include <map>

#include "codec/yaml_codec.h"

namespace fleetwave {

void locate_errors(const InputBundle& bundle, ErrorList& errors) {
  std::map<std::string_view, const SourceFile*> files;
  for (const SourceFile& f : bundle.files) files.emplace(f.path, &f);
  // Queries per file, each with the error it belongs to; one pass over each file answers them.
  std::map<const SourceFile*, std::pair<std::vector<FieldQuery>, std::vector<Error*>>> wanted;
  for (Error& e : errors) {
    if (e.pos.document < 0 || e.pos.column > 0) continue;
    auto file = files.find(e.pos.file);
    if (file == files.end()) continue;
    FieldPath path = FieldPath::parse(e.pos.path_prefix);
    const FieldPath field = FieldPath::parse(e.field);
    for (const FieldPath::Segment& s : field.segments()) {
      path = std::holds_alternative<std::size_t>(s) ? path.index(std::get<std::size_t>(s))
                                                    : path.key(std::get<std::string>(s));
    }
    auto& [queries, owners] = wanted[file->second];
    queries.push_back(FieldQuery{static_cast<std::size_t>(e.pos.document), std::move(path)});
    owners.push_back(&e);
  }
  for (auto& [file, entry] : wanted) {
    auto& [queries, owners] = entry;
    std::vector<std::optional<SourcePos>> found = locate_yaml_fields(file->content, queries);
    for (std::size_t i = 0; i < owners.size(); ++i) {
      if (!found[i]) continue;
      owners[i]->pos.line = found[i]->line;
      owners[i]->pos.column = found[i]->column;
    }
  }
}

}  // namespace fleetwave
