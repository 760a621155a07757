//! The kinds of SGF tokens and nodes, and the rowan language that carries them.

crate::language::syntax_kinds! {
    /// The rowan language of SGF trees.
    SgfLanguage, "SGF";

    // Tokens.
    /// `(`
    L_PAREN,
    /// `)`
    R_PAREN,
    /// `;`
    SEMICOLON,
    /// A property identifier, `B`, `AB`; lower-case letters kept as written (FF[3]).
    IDENT,
    /// `[...]`, brackets and escapes included; may lack its `]` (an error).
    VALUE,
    /// Characters that start no token.
    ERROR_TOKEN,

    // Nodes.
    /// The whole file: a collection of game trees.
    COLLECTION,
    /// `( nodes... variations... )`
    GAME_TREE,
    /// `;` and its properties.
    NODE,
    /// An identifier and its values.
    PROPERTY,
}
