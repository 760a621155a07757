"""Writes test/grammar/* for vscode-tmgrammar-test: each source line, then one assertion
line per (text, scope) mark, the carets placed under the text's first occurrence after the
previous mark's start. Run it after changing the cases; commit its output."""

CASES = {
    "moves.pgn": (";", "source.pgn", "PGN: tags, moves, annotations, comments, variations, results", [
        ('[Event "Botvinnik \\"Memorial\\""]', [
            ("[", "punctuation.definition.tag.begin.pgn"),
            ("Event", "entity.name.tag.pgn"),
            ('"Botvinnik \\"Memorial\\""', "string.quoted.double.pgn"),
            ('\\"', "constant.character.escape.pgn"),
        ]),
        ("1. e4 e5 2. Nf3 Nc6 3. Bxb5+ a6 $14 4. O-O?! {a [%clk 0:01:00] comment} e8=Q#", [
            ("1.", "constant.numeric.move-number.pgn"),
            ("e4", "entity.name.function.move.pgn"),
            ("Nf3", "entity.name.function.move.pgn"),
            ("Bxb5+", "entity.name.function.move.pgn"),
            ("x", "keyword.operator.capture.pgn"),
            ("+", "keyword.operator.check.pgn"),
            ("$14", "constant.other.nag.pgn"),
            ("O-O", "entity.name.function.move.castling.pgn"),
            ("?!", "keyword.operator.annotation.pgn"),
            ("{a [%clk 0:01:00] comment}", "comment.block.brace.pgn"),
            ("[%clk 0:01:00]", "keyword.other.command.pgn"),
            ("=Q", "storage.modifier.promotion.pgn"),
            ("#", "keyword.operator.check.pgn"),
        ]),
        ("(5. d4 (5. c3)) 1/2-1/2 ; a line comment", [
            ("(", "punctuation.section.variation.begin.pgn"),
            ("5. d4", "meta.variation.pgn"),
            ("(", "punctuation.section.variation.begin.pgn"),
            ("1/2-1/2", "keyword.control.result.pgn"),
            ("; a line comment", "comment.line.semicolon.pgn"),
        ]),
    ]),
    "game.sgf": ("#", "source.sgf", "SGF: game trees, nodes, properties, values, escapes", [
        ("(;GM[1]FF[4]C[a \\] bracket];B[pd](;W[dd])(;W[dp]))", [
            ("(", "punctuation.section.tree.begin.sgf"),
            (";", "punctuation.separator.node.sgf"),
            ("GM", "entity.name.tag.property.sgf"),
            ("[", "punctuation.definition.value.begin.sgf"),
            ("1", "string.unquoted.value.sgf"),
            ("a \\] bracket", "string.unquoted.value.sgf"),
            ("\\]", "constant.character.escape.sgf"),
            ("B", "keyword.other.move.sgf"),
            ("(", "punctuation.section.tree.begin.sgf"),
        ]),
    ]),
    "draughts.pdn": (";", "source.pdn", "PDN: moves, captures, strengths, setup, results", [
        ('[GameType "20"]', [("GameType", "entity.name.tag.pdn")]),
        ('1. 32-28! 19-23 2. 28x19(?) 14x23 3. c3-d4 26x37x48 27-20* /FEN "W:W31:B1"/ 2-0', [
            ("1.", "constant.numeric.move-number.pdn"),
            ("32-28", "entity.name.function.move.pdn"),
            ("!", "keyword.operator.strength.pdn"),
            ("28x19", "entity.name.function.move.pdn"),
            ("(?)", "keyword.operator.strength.pdn"),
            ("c3-d4", "entity.name.function.move.pdn"),
            ("26x37x48", "entity.name.function.move.pdn"),
            ("27-20", "entity.name.function.move.pdn"),
            ("*", "keyword.operator.forced.pdn"),
            ('/FEN "W:W31:B1"/', "support.function.setup.pdn"),
            ("2-0", "keyword.control.result.pdn"),
        ]),
    ]),
}

for name, (comment, scope, description, lines) in CASES.items():
    out = [f'{comment} SYNTAX TEST "{scope}" "{description}"']
    for source, marks in lines:
        out.append(source)
        at = 0
        for text, mark_scope in marks:
            column = source.index(text, at)
            at = column
            if column < len(comment):
                # Under the comment token itself only `<-` can point: at column 0.
                out.append(f"{comment} <- {mark_scope}")
            else:
                out.append(comment + " " * (column - len(comment)) + "^" * len(text) + " " + mark_scope)
    open(f"test/grammar/{name}", "w").write("\n".join(out) + "\n")
