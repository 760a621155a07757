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
// The README's screenshot ships inside the package (media/) and its link stays relative,
// so VS Code shows it from the installed extension; rewriting it to a repository URL would
// point at a host the project is not on.
run(
  path.join(here, "node_modules", ".bin", "vsce"),
  [
    "package", "--no-dependencies", "--target", "linux-x64", "--no-rewrite-relative-links",
    "--out", `kifu-linux-x64-${manifest.version}.vsix`,
  ],
  here,
);
