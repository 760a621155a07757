//! Reading the text of a move in every form PGN files are found with: SAN in any language,
//! `0-0`, `e8Q`, long algebraic, UCI, figurines, drops and null moves. This is the slow
//! path: plain English SAN is read by shakmaty's parser first.

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::language::Language;
use super::played::{CheckMark, Form, Forms};

/// What the text of a move says, before it is matched against the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Written {
    /// A piece or pawn moving to a square.
    Normal {
        /// The piece letter; `None` for a pawn in SAN, or any piece in long algebraic or
        /// UCI (`e2e4`, `g1f3`), which is read from the board.
        role: Option<Role>,
        /// The file of the origin, when written.
        file: Option<File>,
        /// The rank of the origin, when written.
        rank: Option<Rank>,
        /// Whether a capture mark (`x`, `:`, `×`) was written.
        capture: bool,
        /// Whether a `-` separated the origin and the target (`e2-e4`).
        hyphen: bool,
        /// The target square.
        to: Square,
        /// The piece promoted to.
        promotion: Option<Role>,
    },
    /// `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// A drop, `N@f3`.
    Put { role: Role, to: Square },
    /// `--`, `Z0`, `0000`, `@@@@`.
    Null,
}

/// A move's text as read: the move, what it said about check, and its non-standard forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reading {
    pub(crate) written: Written,
    pub(crate) check: CheckMark,
    pub(crate) forms: Forms,
}

/// Whether `text` is read, with the piece letters of `language`, as a pawn's move with its
/// file typed as a capital (`E4`, `Exd5`; not German `D4xd5`, the queen's from the fourth
/// rank): what the replay asks before it takes a move's capital for a letter of the
/// language, so that the two read a move alike.
pub fn reads_as_capital_file(text: &str, language: Language) -> bool {
    read(text, language).is_some_and(|r| r.forms.contains(Form::UppercaseFile))
}

/// Reads `text` with the piece letters of `language`; `None` when it is no move at all.
pub(crate) fn read(text: &str, language: Language) -> Option<Reading> {
    let mut forms = Forms::EMPTY;
    let mut s = text.trim().as_bytes();

    // Annotation glyphs belong to the PGN reader, but a lone `!` glued to a move costs
    // nothing to skip.
    while let [rest @ .., b'!' | b'?'] = s {
        s = rest;
    }
    let check = if let Some(rest) = s.strip_suffix(b"++") {
        s = rest;
        CheckMark::DoubleCheck
    } else if let Some(rest) = s.strip_suffix(b"#") {
        s = rest;
        CheckMark::Mate
    } else if let Some(rest) = s.strip_suffix(b"+") {
        s = rest;
        CheckMark::Check
    } else {
        CheckMark::None
    };
    for mark in [&b"e.p."[..], b"e.p", b"ep"] {
        if let Some(rest) = s.strip_suffix(mark) {
            // `ep` alone would be a pawn on the e-file reaching p: only after a square.
            if rest.last().is_some_and(u8::is_ascii_digit) || rest.last() == Some(&b' ') {
                s = rest.trim_ascii_end();
                forms.insert(Form::EnPassantMark);
                break;
            }
        }
    }

    let written = match s {
        b"--" | b"Z0" | b"0000" | b"@@@@" => {
            forms.insert(Form::NullMove);
            Written::Null
        }
        b"O-O" => Written::Castle(CastlingSide::KingSide),
        b"O-O-O" => Written::Castle(CastlingSide::QueenSide),
        b"0-0" | b"0-0-0" => {
            forms.insert(Form::CastlingWithZeros);
            Written::Castle(CastlingSide::from_king_side(s.len() == 3))
        }
        b"o-o" | b"o-o-o" => {
            forms.insert(Form::LowercaseCastling);
            Written::Castle(CastlingSide::from_king_side(s.len() == 3))
        }
        b"OO" | b"OOO" => {
            forms.insert(Form::CastlingWithoutHyphens);
            Written::Castle(CastlingSide::from_king_side(s.len() == 2))
        }
        // A zero typed for one of the letters, or a letter for a zero: `O-0`, `0-O-O`.
        _ if is_castling(s) => {
            forms.insert(Form::CastlingWithZeros);
            Written::Castle(CastlingSide::from_king_side(s.len() == 3))
        }
        _ => read_piece_move(s, language, &mut forms)?,
    };
    Some(Reading {
        written,
        check,
        forms,
    })
}

