//! The codes of what replaying a game finds: moves that cannot be played, and what the rules
//! say of move numbers, handicaps and results.

kifu_syntax::codes! {
    /// A move that cannot be played in the position: no piece can make it, the point is
    /// taken, the rules forbid it.
    IllegalMove = "illegal-move", Error;
    /// A chess move that more than one piece could make, written without saying which.
    AmbiguousMove = "ambiguous-move", Error;
    /// A chess move whose origin names no piece that can make it, while one piece can.
    WrongDisambiguation = "wrong-disambiguation", Warning;
    /// `+` or `#` that the move does not deserve (or, as a hint, one that is missing).
    WrongCheckMark = "wrong-check-mark", Warning;
    /// A chess move written in a form readers accept but the standard does not: `0-0`,
    /// `e8Q`, `e2-e4`, UCI (once per game and form).
    NonStandardMove = "non-standard-move", Warning;
    /// A game written with the piece letters of another language than English.
    ForeignPieceLetters = "foreign-piece-letters", Warning;
    /// A Go move that retakes a ko at once.
    KoRetaken = "ko-retaken", Error;
    /// A Go move that leaves its own stones without liberties, under rules that forbid it.
    Suicide = "suicide", Error;
    /// A draughts move that is not a capture while a capture is mandatory.
    CaptureMandatory = "capture-mandatory", Error;
    /// A draughts capture of fewer pieces than the variant demands, or one that loses to
    /// another by the variant's order of precedence.
    CaptureNotMaximal = "capture-not-maximal", Error;
    /// A draughts capture written from and to where several paths take different pieces.
    AmbiguousCapture = "ambiguous-capture", Error;
    /// A draughts move written with `-` that captures, or with `x` that does not.
    WrongSeparator = "wrong-separator", Warning;
    /// A draughts capture written as several moves, one jump each (once per game).
    SplitCapture = "split-capture", Warning;
    /// A move number that is not the number of the move it stands before.
    WrongMoveNumber = "wrong-move-number", Warning;
    /// Two Go moves in a row by the same colour: legal in SGF, but usually a slip.
    SameColourTwice = "same-colour-twice", Warning;
    /// A Go move after both players passed.
    MoveAfterPasses = "move-after-passes", Info;
    /// A Go handicap (`HA`) that disagrees with the black stones set up in the root.
    HandicapMismatch = "handicap-mismatch", Warning;
    /// A result that the final position contradicts: the side that cannot move won.
    ResultContradicted = "result-contradicted", Warning;
    /// A game whose rules kifu does not know, so its moves are not checked.
    NotReplayed = "not-replayed", Info;
}
