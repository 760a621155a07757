// What the two code-server runners share: where VS Code keeps what it makes while it runs.
const fs = require("fs");
const path = require("path");

// The temporary folder and the runtime folder of the programs a run starts, inside the
// run's own folder `temp` (removed when the run ends): VS Code makes its sockets there
// (`vscode-ipc-*.sock`, the git extension's `vscode-git-*.sock`), which were left behind
// in the system's temporary folder after every run.
function runtimeDirs(temp) {
  const tmp = path.join(temp, "tmp");
  const run = path.join(temp, "run");
  fs.mkdirSync(tmp, { recursive: true });
  fs.mkdirSync(run, { recursive: true, mode: 0o700 });
  return { TMPDIR: tmp, XDG_RUNTIME_DIR: run };
}

module.exports = { runtimeDirs };
