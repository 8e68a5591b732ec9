// Hand-written corpus for the fast reader's differential test (fast_yaml_corpus_fixture.h): every
// construct of the fast subset in Kubernetes-style documents, then edge cases. Test table.
#include "codec/fast_yaml_corpus_fixture.h"

namespace fleetwave::fast_yaml_test {

std::vector<std::string> handwritten_cases() {
  return {
      // ---- whole manifests ----
      R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: prod
  labels:
    app.kubernetes.io/name: web
    app.kubernetes.io/version: "1.10"
  annotations:
    description: >-
      A web server that serves
      the storefront.
    checksum/config: 0x1F
spec:
  replicas: 3
  revisionHistoryLimit: 010
  selector:
    matchLabels: {app: web}
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 25%, maxUnavailable: 0}
  template:
    metadata:
      labels: {app: web, tier: "frontend"}
    spec:
      containers:
        - name: web
          image: "nginx:1.25"
          args: ["--port=8080", --verbose, '--log-level=info']
          command:
          - /bin/sh
          - -c
          - |
            echo starting
            exec nginx -g 'daemon off;'
          env:
            - name: GREETING
              value: 'it''s "fine"'
            - name: EMPTY
              value: ""
            - name: ENABLED
              value: "true"
            - {name: PORT, value: "8080"}
          ports:
            - containerPort: 8080
              protocol: TCP
          resources:
            limits: {cpu: 500m, memory: 1Gi}
            requests:
              cpu: 0.25
              memory: 256Mi
          livenessProbe:
            httpGet: {path: /healthz, port: 8080}
            initialDelaySeconds: 5
      nodeSelector: {}
      tolerations: []
)",
      R"(# a ConfigMap with every block scalar style
apiVersion: v1
kind: ConfigMap
metadata:
  name: scripts
data:
  literal: |
    line 1
      indented line 2

    line 4 after a blank
  strip: |-
    no trailing newline
  keep: |+
    keeps trailing newlines


  folded: >
    folded
    text
      more indented
    back

    after blank
  folded-strip: >-
    a
    b
  folded-keep: >+
    a

  explicit: |2
      two extra spaces
    base
  explicit-chomp: |2-
     x
  chomp-first: |-2
     y
  comment-after-header: | # a comment
    z
  empty-literal: |
  after-empty: x
  tabs: |
    a tab	inside
    	and one after the indentation
  json: |
    {"a": 1,
     "b": [1, 2]}
)",
      "apiVersion: v1\r\nkind: Secret\r\nmetadata:\r\n  name: s\r\nstringData:\r\n  a: |\r\n    x\r\n    y\r\n  b: "
      "\"q\r\n    r\"\r\n  c: [1,\r\n    2]\r\n",
      R"(apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Service
  metadata: {name: a}
  spec:
    ports:
    - port: 80
      targetPort: 8080
    - {port: 443, targetPort: 8443}
- apiVersion: v1
  kind: Service
  metadata:
    name: b
- - nested
  - list
- - - deeper
-
  name: on-own-line
-
- last
)",
      // ---- scalar typing, values and keys ----
      R"(bools: [y, Y, yes, Yes, YES, n, N, no, No, NO, true, True, TRUE, false, False, FALSE, on, On, ON, off, Off, OFF]
nulls: [~, null, Null, NULL, nULL, '~', "null"]
ints: [0, -0, +1, 017, 0o17, 0b101, 0x1F, 0X1f, -0x10, 1_000, 9223372036854775807, -9223372036854775808, 9223372036854775808, 18446744073709551615]
floats: [08, 1e3, 1E3, .5, -.5, 1.10, 1., 6.02e+23, 18446744073709551616, 1_000.5]
strings: [1:30, 2026-01-01, 2001-12-14t21:59:43.10-05:00, 0x, 0b2, +, -, ., ..., .e3, 1e, 12abc, v1.2.3, 1.2.3]
quoted: ["1.10", '0x1F', "yes", 'on', "~", '', ""]
)",
      // "yes" and "y" would be a second key "true" after "on" (go-yaml v2 reads all three as
      // bools): a duplicate, which only the yaml-cpp path reports.
      R"(on: 1
1.10: 3
0x1F: 4
1e3: 5
2026-01-01: 6
-1: 8
.5: 9
017: 10
"quoted key": 11
'single key': 12
key with spaces: 13
a.b/c-d_e: 14
url:with:colons: 15
"colon: in quotes": 16
k#hash: 17
-dash: 19
)",
      R"(a: 1
