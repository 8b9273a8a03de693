#!/usr/bin/env bash
# One idempotent set-up command for a fresh machine: Debian packages, the pinned Python
# environment in .venv, and the C++ build in build/.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  nlohmann-json3-dev libpcre2-dev libutf8proc-dev
  libpng-dev libjpeg62-turbo-dev libwebp-dev
  libcpp-httplib-dev libgtest-dev libgmock-dev
  clang libclang-rt-14-dev  # the sanitizer builds and libFuzzer (scripts/test.sh, scripts/fuzz.sh)
  ccache  # compiler cache: an unchanged file is not compiled again by the main, ASan or TSan build
)

log() { printf '[setup] %s\n' "$*"; }

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  log "installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
else
  log "Debian packages present"
fi

# Python: the lock pins every package. torch 2.13.0+cpu comes from the machine's local wheel
# (pip's find-links); a plain PyPI torch would pull a multi-GB CUDA build.
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  log "creating .venv"
  "$PY" -m venv .venv
fi
stamp=.venv/.vlmxla-lock.sha256
want=$(sha256sum python/requirements.lock | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  log "installing pinned Python packages (python/requirements.lock)"
  .venv/bin/pip install -q --disable-pip-version-check -r python/requirements.lock
  echo "$want" > "$stamp"
else
  log "Python packages match the lock"
fi

# The packages under python/ (vlmxla_oracle, vlmxla_gate, vlmxla_bench, vlmxla_iree; see
# pyproject.toml) are importable from the venv without PYTHONPATH, as an editable install would
# make them, without a build step.
site=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$PWD/python" > "$site/vlmxla.pth"

# xgrammar (structured output: JSON schemas and grammars as token masks). Its C++ core comes from
# the PyPI sdist (the wheels carry only the Python bindings): the pinned tarball, checked against
# its hash, is unpacked into .venv/src, and CMakeLists.txt builds its sources into build/.
XGRAMMAR_VERSION=0.2.8
XGRAMMAR_SHA256=8305646fd2b319d6c3003f51a1665e54cbbe9cba1fb636bc41d0b46434ccbb80
xgrammar_dir=.venv/src/xgrammar-$XGRAMMAR_VERSION
if [ ! -f "$xgrammar_dir/include/xgrammar/xgrammar.h" ]; then
  log "fetching the xgrammar $XGRAMMAR_VERSION sdist (its C++ sources)"
  dl=$(mktemp -d)
  .venv/bin/pip download -q --disable-pip-version-check --no-deps --no-binary xgrammar \
    "xgrammar==$XGRAMMAR_VERSION" -d "$dl"
  echo "$XGRAMMAR_SHA256  $dl/xgrammar-$XGRAMMAR_VERSION.tar.gz" | sha256sum -c --quiet
  mkdir -p .venv/src
  tar -xzf "$dl/xgrammar-$XGRAMMAR_VERSION.tar.gz" -C .venv/src
  rm -rf "$dl"
else
  log "xgrammar $XGRAMMAR_VERSION sources present"
fi

# The XLA FFI C API header (xla/ffi/api/c_api.h): the quantized matrix-vector kernel is an XLA FFI
# custom call that runtime/ registers with the PJRT CPU plugin (docs/design.md). It ships only in
# the jaxlib wheel: the pinned wheel comes from pip's index and only that header is kept, under
# .venv/src (the wheel itself is not installed).
JAXLIB_VERSION=0.10.2
JAXLIB_SHA256=1faca3c5d4662cb4a6130a68105d68bb520764817e165d6eebfd6786c0d1f30f
ffi_dir=.venv/src/xla-ffi-jaxlib-$JAXLIB_VERSION
if [ ! -f "$ffi_dir/xla/ffi/api/c_api.h" ]; then
  log "fetching the XLA FFI C API header from the jaxlib $JAXLIB_VERSION wheel"
  dl=$(mktemp -d)
  .venv/bin/pip download -q --disable-pip-version-check --no-deps --only-binary :all: \
    "jaxlib==$JAXLIB_VERSION" -d "$dl"
  echo "$JAXLIB_SHA256  $(ls "$dl"/jaxlib-$JAXLIB_VERSION-*.whl)" | sha256sum -c --quiet
  .venv/bin/python - "$dl"/jaxlib-$JAXLIB_VERSION-*.whl "$ffi_dir" <<'PY'
import sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
prefix = "jaxlib/include/"
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        if name == prefix + "xla/ffi/api/c_api.h":
            z.extract(name, out + "/_whl")
PY
  mkdir -p "$ffi_dir"
  cp -r "$ffi_dir/_whl/jaxlib/include/xla" "$ffi_dir/"
  rm -rf "$ffi_dir/_whl" "$dl"
else
  log "XLA FFI C API header (jaxlib $JAXLIB_VERSION) present"
fi

log "building into build/"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-RelWithDebInfo}" >/dev/null
ninja -C build
log "done: build/vlmxla is ready; run scripts/test.sh"
