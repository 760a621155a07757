// The board view (issue 14): a webview beside the editor that shows the position at the
// cursor, from the server's `kifu/position`, and takes moves clicked on the board, which the
// server writes into the text with `kifu/playMove`. The view holds no rules of its own: the
// server says what the position is, which moves are legal and how they are written; the
// text stays the one truth, so undo works and the view simply follows the cursor.
import * as vscode from "vscode";
import type {
  LanguageClient,
  Range as LspRange,
  WorkspaceEdit as LspWorkspaceEdit,
} from "vscode-languageclient/node";

/** The languages the view follows. */
const LANGUAGES = new Set(["pgn", "sgf", "pdn"]);

/** How long the cursor or the text must rest before the view asks for the position. */
const DEBOUNCE_MS = 100;

/** The answer of `kifu/position` (the server's README documents it). */
interface PositionAnswer {
  game: number;
  gameRange: LspRange;
  variationPath: number[];
  ply: number;
  move: LspRange | null;
  label: string;
  sideToMove: "White" | "Black";
  fen: string | null;
  setup: string | null;
  captures: { black: number; white: number } | null;
  lastMove: string | null;
  comment: string | null;
  annotations: string[];
  white: string | null;
  black: string | null;
  event: string | null;
  opening: { eco: string; name: string } | null;
  previous: LspRange[];
  next: LspRange[];
  notPlayed: string | null;
  svg: string;
  diagram: string;
}

/** The answer of `kifu/playMove`. */
interface PlayMoveAnswer {
  edit: LspWorkspaceEdit | null;
  selection: LspRange | null;
  error: string | null;
  candidates: string[];
}

type Game = "chess" | "go" | "draughts";

/** What the webview shows: the server's answer and the state of a move being entered. */
interface View {
  game: Game | null;
  /** Why there is no board (no file, the cursor outside any game, the server away). */
  empty: string | null;
  position: Omit<PositionAnswer, "diagram"> | null;
  flipped: boolean;
  /** The square a piece is moving from (chess, draughts). */
  selected: string | null;
  /** A pawn on its way to the last rank: the webview asks for the piece. */
  promotion: boolean;
  /** Capture paths that all fit the squares clicked (draughts). */
  candidates: string[];
  /** The server's word on the last move entered (an illegal move...). */
  message: string | null;
}

/** What the webview reports after each render (the `kifu.board.state` test hook). */
export interface RenderedState {
  label: string | null;
  fen: string | null;
  setup: string | null;
  flipped: boolean;
  svgHasTargets: boolean;
  selected: string | null;
  promotion: boolean;
  candidates: string[];
  message: string | null;
  empty: string | null;
}

/** A message from the webview: a click, a button or key, or the report of a render. */
export type BoardMessage =
  | { type: "ready" }
  | { type: "click"; square: string }
  | { type: "step"; to: "start" | "back" | "forward" | "end" }
  | { type: "flip" }
  | { type: "pass" }
  | { type: "promote"; piece: string }
  | { type: "candidate"; move: string }
  | { type: "cancel" }
  | { type: "rendered"; state: RenderedState };

function gameOf(document: vscode.TextDocument): Game | null {
  switch (document.languageId) {
    case "pgn":
      return "chess";
    case "sgf":
      return "go";
    case "pdn":
      return "draughts";
    default:
      return null;
  }
}

/** The piece on a square of a chess FEN: its letter, `null` for an empty square, `undefined`
 * when the FEN or the square cannot be read. Reading the position, not the rules. */
export function chessPiece(fen: string, square: string): string | null | undefined {
  const at = /^([a-h])([1-8])$/.exec(square);
  const rows = fen.split(" ")[0].split("/");
  if (!at || rows.length < 8) {
    return undefined;
  }
  const row = rows[8 - Number(at[2])];
  const target = at[1].charCodeAt(0) - "a".charCodeAt(0);
  let file = 0;
  for (const c of row) {
    if (c >= "1" && c <= "9") {
      file += Number(c);
      if (file > target) {
        return null;
      }
    } else {
      if (file === target) {
        return c;
      }
      file += 1;
    }
  }
  return null;
}

/** The colour (`W` or `B`) of the man or king on each square of a PDN FEN
 * (`W:W21,22,K30:B1-12`), by the square as the targets name it. */