b:
c: ~
d: ""
e: ''
f: null
g:   # comment only
h:
  # comment then value
  x
i: [ ]
j: { }
k: end
)",
      R"(values:
  plain: hello world
  trailing: spaces after   
  colon: a:b
  url: http://example.com:8080/path?q=1#frag
  hash: a#b
  comment: value # a comment
  percent: 50%
  at: user@example
  star: a*b
  amp: a&b
  bang: a!b
  pipe: a|b
  gt: a>b
  brackets: a[0]
  braces: a{b}
  comma: a,b
  question: a?b
  quote: it's
  dquote: say "hi"
  backslash: C:\path\to
  dash: --flag
  neg: -1.5
  unicode: héllo 日本 😀
  nbsp-inside: a b
)",
      // ---- plain scalars over several lines ----
      R"(description: this is a long
  description that goes on

  and has a paragraph break
  # this comment sits at the continuation indent
next: one
  two
   three
last: x
)",
      R"(a: first
 second at column one
b: |
 one space
c: x
  # an indented comment
d: y

e: z
)",
      R"(list:
- a: one
   two
  b: three
- key: value
    continued
)",
      // ---- plain scalars on one line (scanned without the per-line machinery), and their edges ----
      "a: x  # two blanks, then a comment\nc: x y :z\n",
      "d: x:y\ne: x  \nf: http://host:8080/p\n",
      "g:\n  h: deep\n#at column zero\n  i: deeper  \n",
      "g:\n  i: deeper  \n # one blank, then a comment\nj: last",
      "a:\n  b: x\n #c\n  d: y\ne: z\r\nf: w\r\n",
      "a: {b: x , c: y:z, d: [p, q ,r], e: s }\nf: [t , u]\n",
      "- a: x\n  b: y\n-  c: z\n   d: w\n",
      "# decline: a tab in the indentation\na: x\n\tb: y\n",
      "# decline: a tab before a comment\nb: x\t# comment\n",
      "# decline: a map value in a plain value\nc: x y : z\n",
      // ---- quoted scalars ----
      R"(single: 'it''s a ''quote'''
single-multi: 'first
  second

  third
  '
double: "tab\there \"quoted\" back\\slash"
double-multi: "first
  second\n  third

  fourth"
escaped-newline: "abc\
  def"
escaped-newline-space: "abc \
  def"
all-escapes: "\0\a\b\t\n\v\f\r\e\ \"\/\\\N\_\L\P\x41\xe9\u00e9\u65e5\U0001F600"
trailing-space-kept: "a  "
leading-space-kept: "  a"
single-trailing: 'a  '
empty-lines-in-double: "a


  b"
quote-then-comment: "x" # comment
quote-then-hash: 'y'#no space
)",
      R"({"json": true, "n": 1.5, "list": [1, "two", null, false], "nested": {"a": {}}, "empty": "", "e": -1e-3})",
      R"({"a":1,"b":"x","c":[1,2],"d":{"e":null}})",
      R"(["a",'b',c])",
      // ---- flow collections ----
      R"(flow-map: {a: 1, b: two, c: [x, y], d: {e: f}}
flow-multi: {a: 1,
  b: 2,
    c: 3
}
flow-seq-multi: [
  one,
  "two",
  'three',
  four   # a comment
]
trailing-comma: [a, b, ]
trailing-comma-map: {a: 1, }
empty-value: {a: , b: 2}
spaces: {  a  :  1  ,  b  :  2  }
nested: [[1, 2], [3, [4, [5]]], {x: [y]}]
colon-plain: [a:b, http://x]
dash-plain: [-1, --x, -a]
multi-line-plain: [a
  b, c]
quoted-key-adjacent: {"a":1, 'b':2}
comment-inside: {a: 1, # c
  b: 2}
hash-after-comma: [a,#c
  b]
)",
      "[1, 2]\n",
      "{a: 1}\n",
      "--- [a,\nb]\n",
      // ---- sequences and maps in every position ----
      R"(a:
- x
- y
b:
  - x
  -   y
c:
-
  d: 1
-   e: 2
    f: 3
- - g
  - h
-
  - i
g: done
)",
      R"(- a
- b:
  - c
  - d
- e: f
  g:
    h: i
- [j, k]
- {l: m}
- 'n'
- "o"
- |
  p
- >-
  q
  r
