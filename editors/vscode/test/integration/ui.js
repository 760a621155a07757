// The packaged extension in a real VS Code, as a user gets it: `npm run package`, then
// `code-server --install-extension` of the .vsix, a PGN file with errors opened in Chromium,
// squiggles and a hover on screen, then the board view beside the text — and screenshots of
// them for the README.
// `npm run test:ui` (after `npm run package`).
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
  "node_modules", ".bin", "code-server",
);
const screenshot = path.join(root, "editors", "vscode", "media", "screenshot.png");
const boardScreenshot = path.join(root, "editors", "vscode", "media", "hover-board.png");
const boardViewScreenshot = path.join(root, "editors", "vscode", "media", "board-view.png");

const get = (url) => new Promise((resolve) => {
  http.get(url, (res) => { res.resume(); resolve(res.statusCode); }).on("error", () => resolve(0));
});

/** The board view's frame (a webview is an iframe in an iframe), once it shows `label`. */
async function boardFrame(page, label) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      const shown = await frame.evaluate(() => {
        const board = document.querySelector("#board svg");
        const label = document.getElementById("label");
        return board && label ? label.textContent : null;
      }).catch(() => null);
      if (shown === label) return frame;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the board view did not show ${label}`);
}

async function main() {
  const version = require(path.join(extension, "package.json")).version;
  const vsix = path.join(extension, `kifu-linux-x64-${version}.vsix`);
  if (!fs.existsSync(vsix)) {
    console.error(`${vsix} is missing: run npm run package first`);
    process.exit(2);
  }
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "kifu-ui-"));
  // Whatever the outcome, the profile, extensions and workspace copy go with the run.
  process.on("exit", () => {
    try { fs.rmSync(temp, { recursive: true, force: true }); } catch {}
  });
  const workspace = path.join(temp, "workspace");
  fs.cpSync(path.join(__dirname, "workspace"), workspace, { recursive: true });
  const env = {
    ...process.env,
    // The bundled binary must be the one found: no kifu on PATH.
    PATH: process.env.PATH.split(path.delimiter).filter((d) => !fs.existsSync(path.join(d, "kifu"))).join(path.delimiter),
    XDG_CONFIG_HOME: path.join(temp, "config"),
    XDG_DATA_HOME: path.join(temp, "data"),
    // VS Code's sockets go into the run's folder too (see `runtimeDirs`).
    ...runtimeDirs(temp),
  };
  const common = ["--user-data-dir", path.join(temp, "user-data"), "--extensions-dir", path.join(temp, "extensions")];
  execFileSync(codeServer, [...common, "--install-extension", vsix], { env, stdio: "inherit" });
  // The README's screenshot is inside the package and its link still relative to it, so the
  // extension's page in VS Code shows it.
  const installed = fs.readdirSync(path.join(temp, "extensions")).find((d) => d.includes("kifu"));
  const installedDir = path.join(temp, "extensions", installed);
  // vsce stores the README as readme.md.
  const readmeName = fs.readdirSync(installedDir).find((f) => f.toLowerCase() === "readme.md");
  const readme = fs.readFileSync(path.join(installedDir, readmeName), "utf8");
  if (!readme.includes("](media/screenshot.png)") || !fs.existsSync(path.join(installedDir, "media", "screenshot.png"))) {
    console.error("ui test: the installed extension's README does not show its packaged screenshot");
    process.exit(1);
  }
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn(codeServer, [
    "--bind-addr", `127.0.0.1:${port}`, "--auth", "none", "--disable-telemetry",
    "--disable-update-check", "--disable-workspace-trust", ...common, workspace,
  ], { env, stdio: ["ignore", "ignore", "inherit"] });
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
  try {
    const deadline = Date.now() + 60_000;
    while ((await get(`http://127.0.0.1:${port}/healthz`)) !== 200) {
      if (Date.now() > deadline) throw new Error("code-server did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 760 } })).newPage();
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator(".monaco-workbench").waitFor({ timeout: 60_000 });
    // Open the file from the explorer.
    await page.locator(".explorer-folders-view .monaco-list-row", { hasText: "kasparov.pgn" }).click({ timeout: 60_000 });
    await page.locator(".view-lines", { hasText: "Botvinnik" }).waitFor({ timeout: 30_000 });
    // The server's diagnostics appear as squiggles: three of them.
    await page.waitForFunction(() => document.querySelectorAll(".squiggly-error").length >= 3, null, { timeout: 60_000 });
    const squiggles = await page.locator(".squiggly-error").count();
    // Hover the `Date` tag.
    await page.locator(".view-line span", { hasText: "Date" }).first().hover();
    await page.locator(".monaco-hover", { hasText: "5 December 2001" }).waitFor({ timeout: 30_000 });
    fs.mkdirSync(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot });
    // Hover a move: the position after it, drawn, in the hover (an SVG image that VS Code
    // must load and show, not a broken image).
    await page.keyboard.press("Escape");
    await page.mouse.move(5, 5);
    // The grammar colours `N`, `x` and `e4` apart: hover the `N` that starts the line.
    await page.locator(".view-line", { hasText: "second comment" }).locator("span span").first().hover();
    await page.locator(".monaco-hover img").waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => {
      const image = document.querySelector(".monaco-hover img");
      return image && image.complete && image.naturalWidth >= 150;
    }, null, { timeout: 30_000 });
    const shown = await page.locator(".monaco-hover img").evaluate((i) => `${i.naturalWidth}x${i.naturalHeight}`);
    // The hover fades in: let it finish before the picture.
    await page.waitForTimeout(1000);
    await page.screenshot({ path: boardScreenshot });
    // The board view: the cursor on 5... Nxe4, then "kifu: Show Board" from the command
    // palette; the board appears beside the text, in the webview's (nested) frame.
    await page.keyboard.press("Escape");
    await page.locator(".view-line", { hasText: "second comment" }).locator("span span").first().click();
    await page.keyboard.press("F1");
    await page.locator(".quick-input-widget input").fill(">kifu: Show Board");
    await page.locator(".quick-input-list .monaco-list-row", { hasText: "kifu: Show Board" }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press("Enter");
    const view = await boardFrame(page, "5... Nxe4");
    const squares = await view.locator("#board svg .target").count();
    // A real click on the board, through the webview: the square chosen to move from is lit.
    await view.locator('#board .target[data-square="d2"]').click();
    await view.locator('#board .target.selected[data-square="d2"]').waitFor({ timeout: 30_000 });
    // More room for the text: no side bar.
    await page.locator(".view-line", { hasText: "second comment" }).locator("span span").first().click();
    await page.keyboard.press("Control+B");
    await page.mouse.move(5, 5);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: boardViewScreenshot });
    console.log(`ui test: ${squiggles} squiggles, hover shown; screenshot in ${screenshot}`);
    console.log(`ui test: the board after 5... Nxe4 shown in its hover (${shown}); screenshot in ${boardScreenshot}`);
    console.log(`ui test: the board view beside the text after 5... Nxe4 (${squares} squares to click, d2 chosen by a click); screenshot in ${boardViewScreenshot}`);
    console.log("ui: 2 passed, 0 failed");
    return stop(0);
  } catch (err) {
    console.error(`ui test failed: ${err.message}`);
    return stop(1);
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
