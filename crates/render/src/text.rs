//! The text diagram the three boards share: a grid of one-character cells separated by
//! spaces, with optional labels and one cell marked with brackets.

/// A board as rows of one-character cells, top row first, ready to be written out.
#[derive(Debug, Default)]
pub(crate) struct Grid {
    /// The cells, row by row, each one character wide on screen.
    pub(crate) rows: Vec<Vec<char>>,
    /// A label before each row (rank numbers), right-aligned; empty for none.
    pub(crate) left: Vec<String>,
    /// A label after each row (draughts' square numbers); empty for none.
    pub(crate) right: Vec<String>,
    /// A label under each column (files); empty for none.
    pub(crate) bottom: Vec<String>,
    /// The cell written between brackets, `[●]`: `(row, column)`.
    pub(crate) mark: Option<(usize, usize)>,
}

impl Grid {
    /// The diagram, one line per row (and one for the column labels), each ending with
    /// `\n`, with no trailing spaces.
    pub(crate) fn render(&self) -> String {
        let columns = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let left_width = self
            .left
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        // Columns labelled with two letters (Go boards wider than 25) get wider cells.
        let cell_width = self
            .bottom
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(1)
            .max(1);
        // A bracket before the first column needs a place to go in every row, or the marked
        // row would stand one character to the right of the others.
        let lead = left_width > 0 || matches!(self.mark, Some((_, 0)));
        let mut out = String::new();
        for (r, row) in self.rows.iter().enumerate() {
            let mut line = String::new();
            if left_width > 0 {
                let label = self.left.get(r).map_or("", String::as_str);
                line.push_str(&format!("{label:>left_width$}"));
            }
            // A mark's closing bracket goes straight after its cell: into the cell's own
            // padding when cells are wider than one character, else into the next gap.
            let marked = |c: usize| self.mark == Some((r, c));
            let closes_in_gap = |c: usize| marked(c) && cell_width == 1;
            for c in 0..columns {
                if c > 0 || lead {
                    let gap = if marked(c) {
                        '['
                    } else if c > 0 && closes_in_gap(c - 1) {
                        ']'
                    } else {
                        ' '
                    };
                    line.push(gap);
                }
                line.push(row.get(c).copied().unwrap_or(' '));
                let mut padding = cell_width - 1;
                if marked(c) && cell_width > 1 {
                    line.push(']');
                    padding -= 1;
                }
                line.extend(std::iter::repeat_n(' ', padding));
            }
            // The closing bracket of a mark in the last column takes the first of the two
            // spaces before a right label, so that the labels stay in one column.
            let closing = if columns > 0 && closes_in_gap(columns - 1) {
                ']'
            } else {
                ' '
            };
            line.push(closing);
            if let Some(label) = self.right.get(r).filter(|l| !l.is_empty()) {
                line.push(' ');
                line.push_str(label);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if !self.bottom.is_empty() {
            let mut line = " ".repeat(left_width);
            for (c, label) in self.bottom.iter().enumerate() {
                if c > 0 || lead {
                    line.push(' ');
                }
                line.push_str(&format!("{label:<cell_width$}"));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Grid;

    #[test]
    fn marks_and_labels_line_up() {
        let grid = Grid {
            rows: vec![vec!['a', 'b', 'c'], vec!['d', 'e', 'f']],
            left: vec!["10".into(), "9".into()],
            right: vec!["x".into(), String::new()],
            bottom: vec!["A".into(), "B".into(), "C".into()],
            mark: Some((1, 2)),
        };
        assert_eq!(grid.render(), "10 a b c  x\n 9 d e[f]\n   A B C\n");
    }

    #[test]
    fn a_mark_in_the_first_column_shifts_every_row() {
        let grid = Grid {
            rows: vec![vec!['a', 'b'], vec!['c', 'd']],
            mark: Some((0, 0)),
            ..Grid::default()
        };
        assert_eq!(grid.render(), "[a]b\n c d\n");
    }

    #[test]
    fn wide_cells_close_a_mark_inside_the_cell() {
        let grid = Grid {
            rows: vec![vec!['a', 'b'], vec!['c', 'd']],
            bottom: vec!["Z".into(), "AA".into()],
            mark: Some((0, 1)),
            ..Grid::default()
        };
        assert_eq!(grid.render(), "a [b]\nc  d\nZ  AA\n");
    }
}
