#!/bin/sh
# Makes sure that the tools `make wasm` needs are here, installing what is
# missing where it can; exits 0 when all are, else 1 after saying what is
# missing and how to get it. Usage: toolchain.sh <wasm-bindgen version> <tools dir>
#
# - rustc and cargo with the wasm32 standard library's source: rustup's
#   toolchain here has no wasm32 std and cannot download one, so Debian's
#   rustc-web, cargo-web and rust-web-src (/usr/bin/rustc, /usr/bin/cargo,
#   the std built with -Z build-std);
# - wasm-opt, from Debian's binaryen;
# - wasm-bindgen-cli of exactly the version of the wasm-bindgen crate, from
#   crates.io, installed into <tools dir>/bin.
version=$1
tools=$2
missing=""

# The crates' rust-version: Debian's older package lists still offer a
# rustc-web below it (1.85 in bookworm's main archive; 1.96 in its
# security archive), so a rustc older than this counts as missing and the
# lists are refreshed before installing.
rust_minor=89

new_enough() {
    minor=$(/usr/bin/rustc --version 2>/dev/null | sed -n 's/^rustc 1\.\([0-9]*\).*/\1/p')
    [ -n "$minor" ] && [ "$minor" -ge "$rust_minor" ]
}

have_rust() {
    [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library/std ] && [ -e /usr/bin/rust-lld ] && new_enough
}

# The linker: rust-web-llvm's rust-lld is a link to the lld of its LLVM's
# version, a package of its own.
lld_package() {
    major=$(/usr/bin/rustc -vV 2>/dev/null | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
    echo "lld-${major:-22}"
}

if ! have_rust || ! command -v wasm-opt >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        echo "installing Debian's rustc-web, cargo-web, rust-web-src, lld and binaryen for the WebAssembly build"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q rustc-web cargo-web rust-web-src binaryen >/dev/null 2>&1 && new_enough ||
            { apt-get update -q >/dev/null 2>&1 &&
              DEBIAN_FRONTEND=noninteractive apt-get install -y -q rustc-web cargo-web rust-web-src binaryen >/dev/null 2>&1; } || true
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q rust-web-llvm "$(lld_package)" >/dev/null 2>&1 || true
    fi
fi
have_rust || missing="$missing
  - a Rust toolchain of 1.$rust_minor or later with the wasm32-unknown-unknown standard library: on Debian, apt-get update, then apt-get install rustc-web cargo-web rust-web-src rust-web-llvm $(lld_package)"
command -v wasm-opt >/dev/null 2>&1 || missing="$missing
  - wasm-opt: apt-get install binaryen"

if [ "$("$tools/bin/wasm-bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    echo "installing wasm-bindgen-cli $version into $tools (a few minutes, once)"
    # The wasm-bindgen binary alone, without TLS (the default feature, which
    # only its test runner's downloads use): the compile is its cost.
    # --locked first; without it where a crate of its lock file has since
    # been yanked from the registry.
    flags="--quiet --no-default-features --bin wasm-bindgen --version $version --root $tools"
    cargo install --locked $flags wasm-bindgen-cli 2>/dev/null ||
        cargo install $flags wasm-bindgen-cli ||
        missing="$missing
  - wasm-bindgen-cli $version: cargo install --no-default-features --bin wasm-bindgen wasm-bindgen-cli --version $version --root $tools"
fi

if [ -n "$missing" ]; then
    echo "the WebAssembly build needs:$missing"
    exit 1
fi
