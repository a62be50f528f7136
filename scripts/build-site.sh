#!/bin/sh
# Writes the static site (docs/site.md) into OUT (default build/site): the
# web app of web/ with the engine in the page, the WebAssembly engine
# build/wasm/trickwood.{js,wasm,data} (made by `make site` first), the web
# app manifest and icons, and the service worker with this version's file
# list. The folder is written beside OUT and renamed over it at the end,
# so a half-written site never replaces a whole one.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-build/site}
case "$out" in /*) ;; *) out="$root/$out" ;; esac
tmp="$out.tmp"
rm -rf "$tmp"
mkdir -p "$tmp"

for f in trickwood.js trickwood.wasm trickwood.data; do
    [ -s "$root/build/wasm/$f" ] || { echo "build-site: build/wasm/$f is missing; run make site" >&2; exit 1; }
done

cp -R "$root/web/." "$tmp/"
# The site's own files go to its top folder.
mv "$tmp/site/sw.js" "$tmp/site/manifest.webmanifest" "$tmp/"
mv "$tmp/site/icons" "$tmp/icons"
rmdir "$tmp/site"
cp "$root/build/wasm/trickwood.js" "$root/build/wasm/trickwood.wasm" "$root/build/wasm/trickwood.data" "$tmp/engine/"

# The page answers its API itself, and can be installed.
sed -e 's|<meta name="trickwood-backend" content="server">|<meta name="trickwood-backend" content="local">|' \
    -e 's|<link rel="icon" href="favicon.svg" type="image/svg+xml">|&\n<link rel="manifest" href="manifest.webmanifest">\n<meta name="theme-color" content="#24513a">\n<link rel="apple-touch-icon" href="icons/icon-192.png">|' \
    "$root/web/index.html" >"$tmp/index.html"
grep -q 'content="local"' "$tmp/index.html" || { echo "build-site: index.html has no trickwood-backend meta" >&2; exit 1; }

# The service worker's file list (every file but itself, and the folder's
# own address) and its version: a hash of every file's content.
files=$(cd "$tmp" && find . -type f ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)
version=$(cd "$tmp" && printf '%s\n' "$files" | while read -r f; do sha256sum "$f"; done | sha256sum | cut -c1-16)
list=$(printf '%s\n' "./" $files | sed 's/.*/"&"/' | paste -sd, -)
sed -e "s|@VERSION@|$version|" -e "s|@FILES@|[$list]|" "$tmp/sw.js" >"$tmp/sw.js.new"
mv "$tmp/sw.js.new" "$tmp/sw.js"
printf '{"version": "%s"}\n' "$version" >"$tmp/version.json"

rm -rf "$out.old"
[ -d "$out" ] && mv "$out" "$out.old"
mv "$tmp" "$out"
rm -rf "$out.old"
size=$(cat "$out/engine/trickwood.wasm" "$out/engine/trickwood.data" | gzip -9 | wc -c)
echo "site: $out (version $version; engine and data $((size / 1024)) KiB gzipped)"
