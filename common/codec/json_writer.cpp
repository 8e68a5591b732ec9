#include "codec/json_writer.h"

#include <charconv>
#include <cmath>

#include "codec/go_format.h"
#include "codec/unicode_class.h"

namespace fleetwave {
namespace {

const char kHexDigits[] = "0123456789abcdef";

void append_unicode_escape(std::string& out, unsigned code) {
  out += "\\u";
  out += kHexDigits[(code >> 12) & 0xF];
  out += kHexDigits[(code >> 8) & 0xF];
  out += kHexDigits[(code >> 4) & 0xF];
  out += kHexDigits[code & 0xF];
}

template <typename J>
class Writer {
 public:
  Writer(std::string& out, const JsonWriteOptions& options) : out_(out), options_(options) {}

  void value(const J& v, int depth) {
    switch (v.type()) {
      case nlohmann::json::value_t::null:
        out_ += "null";
        break;
      case nlohmann::json::value_t::boolean:
        out_ += v.template get<bool>() ? "true" : "false";
        break;
      case nlohmann::json::value_t::number_integer:
        integer(v.template get<std::int64_t>());
        break;
      case nlohmann::json::value_t::number_unsigned:
        integer(v.template get<std::uint64_t>());
        break;
      case nlohmann::json::value_t::number_float: {
        // encoding/json refuses NaN and infinities; the readers never produce them, and null
        // keeps the output valid JSON should a caller build one.
        double d = v.template get<double>();
        out_ += std::isfinite(d) ? format_go_json_float(d) : "null";
        break;
      }
      case nlohmann::json::value_t::string:
        append_json_string(out_, v.template get_ref<const std::string&>(), options_.escape_html);
        break;
      case nlohmann::json::value_t::array:
        array(v, depth);
        break;
      case nlohmann::json::value_t::object:
        object(v, depth);
        break;
      default:
        out_ += "null";
        break;  // binary and discarded values never occur in our documents
    }
  }

 private:
  template <typename T>
  void integer(T v) {
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, res.ptr);
  }

  void newline(int depth) {
    if (options_.indent == 0) return;
    out_ += '\n';
    out_.append(static_cast<std::size_t>(depth * options_.indent), ' ');
  }

  // `open`, each member on a line of its own (when indenting), `close`: "[]" or "{}" when empty.
  template <typename WriteMember>
  void members(const J& v, int depth, char open, char close, WriteMember write_member) {
    out_ += open;
    if (v.empty()) {
      out_ += close;
      return;
    }
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (!first) out_ += ',';
      first = false;
      newline(depth + 1);
      write_member(it);
    }
    newline(depth);
    out_ += close;
  }

  void array(const J& v, int depth) {
    members(v, depth, '[', ']', [&](auto it) { value(*it, depth + 1); });
  }

  void object(const J& v, int depth) {
    members(v, depth, '{', '}', [&](auto it) {
      append_json_string(out_, it.key(), options_.escape_html);
      out_ += options_.indent == 0 ? ":" : ": ";
      value(it.value(), depth + 1);
    });
  }

  std::string& out_;
  const JsonWriteOptions& options_;
};

}  // namespace

// encoding/json appendString: short escapes for \b \f \n \r \t " and \\, \u00XX for the
// other control bytes and (with escape_html) for < > &, \u2028 and \u2029 always, and \ufffd
// for each byte that is not valid UTF-8. Everything else is copied in runs.
void append_json_string(std::string& out, const std::string& text, bool escape_html) {
  out += '"';
  std::size_t run = 0;  // start of the bytes not yet copied
  for (std::size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      bool safe = c >= 0x20 && c != '"' && c != '\\' && !(escape_html && (c == '<' || c == '>' || c == '&'));
      if (safe) {
        ++i;
        continue;
      }
      out.append(text, run, i - run);
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          append_unicode_escape(out, c);
          break;
      }
      run = ++i;
      continue;
    }
    std::size_t width = 1;
    char32_t r = decode_utf8(text, i, &width);
    if ((r == 0xFFFD && width == 1) || r == 0x2028 || r == 0x2029) {
      out.append(text, run, i - run);
      append_unicode_escape(out, r == 0xFFFD ? 0xFFFD : static_cast<unsigned>(r));
      run = i + width;
    }
    i += width;
  }
  out.append(text, run, text.size() - run);
  out += '"';
}

std::string write_json(const Json& value, const JsonWriteOptions& options) {
  std::string out;
  Writer<Json>(out, options).value(value, options.depth);
  return out;
}

std::string write_json(const OrderedJson& value, const JsonWriteOptions& options) {
  std::string out;
  Writer<OrderedJson>(out, options).value(value, options.depth);
  return out;
}

}  // namespace fleetwave
