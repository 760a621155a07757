// Runs inside VS Code's extension host (in code-server), with the real `vscode` API:
// opens a PGN, an SGF and a PDN file with errors and checks what the kifu extension shows,
// then applies a quick fix and formats a document, and drives the board view.
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

// The board view: what it last drew, as its webview reports it (the `kifu.board.state` test
// hook), and the panel's clicks and buttons (`kifu.board.click`, `kifu.board.message`),
// which go through the extension's handler of the webview's messages.
const boardState = () => vscode.commands.executeCommand("kifu.board.state");
const click = (square) => vscode.commands.executeCommand("kifu.board.click", square);
const send = (message) => vscode.commands.executeCommand("kifu.board.message", message);

async function board(what, predicate) {
  let last;
  try {
    return await until(`the board: ${what}`, async () => {
      last = await boardState();
      return last && predicate(last) ? last : undefined;
    }, 30);
  } catch (err) {
    err.message += `; the board shows ${JSON.stringify(last)}`;
    throw err;
  }
}

const label = (expected) => board(`label ${expected}`, (s) => s.label === expected);

function place(editor, line, character) {
  const at = new vscode.Position(line, character);
  editor.selection = new vscode.Selection(at, at);
}

async function text(document, expected) {
  try {
    await until(`the text ${JSON.stringify(expected)}`, () => document.getText() === expected, 30);
  } catch (err) {
    err.message += `; it is ${JSON.stringify(document.getText())}`;
    throw err;
  }
}

async function undo(document, expected) {
  await vscode.window.showTextDocument(document);
  await vscode.commands.executeCommand("undo");
  await text(document, expected);
}

// Chess: the board follows the cursor, steps along the line, flips, and takes moves: one
// that extends the line, one that starts a variation, one that is illegal.
async function boardChess() {
  const original = "1. e4 e5 2. Nf3 *\n";
  const { document, editor } = await open("board.pgn");
  place(editor, 0, 13);
  await vscode.commands.executeCommand("kifu.showBoard");
  let state = await label("2. Nf3");
  assert.strictEqual(state.fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  assert.ok(state.svgHasTargets, "no click targets in the board");
  assert.strictEqual(state.flipped, false);
  place(editor, 0, 7);
  await label("1... e5");
  await send({ type: "step", to: "back" });
  await label("1. e4");
  assert.strictEqual(editor.selection.active.character, 3);
  await send({ type: "step", to: "back" });
  await label("start");
  await send({ type: "step", to: "forward" });
  await label("1. e4");
  await send({ type: "step", to: "end" });
  await label("2. Nf3");
  await send({ type: "step", to: "start" });
  await label("start");
  await send({ type: "step", to: "end" });
  await label("2. Nf3");
  await send({ type: "flip" });
  state = await board("flipped", (s) => s.flipped && s.label === "2. Nf3" && s.svgHasTargets);
  await send({ type: "flip" });
  await board("not flipped", (s) => !s.flipped);
  // At the end of the line: g8, then f6.
  await click("g8");
  await board("g8 chosen", (s) => s.selected === "g8");
  await click("f6");
  await text(document, "1. e4 e5 2. Nf3 Nf6 *\n");
  await label("2... Nf6");
  await undo(document, original);
  // In the middle: a new variation.
  place(editor, 0, 3);
  await label("1. e4");
  await click("d7");
  await board("d7 chosen", (s) => s.selected === "d7");
  await click("d5");
  await until("a variation", () => document.getText().includes("(1... d5)"), 30);
  await label("1... d5");
  await undo(document, original);
  // An illegal move: the server's word in the panel, the text as it was.
  place(editor, 0, 13);
  await label("2. Nf3");
  await click("g8");
  await board("g8 chosen", (s) => s.selected === "g8");
  await click("g6");
  state = await board("a message", (s) => s.message !== null);
  assert.match(state.message, /not a legal move/);
  assert.strictEqual(document.getText(), original);
}

// A pawn to the last rank: the panel asks for the piece.
async function boardPromotion() {
  const original = "[SetUp \"1\"]\n[FEN \"7k/P7/8/8/8/8/8/K7 w - - 0 1\"]\n\n*\n";
  const { document, editor } = await open("promotion.pgn");
  place(editor, 3, 0);
  await board("the set-up position", (s) => s.fen === "7k/P7/8/8/8/8/8/K7 w - - 0 1");
  await click("a7");
  await click("a8");
  await board("the promotion choice", (s) => s.promotion);
  assert.strictEqual(document.getText(), original);
  await send({ type: "promote", piece: "n" });
  await until("the promotion written", () => document.getText().includes("a8=N"), 30);
  await label("1. a8=N");
  await undo(document, original);
}

// Go: a click on a point plays it; Pass passes.
async function boardGo() {
  const original = "(;GM[1]FF[4]SZ[9]PB[Black]PW[White];B[ee];W[cc])\n";
  const { document, editor } = await open("board.sgf");
  place(editor, 0, 44);
  const state = await label("move 2: W C7");
  assert.strictEqual(state.setup, "AB[ee]AW[cc]");
  assert.ok(state.svgHasTargets, "no click targets in the board");
  await click("gg");
  await until("B[gg] written", () => document.getText().includes(";B[gg]"), 30);
  await label("move 3: B G3");
  await undo(document, original);
  place(editor, 0, 44);
  await label("move 2: W C7");
  await send({ type: "pass" });
  await until("a pass written", () => document.getText().includes(";B[]"), 30);
  await undo(document, original);
}

// Draughts: from one square to another.
async function boardDraughts() {
  const original = "[GameType \"21\"]\n[White \"White\"]\n[Black \"Black\"]\n\n1. 11-15 23-19 *\n";
  const { document, editor } = await open("board.pdn");
  place(editor, 4, 11);
  const state = await label("1... 23-19");
  assert.strictEqual(state.fen, "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
  assert.ok(state.svgHasTargets, "no click targets in the board");
  await click("8");
  await board("8 chosen", (s) => s.selected === "8");
  await click("11");
  await until("8-11 written", () => /2\. 8-11/.test(document.getText()), 30);
  await label("2. 8-11");
  await undo(document, original);
}

// Draughts: two captures go from 22 to 6; the panel offers both, and writes the one chosen.
async function boardCandidates() {
  const original = "[GameType \"21\"]\n[FEN \"W:W22:B17,18,9,10\"]\n\n*\n";
  const { document, editor } = await open("captures.pdn");
  place(editor, 3, 0);
  await board("the set-up position", (s) => s.fen !== null && s.fen.startsWith("W:W22:"));
  await click("22");
  await board("22 chosen", (s) => s.selected === "22");
  await click("6");
  const state = await board("the captures offered", (s) => s.candidates.length > 0);
  assert.deepStrictEqual(state.candidates, ["22x13x6", "22x15x6"]);
  assert.strictEqual(document.getText(), original);
  await send({ type: "candidate", move: "22x15x6" });
  await until("22x15x6 written", () => document.getText().includes("22x15x6"), 30);
  await board("the candidates gone", (s) => s.candidates.length === 0 && s.label !== "start");
  await undo(document, original);
}

exports.run = async function run() {
  const tests = [pgn, sgf, pdn, fixAndFormat, boardChess, boardPromotion, boardGo, boardDraughts, boardCandidates];
  for (const test of tests) {
    try {
      await test();
    } catch (err) {
      err.message = `${test.name}: ${err.message}`;
      throw err;
    }
  }
  console.log(`kifu integration tests: ${tests.length} passed, 0 failed`);
};