export function draughtsPieces(fen: string): Map<string, "W" | "B"> {
  const pieces = new Map<string, "W" | "B">();
  for (const part of fen.split(":").slice(1)) {
    const colour = part.trim()[0];
    if (colour !== "W" && colour !== "B") {
      continue;
    }
    for (const raw of part.trim().slice(1).split(",")) {
      const item = raw.trim().replace(/^K/i, "").replace(/\.$/, "");
      const range = /^(\d+)-(\d+)$/.exec(item);
      if (range) {
        for (let n = Number(range[1]); n <= Number(range[2]); n++) {
          pieces.set(String(n), colour);
        }
      } else if (/^\d+$/.test(item)) {
        pieces.set(String(Number(item)), colour);
      } else if (/^[a-z]\d+$/i.test(item)) {
        pieces.set(item.toLowerCase(), colour);
      }
    }
  }
  return pieces;
}

/** Whether the side to move has a piece on the square: `undefined` when the position does
 * not say (then the click is taken as it comes, and the server judges the move). */
function ownPiece(game: Game, position: PositionAnswer, square: string): boolean | undefined {
  if (!position.fen) {
    return undefined;
  }
  const white = position.sideToMove === "White";
  if (game === "chess") {
    const piece = chessPiece(position.fen, square);
    if (piece === undefined) {
      return undefined;
    }
    return piece !== null && (piece === piece.toUpperCase()) === white;
  }
  if (game === "draughts") {
    const pieces = draughtsPieces(position.fen);
    if (pieces.size === 0) {
      return undefined;
    }
    const key = /^\d+$/.test(square) ? String(Number(square)) : square.toLowerCase();
    return pieces.get(key) === (white ? "W" : "B");
  }
  return undefined;
}

/** Whether a chess move from one square to another takes a pawn to its last rank. */
export function isPromotion(fen: string, from: string, to: string): boolean {
  const piece = chessPiece(fen, from);
  return (piece === "P" && to.endsWith("8")) || (piece === "p" && to.endsWith("1"));
}

function nonce(): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let text = "";
  for (let i = 0; i < 32; i++) {
    text += chars.charAt(Math.floor(Math.random() * chars.length));
  }
  return text;
}

/** The board panel; one at a time, opened again by `kifu.showBoard`. */
export class BoardPanel {
  static current: BoardPanel | undefined;

  private readonly disposables: vscode.Disposable[] = [];
  /** The editor whose cursor the board follows: the last kifu editor that was active. */
  private editor: vscode.TextEditor | undefined;
  private flipped = false;
  private position: PositionAnswer | null = null;
  /** What identifies the position shown: a new one ends the move being entered. */
  private shownKey = "";
  private empty: string | null = "Open a PGN, SGF or PDN file: the board shows the position at the cursor.";
  private selected: string | null = null;
  private promotion: { from: string; to: string } | null = null;
  private candidates: string[] = [];
  private message: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Counts the position requests: an answer to an older one is dropped. */
  private requests = 0;
  /** The webview's report of its last render. */
  rendered: RenderedState | undefined;

  /** Shows the panel beside the active editor, creating it if need be. */
  static show(context: vscode.ExtensionContext, client: () => LanguageClient | undefined): BoardPanel {
    const active = vscode.window.activeTextEditor;
    if (BoardPanel.current) {
      BoardPanel.current.panel.reveal(undefined, true);
      if (active && LANGUAGES.has(active.document.languageId)) {
        BoardPanel.current.follow(active);
      }
      return BoardPanel.current;
    }
    const media = vscode.Uri.joinPath(context.extensionUri, "media");
    const panel = vscode.window.createWebviewPanel(
      "kifu.board",
      "kifu: Board",
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [media] },
    );
    BoardPanel.current = new BoardPanel(panel, media, client);
    const editor =
      active && LANGUAGES.has(active.document.languageId)
        ? active
        : vscode.window.visibleTextEditors.find((e) => LANGUAGES.has(e.document.languageId));
    if (editor) {
      BoardPanel.current.follow(editor);
    }
    return BoardPanel.current;
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    media: vscode.Uri,
    private readonly client: () => LanguageClient | undefined,
  ) {
    panel.iconPath = vscode.Uri.joinPath(media, "board-icon.svg");
    panel.webview.html = this.html(media);
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: BoardMessage) => this.receive(message)),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (LANGUAGES.has(event.textEditor.document.languageId)) {
          this.editor = event.textEditor;
          this.schedule();
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && LANGUAGES.has(editor.document.languageId)) {
          this.follow(editor);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.editor?.document && event.contentChanges.length > 0) {
          this.schedule();
        }
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document === this.editor?.document) {
          this.editor = undefined;
          this.schedule(0);
        }
      }),
    );
  }

  private follow(editor: vscode.TextEditor): void {
    this.editor = editor;
    this.schedule(0);
  }

  private dispose(): void {
    BoardPanel.current = undefined;
    clearTimeout(this.timer);
    for (const d of this.disposables.splice(0)) {
      d.dispose();
    }
  }

  private html(media: vscode.Uri): string {
    const webview = this.panel.webview;
    const script = webview.asWebviewUri(vscode.Uri.joinPath(media, "board.js"));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(media, "board.css"));
    const n = nonce();
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${webview.cspSource} data:; style-src ${webview.cspSource}; script-src 'nonce-${n}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>kifu: Board</title>
</head>
<body>
<header>
  <div id="players"></div>
  <div id="event"></div>
  <div id="label"></div>
  <div id="opening"></div>
  <div id="turn"></div>
