// The kifu extension: starts `kifu lsp` over stdio for PGN, SGF and PDN files.
import * as fs from "fs";
import * as path from "path";
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import { BoardMessage, BoardPanel } from "./board";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;

/** Where the server may be, in the order tried: the setting, the bundled binary, PATH. */
function candidates(context: vscode.ExtensionContext): { source: string; command: string }[] {
  const list: { source: string; command: string }[] = [];
  const configured = vscode.workspace.getConfiguration("kifu").get<string>("server.path");
  if (configured && configured.trim() !== "") {
    list.push({ source: "the kifu.server.path setting", command: configured.trim() });
  }
  const exe = process.platform === "win32" ? "kifu.exe" : "kifu";
  list.push({ source: "the binary bundled with the extension", command: context.asAbsolutePath(path.join("server", exe)) });
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir) {
      list.push({ source: "PATH", command: path.join(dir, exe) });
    }
  }
  return list;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function findServer(context: vscode.ExtensionContext): string | undefined {
  const tried: string[] = [];
  for (const candidate of candidates(context)) {
    if (isExecutable(candidate.command)) {
      output.appendLine(`kifu: using ${candidate.command} (${candidate.source})`);
      return candidate.command;
    }
    if (candidate.source !== "PATH") {
      tried.push(`${candidate.command} (${candidate.source})`);
    }
  }
  tried.push("`kifu` on PATH");
  const message = `kifu: no language server found. Tried: ${tried.join("; ")}. Install it with \`cargo install --path crates/kifu\` or set kifu.server.path.`;
  output.appendLine(message);
  void vscode.window.showErrorMessage(message);
  return undefined;
}

function disabledCodes(): string[] {
  return vscode.workspace.getConfiguration("kifu").get<string[]>("diagnostics.disabled") ?? [];
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const command = findServer(context);
  if (!command) {
    return;
  }
  const serverOptions: ServerOptions = {
    run: { command, args: ["lsp"], transport: TransportKind.stdio },
    debug: { command, args: ["lsp"], transport: TransportKind.stdio },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: "pgn" },
      { language: "sgf" },
      { language: "pdn" },
    ],
    initializationOptions: {
      diagnostics: { disabled: disabledCodes() },
      hover: { board: vscode.workspace.getConfiguration("kifu").get<string>("hover.board") ?? "image" },
    },
    synchronize: { configurationSection: "kifu" },
    outputChannel: output,
  };
  client = new LanguageClient("kifu", "kifu", serverOptions, clientOptions);
  await client.start();
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("kifu");
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.commands.registerCommand("kifu.restartServer", async () => {
      if (client) {
        await client.stop();
        client = undefined;
      }
      await start(context);
    }),
    vscode.commands.registerCommand("kifu.showSyntaxTree", async () => {
      const editor = vscode.window.activeTextEditor;
      if (!client || !editor) {
        return;
      }
      const tree = await client.sendRequest<string>("kifu/syntaxTree", {
        textDocument: { uri: editor.document.uri.toString() },
      });
      const doc = await vscode.workspace.openTextDocument({ content: tree, language: "plaintext" });
      await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    }),
    vscode.commands.registerCommand("kifu.showServerVersion", () => {
      const info = client?.initializeResult?.serverInfo;
      void vscode.window.showInformationMessage(
        info ? `kifu language server ${info.version ?? ""}` : "kifu: the language server is not running",
      );
      output.show(true);
    }),
    vscode.commands.registerCommand("kifu.showBoard", () => {
      BoardPanel.show(context, () => client);
    }),
    // For the integration tests: what the board panel last drew, as its webview reported it,
    // and the panel's messages (a click on a square, a button) sent as the webview sends them.
    vscode.commands.registerCommand("kifu.board.state", () => BoardPanel.current?.rendered),
    vscode.commands.registerCommand("kifu.board.click", (square: string) =>
      BoardPanel.current?.receive({ type: "click", square }),
    ),
    vscode.commands.registerCommand("kifu.board.message", (message: BoardMessage) =>
      BoardPanel.current?.receive(message),
    ),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("kifu.server.path")) {
        await vscode.commands.executeCommand("kifu.restartServer");
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  if (client) {
    await client.stop();
  }
}
