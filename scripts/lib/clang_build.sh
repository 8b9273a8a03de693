# Sourced by scripts/test_sanitizers.sh and scripts/fuzz.sh: configures a clang build directory.
# xgrammar's sources do not compile with clang against libstdc++ (CMakeLists.txt says why), so a
# clang build links the libxgrammar.a of the GCC build in build/, which this builds first.
clang_configure() {  # dir, cmake options...
  local dir=$1; shift
  if [ ! -f build/build.ninja ]; then
    echo "[clang_configure] build/ is not configured: run scripts/setup.sh first" >&2
    return 2
  fi
  ninja -C build xgrammar >/dev/null
  CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DVLMXLA_XGRAMMAR_LIB="$PWD/build/libxgrammar.a" "$@" >/dev/null
}
