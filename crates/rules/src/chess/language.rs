//! Piece letters in the languages games are written in, and finding a game's language.

use std::fmt;

use shakmaty::Role;

use super::played::Form;
use super::position::Position;

/// The language of the piece letters in written moves.
///
/// Languages that share one set of letters (German, Swedish, Danish and Norwegian; Spanish
/// and Italian) cannot be told apart from the moves alone: [`detect_language`] answers
/// with the first of them here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// `K Q R B N`: the letters of PGN.
    #[default]
    English,
    /// `K D T L S`: König, Dame, Turm, Läufer, Springer (also Swedish, Danish, Norwegian).
    German,
    /// `R D T A C`: Rey, Dama, Torre, Alfil, Caballo.
    Spanish,
    /// `R D T F C`: Roi, Dame, Tour, Fou, Cavalier.
    French,
    /// `K D T L P`: Koning, Dame, Toren, Loper, Paard.
    Dutch,
    /// `R D T A C`: Re, Donna, Torre, Alfiere, Cavallo (the letters of Spanish).
    Italian,
    /// `R D T B C`: Rei, Dama, Torre, Bispo, Cavalo.
    Portuguese,
    /// `K D T L S`: Kung, Dam, Torn, Löpare, Springare (the letters of German).
    Swedish,
    /// `K H W G S`: Król, Hetman, Wieża, Goniec, Skoczek.
    Polish,
    /// `K D V S J`: Král, Dáma, Věž, Střelec, Jezdec.
    Czech,
    /// `K V B F H`: Király, Vezér, Bástya, Futó, Huszár.
    Hungarian,
    /// `K D T L R`: Kuningas, Daami, Torni, Lähetti, Ratsu.
    Finnish,
    /// `R D T N C`: Rege, Damă, Turn, Nebun, Cal.
    Romanian,
}

/// The languages [`detect_language`] tries, English first; one per set of letters.
const DETECTABLE: [Language; 11] = [
    Language::English,
    Language::German,
    Language::Spanish,
    Language::French,
    Language::Dutch,
    Language::Portuguese,
    Language::Polish,
    Language::Czech,
    Language::Hungarian,
    Language::Finnish,
    Language::Romanian,
];

impl Language {
    /// Every language, English first.
    pub const ALL: [Language; 13] = [
        Language::English,
        Language::German,
        Language::Spanish,
        Language::French,
        Language::Dutch,
        Language::Italian,
        Language::Portuguese,
        Language::Swedish,
        Language::Polish,
        Language::Czech,
        Language::Hungarian,
        Language::Finnish,
        Language::Romanian,
    ];

    /// The letters for king, queen, rook, bishop and knight, in that order.
    pub const fn letters(self) -> [u8; 5] {
        match self {
            Language::English => *b"KQRBN",
            Language::German | Language::Swedish => *b"KDTLS",
            Language::Spanish | Language::Italian => *b"RDTAC",
            Language::French => *b"RDTFC",
            Language::Dutch => *b"KDTLP",
            Language::Portuguese => *b"RDTBC",
            Language::Polish => *b"KHWGS",
            Language::Czech => *b"KDVSJ",
            Language::Hungarian => *b"KVBFH",
            Language::Finnish => *b"KDTLR",
            Language::Romanian => *b"RDTNC",
        }
    }

    /// The piece an upper-case letter stands for; English alone has a pawn letter (`P`).
    pub fn role(self, letter: u8) -> Option<Role> {
        const ROLES: [Role; 5] = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ];
        if let Some(i) = self.letters().iter().position(|&l| l == letter) {
            return Some(ROLES[i]);
        }
        (self == Language::English && letter == b'P').then_some(Role::Pawn)
    }

    /// The letter of a piece (`None` for a pawn, which moves are written without).
    pub fn letter(self, role: Role) -> Option<char> {
        let [k, q, r, b, n] = self.letters();
        let letter = match role {
            Role::King => k,
            Role::Queen => q,
            Role::Rook => r,
            Role::Bishop => b,
            Role::Knight => n,
            Role::Pawn => return None,
        };
        Some(char::from(letter))
    }

    /// The language's name in English: `German`.
    pub fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "German",
            Language::Spanish => "Spanish",
            Language::French => "French",
            Language::Dutch => "Dutch",
            Language::Italian => "Italian",
            Language::Portuguese => "Portuguese",
            Language::Swedish => "Swedish",
            Language::Polish => "Polish",
            Language::Czech => "Czech",
            Language::Hungarian => "Hungarian",
            Language::Finnish => "Finnish",
            Language::Romanian => "Romanian",
        }
    }

    /// The words for a warning: `German piece letters: K = king, D = queen, T = rook,
    /// L = bishop, S = knight`.
    pub fn description(self) -> String {
        let [k, q, r, b, n] = self.letters().map(char::from);
        format!(
            "{} piece letters: {k} = king, {q} = queen, {r} = rook, {b} = bishop, {n} = knight",
            self.name()
        )
    }

    /// Whether `letter` means the same piece here as in English (or nothing in both), so
    /// that a move using it reads the same under both.
    pub(crate) fn agrees_with_english(self, letter: u8) -> bool {
        self == Language::English || self.role(letter) == Language::English.role(letter)
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the moves of a game are written: for now, the language of their piece letters.
///
/// Every other non-standard form (`0-0`, `e8Q`, `e2-e4`, UCI, figurines, null moves) is
/// read in every dialect and reported in [`super::Played::forms`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dialect {
    /// The language of the piece letters.
    pub language: Language,
}

