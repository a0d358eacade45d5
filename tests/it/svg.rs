//! `grundy --svg`, parsed back as XML: the picture of Wythoff's game marks exactly its
//! P-positions (found here by search of the grid from the move rule), the bars of a heap game
//! are exactly its Grundy values (the mex from the move rules), both with a viewBox, a title and
//! axis labels; and the limits and conflicts of the flag.

use std::collections::BTreeSet;

use crate::common::break_brute::{Oracle, Rule};
use crate::common::cli::{ok, run};

fn attr(node: roxmltree::Node<'_, '_>, name: &str) -> u64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .parse()
        .unwrap_or_else(|_| panic!("{name} is no number"))
}

/// The document's checks every picture must pass: an `<svg>` root with a viewBox of four
/// numbers, a `<title>`, and the axis labels `labels`.
fn check_frame(doc: &roxmltree::Document<'_>, title: &str, labels: &[&str]) {
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let view: Vec<f64> = root
        .attribute("viewBox")
        .expect("a viewBox")
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(view.len(), 4);
    assert!(view[2] > 0.0 && view[3] > 0.0);
    let first_title = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .expect("a title");
    assert_eq!(first_title, title);
    let axis: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("axis-label"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(axis, labels);
}

/// Wythoff's P-positions on 0..=n × 0..=n, by search from the move rule.
fn wythoff_p(n: usize) -> BTreeSet<(u64, u64)> {
    let mut p = vec![vec![false; n + 1]; n + 1];
    let mut set = BTreeSet::new();
    for a in 0..=n {
        for b in 0..=n {
            let reaches_p = (0..a).any(|x| p[x][b])
                || (0..b).any(|y| p[a][y])
                || (1..=a.min(b)).any(|t| p[a - t][b - t]);
            p[a][b] = !reaches_p;
            if p[a][b] {
                set.insert((a as u64, b as u64));
            }
        }
    }
    set
}

#[test]
fn wythoff_picture_marks_exactly_the_pairs() {
    for n in [0u64, 1, 12, 40] {
        let svg = ok(&["grundy", "--wythoff", "--upto", &n.to_string(), "--svg"]);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        check_frame(
            &doc,
            &format!(
                "P-positions of Wythoff's game, 0 ≤ a, b ≤ {n} (a filled cell is a P-position)"
            ),
            &["a", "b"],
        );
        let cells: Vec<roxmltree::Node<'_, '_>> = doc
            .descendants()
            .filter(|e| e.has_tag_name("rect") && e.attribute("class") == Some("p"))
            .collect();
        let marked: BTreeSet<(u64, u64)> = cells
            .iter()
            .map(|c| (attr(*c, "data-a"), attr(*c, "data-b")))
            .collect();
        assert_eq!(marked.len(), cells.len(), "a cell marked twice");
        assert_eq!(marked, wythoff_p(n as usize), "n = {n}");
        // Drawn where they say: column a from the left, row b from the bottom, one cell each.
        let x0 = cells
            .iter()
            .map(|c| attr(*c, "x") - attr(*c, "data-a") * 16);
        let y0 = cells
            .iter()
            .map(|c| attr(*c, "y") + attr(*c, "data-b") * 16);
        assert_eq!(x0.collect::<BTreeSet<_>>().len(), 1);
        assert_eq!(y0.collect::<BTreeSet<_>>().len(), 1);
        for c in &cells {
            assert_eq!((attr(*c, "width"), attr(*c, "height")), (16, 16));
            let (a, b) = (attr(*c, "data-a"), attr(*c, "data-b"));
            let hover = c
                .children()
                .find(|t| t.has_tag_name("title"))
                .and_then(|t| t.text());
            assert_eq!(hover, Some(format!("({a}, {b})").as_str()));
        }
    }
}

#[test]
fn kayles_bars_are_its_grundy_values() {
    let kayles = Rule::named("kayles");
    let mut oracle = Oracle::new();
    let svg = ok(&["grundy", "--game", "kayles", "--upto", "100", "--svg"]);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    check_frame(
        &doc,
        "Grundy values g(n) of one pile, Kayles, n = 0..100",
        &["n", "g(n)"],
    );
    let bars: Vec<roxmltree::Node<'_, '_>> = doc
        .descendants()
        .filter(|e| e.has_tag_name("rect") && e.attribute("class") == Some("bar"))
        .collect();
    assert_eq!(bars.len(), 101);
    let unit = {
        // The bar heights are the values times one unit.
        let (g, h) = bars
            .iter()
            .map(|b| (attr(*b, "data-g"), attr(*b, "height")))
            .find(|(g, _)| *g > 0)
            .unwrap();
        assert_eq!(h % g, 0);
        h / g
    };
    let base = attr(bars[0], "y") + attr(bars[0], "height");
    for (n, bar) in bars.iter().enumerate() {
        let want = oracle.heap_grundy(&kayles, n as u64);
        assert_eq!(attr(*bar, "data-n"), n as u64);
        assert_eq!(attr(*bar, "data-g"), want, "g({n})");
        assert_eq!(attr(*bar, "height"), want * unit, "the bar of {n}");
        assert_eq!(attr(*bar, "y") + attr(*bar, "height"), base);
    }
}

#[test]
fn subtraction_bars_in_chinese() {
    // {1, 3, 4}: period 7, 0 1 0 1 2 3 2.
    let svg = ok(&[
        "--lang",
        "zh",
        "grundy",
        "--subtract",
        "1,3,4",
        "--upto",
        "20",
        "--svg",
    ]);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let values: Vec<u64> = doc
        .descendants()
        .filter(|e| e.attribute("class") == Some("bar"))
        .map(|b| attr(b, "data-g"))
        .collect();
    let period = [0, 1, 0, 1, 2, 3, 2];
    assert_eq!(values, (0..=20).map(|n| period[n % 7]).collect::<Vec<_>>());
    let title = doc
        .root_element()
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap();
    assert!(title.starts_with("单堆 Grundy 值 g(n)，"), "{title}");
}

#[test]
fn svg_limits_and_conflicts() {
    let r = run(&["grundy", "--wythoff", "--upto", "400", "--svg"], b"");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("--svg draws a grid of at most 400×400 cells; lower --upto to 399 or less"),
        "{}",
        r.stderr
    );
    let r = run(&["grundy", "--upto", "5000", "--svg"], b"");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("--svg draws at most 5000 values"),
        "{}",
        r.stderr
    );
    let r = run(&["grundy", "--svg", "5"], b"");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("--svg draws the values up to --upto N: give --upto"),
        "{}",
        r.stderr
    );
    let r = run(&["grundy", "--upto", "5", "--svg", "--json"], b"");
    assert_eq!(r.code, Some(2));
}
