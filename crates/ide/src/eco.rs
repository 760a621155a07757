//! Opening names by ECO code, from the Lichess chess-openings table (CC0), compiled in.

use std::collections::HashMap;
use std::sync::OnceLock;

const TABLES: [&str; 5] = [
    include_str!("../data/a.tsv"),
    include_str!("../data/b.tsv"),
    include_str!("../data/c.tsv"),
    include_str!("../data/d.tsv"),
    include_str!("../data/e.tsv"),
];

/// Every ECO code with its opening's name (see [`opening_name`]), in code order.
pub(crate) fn codes() -> impl Iterator<Item = (&'static str, &'static str)> {
    let mut all: Vec<(&str, &str)> = names().iter().map(|(c, n)| (*c, *n)).collect();
    all.sort_unstable();
    all.into_iter()
}

/// The name of the opening with ECO code `code` (`C80`): the shortest, most general of the
/// table's names for it.
pub(crate) fn opening_name(code: &str) -> Option<&'static str> {
    names().get(code.trim()).copied()
}

/// The names by code.
fn names() -> &'static HashMap<&'static str, &'static str> {
    static NAMES: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = HashMap::new();
        for table in TABLES {
            for line in table.lines().skip(1) {
                let mut fields = line.split('\t');
                if let (Some(eco), Some(name)) = (fields.next(), fields.next()) {
                    let known = names.entry(eco).or_insert(name);
                    if name.len() < known.len() {
                        *known = name;
                    }
                }
            }
        }
        names
    })
}
