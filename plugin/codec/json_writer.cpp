#include "codec/json_writer.h"

#include "codec/go_format.h"

namespace fleetwave {
namespace {

const char kHex[] = "0123456789abcdef";

void append_unicode_escape(std::string& out, unsigned code) {
  out += "\\u";
  out += kHex[(code >> 12) & 0xF];
  out += kHex[(code >> 8) & 0xF];
  out += kHex[(code >> 4) & 0xF];
  out += kHex[code & 0xF];
}

template <typename J>
class Writer {
 public:
  Writer(std::string& out, const JsonWriteOptions& options) : out_(out), options_(options) {}

  void value(const J& v, int depth) {
    switch (v.type()) {
      case nlohmann::json::value_t::null: out_ += "null"; break;
      case nlohmann::json::value_t::boolean: out_ += v.template get<bool>() ? "true" : "false"; break;
      case nlohmann::json::value_t::number_integer: out_ += std::to_string(v.template get<std::int64_t>()); break;
      case nlohmann::json::value_t::number_unsigned: out_ += std::to_string(v.template get<std::uint64_t>()); break;
      case nlohmann::json::value_t::number_float: out_ += format_go_json_float(v.template get<double>()); break;
      case nlohmann::json::value_t::string:
        append_json_string(out_, v.template get_ref<const std::string&>(), options_.escape_html);
        break;
      case nlohmann::json::value_t::array: array(v, depth); break;
      case nlohmann::json::value_t::object: object(v, depth); break;
      default: out_ += "null"; break;  // binary and discarded values never occur in our documents
    }
  }

 private:
  void newline(int depth) {
    if (options_.indent == 0) return;
    out_ += '\n';
    out_.append(static_cast<std::size_t>(depth * options_.indent), ' ');
  }

  void array(const J& v, int depth) {
    if (v.empty()) {
      out_ += "[]";
      return;
    }
    out_ += '[';
    bool first = true;
    for (const auto& item : v) {
      if (!first) out_ += ',';
      first = false;
      newline(depth + 1);
      value(item, depth + 1);
    }
    newline(depth);
    out_ += ']';
  }

  void object(const J& v, int depth) {
    if (v.empty()) {
      out_ += "{}";
      return;
    }
    out_ += '{';
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (!first) out_ += ',';
      first = false;
      newline(depth + 1);
      append_json_string(out_, it.key(), options_.escape_html);
      out_ += options_.indent == 0 ? ":" : ": ";
      value(it.value(), depth + 1);
    }
    newline(depth);
    out_ += '}';
  }

  std::string& out_;
  const JsonWriteOptions& options_;
};

}  // namespace

void append_json_string(std::string& out, const std::string& text, bool escape_html) {
  out += '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      default: break;
    }
    if (c < 0x20) {
      append_unicode_escape(out, c);
    } else if (escape_html && (c == '<' || c == '>' || c == '&')) {
      append_unicode_escape(out, c);
    } else if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(text[i + 2]) == 0xA8 || static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
      append_unicode_escape(out, static_cast<unsigned char>(text[i + 2]) == 0xA8 ? 0x2028 : 0x2029);
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

std::string write_json(const Json& value, const JsonWriteOptions& options) {
  std::string out;
  Writer<Json>(out, options).value(value, 0);
  return out;
}

std::string write_json(const OrderedJson& value, const JsonWriteOptions& options) {
  std::string out;
  Writer<OrderedJson>(out, options).value(value, 0);
  return out;
}

}  // namespace fleetwave