</header>
<main>
  <div id="board" aria-label="board"></div>
  <div id="empty"></div>
  <div id="promotion" class="choices" hidden></div>
  <div id="candidates" class="choices" hidden></div>
  <nav id="controls" aria-label="moves">
    <button type="button" data-step="start" title="The start (Home)">&#x21E4;</button>
    <button type="button" data-step="back" title="Back one move (&#x2190;)">&#x2190;</button>
    <button type="button" data-step="forward" title="Forward one move (&#x2192;)">&#x2192;</button>
    <button type="button" data-step="end" title="The end of this line (End)">&#x21E5;</button>
    <button type="button" id="flip" title="Flip the board (F)">Flip</button>
    <button type="button" id="pass" title="Pass (Go)" hidden>Pass</button>
  </nav>
  <div id="message" role="alert" hidden></div>
  <div id="notPlayed" class="warning" hidden></div>
  <div id="comment"></div>
  <ul id="annotations"></ul>
  <div id="captures"></div>
</main>
<script nonce="${n}" src="${script}"></script>
</body>
</html>`;
  }

  /** Asks for the position again once the cursor or the text has rested. */
  private schedule(delay = DEBOUNCE_MS): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), delay);
  }

  private async update(): Promise<void> {
    const request = ++this.requests;
    const editor = this.editor;
    const client = this.client();
    if (!editor || editor.document.isClosed) {
      this.showEmpty("Open a PGN, SGF or PDN file: the board shows the position at the cursor.");
      return;
    }
    if (!client || !client.isRunning()) {
      this.showEmpty("The kifu language server is not running.");
      return;
    }
    let answer: PositionAnswer | null;
    try {
      answer = await client.sendRequest<PositionAnswer | null>("kifu/position", {
        textDocument: { uri: editor.document.uri.toString() },
        position: client.code2ProtocolConverter.asPosition(editor.selection.active),
        flipped: this.flipped,
        targets: true,
      });
    } catch (err) {
      if (request === this.requests) {
        this.showEmpty(`kifu/position failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      return;
    }
    if (request !== this.requests) {
      // The cursor has moved on since: a later answer is coming.
      return;
    }
    if (!answer) {
      this.showEmpty("The cursor is outside any game.");
      return;
    }
    const key = [editor.document.uri.toString(), answer.game, answer.variationPath.join("."), answer.ply, answer.fen ?? answer.setup].join(" ");
    if (key !== this.shownKey) {
      this.shownKey = key;
      this.clearEntry();
      this.message = null;
    }
    this.position = answer;
    this.empty = null;
    this.post();
  }

  private showEmpty(why: string): void {
    this.position = null;
    this.shownKey = "";
    this.empty = why;
    this.clearEntry();
    this.post();
  }

  private clearEntry(): void {
    this.selected = null;
    this.promotion = null;
    this.candidates = [];
  }

  private view(): View {
    let position: View["position"] = null;
    if (this.position) {
      const { diagram: _diagram, ...shown } = this.position;
      position = shown;
    }
    return {
      game: this.editor ? gameOf(this.editor.document) : null,
      empty: this.empty,
      position,
      flipped: this.flipped,
      selected: this.selected,
      promotion: this.promotion !== null,
      candidates: this.candidates,
      message: this.message,
    };
  }

  private post(): void {
    void this.panel.webview.postMessage({ type: "show", view: this.view() });
  }

  /** Handles a message from the webview (and, for the tests, the same messages sent by the
   * `kifu.board.click` and `kifu.board.message` commands). */
  async receive(message: BoardMessage): Promise<void> {
    switch (message.type) {
      case "ready":
        this.post();
        return;
      case "rendered":
        this.rendered = message.state;
        return;
      case "click":
        return this.click(message.square);
      case "step":
        return this.step(message.to);
      case "flip":
        this.flipped = !this.flipped;
        this.clearEntry();
        this.schedule(0);
        return;
      case "pass":
        if (this.editor && gameOf(this.editor.document) === "go") {
          return this.play("");
        }
        return;
      case "promote": {
        const promotion = this.promotion;
        this.promotion = null;
        if (promotion && /^[qrbn]$/.test(message.piece)) {
          return this.play(`${promotion.from}${promotion.to}${message.piece}`);
        }
        this.post();
        return;
      }
      case "candidate":
        this.candidates = [];
        return this.play(message.move);
      case "cancel":
        this.clearEntry();
        this.post();
        return;
    }
  }

  /** A click on a square or point: Go plays it; chess and draughts take a square to move
   * from, then one to move to. */
  private async click(square: string): Promise<void> {
    const position = this.position;
    const game = this.editor ? gameOf(this.editor.document) : null;
    if (!position || !game) {
      return;
    }
    this.message = null;
    this.candidates = [];
    this.promotion = null;
    if (game === "go") {
      return this.play(square);
    }
    const own = ownPiece(game, position, square);
    if (this.selected === null || this.selected === square || own === true) {
      // Choose (or choose again, or let go of) the piece to move.
      this.selected = this.selected === square || own === false ? null : square;
      this.post();
      return;
    }
    const from = this.selected;
    this.selected = null;
    if (game === "chess") {
      if (position.fen && isPromotion(position.fen, from, square)) {
        this.promotion = { from, to: square };
        this.post();
        return;
      }
      return this.play(`${from}${square}`);
    }
    return this.play(`${from}-${square}`);
  }

  /** Sends a move to the server, which writes it at the cursor (or moves there when the
   * record already has it); the view then follows the cursor. */
  private async play(move: string): Promise<void> {
    const client = this.client();
    const editor = await this.visibleEditor();
    if (!client || !editor) {
      return;
    }
    const document = editor.document;
    let answer: PlayMoveAnswer;
    try {
      answer = await client.sendRequest<PlayMoveAnswer>("kifu/playMove", {
        textDocument: { uri: document.uri.toString() },
        position: client.code2ProtocolConverter.asPosition(editor.selection.active),
        move,
      });
    } catch (err) {
      this.message = `kifu/playMove failed: ${err instanceof Error ? err.message : String(err)}`;
      this.post();
      return;
    }
    if (answer.candidates.length > 0) {
      // Several captures fit the squares clicked: the panel offers each, in full.
      this.candidates = answer.candidates;
      this.message = answer.error;
      this.post();
      return;
    }
    if (answer.error) {
      this.message = answer.error;
      this.post();
      return;
    }
    if (answer.edit) {
      const edit = await client.protocol2CodeConverter.asWorkspaceEdit(answer.edit);
      if (!(await vscode.workspace.applyEdit(edit))) {
        this.message = "The move could not be written: the file changed meanwhile.";
        this.post();
        return;
      }
    }
    if (answer.selection) {
      this.moveCursor(editor, client.protocol2CodeConverter.asRange(answer.selection).start);
    }
  }

  /** Moves the cursor along the current line; the selection event then updates the view. */
  private async step(to: "start" | "back" | "forward" | "end"): Promise<void> {
    const position = this.position;
    const client = this.client();
    const editor = await this.visibleEditor();
    if (!position || !client || !editor) {
      return;
    }
    let target: LspRange | undefined;
    let at: LspRange["start"] | undefined;
    switch (to) {
      case "start":
        at = position.gameRange.start;
        break;
      case "back":
        target = position.previous[position.previous.length - 1];
        // Back from the first move: the position before any move.
        at = target ? target.start : position.move ? position.gameRange.start : undefined;
        break;
      case "forward":
        at = position.next[0]?.start;
        break;
      case "end":
        at = position.next[position.next.length - 1]?.start;
        break;
    }
    if (at) {
      this.moveCursor(editor, client.protocol2CodeConverter.asPosition(at));
    }
  }

  private moveCursor(editor: vscode.TextEditor, at: vscode.Position): void {
    editor.selection = new vscode.Selection(at, at);
    editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    // The selection event does not always come when the editor is not the active one.
    this.schedule();
  }

  /** The followed editor, shown again (without taking the focus) if its tab was left. */
  private async visibleEditor(): Promise<vscode.TextEditor | undefined> {
    const editor = this.editor;
    if (!editor || editor.document.isClosed) {
      return undefined;
    }
    if (vscode.window.visibleTextEditors.includes(editor)) {
      return editor;
    }
    const shown =
      vscode.window.visibleTextEditors.find((e) => e.document === editor.document) ??
      (await vscode.window.showTextDocument(editor.document, {
        viewColumn: editor.viewColumn ?? vscode.ViewColumn.One,
        preserveFocus: true,
      }));
    shown.selection = editor.selection;
    this.editor = shown;
    return shown;
  }
}
