// The board view's webview: draws what the extension sends (the server's answer to
// kifu/position and the state of a move being entered) and sends back clicks, buttons and
// keys. It knows no rules and keeps no state of its own but the last view, to redraw it.
// @ts-check
(function () {
  // @ts-ignore: given by VS Code to webviews
  const vscode = acquireVsCodeApi();
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

  /** @param {string} tag @param {string} text @param {Record<string, string>} [data] */
  function make(tag, text, data) {
    const b = document.createElement(tag);
    b.textContent = text;
    if (b instanceof HTMLButtonElement) b.type = "button";
    for (const [k, v] of Object.entries(data || {})) b.dataset[k] = v;
    return b;
  }

  /** @param {HTMLElement} element @param {string | null | undefined} text */
  function setText(element, text) {
    element.textContent = text || "";
    element.hidden = !text;
  }

  /**
   * The server's SVG, inserted as SVG markup (it draws with presentation attributes, no
   * inline styles, which the policy would drop).
   * @param {HTMLElement} container @param {string} text
   */
  function insertSvg(container, text) {
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = parsed.documentElement;
    if (svg.nodeName !== "svg" || parsed.getElementsByTagName("parsererror").length > 0) {
      container.textContent = "The board could not be drawn.";
      return;
    }
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    container.replaceChildren(document.importNode(svg, true));
  }

  let view = null;
  /** The SVG shown: the same board is not drawn again (a click that only chooses a square). */
  let shownSvg = null;

  function render(next) {
    view = next;
    const p = view.position;
    document.body.dataset.game = view.game || "";
    setText($("empty"), p ? null : view.empty);
    $("controls").hidden = !p;
    $("pass").hidden = view.game !== "go";
    if (!p) {
      $("board").replaceChildren();
      shownSvg = null;
      for (const id of ["players", "event", "label", "opening", "turn", "comment", "captures", "notPlayed", "message"]) setText($(id), null);
      $("annotations").replaceChildren();
    } else {
      const players = p.white || p.black ? `${p.white || "?"} – ${p.black || "?"}` : null;
      setText($("players"), players);
      setText($("event"), p.event);
      setText($("label"), p.label);
      setText($("opening"), p.opening ? `${p.opening.eco} ${p.opening.name}` : null);
      setText($("turn"), `${p.sideToMove} to move`);
      if (p.svg !== shownSvg) {
        insertSvg($("board"), p.svg);
        shownSvg = p.svg;
      }
      setText($("comment"), p.comment);
      const annotations = $("annotations");
      annotations.replaceChildren(...p.annotations.map((a) => make("li", a)));
      annotations.hidden = p.annotations.length === 0;
      setText($("captures"), p.captures ? `Captures: Black ${p.captures.black}, White ${p.captures.white}` : null);
      setText($("notPlayed"), p.notPlayed);
      for (const step of ["start", "back"]) {
        /** @type {HTMLButtonElement} */ (document.querySelector(`[data-step=${step}]`)).disabled = !p.move;
      }
      for (const step of ["forward", "end"]) {
        /** @type {HTMLButtonElement} */ (document.querySelector(`[data-step=${step}]`)).disabled = p.next.length === 0;
      }
    }
    setText($("message"), view.message);
    // The square a piece moves from.
    for (const target of Array.from(document.querySelectorAll("#board .target"))) {
      target.classList.toggle("selected", target.getAttribute("data-square") === view.selected);
    }
    const promotion = $("promotion");
    promotion.hidden = !view.promotion;
    if (view.promotion) {
      const white = p && p.sideToMove === "White";
      promotion.replaceChildren(
        make("span", "Promote to:"),
        ...[["q", "♕", "♛", "queen"], ["r", "♖", "♜", "rook"], ["b", "♗", "♝", "bishop"], ["n", "♘", "♞", "knight"]].map(
          ([piece, whiteSign, blackSign, name]) => {
            const b = make("button", white ? whiteSign : blackSign, { piece });
            b.title = name;
            return b;
          },
        ),
      );
    }
    const candidates = $("candidates");
    candidates.hidden = view.candidates.length === 0;
    candidates.replaceChildren(
      ...(view.candidates.length > 0 ? [make("span", "Which capture?")] : []),
      ...view.candidates.map((move) => make("button", move, { move })),
    );
    vscode.postMessage({
      type: "rendered",
      state: {
        label: p ? p.label : null,
        fen: p ? p.fen : null,
        setup: p ? p.setup : null,
        flipped: view.flipped,
        svgHasTargets: document.querySelectorAll("#board svg .targets .target").length > 0,
        selected: document.querySelector("#board .target.selected")?.getAttribute("data-square") ?? null,
        promotion: view.promotion,
        candidates: view.candidates,
        message: view.message,
        empty: p ? null : view.empty,
      },
    });
  }

  window.addEventListener("message", (event) => {
    if (event.data && event.data.type === "show") render(event.data.view);
  });

  $("board").addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest(".target");
    const square = target && target.getAttribute("data-square");
    if (square) vscode.postMessage({ type: "click", square });
  });
  $("controls").addEventListener("click", (event) => {
    const b = /** @type {Element} */ (event.target).closest("button");
    if (!b) return;
    if (b.dataset.step) vscode.postMessage({ type: "step", to: b.dataset.step });
    else if (b.id === "flip") vscode.postMessage({ type: "flip" });
    else if (b.id === "pass") vscode.postMessage({ type: "pass" });
  });
  $("promotion").addEventListener("click", (event) => {
    const b = /** @type {Element} */ (event.target).closest("button");
    if (b && b.dataset.piece) vscode.postMessage({ type: "promote", piece: b.dataset.piece });
  });
  $("candidates").addEventListener("click", (event) => {
    const b = /** @type {Element} */ (event.target).closest("button");
    if (b && b.dataset.move) vscode.postMessage({ type: "candidate", move: b.dataset.move });
  });
  window.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const steps = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
    if (event.key in steps) {
      vscode.postMessage({ type: "step", to: steps[event.key] });
    } else if (event.key === "f" || event.key === "F") {
      vscode.postMessage({ type: "flip" });
    } else if (event.key === "Escape") {
      vscode.postMessage({ type: "cancel" });
    } else {
      return;
    }
    event.preventDefault();
  });

  vscode.postMessage({ type: "ready" });
})();