-
)",
      "- a\n-\n- c\n",
      "  a: 1\n  b: 2\n",
      "  - a\n  - b\n",
      "top:\n    deep: 1\n    deeper:\n        x: y\n    back: 2\n",
      // ---- comments in odd places ----
      R"(# head comment
a: 1 # trailing
# between
b: # after key
  c: 2
  # indented between
  d: 3
    # deeper comment
e:
# at column zero inside a value
  f: 4
g: [1, # in flow
  2]
#no space comment
h: i
)",
      // ---- documents ----
      "",
      "\n\n",
      "# only a comment\n",
      "---\n",
      "---\n---\n",
      "--- \na: 1\n---\nb: 2\n...\n",
      "a: 1\n---\n",
      "a: 1\n...\n",
      "a: 1\n...\n---\nb: 2\n",
      "--- a\n",
      "--- 'a'\n--- \"b\"\n--- [c]\n--- {d: e}\n",
      "--- |\n  text\n--- >-\n  folded\n  text\n",
      "--- # comment\na: 1\n--- # another\n",
      "---\n# comment\n\na: 1\n\n\n---\n\nb: 2\n",
      "a: 1\n--- \n...\n",
      "--- 1\n--- 1.5\n--- true\n--- ~\n--- 0x1F\n",
      "plain root scalar\n",
      "'quoted root'\n",
      "\"multi\n  line root\"\n",
      "--- >\n folded\n root\n",
      "a: 1\n... # end\n",
      "x: 1\n---\n---\n---\ny: 2\n",
      "\xEF\xBB\xBF"
      "a: bom\n",
      // ---- edge cases that are declined (they must still agree) ----
      "# decline: anchors\na: &x 1\nb: *x\n",
      "# decline: tags\na: !!str 1\n",
      "# decline: explicit key\n? a\n: 1\n",
      "# decline: plain scalar starting with '?' or ':'\n?question: 1\n:colon: 2\n",
      "# decline: directive\n%YAML 1.1\n---\na: 1\n",
      "# decline: merge key\nb: {x: 1}\nm:\n  <<: {y: 2}\n",
      "# decline: tab indentation\na:\n\tb: 1\n",
      // libyaml (hence kubectl) rejects these; yaml-cpp reads them (issue 10).
      "# decline: ':' before a flow indicator\nempty-value-end: {a:}\nempty-value-comma: {a:, b: 1}\n",
      "# decline: a tab where a block scalar's indentation is set\ntabs: |\n    \ta tab\n",
      "# decline: a tab at the start of a blank line\na: 1\n\t\nb: 2\n",
      "# decline: trailing tab\na: 1\t\n",
      "# decline: a stream starting with \"...\"\n...\n---\na: 1\n",
      "# decline: only an end marker\n...\n",
      "# decline: an end marker first\n...\na: 1\n",
      "# decline: content after \"...\" without \"---\"\na: 1\n...\nb: 2\n",
      "# decline: DEL, C1 and NEL\na: x\x7fy\nb: x\u0085y\nc: x\u0090y\n",
      "# decline: line and paragraph separators\na: x\u2028y\u2029z\n",
      "# decline: a byte order mark inside\na: b\n\ufeffc: d\n",
      "# decline: an escaped single quote in double quotes\na: \"it\\'s\"\n",
      "# decline: duplicate key\na: 1\na: 2\n",
      "# decline: null key\n~: 1\n",
      "# decline: complex key\n[a]: 1\n",
      "# decline: bad indentation\na:\n  b: 1\n c: 2\n",
      "# decline: second document without marker\n- a\nb: c\n",
      "# decline: infinity\na: .inf\n",
      "# decline: unterminated quote\na: 'b\n",
      "# decline: multi-line key\n\"a\nb\": 1\n",
      "# decline: plain over lines in a list\n- a\n  b\n",
      "# decline: map value on a map value\na: b: c\n",
      "# decline: compact map in a flow list\n[a: 1]\n",
      "# decline: flow entry without value\n{a, b: 1}\n",
      "# decline: control character\na: \x01\n",
      "# decline: lone CR\na: 1\rb: 2\n",
      "# decline: uint64 key\n18446744073709551616: x\n",
      "# decline: plain scalar alone on its line, then more\na:\n  x\n  y\n",
      "# decline: block scalar on its own line\na:\n  |\n    x\n",
      "# decline: dash after key\na: - b\n",
      "# decline: comma document\n,\n",
  };
}

}  // namespace fleetwave::fast_yaml_test
