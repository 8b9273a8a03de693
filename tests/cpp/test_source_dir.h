// The checkout the tests were built from (for tests/golden, .venv, python/). Defined in the build
// directory's generated test_source_dir.cc, the one test object whose compile command names the
// checkout's path: every other test object compiles the same in any clone, so ccache serves a
// fresh clone in another directory (CMakeLists.txt: CCACHE_BASEDIR) instead of recompiling them.
#pragma once

extern "C" const char* vlmxla_test_source_dir();

#define VLMXLA_SOURCE_DIR (vlmxla_test_source_dir())