impl Dialect {
    /// Moves as PGN writes them: English piece letters.
    pub const ENGLISH: Dialect = Dialect {
        language: Language::English,
    };

    /// Moves with the piece letters of `language`.
    pub const fn new(language: Language) -> Dialect {
        Dialect { language }
    }
}

/// Chooses the language in which the moves of a game, played from `start`, read best: the
/// one under which the most moves play before the first that cannot, and among those the
/// one that borrows the fewest letters from other languages (see
/// [`Form::OtherLanguageLetter`]). English wins every tie, so a game is read as another
/// language only when its letters say so (`Sf3`, `Lb5`, `Dd1`, `Cf3`, `Ab5`); a game of
/// pawn moves alone is English, and so is an English game with one German `Sf3`.
///
/// `None` when no language can play even the first move (or there are no moves). Costs a
/// replay per language whose letters the moves use: call it for a game whose moves fail or
/// borrow letters in English.
pub fn detect_language(start: &Position, moves: &[&str]) -> Option<Language> {
    let english = Dialect::new(Language::English);
    // The result is the same in either order: the first of the other languages that reads
    // best, unless English reads at least as well. The order sets what each replay is
    // bounded by (see `score`), so the language the letters point to comes first: a German
    // game read in English borrowed at every knight to the end before German was tried.
    let english_first = !mostly_other_letters(moves);
    let english_score = english_first.then(|| score(start, moves, english, None));
    let floor = english_score.filter(|s| s.played > 0);
    // Every move played with no letter borrowed: no language after can do better (a tie
    // keeps the first). Most games in another language stop at it; the replays of the
    // languages that share its letters (a German game read as Dutch, Czech, Finnish,
    // Polish, borrowing at every knight) made finding the language four fifths of
    // checking a game in German letters (callgrind).
    let perfect = Score {
        played: moves.len(),
        borrowed: std::cmp::Reverse(0),
    };
    let mut best: Option<(Language, Score)> = None;
    for language in DETECTABLE {
        if language == Language::English || !uses_letters_of(language, moves) {
            continue;
        }
        let bar = best.map(|(_, b)| b).max(floor);
        let score = score(start, moves, Dialect::new(language), bar);
        if score.played > 0 && bar.is_none_or(|b| score > b) {
            best = Some((language, score));
        }
        if best.is_some_and(|(_, b)| b == perfect) {
            break;
        }
    }
    let english_score =
        english_score.unwrap_or_else(|| score(start, moves, english, best.map(|(_, b)| b)));
    match best {
        Some((_, b)) if english_score >= b => Some(Language::English),
        Some((language, _)) => Some(language),
        None => (english_score.played > 0).then_some(Language::English),
    }
}

/// Whether more of the moves' piece letters are ones English does not read than ones it
/// does (`Sf3`, `Lb5`, `Dd1` against `Nf3`, `Bb5`, `Qd1`): a game in another language.
fn mostly_other_letters(moves: &[&str]) -> bool {
    let (mut other, mut english) = (0usize, 0usize);
    for m in moves {
        match m.bytes().next() {
            Some(b'K' | b'Q' | b'R' | b'B' | b'N') => english += 1,
            Some(b) if b.is_ascii_uppercase() && b != b'O' => other += 1,
            _ => {}
        }
    }
    other > english
}

/// How well a game reads in a language: more moves played is better, then fewer borrowed
/// letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    played: usize,
    borrowed: std::cmp::Reverse<usize>,
}

/// Whether some move starts with a letter that is a piece in `language` but not the same
/// piece in English: without one, the language reads no move better than English does.
fn uses_letters_of(language: Language, moves: &[&str]) -> bool {
    moves.iter().any(|m| {
        m.bytes()
            .find(|b| b.is_ascii_uppercase())
            .is_some_and(|b| language.role(b).is_some() && !language.agrees_with_english(b))
    })
}

/// Plays `moves` one after another from `start` until the first that cannot, or until it
/// cannot beat `to_beat`, a score that played every move (more letters borrowed than it):
/// then what it has so far, less than `to_beat`.
fn score(start: &Position, moves: &[&str], dialect: Dialect, to_beat: Option<Score>) -> Score {
    let most_borrowed = to_beat
        .filter(|b| b.played == moves.len())
        .map_or(usize::MAX, |b| b.borrowed.0);
    let mut position = start.clone();
    let mut borrowed = 0;
    let mut played = 0;
    // In place: each move copied the position (`memmove` was a quarter of the samples of
    // checking a game in German letters, these copies most of it).
    for written in moves {
        match position.play_mut(written, &dialect) {
            Ok(moved) => {
                played += 1;
                if moved.forms().contains(Form::OtherLanguageLetter) {
                    borrowed += 1;
                    if borrowed > most_borrowed {
                        break;
                    }
                }
            }
            Err(_) => break,
        }
    }
    Score {
        played,
        borrowed: std::cmp::Reverse(borrowed),
    }
}