/// Castling written with `O`s, zeros or both (`O-O`, `0-0-0`, `O-0`), as the PGN lexer
/// reads it as a move (`kifu_syntax`'s `is_castling`).
fn is_castling(s: &[u8]) -> bool {
    let o = |b: u8| b == b'O' || b == b'0';
    match *s {
        [a, b'-', b] => o(a) && o(b),
        [a, b'-', b, b'-', c] => o(a) && o(b) && o(c),
        _ => false,
    }
}

/// The figurine of a piece, `♘` or `♞`, at the start of `s`: its role and its length.
fn figurine(s: &[u8]) -> Option<Role> {
    // U+2654..=U+265F: ♔♕♖♗♘♙ (white), ♚♛♜♝♞♟ (black), all `E2 99 94..=9F` in UTF-8.
    let [0xE2, 0x99, b, ..] = *s else {
        return None;
    };
    const ROLES: [Role; 6] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    (0x94..=0x9F)
        .contains(&b)
        .then(|| ROLES[usize::from(b - 0x94) % 6])
}

/// Reads a move that is not castling or a null move.
fn read_piece_move(text: &[u8], language: Language, forms: &mut Forms) -> Option<Written> {
    // `E4`, `Exd5`: a pawn's file typed as a capital, as a sentence's first word is; read
    // with the file in lower case. Before a square alone any capital of a file is one (a
    // piece's move has a square after its letter: `B4` is no bishop's); before a capture,
    // one that is no piece letter of the language (`Bxc5` is the bishop's, `Cxd5` a
    // Spanish knight's).
    let lowered: [u8; 8];
    let mut s = text;
    if let [file @ b'A'..=b'H', rest @ ..] = s {
        let pawn = match rest {
            // A push, promoting or not (`E8=Q`, `E8Q`); not `B4xc5`, a bishop's.
            [b'1'..=b'8', tail @ ..] => {
                matches!(tail, [] | [b'=' | b'/' | b'(', ..])
                    || matches!(tail, [p] if p.is_ascii_uppercase())
            }
            [b'x' | b':', b'a'..=b'h', b'1'..=b'8', ..] => language.role(*file).is_none(),
            _ => false,
        };
        if pawn && s.len() <= 8 {
            let mut copy = [0u8; 8];
            copy[..s.len()].copy_from_slice(s);
            copy[0] = file.to_ascii_lowercase();
            lowered = copy;
            s = &lowered[..s.len()];
            forms.insert(Form::UppercaseFile);
        }
    }
    let mut role = None;
    if let Some(r) = figurine(s) {
        role = Some(r);
        s = &s[3..];
        // `♘ f3`: text set with figurines in a font has a space after them (the figurine's
        // `non-standard-move` covers it: its fix writes the move without it).
        if let [b' ', rest @ ..] = s {
            s = rest;
        }
        forms.insert(Form::Figurine);
    } else if let Some(&letter) = s.first().filter(|b| b.is_ascii_uppercase()) {
        let r = language.role(letter)?;
        if r == Role::Pawn {
            forms.insert(Form::PawnLetter);
        } else if !language.agrees_with_english(letter) {
            forms.insert(Form::ForeignPieceLetter);
        }
        role = Some(r);
        s = &s[1..];
    } else if let Some(&letter @ (b'n' | b'r' | b'q' | b'k')) =
        s.first().filter(|_| language == Language::English)
    {
        // English SAN's letter typed in lower case (`nf3`); not `b`, which is a file (a
        // bishop's `ba4` is tried when the pawn's move cannot be played). Not in a game of
        // another language, where these letters are other pieces (Spanish `R` is the king),
        // and a fix writing English SAN would change the move.
        role = Some(Language::English.role(letter.to_ascii_uppercase())?);
        forms.insert(Form::LowercasePieceLetter);
        s = &s[1..];
    }

    if let [b'@', square @ ..] = s {
        let to = Square::from_ascii(square).ok()?;
        return Some(Written::Put {
            role: role.unwrap_or(Role::Pawn),
            to,
        });
    }

    let (rest, promotion) = read_promotion(s, language, forms)?;
    s = rest;

    let [head @ .., file, rank] = s else {
        return None;
    };
    let to = Square::from_coords(
        File::from_char(char::from(*file))?,
        Rank::from_char(char::from(*rank))?,
    );
    s = head;

    let mut capture = false;
    let mut hyphen = false;
    if let [head @ .., b'x' | b':'] = s {
        capture = true;
        if s.last() == Some(&b':') {
            forms.insert(Form::OtherCaptureMark);
        }
        s = head;
    } else if let [head @ .., 0xC3, 0x97] = s {
        // `×`, the multiplication sign some programs print for a capture.
        capture = true;
        forms.insert(Form::OtherCaptureMark);
        s = head;
    } else if let [head @ .., b'-'] = s {
        hyphen = true;
        s = head;
    }

    let (file, rank) = match *s {
        [] => (None, None),
        [b] => match (
            File::from_char(char::from(b)),
            Rank::from_char(char::from(b)),
        ) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return None,
        },
        [f, r] => (
            Some(File::from_char(char::from(f))?),
            Some(Rank::from_char(char::from(r))?),
        ),
        _ => return None,
    };
    // `-e4` or `Nf-e4` is no move: a hyphen needs a whole origin square.
    if hyphen && (file.is_none() || rank.is_none()) {
        return None;
    }
    Some(Written::Normal {
        role,
        file,
        rank,
        capture,
        hyphen,
        to,
        promotion,
    })
}

