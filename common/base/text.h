// Small text helpers shared across the project.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fleetwave {

// `text` without leading and trailing ASCII whitespace (space, \t, \r, \n, \f, \v): secrets
// read from files, ports written by servers, values from headers.
std::string trim_space(std::string_view text);

// `text` with ASCII A-Z made a-z and every other byte kept: header names, URL schemes and hosts,
// key types, whatever a protocol compares without regard to case.
std::string ascii_lower(std::string_view text);

// `text` cut at every `separator`: n + 1 parts for n separators, empty parts kept ("" -> {""}),
// as Go's strings.Split.
std::vector<std::string> split_at(std::string_view text, char separator);

// Whether `text` holds an ASCII control byte (below 0x20, or DEL): a token that would break or
// split the header it is sent in.
bool has_control_bytes(std::string_view text);

// `bytes` as lower-case hex, two digits a byte (digests, build ids).
std::string hex_bytes(const unsigned char* bytes, std::size_t count);

// How much of an input value a message echoes (a kind, a name, a key, a file name).
inline constexpr std::size_t kMaxEchoBytes = 200;

// `text` made fit to be echoed inside a one-line message: newlines, tabs, other C0 and C1
// control characters, DEL, U+2028/U+2029 and invalid UTF-8 bytes are escaped (\n, \t, \x1b,
// \u2028), so input can neither split a message over lines nor reach a terminal as an escape
// sequence; past `max_bytes` of input the rest is cut (at a character boundary) and replaced by
// "...(N more bytes)". Every message that echoes a user's value or a file name goes through it.
std::string printable(std::string_view text, std::size_t max_bytes = kMaxEchoBytes);

}  // namespace fleetwave
