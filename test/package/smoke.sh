#!/usr/bin/env bash
# The package as a user gets it: `npm pack` (prepack builds the bundle), a global
# install of the tarball into a temporary prefix, then the installed command run from
# an empty folder with an empty home, away from this checkout's node_modules.
# Fails on any error. Run it locally too: bash test/package/smoke.sh
# Prints the installed size; SMOKE_KEEP=1 keeps the temporary folder.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/mcpdeck-smoke-XXXXXX")"
[ "${SMOKE_KEEP:-}" = 1 ] || trap 'rm -rf "$TMP"' EXIT
MAX_INSTALLED_KB=$((15 * 1024))

fail() { echo "package smoke: FAILED: $*" >&2; exit 1; }
step() { echo "package smoke: $*"; }

step "npm pack"
(cd "$ROOT" && npm pack --silent --pack-destination "$TMP" >"$TMP/pack.out") || fail "npm pack"
TARBALL="$TMP/$(tail -n 1 "$TMP/pack.out")"
[ -f "$TARBALL" ] || fail "no tarball at $TARBALL"

step "what the tarball holds"
tar -tzf "$TARBALL" | sed 's#^package/##' | sort >"$TMP/files"
for needed in bin/mcpdeck.js bin/package.json dist/bundle/mcpdeck.js README.md docs/deck.md package.json assets/dashboard.svg dist/bundle/vendor/seccomp/x64/apply-seccomp dist/bundle/vendor/seccomp/arm64/apply-seccomp; do
  grep -qx "$needed" "$TMP/files" || fail "the tarball has no $needed"
done
if grep -E '^(src/|test/|dist/cli/|dist/core/|dist/bundle-meta.json|scripts/)' "$TMP/files"; then fail "the tarball holds sources or the tsc build (above)"; fi

step "npm i -g --prefix <tmp> $(basename "$TARBALL")"
PREFIX="$TMP/prefix"
npm i -g --prefix "$PREFIX" --no-audit --no-fund --loglevel=error "$TARBALL" >/dev/null || fail "npm i -g"
MCPDECK="$PREFIX/bin/mcpdeck"
[ -x "$MCPDECK" ] || fail "no $MCPDECK after install"

# An empty folder and home: no configured servers, nothing of this checkout on the module path.
WORK="$TMP/work"
mkdir -p "$WORK/home"
run() { (cd "$WORK" && env -u NODE_PATH HOME="$WORK/home" MCPDECK_CONFIG_DIR="$WORK/config" NO_COLOR=1 "$MCPDECK" "$@"); }

step "mcpdeck --version"
version="$(run --version)" || fail "mcpdeck --version"
expected="$(node -p "require('$ROOT/package.json').version")"
[ "$version" = "$expected" ] || fail "--version printed '$version', expected '$expected'"

step "mcpdeck status --demo --json"
run status --demo --json >"$TMP/status.json" || fail "mcpdeck status --demo --json (exit $?)"
node -e '
  const servers = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const demo = servers.find((s) => s.name === "demo");
  if (!demo || demo.status !== "connected" || !(demo.tools > 0)) { console.error(JSON.stringify(servers, null, 2)); process.exit(1); }
' "$TMP/status.json" || fail "the demo server is not connected with its tools"

step "mcpdeck call --demo demo echo message=hello-from-the-package"
out="$(run call --demo demo echo message=hello-from-the-package 2>"$TMP/call.err")" || fail "mcpdeck call (exit $?): $(cat "$TMP/call.err")"
[ "$out" = "hello-from-the-package" ] || fail "call printed '$out'"

step "mcpdeck call --demo demo count_slowly n=2 (progress, output schema)"
run call --demo demo count_slowly n=2 >/dev/null 2>"$TMP/progress.err" || fail "count_slowly (exit $?): $(cat "$TMP/progress.err")"
grep -q '^progress 2/2' "$TMP/progress.err" || fail "no progress lines: $(cat "$TMP/progress.err")"

# An in-process module brings its own SDK: the package ships none (here the module's
# SDK is this checkout's, found from the module's own folder).
step "an in-process v1 SDK module"
printf '{"mcpServers":{"paged":{"type":"inprocess","module":"%s"}}}' "$ROOT/test/fixtures/servers/inprocess-module.mjs" >"$WORK/inprocess.json"
out="$(run call --strict --config "$WORK/inprocess.json" paged five 2>"$TMP/call.err")" || fail "in-process call (exit $?): $(cat "$TMP/call.err")"
[ "$out" = "ran five" ] || fail "in-process call printed '$out'"

# The sandbox runtime, bundled, from the installed package: on Linux it needs bubblewrap
# and socat (.ci/run installs them); its seccomp helper is found beside the bundle.
if [ "$(uname)" = Linux ]; then
  step "a sandboxed ad hoc server (call --sandbox)"
  out="$(run call --sandbox whoami -- node "$ROOT/test/fixtures/servers/sandbox-probe.mjs" 2>"$TMP/sandbox.err")" || fail "sandboxed call (exit $?): $(cat "$TMP/sandbox.err")"
  case "$out" in *'"tmpdir":"'*mcpdeck-sandbox-*) ;; *) fail "the sandboxed server did not get its private temp folder: $out" ;; esac
fi

installed_kb="$(du -sk "$PREFIX/lib/node_modules" | cut -f1)"
step "installed size: $((installed_kb / 1024)).$(((installed_kb % 1024) * 10 / 1024)) MB in $(find "$PREFIX/lib/node_modules" -name package.json -not -path '*/test/*' | wc -l) package.json files (limit 15 MB)"
[ "$installed_kb" -le "$MAX_INSTALLED_KB" ] || fail "installed size ${installed_kb} kB is over ${MAX_INSTALLED_KB} kB"
echo "package smoke: ok"
