#!/usr/bin/env bash
# Every check and test: web lint, format, types and unit tests; Rust format, lints and tests
# (PostgreSQL variants too when TEST_DATABASE_URL is set); browser end-to-end tests in Debian's
# Chromium against the real binary. Installs what they need on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says when it starts (seconds into the run), so a slow phase shows in a CI log.
step() { printf '\n==> %s (at %d s)\n' "$*" "$SECONDS"; }

if [ ! -x /usr/bin/chromium ]; then
  step "installing Debian's chromium for the browser tests"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -qq chromium || { $sudo apt-get update -qq && $sudo apt-get install -y -qq chromium; }
fi

step "web: install"
npm --prefix web ci --no-audit --no-fund
step "web: build (embedded in the server binary)"
npm --prefix web run build

# `cargo clippy` is `cargo check` with clippy-driver wrapped around the workspace's crates, so a
# separate Clippy step checks every dependency once more (4 to 7 minutes on 2 cores). Wrapping the
# test build instead lints the same targets (library, binary and tests, with and without
# cfg(test)) as they compile. CLIPPY_ARGS is how `cargo clippy -- -D warnings` hands its
# arguments to the driver.
clippy_driver="$(rustc --print sysroot)/bin/clippy-driver"
[ -x "$clippy_driver" ] || { echo "no clippy-driver: run 'rustup component add clippy'" >&2; exit 1; }
linted=(env RUSTC_WORKSPACE_WRAPPER="$clippy_driver"
  CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__")

# The Rust test build needs nothing more of the web app, so it runs while the web checks do, in
# the background and niced: it takes the time they leave (the lint and the type check use one
# core of two) without slowing them.
step "rust: building the tests in the background"
rust_build_log="$(mktemp)"
nice -n 19 "${linted[@]}" cargo test --workspace --no-run > "$rust_build_log" 2>&1 &
rust_build=$!
trap 'kill "$rust_build" 2>/dev/null || true' EXIT

step "web: lint, format, types, unit tests"
npm --prefix web run lint
npm --prefix web run format:check
npm --prefix web run typecheck
npm --prefix web run test

step "rust: format, layers and Arabic sentences"
cargo fmt --all --check
python3 scripts/check_layers.py
python3 scripts/check_words.py
step "rust: waiting for the test build"
build_failed=0
wait "$rust_build" || build_failed=1
cat "$rust_build_log"
[ "$build_failed" -eq 0 ] || exit 1
step "rust: tests${TEST_DATABASE_URL:+ (also on PostgreSQL)}"
"${linted[@]}" cargo test --workspace

# `cargo test` has just built target/debug/heatdesk for the integration tests; building it again
# with `cargo build` would compile much of the tree a second time (without the dev-dependencies'
# features), so the browser tests run that binary.
step "browser end-to-end tests"
npm --prefix web run e2e
step "done"
