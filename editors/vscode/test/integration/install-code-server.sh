#!/usr/bin/env bash
# Installs code-server 4.100.3 (VS Code 1.100.3, the last to run on Node 20) and Debian's
# Chromium, for the extension's integration tests. Cached in $KIFU_CODE_SERVER_DIR.
set -euo pipefail
# Where Node's os.homedir() looks too: $HOME, else the user's home in passwd.
home=${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}
dir=${KIFU_CODE_SERVER_DIR:-$home/.cache/kifu/code-server-4.100.3}
if [ -x "$dir/node_modules/.bin/code-server" ] && command -v chromium >/dev/null; then
  echo "code-server and chromium already installed in $dir"
  exit 0
fi
packages=(build-essential pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev ripgrep chromium)
if ! dpkg -s "${packages[@]}" >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${packages[@]}" >/dev/null
fi
# @vscode/ripgrep downloads a binary at install time, which this network refuses: give it
# Debian's ripgrep in the cache folder it looks in first.
cache="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"
mkdir -p "$cache"
staging=$(mktemp -d)
cp /usr/bin/rg "$staging/rg"
tar czf "$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$staging" rg
rm -rf "$staging"
mkdir -p "$dir"
cd "$dir"
# npm 11 runs dependencies' install scripts only when package.json allows them:
# code-server's postinstall installs the VS Code it serves.
echo '{"private": true, "allowScripts": {"code-server": true, "argon2": true}}' > package.json
# As root, its postinstall asks for npm_config_unsafe_perm (which npm 11 itself no longer reads).
npm_config_yes=true npm_config_unsafe_perm=true npm install --no-audit --no-fund code-server@4.100.3
echo "code-server installed in $dir"
