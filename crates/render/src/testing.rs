//! What the tests of every board share: checking an SVG and finding what it draws.

use crate::Options;

/// Black at the bottom, the rest as by default.
pub(crate) fn flipped() -> Options {
    Options {
        flipped: true,
        ..Options::default()
    }
}

/// No coordinates, the rest as by default.
pub(crate) fn bare() -> Options {
    Options {
        coordinates: false,
        ..Options::default()
    }
}

/// The SVG parsed, panicking with the document if it is not well-formed XML, and checked to
/// be an `<svg>` in the SVG namespace with `width`, `height` and `viewBox`.
pub(crate) fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg)
        .unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    for attribute in ["width", "height", "viewBox"] {
        assert!(root.has_attribute(attribute), "no {attribute}");
    }
    doc
}

/// The `<use>` elements outside `<defs>` that place the shape `id`, as `(x, y)`.
pub(crate) fn uses(svg: &str, id: &str) -> Vec<(f64, f64)> {
    let doc = parse(svg);
    let wanted = format!("#{id}");
    doc.descendants()
        .filter(|n| n.has_tag_name("use") && n.attribute("href") == Some(wanted.as_str()))
        .filter(|n| !n.ancestors().any(|a| a.has_tag_name("defs")))
        .map(|n| {
            let coordinate = |name: &str| -> f64 {
                n.attribute(name)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| panic!("<use> without a numeric {name}"))
            };
            (coordinate("x"), coordinate("y"))
        })
        .collect()
}

/// The ids defined in `<defs>`, in order.
pub(crate) fn defined(svg: &str) -> Vec<String> {
    let doc = parse(svg);
    doc.descendants()
        .filter(|n| n.parent().is_some_and(|p| p.has_tag_name("defs")))
        .filter_map(|n| n.attribute("id").map(str::to_owned))
        .collect()
}

/// The texts of the `<text>` elements, in order.
pub(crate) fn labels(svg: &str) -> Vec<String> {
    let doc = parse(svg);
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_owned())
        .collect()
}

/// The click targets, `(name, x, y, width)`, after checking that they are the document's
/// last element (on top of everything else).
pub(crate) fn targets(svg: &str) -> Vec<(String, f64, f64, f64)> {
    let doc = parse(svg);
    let Some(group) = doc
        .root_element()
        .children()
        .rfind(|n| n.is_element())
        .filter(|n| n.attribute("class") == Some("targets"))
    else {
        return Vec::new();
    };
    group
        .children()
        .filter(|n| n.has_tag_name("rect"))
        .map(|n| {
            let number = |name: &str| -> f64 {
                n.attribute(name)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| panic!("a target without a numeric {name}"))
            };
            (
                n.attribute("data-square").unwrap_or_default().to_owned(),
                number("x"),
                number("y"),
                number("width"),
            )
        })
        .collect()
}
