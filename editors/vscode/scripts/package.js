// Builds a .vsix that bundles the kifu binary for linux-x64:
// cargo build --release, copy the binary to server/, bundle the extension, vsce package.
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const root = path.resolve(__dirname, "..", "..", "..");
const here = path.resolve(__dirname, "..");
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: "inherit" });

run("cargo", ["build", "--release", "--locked", "-p", "kifu"], root);
fs.mkdirSync(path.join(here, "server"), { recursive: true });
fs.copyFileSync(path.join(root, "target", "release", "kifu"), path.join(here, "server", "kifu"));
fs.chmodSync(path.join(here, "server", "kifu"), 0o755);
// The release profile keeps line tables for profiling; the shipped binary needs none.
try {
  run("strip", [path.join(here, "server", "kifu")], here);
} catch {
  console.warn("strip is not available: the bundled binary keeps its symbols");
}
fs.copyFileSync(path.join(root, "COPYING"), path.join(here, "LICENSE"));
run("npm", ["run", "-s", "build"], here);
const manifest = require(path.join(here, "package.json"));
// The README's relative links (the screenshot) resolve against the repository, as vsce asks
// for when the repository is not on a host it knows.
const base = `${manifest.repository.url.replace(/\.git$/, "")}/raw/main/editors/vscode/`;
run(
  path.join(here, "node_modules", ".bin", "vsce"),
  [
    "package", "--no-dependencies", "--target", "linux-x64",
    "--baseContentUrl", base, "--baseImagesUrl", base,
    "--out", `kifu-linux-x64-${manifest.version}.vsix`,
  ],
  here,
);
