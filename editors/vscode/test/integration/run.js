// Runs the extension's integration tests in a real VS Code: code-server in Debian's
// Chromium, driven by playwright-core. `npm run test:integration`.
const { spawn, execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const http = require("http");
const { chromium } = require("playwright-core");
const { runtimeDirs } = require("./runtime");

const extension = path.resolve(__dirname, "..", "..");
const root = path.resolve(extension, "..", "..");
const codeServer = path.join(
  process.env.KIFU_CODE_SERVER_DIR || path.join(os.homedir(), ".cache", "kifu", "code-server-4.100.3"),
  "node_modules",
  ".bin",
  "code-server",
);

function get(url) {
  return new Promise((resolve) => {
    http.get(url, (res) => { res.resume(); resolve(res.statusCode); }).on("error", () => resolve(0));
  });
}

async function main() {
  if (!fs.existsSync(codeServer)) {
    console.error(`code-server is not installed at ${codeServer}: run test/integration/install-code-server.sh`);
    process.exit(2);
  }
  // The server the extension will run.
  execFileSync("cargo", ["build", "--quiet", "--locked", "-p", "kifu"], { cwd: root, stdio: "inherit" });
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "kifu-code-server-"));
  // Whatever the outcome, the profile, extensions and workspace copy go with the run.
  process.on("exit", () => {
    try { fs.rmSync(temp, { recursive: true, force: true }); } catch {}
  });
  const workspace = path.join(temp, "workspace");
  fs.cpSync(path.join(__dirname, "workspace"), workspace, { recursive: true });
  // The extension finds the server through its setting (the extension host does not keep
  // code-server's PATH: VS Code resolves it from the user's shell).
  const settings = path.join(temp, "user-data", "User", "settings.json");
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  fs.writeFileSync(settings, JSON.stringify({ "kifu.server.path": path.join(root, "target", "debug", "kifu") }));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn(codeServer, [
    "--bind-addr", `127.0.0.1:${port}`, "--auth", "none", "--disable-telemetry",
    "--disable-update-check", "--disable-workspace-trust",
    "--user-data-dir", path.join(temp, "user-data"), "--extensions-dir", path.join(temp, "extensions"),
    workspace,
  ], {
    env: {
      ...process.env,
      XDG_CONFIG_HOME: path.join(temp, "config"),
      XDG_DATA_HOME: path.join(temp, "data"),
      // VS Code's sockets go into the run's folder too (see `runtimeDirs`).
      ...runtimeDirs(temp),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let browser;
  const stop = async (code) => {
    if (browser) await browser.close().catch(() => {});
    // code-server is waited for (ten seconds at most) before the folder it writes its logs
    // in goes: removed under it, it printed errors after the run had ended.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    process.exit(code);
  };
  const deadline = Date.now() + 60_000;
  while ((await get(`http://127.0.0.1:${port}/healthz`)) !== 200) {
    if (Date.now() > deadline) {
      console.error("code-server did not start");
      return stop(2);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on("console", (m) => { if (/kifu|Error|error/.test(m.text())) console.log(`[page] ${m.text()}`); });
  const exitCode = new Promise((resolve) => page.exposeFunction("codeAutomationExit", (code) => resolve(code)));
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = JSON.stringify([
    ["extensionDevelopmentPath", remote(extension)],
    ["extensionTestsPath", remote(path.join(__dirname, "suite", "index.js"))],
  ]);
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
  const code = await Promise.race([
    exitCode,
    new Promise((resolve) => setTimeout(() => resolve("timeout"), 240_000)),
  ]);
  if (code === "timeout") {
    console.error("the tests did not finish within 4 minutes");
    return stop(1);
  }
  console.log(code === 0 ? "integration: 9 passed, 0 failed" : `integration tests failed (exit code ${code})`);
  return stop(code === 0 ? 0 : 1);
}

main().catch((err) => { console.error(err); process.exit(1); });
