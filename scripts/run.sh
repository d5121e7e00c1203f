#!/usr/bin/env bash
# Builds the web app and the server (release), then serves HeatDesk with a demo business on a
# SQLite file under ./data/. Extra arguments go to `heatdesk serve` (see `--help`).
set -euo pipefail
cd "$(dirname "$0")/.."

npm --prefix web ci --no-audit --no-fund
npm --prefix web run build
cargo build --release --bin heatdesk
exec target/release/heatdesk serve --demo "$@"
