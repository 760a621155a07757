//! The SVG writer the three boards share: the document around them, compact numbers, and
//! the pieces of markup every board uses (rectangles, text labels).

use std::fmt::{self, Write};

/// A number as SVG gets it: at most two decimals, no trailing zeros, no `-0`, so that the
/// same board is always the same bytes and no coordinate carries float noise
/// (`0.30000000000000004`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Num(pub(crate) f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Rounded once to hundredths, then printed with integer arithmetic: no float
        // formatting decides the digits.
        let hundredths = (self.0 * 100.0).round() as i64;
        if hundredths < 0 {
            f.write_str("-")?;
        }
        let abs = hundredths.unsigned_abs();
        let (whole, frac) = (abs / 100, abs % 100);
        match frac {
            0 => write!(f, "{whole}"),
            _ if frac % 10 == 0 => write!(f, "{whole}.{}", frac / 10),
            _ => write!(f, "{whole}.{frac:02}"),
        }
    }
}

/// An SVG document being written.
pub(crate) struct Svg {
    out: String,
}

impl Svg {
    /// Starts a drawing of `width` × `height` user units, shown `shown` pixels wide (its
    /// own width without one).
    pub(crate) fn new(width: f64, height: f64, shown: Option<u32>) -> Svg {
        let mut svg = Svg {
            out: String::with_capacity(16 * 1024),
        };
        let shown_width = shown.map_or(width, f64::from);
        // `xmlns:xlink` for renderers that still look for it; the references themselves use
        // SVG 2's plain `href`, which browsers (and so VS Code's hovers) and librsvg read.
        svg.write(format_args!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" \
             xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
             width=\"{sw}\" height=\"{sh}\" viewBox=\"0 0 {w} {h}\">",
            w = Num(width),
            h = Num(height),
            sw = Num(shown_width),
            sh = Num(shown_width * height / width),
        ));
        svg
    }

    /// Opens the group of click targets (see [`crate::Options::targets`]).
    pub(crate) fn open_targets(&mut self) {
        self.raw("<g class=\"targets\" fill=\"transparent\">");
    }

    /// A click target: a square of the board, by its name.
    pub(crate) fn target(&mut self, x: f64, y: f64, width: f64, height: f64, name: &str) {
        self.write(format_args!(
            "<rect class=\"target\" data-square=\"{name}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            Num(x),
            Num(y),
            Num(width),
            Num(height)
        ));
    }

    /// Appends formatted markup.
    pub(crate) fn write(&mut self, args: fmt::Arguments<'_>) {
        // Writing into a String cannot fail.
        let _ = self.out.write_fmt(args);
    }

    /// Appends markup as it is.
    pub(crate) fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// A filled rectangle; `opacity` below 1 lets the board show through.
    pub(crate) fn rect(
        &mut self,
        x: f64,
        y: f64,
        width: f64,
        height: f64,
        fill: &str,
        opacity: f64,
    ) {
        self.write(format_args!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"",
            Num(x),
            Num(y),
            Num(width),
            Num(height),
        ));
        if opacity < 1.0 {
            self.write(format_args!(" fill-opacity=\"{}\"", Num(opacity)));
        }
        self.raw("/>");
    }

    /// Opens a group for text labels of one size and colour; `anchor` is `start`,
    /// `middle` or `end`. Close it with `</g>`.
    pub(crate) fn open_labels(&mut self, size: f64, fill: &str, anchor: &str) {
        self.write(format_args!(
            "<g font-family=\"sans-serif\" font-size=\"{}\" fill=\"{fill}\" text-anchor=\"{anchor}\">",
            Num(size)
        ));
    }

    /// One label inside [`Svg::open_labels`]; `label` is markup-safe (letters and digits
    /// this crate makes).
    pub(crate) fn label(&mut self, x: f64, y: f64, label: &str) {
        self.write(format_args!(
            "<text x=\"{}\" y=\"{}\">{label}</text>",
            Num(x),
            Num(y)
        ));
    }

    /// A `<use>` of a shape defined in `<defs>`, placed at `(x, y)`.
    pub(crate) fn use_at(&mut self, id: &str, x: f64, y: f64) {
        self.write(format_args!(
            "<use href=\"#{id}\" x=\"{}\" y=\"{}\"/>",
            Num(x),
            Num(y)
        ));
    }

    /// Closes the document.
    pub(crate) fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// The path data of axis-aligned squares of one size, `M x y h s v s h -s z` each: one
/// `<path>` for all the dark squares of a board costs a fraction of one `<rect>` each.
pub(crate) fn squares_path(corners: impl IntoIterator<Item = (f64, f64)>, size: f64) -> String {
    let mut d = String::new();
    for (x, y) in corners {
        let _ = write!(d, "M{} {}h{s}v{s}h-{s}z", Num(x), Num(y), s = Num(size));
    }
    d
}

/// The baseline that centres a label of `font_size` vertically on `centre`: renderers differ
/// on `dominant-baseline`, so the offset (a capital's half height) is written out.
pub(crate) fn baseline(centre: f64, font_size: f64) -> f64 {
    centre + font_size * 0.35
}

#[cfg(test)]
mod tests {
    use super::Num;

    #[test]
    fn numbers_are_compact() {
        let shown: Vec<String> = [
            0.0,
            -0.0,
            45.0,
            22.5,
            0.30000000000000004,
            -1.005,
            2.0 / 3.0,
            -0.001,
        ]
        .iter()
        .map(|&v| Num(v).to_string())
        .collect();
        assert_eq!(shown, ["0", "0", "45", "22.5", "0.3", "-1", "0.67", "0"]);
    }
}
