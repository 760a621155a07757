//! The variants of chess a PGN `[Variant "..."]` tag can name.

use std::fmt;

use shakmaty::variant::Variant as ShakmatyVariant;

/// A variant of chess: its start position and its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// The rules of FIDE.
    #[default]
    Standard,
    /// Fischer random chess: standard rules, a shuffled back rank, castling to fixed squares.
    Chess960,
    /// Captured pieces change sides and can be dropped back (`N@f3`).
    Crazyhouse,
    /// A capture explodes every piece but pawns around the square; exploding the king wins.
    Atomic,
    /// Captures are compulsory, the king is an ordinary piece; losing every piece wins.
    Antichess,
    /// A king on one of the four centre squares wins.
    KingOfTheHill,
    /// The third check wins.
    ThreeCheck,
    /// White has 36 pawns and no king; Black wins by capturing them all.
    Horde,
    /// No checks; the first king to reach the eighth rank wins.
    RacingKings,
}

impl Variant {
    /// Every variant, standard chess first.
    pub const ALL: [Variant; 9] = [
        Variant::Standard,
        Variant::Chess960,
        Variant::Crazyhouse,
        Variant::Atomic,
        Variant::Antichess,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Horde,
        Variant::RacingKings,
    ];

    /// Reads the value of a PGN `[Variant "..."]` tag as Lichess, cutechess, TCEC,
    /// ChessBase and python-chess write it; `None` for a variant these rules do not know
    /// (`Bughouse`, `wild/1`).
    ///
    /// Case, spaces, hyphens and underscores are ignored: `Three-check`, `threeCheck` and
    /// `3check` are one variant. `From Position`, `Normal` and `Classical` are standard chess
    /// (the position comes from the `FEN` tag); `Fischerandom`, `Chess 960` and `960` are
    /// Chess960.
    pub fn from_tag(value: &str) -> Option<Variant> {
        let mut key = [0u8; 24];
        let mut len = 0;
        for b in value.bytes() {
            if matches!(b, b' ' | b'-' | b'_' | b'\t') {
                continue;
            }
            // Longer than any name below: not a variant we know.
            if len == key.len() {
                return None;
            }
            key[len] = b.to_ascii_lowercase();
            len += 1;
        }
        Some(match &key[..len] {
            b"" | b"standard" | b"chess" | b"normal" | b"classical" | b"fromposition"
            | b"frompos" => Variant::Standard,
            b"chess960"
            | b"960"
            | b"fischerandom"
            | b"fischerrandom"
            | b"frc"
            | b"fischerrandomchess" => Variant::Chess960,
            b"crazyhouse" | b"zh" => Variant::Crazyhouse,
            b"atomic" | b"atomicchess" => Variant::Atomic,
            // Giveaway differs from antichess only in allowing castling, which the rules
            // here take from the FEN's castling rights.
            b"antichess" | b"anti" | b"giveaway" | b"giveawaychess" => Variant::Antichess,
            b"kingofthehill" | b"koth" => Variant::KingOfTheHill,
            b"threecheck" | b"3check" | b"threecheckchess" => Variant::ThreeCheck,
            b"horde" | b"hordechess" => Variant::Horde,
            b"racingkings" => Variant::RacingKings,
            _ => return None,
        })
    }

    /// The name Lichess writes in the `Variant` tag: `Standard`, `Chess960`, `King of the Hill`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Chess960 => "Chess960",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Antichess",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::ThreeCheck => "Three-check",
            Variant::Horde => "Horde",
            Variant::RacingKings => "Racing Kings",
        }
    }

    /// The shakmaty rules behind the variant (Chess960 is chess with another castling mode).
    pub(crate) fn rules(self) -> ShakmatyVariant {
        match self {
            Variant::Standard | Variant::Chess960 => ShakmatyVariant::Chess,
            Variant::Crazyhouse => ShakmatyVariant::Crazyhouse,
            Variant::Atomic => ShakmatyVariant::Atomic,
            Variant::Antichess => ShakmatyVariant::Antichess,
            Variant::KingOfTheHill => ShakmatyVariant::KingOfTheHill,
            Variant::ThreeCheck => ShakmatyVariant::ThreeCheck,
            Variant::Horde => ShakmatyVariant::Horde,
            Variant::RacingKings => ShakmatyVariant::RacingKings,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
