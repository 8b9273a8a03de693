// Unit tests of the Jinja interpreter behind ChatTemplate. Expected strings are what jinja2 3.1
// renders in Transformers' environment (trim_blocks, lstrip_blocks, no trailing newline).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "vlmxla/text/chat_template.h"

namespace vlmxla::text {
namespace {

using ojson = nlohmann::ordered_json;

std::string R(const std::string& tpl, const ojson& ctx = ojson::object()) {
  auto t = ChatTemplate::Parse(tpl);
  if (!t.ok()) return "PARSE ERROR: " + t.status().ToString();
  auto r = t->Render(ctx);
  if (!r.ok()) return "RENDER ERROR: " + r.status().ToString();
  return *r;
}

Status RenderError(const std::string& tpl, const ojson& ctx = ojson::object()) {
  auto t = ChatTemplate::Parse(tpl);
  if (!t.ok()) return t.status();
  auto r = t->Render(ctx);
  return r.ok() ? Status::Ok() : r.status();
}

TEST(Jinja, SplitAndRsplitWithMaxsplitAsPython) {
  // Expected values are CPython 3.11's str.split / str.rsplit.
  const ojson ctx = {{"s", "  a b  "}, {"c", "a,,b,c"}};
  EXPECT_EQ(R("{{ s.split(none, 1) }}", ctx), "['a', 'b  ']");
  EXPECT_EQ(R("{{ s.rsplit(none, 1) }}", ctx), "['  a', 'b']");
  EXPECT_EQ(R("{{ s.split(none, 0) }}", ctx), "['a b  ']");
  EXPECT_EQ(R("{{ s.rsplit(none, 0) }}", ctx), "['  a b']");
  EXPECT_EQ(R("{{ s.rsplit() }}", ctx), "['a', 'b']");
  EXPECT_EQ(R("{{ c.rsplit(',', 1) }}", ctx), "['a,,b', 'c']");
  EXPECT_EQ(R("{{ c.rsplit(',', 2) }}", ctx), "['a,', 'b', 'c']");
  EXPECT_EQ(R("{{ ',a,'.rsplit(',', 1) }}"), "[',a', '']");
  EXPECT_EQ(R("{{ 'abc'.rsplit(',', 1) }}"), "['abc']");
  EXPECT_EQ(R("{{ 'aXXbXXc'.rsplit('XX', 1) }}"), "['aXXb', 'c']");
  EXPECT_EQ(R("{{ '   '.rsplit(none, 1) }}"), "[]");
}

TEST(Jinja, TextExpressionsComments) {
  EXPECT_EQ(R("a{{ 1 + 2 }}b{# hidden #}c"), "a3bc");
  EXPECT_EQ(R("{{ 'x' ~ 1 ~ none }}"), "x1None");
  EXPECT_EQ(R("{{ 7 // 2 }} {{ -7 // 2 }} {{ 7 % 3 }} {{ -7 % 3 }} {{ 2 ** 10 }} {{ 7 / 2 }}"),
            "3 -4 1 2 1024 3.5");
  EXPECT_EQ(R("{{ 1.0 }} {{ 0.1 + 0.2 }} {{ 1e16 }} {{ 1.5e-5 }} {{ 4 / 2 }}"),
            "1.0 0.30000000000000004 1e+16 1.5e-05 2.0");
  EXPECT_EQ(R("{{ true }} {{ false }} {{ none }} {{ undefined_thing }}|"), "True False None |");
  EXPECT_EQ(R("{{ [1, 'a', true, none, 2.5] }} {{ {'k': 'v', 'n': [1]} }}"),
            "[1, 'a', True, None, 2.5] {'k': 'v', 'n': [1]}");
  EXPECT_EQ(R("{{ \"it's\" }} {{ [\"it's\"] }}"), "it's [\"it's\"]");
}

TEST(Jinja, WhitespaceControl) {
  // trim_blocks drops the newline after a block tag; lstrip_blocks the indentation before it.
  EXPECT_EQ(R("{% if true %}\n  yes\n{% endif %}\nafter"), "  yes\nafter");
  EXPECT_EQ(R("line\n    {% if true %}x{% endif %}"), "line\nx");
  EXPECT_EQ(R("a  {%- if true -%}  b  {%- endif -%}  c"), "abc");
  EXPECT_EQ(R("a\n  {{- 'b' -}}\n  c"), "abc");
  EXPECT_EQ(R("x {{ 'y' }}\n z"), "x y\n z");           // variables are not trimmed
  EXPECT_EQ(R("  {%+ if true %}k{% endif %}"), "  k");  // + disables lstrip
  EXPECT_EQ(R("a\n{# c #}\nb"), "a\nb");
  EXPECT_EQ(R("end\n"), "end");  // one trailing newline is dropped
  EXPECT_EQ(R("a\r\nb"), "a\nb");
}

TEST(Jinja, ForLoops) {
  ojson ctx = {{"xs", {"a", "b", "c"}}};
  EXPECT_EQ(R("{% for x in xs %}{{ loop.index }}{{ x }}{{ loop.index0 }}{{ loop.revindex }}"
              "{% if loop.first %}F{% endif %}{% if loop.last %}L{% endif %}{{ loop.length }}|"
              "{% endfor %}",
              ctx),
            "1a03F3|2b123|3c21L3|");
  EXPECT_EQ(R("{% for x in [] %}x{% else %}empty{% endfor %}"), "empty");
  EXPECT_EQ(R("{% for x in xs %}{{ loop.cycle('o', 'e') }}{% endfor %}", ctx), "oeo");
  EXPECT_EQ(R("{% for x in xs if x != 'b' %}{{ x }}{{ loop.length }}{% endfor %}", ctx), "a2c2");
  EXPECT_EQ(R("{% for x in xs %}{% if x == 'b' %}{% break %}{% endif %}{{ x }}{% endfor %}", ctx),
            "a");
  EXPECT_EQ(
      R("{% for x in xs %}{% if x == 'b' %}{% continue %}{% endif %}{{ x }}{% endfor %}", ctx),
      "ac");
  EXPECT_EQ(R("{% for k, v in {'a': 1, 'b': 2}.items() %}{{ k }}={{ v }};{% endfor %}"),
            "a=1;b=2;");
  // set inside a loop does not leak; namespace attributes do.
  EXPECT_EQ(R("{% set n = 0 %}{% set ns = namespace(n=0) %}{% for x in xs %}{% set n = n + 1 %}"
              "{% set ns.n = ns.n + 1 %}{% endfor %}{{ n }} {{ ns.n }}",
              ctx),
            "0 3");
}

TEST(Jinja, IfSetMacroCall) {
  EXPECT_EQ(R("{% if 0 %}a{% elif '' %}b{% elif [1] %}c{% else %}d{% endif %}"), "c");
  EXPECT_EQ(R("{% set a, b = 1, 2 %}{{ a }}{{ b }}"), "12");
  EXPECT_EQ(R("{% set x %}in{{ 1 }}{% endset %}[{{ x }}]"), "[in1]");
  EXPECT_EQ(R("{% macro m(a, b='d') %}<{{ a }}{{ b }}>{% endmacro %}{{ m(1) }}{{ m(1, b=2) }}"),
            "<1d><12>");
  EXPECT_EQ(R("{% macro w() %}[{{ caller() }}]{% endmacro %}{% call w() %}body{% endcall %}"),
            "[body]");
  EXPECT_EQ(R("{{ 'y' if 1 > 2 else 'n' }}{{ 'only' if false }}|"), "n|");
  EXPECT_EQ(R("{% generation %}gen{% endgeneration %}"), "gen");
  EXPECT_EQ(R("{% filter upper %}abc{% endfilter %}"), "ABC");
}

TEST(Jinja, OperatorsAndAccess) {
  ojson ctx = {{"d", {{"key", "v"}, {"n", 3}}}, {"s", "Hello World"}};
  EXPECT_EQ(R("{{ d.key }}{{ d['key'] }}{{ d.missing }}|{{ d.get('n') }}{{ d.get('x', 9) }}", ctx),
            "vv|39");
  EXPECT_EQ(R("{{ s[0] }}{{ s[-1] }}{{ s[:5] }}{{ s[::-1] }}{{ [1,2,3,4][1:3] }}", ctx),
            "HdHellodlroW olleH[2, 3]");
  EXPECT_EQ(
      R("{{ 'a' in 'cat' }}{{ 2 not in [1] }}{{ 'key' in d }}{{ 1 == 1.0 }}{{ 1 < 2 < 3 }}", ctx),
      "TrueTrueTrueTrueTrue");
  EXPECT_EQ(R("{{ not 1 or 0 }}|{{ 1 and 'x' }}|{{ none is none }}{{ 1 is not string }}"),
            "0|x|TrueTrue");
  EXPECT_EQ(R("{{ s.split(' ') }}{{ ' a b '.split() }}{{ s.startswith('He') }}{{ s.endswith(('x', "
              "'ld')) }}",
              ctx),
            "['Hello', 'World']['a', 'b']TrueTrue");
  EXPECT_EQ(R("{{ '  x '.strip() }}|{{ 'xxaxx'.lstrip('x') }}|{{ s.upper() }}{{ s.lower() }}"
              "{{ 'ab cd'.title() }}{{ s.replace('o', '0') }}",
              ctx),
            "x|axx|HELLO WORLDhello worldAb CdHell0 W0rld");
  EXPECT_EQ(R("{{ d.keys() | list }}{{ d.values() | list }}", ctx), "['key', 'n']['v', 3]");
  EXPECT_EQ(R("{{ 'ab' * 3 }}{{ [1] + [2] }}{{ -3 | abs }}"), "ababab[1, 2]3");
}

TEST(Jinja, Filters) {
  ojson ctx = {
      {"msgs", {{{"type", "image"}}, {{"type", "text"}, {"text", "hi"}}, {{"type", "image"}}}},
      {"tools", {{{"name", "f"}, {"args", {{"x", 1}}}}}}};
  EXPECT_EQ(R("{{ msgs | selectattr('type', 'equalto', 'image') | list | length }}", ctx), "2");
  EXPECT_EQ(
      R("{{ msgs | rejectattr('type', '==', 'image') | map(attribute='text') | join(',') }}", ctx),
      "hi");
  EXPECT_EQ(R("{{ msgs | selectattr('text', 'defined') | list | count }}", ctx), "1");
  EXPECT_EQ(R("{{ [1, 0, 2, none] | select | list }}{{ [1, 0, 2] | reject | list }}"), "[1, 2][0]");
  EXPECT_EQ(
      R("{{ ' x ' | trim }}{{ 'ab' | upper }}{{ 'AB' | lower }}{{ 'hello WORLD' | capitalize }}"
        "{{ 'hello-world foo' | title }}"),
      "xABabHello worldHello-World Foo");
  EXPECT_EQ(
      R("{{ [3, 1] | first }}{{ [3, 1] | last }}{{ 'abc' | length }}{{ nothing | default('d') }}"
        "{{ '' | default('e', true) }}{{ '' | d('f') }}|"),
      "313de|");
  EXPECT_EQ(R("{{ tools[0] | tojson }}", ctx), "{\"name\": \"f\", \"args\": {\"x\": 1}}");
  EXPECT_EQ(R("{{ tools[0] | tojson(indent=2) }}", ctx),
            "{\n  \"name\": \"f\",\n  \"args\": {\n    \"x\": 1\n  }\n}");
  EXPECT_EQ(R("{{ 'é\"\n' | tojson }}{{ [] | tojson(indent=2) }}"), "\"é\\\"\\n\"[]");
  EXPECT_EQ(
      R("{{ 3 | string }}{{ '42' | int + 1 }}{{ 'x' | int }}{{ '2.5' | float }}{{ 2.5 | int }}"),
      "34302.52");
  EXPECT_EQ(R("{{ {'b': 1, 'a': 2} | items | list }}{{ {'b': 1, 'A': 2} | dictsort }}"),
            "[('b', 1), ('a', 2)][('A', 2), ('b', 1)]");
  EXPECT_EQ(R("{{ ['a', 'A', 'b', 'a'] | unique | list }}"), "['a', 'b']");
  EXPECT_EQ(R("{{ 'a\nb\n\nc' | indent(2) }}|{{ 'a\nb' | indent(2, true) }}"),
            "a\n  b\n\n  c|  a\n  b");
  EXPECT_EQ(R("{{ '<a&b>' | escape }}{{ '<x>' | safe }}"), "&lt;a&amp;b&gt;<x>");
  EXPECT_EQ(
      R("{{ 2.5 | round }}{{ 3.5 | round }}{{ 2.675 | round(2) }}{{ 1.21 | round(1, 'ceil') }}"),
      "2.04.02.671.3");
  EXPECT_EQ(R("{{ [1, 2, 3] | batch(2) | list }}"), "[[1, 2], [3]]");
}

TEST(Jinja, Tests) {
  ojson ctx = {{"d", ojson::object()},
               {"l", ojson::array()},
               {"n", nullptr},
               {"i", 3},
               {"f", 1.5},
               {"b", true},
               {"s", "x"}};
  EXPECT_EQ(
      R("{{ d is mapping }}{{ l is sequence }}{{ s is iterable }}{{ n is none }}"
        "{{ i is integer }}{{ f is number }}{{ f is integer }}{{ b is boolean }}{{ b is true }}"
        "{{ b is false }}{{ s is string }}{{ zz is undefined }}{{ i is defined }}",
        ctx),
      "TrueTrueTrueTrueTrueTrueFalseTrueTrueFalseTrueTrueTrue");
  EXPECT_EQ(R("{{ i is equalto 3 }}{{ i is eq(4) }}{{ 'x' is in ['x'] }}{{ i is odd }}", ctx),
            "TrueFalseTrueTrue");
}

TEST(Jinja, Undefined) {
  EXPECT_EQ(
      R("[{{ nope }}]{% for x in nope %}x{% endfor %}{{ nope | length }}{% if nope %}y{% endif %}"),
      "[]0");
  Status st = RenderError("{{ nope.attr }}");
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("'nope' is undefined"), std::string::npos) << st.ToString();
  EXPECT_EQ(R("{{ (none).x }}|"), "|");  // attribute of None is Undefined, not an error
}

TEST(Jinja, Errors) {
  Status st = RenderError("line1\n{% for x in xs %}never closed");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(st.reason(), "chat_template_syntax");
  EXPECT_NE(st.message().find("unclosed 'for' opened at line 2, column 1"), std::string::npos)
      << st.message();

  st = RenderError("{{ 'x' | frobnicate }}");
  EXPECT_NE(st.message().find("no filter named 'frobnicate'"), std::string::npos) << st.message();

  st = RenderError("{{ raise_exception('Roles must alternate!') }}");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(st.reason(), "chat_template_error");
  EXPECT_EQ(st.message(), "Roles must alternate!");

  st = RenderError("{% frob %}");
  EXPECT_NE(st.message().find("unknown tag 'frob'"), std::string::npos);
  st = RenderError("{{ 1 + }}");
  EXPECT_NE(st.message().find("line 1, column"), std::string::npos);
  st = RenderError("{# open comment");
  EXPECT_NE(st.message().find("comment"), std::string::npos);
  st = RenderError("{{ 'a' + 1 }}");
  EXPECT_NE(st.message().find("unsupported operand"), std::string::npos);
}

TEST(Jinja, IntegersBeyondInt64) {
  // jinja2 takes integers of any size; ours are int64. A larger literal is a syntax error naming
  // it (it used to escape as an uncaught std::out_of_range from std::stoll).
  const std::string big = "1234567890123456789012345678901234567890";
  const std::vector<std::string> templates = {"{{ " + big + " }}", "{{ xs." + big + " }}",
                                              "{{ 9223372036854775808 }}"};
  for (const std::string& tpl : templates) {
    Status st = RenderError(tpl, {{"xs", {1}}});
    EXPECT_EQ(st.code(), ErrorCode::kInvalidArgument) << tpl;
    EXPECT_EQ(st.reason(), "chat_template_syntax") << tpl;
    EXPECT_NE(st.message().find("integer literal "), std::string::npos) << st.message();
    EXPECT_NE(st.message().find(" out of range"), std::string::npos) << st.message();
  }
  EXPECT_NE(RenderError("{{ xs." + big + " }}").message().find(big), std::string::npos);
  EXPECT_EQ(R("{{ 9223372036854775807 }} {{ [7].0 }}"), "9223372036854775807 7");
  // A numeric attribute path past int64 finds nothing, as jinja2's obj[10**39] does.
  EXPECT_EQ(R("{{ [[1], [2]] | map(attribute='" + big + "') | select('defined') | list }}"), "[]");
  EXPECT_EQ(R("{{ [[1], [2]] | map(attribute='" + big + "') | list | length }}"), "2");
  EXPECT_EQ(R("{{ [[1], [2]] | map(attribute='0') | list }}"), "[1, 2]");
}

// Integer arithmetic at int64's edges is an error or Python's answer, never a trap, undefined
// behaviour or a hang: INT64_MIN // -1 used to raise SIGFPE, 1 ** (2 ** 62) looped 2^62 times,
// and int() of a float past int64 was an undefined cast.
TEST(Jinja, IntegerEdgesAreErrorsNotTraps) {
  const std::string min = "(-9223372036854775807 - 1)";
  Status st = RenderError("{{ " + min + " // -1 }}");
  EXPECT_EQ(st.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(st.message().find("integer overflow in '//'"), std::string::npos) << st.message();
  EXPECT_EQ(R("{{ " + min + " % -1 }}"), "0");
  EXPECT_EQ(R("{{ " + min + " // 1 }}"), "-9223372036854775808");
  EXPECT_EQ(R("{{ -7 // 2 }} {{ -7 % 2 }} {{ 7 % -2 }}"), "-4 1 -1");
  EXPECT_EQ(R("{{ 1 ** 4611686018427387904 }} {{ (-1) ** 4611686018427387905 }}"), "1 -1");
  EXPECT_EQ(R("{{ 0 ** 4611686018427387904 }} {{ 2 ** 62 }} {{ (-2) ** 63 }} {{ 3 ** 0 }}"),
            "0 4611686018427387904 -9223372036854775808 1");
  for (const std::string tpl :
       {"{{ 2 ** 63 }}", "{{ 3 ** 4611686018427387904 }}", "{{ (-3) ** 41 }}"}) {
    st = RenderError(tpl);
    EXPECT_EQ(st.code(), ErrorCode::kInvalidArgument) << tpl;
    EXPECT_NE(st.message().find("integer power result too large"), std::string::npos) << tpl;
  }
  for (const std::string tpl : {"{{ 1e300 | int }}", "{{ -9.3e18 | int }}", "{{ '1e19' | int }}"}) {
    st = RenderError(tpl);
    EXPECT_EQ(st.code(), ErrorCode::kInvalidArgument) << tpl;
    EXPECT_NE(st.message().find("out of the int64 range"), std::string::npos) << st.message();
  }
  EXPECT_EQ(R("{{ 2.9 | int }} {{ -2.9 | int }} {{ '-4.5' | int }} {{ 9.2e18 | int }}"),
            "2 -2 -4 9200000000000000000");
}

TEST(Jinja, LimitsStopHostileTemplates) {
  Status st = RenderError(
      "{% for a in range(1000) %}{% for b in range(1000) %}{% for c in range(10) %}"
      "{% endfor %}{% endfor %}{% endfor %}");
  EXPECT_EQ(st.code(), ErrorCode::kOutOfRange);
  EXPECT_NE(st.message().find("loop iteration limit of 1000000"), std::string::npos);

  st = RenderError("{% set s = 'x' * 1000 %}{% for a in range(20000) %}{{ s }}{% endfor %}");
  EXPECT_EQ(st.code(), ErrorCode::kOutOfRange);
  EXPECT_NE(st.message().find("output limit"), std::string::npos);

  st = RenderError("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}");
  EXPECT_EQ(st.code(), ErrorCode::kOutOfRange);

  st = RenderError("{{ " + std::string(5000, '(') + "1" + std::string(5000, ')') + " }}");
  EXPECT_EQ(st.reason(), "chat_template_syntax");
  EXPECT_NE(st.message().find("nested deeper"), std::string::npos) << st.message();
  st = RenderError("{{ 'a' * 100000000000 }}");
  EXPECT_EQ(st.code(), ErrorCode::kOutOfRange);
}

TEST(Jinja, LoadChatTemplatePrecedence) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("vlmxla_jinja_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto write = [&](const char* name, const std::string& text) {
    std::ofstream(dir / name) << text;
  };
  EXPECT_FALSE(LoadChatTemplate(dir.string()).ok());
  write(
      "tokenizer_config.json",
      R"({"chat_template": [{"name": "tool_use", "template": "T"}, {"name": "default", "template": "D"}]})");
  EXPECT_EQ(*LoadChatTemplate(dir.string()), "D");
  write("chat_template.json", R"({"chat_template": "J"})");
  EXPECT_EQ(*LoadChatTemplate(dir.string()), "J");
  write("chat_template.jinja", "RAW");
  EXPECT_EQ(*LoadChatTemplate(dir.string()), "RAW");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace vlmxla::text