/// Splits a promotion off the end of `s`: `=Q`, `/Q`, `(Q)`, a bare `Q` after the
/// rank, or UCI's lower-case `q`. Returns the rest and the piece, if any.
fn read_promotion<'s>(
    s: &'s [u8],
    language: Language,
    forms: &mut Forms,
) -> Option<(&'s [u8], Option<Role>)> {
    let upper = |b: u8| b.is_ascii_uppercase().then(|| language.role(b)).flatten();
    Some(match *s {
        [ref head @ .., b'(', p, b')'] => {
            forms.insert(Form::PromotionWithoutEquals);
            (head, Some(upper(p)?))
        }
        [ref head @ .., b'=', p] => (head, Some(upper(p)?)),
        [ref head @ .., b'/', p] => {
            forms.insert(Form::PromotionWithoutEquals);
            (head, Some(upper(p)?))
        }
        [ref head @ .., r, p] if r.is_ascii_digit() && p.is_ascii_uppercase() => {
            forms.insert(Form::PromotionWithoutEquals);
            (&s[..head.len() + 1], Some(upper(p)?))
        }
        // Lower-case is UCI's way (`e7e8q`); the letters are English there.
        [ref head @ .., r, p @ (b'q' | b'r' | b'b' | b'n' | b'k')] if r.is_ascii_digit() => {
            forms.insert(Form::PromotionWithoutEquals);
            (&s[..head.len() + 1], Role::from_char(char::from(p)))
        }
        _ => (s, None),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(text: &str) -> Written {
        read(text, Language::English).expect("readable").written
    }

    #[test]
    fn reads_the_forms_of_a_move() {
        assert_eq!(
            normal("Ng1-f3"),
            Written::Normal {
                role: Some(Role::Knight),
                file: Some(File::G),
                rank: Some(Rank::First),
                capture: false,
                hyphen: true,
                to: Square::F3,
                promotion: None,
            }
        );
        assert_eq!(
            normal("e7e8q"),
            Written::Normal {
                role: None,
                file: Some(File::E),
                rank: Some(Rank::Seventh),
                capture: false,
                hyphen: false,
                to: Square::E8,
                promotion: Some(Role::Queen),
            }
        );
        assert_eq!(
            normal("♘xf3"),
            Written::Normal {
                role: Some(Role::Knight),
                file: None,
                rank: None,
                capture: true,
                hyphen: false,
                to: Square::F3,
                promotion: None,
            }
        );
        assert_eq!(
            normal("P@e4"),
            Written::Put {
                role: Role::Pawn,
                to: Square::E4
            }
        );
        assert_eq!(normal("0-0-0"), Written::Castle(CastlingSide::QueenSide));
        assert_eq!(normal("Z0"), Written::Null);
    }

    #[test]
    fn reads_check_marks_and_forms() {
        let r = read("e8Q++", Language::English).expect("readable");
        assert_eq!(r.check, CheckMark::DoubleCheck);
        assert!(r.forms.contains(Form::PromotionWithoutEquals));
        let r = read("exd6 e.p.", Language::English).expect("readable");
        assert!(r.forms.contains(Form::EnPassantMark));
        let r = read("Sf3", Language::German).expect("readable");
        assert!(r.forms.contains(Form::ForeignPieceLetter));
        assert!(read("Sf3", Language::English).is_none());
    }

    #[test]
    fn rejects_what_is_no_move() {
        for text in [
            "", "x", "Nf", "e9", "Ni3", "-e4", "Nf-e4", "e4e5e6", "e8=X", "O-O-O-O",
        ] {
            assert!(read(text, Language::English).is_none(), "{text}");
        }
    }
}
