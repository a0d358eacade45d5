//! The SVG printer of `grundy --svg`: the picture of a two-pile game's P-positions on the grid
//! (for Wythoff's game, its pairs (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror images), and a heap game's
//! Grundy sequence as bars. Plain SVG 1.1 with a `viewBox`, a `<title>` and axis labels, written
//! as text; every mark carries its numbers (`data-a`, `data-b`; `data-n`, `data-g`) and a
//! `<title>` a browser shows on hover. The words of the titles are the language's.

use std::fmt::Write as _;
use std::io::{self, Write};

use nimsolve::{Game, Nat};

use crate::cli::style::Style;

/// The most rows (and columns) of a pair grid drawn.
pub const MAX_GRID: u64 = 400;
/// The most values of a sequence drawn.
pub const MAX_BARS: u64 = 5000;

/// Side of a grid cell, in user units.
const CELL: u64 = 16;
/// Room left of and below the plot for the axes' numbers and labels.
const MARGIN: u64 = 48;
/// The least width of a picture: room for its title.
const MIN_WIDTH: u64 = 640;
/// Room above the plot for the title.
const TOP: u64 = 40;

/// Text with `&`, `<`, `>` and `"` escaped, for XML content and attributes.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// Every `step`-th number from 0 to `n` and `n` itself: the ticks of an axis.
fn ticks(n: u64) -> Vec<u64> {
    let step = match n {
        0..=20 => 1,
        21..=50 => 5,
        51..=200 => 10,
        201..=1000 => 50,
        _ => 500,
    };
    let mut t: Vec<u64> = (0..=n).step_by(step as usize).collect();
    if t.last() != Some(&n) {
        t.push(n);
    }
    t
}

fn head(svg: &mut String, width: u64, height: u64, title: &str) {
    let _ = writeln!(
        svg,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif" font-size="11">
<title>{title}</title>
<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>
<text class="title" x="{}" y="24" text-anchor="middle" font-size="14">{title}</text>"#,
        width / 2,
        title = esc(title)
    );
}

/// The P-positions (the 0s) of a two-pile game's table g(a, b), a, b ≤ n: a filled cell at
/// column a, row b counted upwards from the origin at the lower left.
pub fn pair_grid(
    w: &mut impl Write,
    game: &Game,
    table: &[Vec<Option<u64>>],
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let n = table.len().saturating_sub(1) as u64;
    let side = (n + 1) * CELL;
    let (width, height) = ((MARGIN + side + 16).max(MIN_WIDTH), TOP + side + MARGIN);
    let name = words.rules_name(game.rules(), 2);
    let mut svg = String::new();
    head(&mut svg, width, height, &words.svg_pair_title(&name, n));
    let (x0, y0) = (MARGIN, TOP);
    // The grid.
    let _ = writeln!(
        svg,
        r##"<g class="grid" stroke="#ccc" stroke-width="0.5">"##
    );
    for i in 0..=n + 1 {
        let at = i * CELL;
        let _ = writeln!(
            svg,
            r#"<line x1="{}" y1="{y0}" x2="{}" y2="{}"/><line x1="{x0}" y1="{}" x2="{}" y2="{}"/>"#,
            x0 + at,
            x0 + at,
            y0 + side,
            y0 + at,
            x0 + side,
            y0 + at
        );
    }
    let _ = writeln!(svg, "</g>");
    // The P-positions.
    let _ = writeln!(svg, r##"<g class="p-positions" fill="#c0392b">"##);
    for (a, row) in table.iter().enumerate() {
        for (b, v) in row.iter().enumerate() {
            if *v == Some(0) {
                let (a, b) = (a as u64, b as u64);
                let _ = writeln!(
                    svg,
                    r#"<rect class="p" data-a="{a}" data-b="{b}" x="{}" y="{}" width="{CELL}" height="{CELL}"><title>({a}, {b})</title></rect>"#,
                    x0 + a * CELL,
                    y0 + (n - b) * CELL
                );
            }
        }
    }
    let _ = writeln!(svg, "</g>");
    // The axes: a along the bottom, b up the left side.
    let _ = writeln!(svg, r#"<g class="axes" text-anchor="middle">"#);
    for t in ticks(n) {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}">{t}</text><text x="{}" y="{}" text-anchor="end">{t}</text>"#,
            x0 + t * CELL + CELL / 2,
            y0 + side + 14,
            x0 - 4,
            y0 + (n - t) * CELL + CELL / 2 + 4
        );
    }
    let _ = writeln!(
        svg,
        r#"<text class="axis-label" x="{}" y="{}" font-size="13">a</text>
<text class="axis-label" x="14" y="{}" font-size="13">b</text>
</g>
</svg>"#,
        x0 + side / 2,
        y0 + side + 34,
        y0 + side / 2
    );
    w.write_all(svg.as_bytes())
}

/// A heap game's Grundy values g(0..=upto) as bars: the bar of n is g(n) units high.
pub fn sequence_bars(
    w: &mut impl Write,
    game: &Game,
    values: &[Nat],
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let upto = values.len().saturating_sub(1) as u64;
    let small: Vec<u64> = values
        .iter()
        .map(|v| v.to_u64().unwrap_or(u64::MAX))
        .collect();
    let top = small.iter().copied().max().unwrap_or(0).max(1);
    // Bars 2 to 12 units wide, the plot about 800 wide; a value unit so that the plot is about
    // 300 high.
    let bar = (800 / (upto + 1)).clamp(2, 12);
    let unit = (300 / top).clamp(1, 24);
    let (plot_w, plot_h) = ((upto + 1) * bar, top * unit);
    let (width, height) = ((MARGIN + plot_w + 16).max(MIN_WIDTH), TOP + plot_h + MARGIN);
    let name = words.rules_name(game.rules(), 1);
    let mut svg = String::new();
    head(
        &mut svg,
        width,
        height,
        &words.svg_sequence_title(
            &name,
            game.rules()
                .is_whole()
                .then(|| game.rules().spec())
                .as_deref(),
            upto,
        ),
    );
    let (x0, base) = (MARGIN, TOP + plot_h);
    let _ = writeln!(svg, r##"<g class="bars" fill="#2e86c1">"##);
    for (n, g) in small.iter().enumerate() {
        let n = n as u64;
        let h = g.saturating_mul(unit);
        let _ = writeln!(
            svg,
            r#"<rect class="bar" data-n="{n}" data-g="{g}" x="{}" y="{}" width="{}" height="{h}"><title>g({n}) = {g}</title></rect>"#,
            x0 + n * bar,
            base - h,
            bar.saturating_sub(1).max(1)
        );
    }
    let _ = writeln!(svg, "</g>");
    let _ = writeln!(
        svg,
        r#"<g class="axes" stroke="black" stroke-width="1"><line x1="{x0}" y1="{base}" x2="{}" y2="{base}"/><line x1="{x0}" y1="{TOP}" x2="{x0}" y2="{base}"/></g>
<g class="ticks" text-anchor="middle">"#,
        x0 + plot_w
    );
    for t in ticks(upto) {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}">{t}</text>"#,
            x0 + t * bar + bar / 2,
            base + 14
        );
    }
    for t in ticks(top) {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="end">{t}</text>"#,
            x0 - 4,
            base - t * unit + 4
        );
    }
    let _ = writeln!(
        svg,
        r#"<text class="axis-label" x="{}" y="{}" font-size="13">n</text>
<text class="axis-label" x="14" y="{}" font-size="13">g(n)</text>
</g>
</svg>"#,
        x0 + plot_w / 2,
        base + 34,
        TOP + plot_h / 2
    );
    w.write_all(svg.as_bytes())
}
