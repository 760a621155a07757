// Runs inside VS Code's extension host (in code-server), with the real `vscode` API:
// opens a PGN, an SGF and a PDN file with errors and checks what the kifu extension shows,
// then applies a quick fix and formats a document.
const assert = require("assert");
const path = require("path");
const vscode = require("vscode");

const folder = () => vscode.workspace.workspaceFolders[0].uri;
const file = (name) => vscode.Uri.joinPath(folder(), name);

async function until(what, predicate, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const value = await predicate();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const code = (d) => (typeof d.code === "object" ? d.code.value : d.code);
const at = (r) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

async function open(name) {
  const document = await vscode.workspace.openTextDocument(file(name));
  const editor = await vscode.window.showTextDocument(document);
  return { document, editor };
}

async function diagnostics(uri, count) {
  return until(`${count} diagnostics on ${uri.path}`, () => {
    const found = vscode.languages.getDiagnostics(uri);
    return found.length === count ? found : undefined;
  });
}

async function pgn() {
  const { document, editor } = await open("kasparov.pgn");
  assert.strictEqual(document.languageId, "pgn");
  const found = await diagnostics(document.uri, 3);
  assert.deepStrictEqual(
    found.map((d) => `${code(d)} ${at(d.range)}`),
    ["unmatched-close-brace 19:22-19:30", "stray-text 19:42-19:45", "stray-text 22:5-22:12"],
  );
  const hovers = await vscode.commands.executeCommand("vscode.executeHoverProvider", document.uri, new vscode.Position(2, 3));
  const hoverText = hovers.flatMap((h) => h.contents.map((c) => c.value ?? c)).join("\n");
  assert.ok(hoverText.includes("5 December 2001"), hoverText);
  // On a move: the board after it, as an image (the server knows VS Code shows images).
  const moveHovers = await vscode.commands.executeCommand("vscode.executeHoverProvider", document.uri, new vscode.Position(14, 1));
  const moveText = moveHovers.flatMap((h) => h.contents.map((c) => c.value ?? c)).join("\n");
  assert.ok(moveText.includes("5... Nxe4") && moveText.includes("](data:image/svg+xml;base64,"), moveText.slice(0, 400));
  const folds = await vscode.commands.executeCommand("vscode.executeFoldingRangeProvider", document.uri);
  const spans = folds.map((f) => `${f.start}-${f.end}`);
  for (const expected of ["16-17", "20-21"]) {
    assert.ok(spans.includes(expected), `${expected} not in ${spans}`);
  }
  const symbols = await vscode.commands.executeCommand("vscode.executeDocumentSymbolProvider", document.uri);
  assert.strictEqual(symbols[0].name, "Kasparov – Kramnik, Botvinnik Memorial 2001, ½–½");
  assert.deepStrictEqual(symbols[0].children.map((s) => s.name), ["11... Bxe3", "16. Nd4", "17. Qc5"]);
  assert.deepStrictEqual(symbols[0].children[0].children.map((s) => s.name), ["15... Nb7"]);
  // Delete `oh? `: the diagnostics follow.
  await editor.edit((edit) => edit.delete(new vscode.Range(19, 42, 19, 46)));
  await diagnostics(document.uri, 2);
}

async function sgf() {
  const { document } = await open("game.sgf");
  assert.strictEqual(document.languageId, "sgf");
  const found = await diagnostics(document.uri, 1);
  assert.strictEqual(`${code(found[0])} ${at(found[0].range)}`, "invalid-value 0:47-0:51");
  const hovers = await vscode.commands.executeCommand("vscode.executeHoverProvider", document.uri, new vscode.Position(0, 42));
  const hoverText = hovers.flatMap((h) => h.contents.map((c) => c.value ?? c)).join("\n");
  assert.ok(hoverText.includes("Black R16"), hoverText);
  const symbols = await vscode.commands.executeCommand("vscode.executeDocumentSymbolProvider", document.uri);
  assert.strictEqual(symbols[0].name, "Shusaku vs Gennan");
  assert.deepStrictEqual(symbols[0].children.map((s) => s.name), ["move 3: B Q3", "move 3: B D4"]);
}

async function pdn() {
  const { document } = await open("checkers.pdn");
  assert.strictEqual(document.languageId, "pdn");
  const found = await diagnostics(document.uri, 1);
  assert.strictEqual(`${code(found[0])} ${at(found[0].range)}`, "no-such-square 4:9-4:11");
}

// A quick fix from the light bulb, then Format Document: the text is what kifu says.
async function fixAndFormat() {
  const { document } = await open("fix-and-format.pgn");
  const found = await diagnostics(document.uri, 1);
  assert.strictEqual(`${code(found[0])} ${at(found[0].range)}`, "wrong-check-mark 0:13-0:17");
  const actions = await vscode.commands.executeCommand(
    "vscode.executeCodeActionProvider",
    document.uri,
    new vscode.Range(0, 14, 0, 14),
  );
  const fix = actions.find((a) => a.title === "Write `Qh5`");
  assert.ok(fix, `no fix among ${actions.map((a) => a.title)}`);
  assert.ok(await vscode.workspace.applyEdit(fix.edit));
  await diagnostics(document.uri, 0);
  const edits = await vscode.commands.executeCommand("vscode.executeFormatDocumentProvider", document.uri, {
    tabSize: 4,
    insertSpaces: true,
  });
  assert.ok(edits && edits.length > 0, "no formatting edit");
  const edit = new vscode.WorkspaceEdit();
  edit.set(document.uri, edits);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.strictEqual(document.getText(), "1. e4 e5 2. Qh5 Nc6 *\n");
}

exports.run = async function run() {
  await pgn();
  await sgf();
  await pdn();
  await fixAndFormat();
  console.log("kifu integration tests: 4 passed, 0 failed");
};
