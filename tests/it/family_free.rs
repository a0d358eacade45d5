//! The component model, held by reading the sources: outside the families (`src/games/`), the
//! languages (`src/cli/i18n/`) and the judge's problems (`src/cli/judge/`), no code matches on
//! a family's variant of the aggregates the families give ([`nimsolve::FamilyStep`],
//! [`nimsolve::FamilyTheorem`], [`nimsolve::FamilyWhy`], [`nimsolve::Fact`],
//! [`nimsolve::ClassLabel`], [`nimsolve::FamilyName`], the family variants of
//! [`nimsolve::MoveWords`]) and none imports
//! a family's module (`games::nim`, `games::wythoff`, …; the list is read from `src/games/`).
//! Comments and string literals are not code.

use std::path::{Path, PathBuf};

/// The aggregates whose variants belong to the families.
const AGGREGATES: [&str; 6] = [
    "FamilyStep",
    "FamilyTheorem",
    "FamilyWhy",
    "Fact",
    "ClassLabel",
    "FamilyName",
];

/// The variants of `MoveWords` that word a move by its shape alone, for every family.
const SHAPES: [&str; 4] = ["Take", "Split", "Both", "Whole"];

/// The files of `src/games/` that are no family: the registry, the aggregates (the facts, the
/// names), the move words and the listed families' table.
const NOT_FAMILIES: [&str; 5] = ["mod", "facts", "names", "words", "listed"];

/// Imports of a family's module outside the families that stay for now, as (file, family):
/// the crate root's public re-exports (`Rules::subtract` takes a `SubtractionSet`; Nim's fact
/// types), the misère quotient learner's heap rules (subtraction sets, take-and-break rules,
/// octal codes), and the graph file that `grundy --game graph:FILE` reads, with the error of a
/// bad one.
const KNOWN: &[(&str, &str)] = &[
    ("lib.rs", "nim"),
    ("lib.rs", "subtraction"),
    ("engine/quotient/learn.rs", "subtraction"),
    ("engine/quotient/learn.rs", "take_and_break"),
    ("engine/quotient/learn.rs", "octal"),
    ("error.rs", "graph"),
    ("cli/errors.rs", "graph"),
    ("cli/app.rs", "graph"),
    ("cli/loopy.rs", "graph"),
];

/// The crate's `src/`.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The families' module names: the folders and files of `src/games/` but [`NOT_FAMILIES`].
fn families(src: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(src.join("games"))
        .expect("src/games")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = if path.is_dir() {
                path.file_name()?.to_str()?.to_string()
            } else if path.extension()? == "rs" {
                path.file_stem()?.to_str()?.to_string()
            } else {
                return None;
            };
            (!NOT_FAMILIES.contains(&name.as_str())).then_some(name)
        })
        .collect();
    names.sort();
    names
}

/// Every `.rs` file under `dir`, but those under `skip`.
fn sources(dir: &Path, skip: &[PathBuf], out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if skip.contains(&path) {
            continue;
        }
        if path.is_dir() {
            sources(&path, skip, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A line of code without its `//` comment, and with the insides of its string and character
/// literals blanked. A string still open at the line's end stays open for the next (`open`:
/// the number of `#` of a raw string's closing `"#…`, or 0 for a plain string).
fn code(line: &str, open: &mut Option<usize>) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if let Some(hashes) = *open {
            if hashes == 0 && c == '\\' {
                i += 2;
                continue;
            }
            if c == '"'
                && chars[i + 1..]
                    .iter()
                    .take(hashes)
                    .filter(|&&h| h == '#')
                    .count()
                    == hashes
            {
                *open = None;
                out.push('"');
                i += 1 + hashes;
                continue;
            }
            i += 1;
            continue;
        }
        match c {
            '/' if chars.get(i + 1) == Some(&'/') => break,
            '"' => {
                *open = Some(0);
                out.push('"');
            }
            'r' if !chars[..i].last().is_some_and(|&p| ident_char(p))
                && matches!(chars.get(i + 1), Some('#' | '"')) =>
            {
                let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
                if chars.get(i + 1 + hashes) == Some(&'"') {
                    *open = Some(hashes);
                    out.push('"');
                    i += 2 + hashes;
                    continue;
                }
                out.push(c);
            }
            '\'' => {
                // A character literal ('x', '\'', '\u{..}'), not a lifetime ('a).
                let end = if chars.get(i + 1) == Some(&'\\') {
                    chars[i + 2..]
                        .iter()
                        .position(|&e| e == '\'')
                        .map(|p| i + 2 + p)
                } else if chars.get(i + 2) == Some(&'\'') {
                    Some(i + 2)
                } else {
                    None
                };
                out.push('\'');
                if let Some(end) = end {
                    out.push('\'');
                    i = end + 1;
                    continue;
                }
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// Whether `c` may be part of an identifier.
fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let end = text.find(|c| !ident_char(c)).unwrap_or(text.len());
    &text[..end]
}

/// Whether an identifier is a variant's name (CamelCase) rather than a constant's (`ALL`).
fn variant_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase()) && name.chars().any(|c| c.is_lowercase())
}

/// What a line of code names of a family, each with the family's module when it is a path
/// into one: `Fact::Nim`, `MoveWords::Coin`, `games::nim` (with `nim`).
fn findings(code: &str, families: &[String]) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("::") {
        let before = &code[..at];
        let after = &code[at + 2..];
        let owner_start = before.rfind(|c| !ident_char(c)).map_or(0, |i| i + 1);
        let owner = &before[owner_start..];
        let name = ident(after);
        if AGGREGATES.contains(&owner) && variant_name(name) {
            found.push((format!("{owner}::{name}"), None));
        }
        if owner == "MoveWords" && variant_name(name) && !SHAPES.contains(&name) {
            found.push((format!("{owner}::{name}"), None));
        }
        if owner == "games" {
            let named: Vec<&str> = match after.strip_prefix('{') {
                Some(list) => list
                    .split('}')
                    .next()
                    .unwrap_or("")
                    .split(',')
                    .map(|item| ident(item.trim()))
                    .collect(),
                None => vec![name],
            };
            for module in named {
                if families.iter().any(|f| f == module) {
                    found.push((format!("games::{module}"), Some(module.to_string())));
                }
            }
        }
    }
    found
}

/// Everything outside the families that names one, as `file:line: what`, from the sources
/// under `src`.
fn offences(src: &Path) -> Vec<String> {
    let families = families(src);
    assert!(
        ["nim", "wythoff", "graph"]
            .iter()
            .all(|f| families.iter().any(|g| g == f)),
        "the families read from src/games: {families:?}"
    );
    let skip = ["games", "cli/i18n", "cli/judge"].map(|d| src.join(d));
    let mut files = Vec::new();
    sources(src, &skip, &mut files);
    files.sort();
    let mut out = Vec::new();
    let mut used = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file");
        let relative = file.strip_prefix(src).unwrap_or(&file);
        let relative = relative.to_string_lossy().replace('\\', "/");
        let mut open = None;
        for (i, line) in text.lines().enumerate() {
            for (what, family) in findings(&code(line, &mut open), &families) {
                let known = family.and_then(|f| {
                    KNOWN
                        .iter()
                        .position(|&(file, known)| file == relative && known == f)
                });
                used.extend(known);
                if known.is_none() {
                    out.push(format!("src/{relative}:{}: {what}", i + 1));
                }
            }
        }
    }
    for (i, (file, family)) in KNOWN.iter().enumerate() {
        if !used.contains(&i) {
            out.push(format!(
                "src/{file} imports games::{family} no more: strike it from KNOWN"
            ));
        }
    }
    out
}

#[test]
fn no_code_outside_the_families_names_a_family() {
    let found = offences(&src());
    assert!(
        found.is_empty(),
        "a family named outside src/games (word it in src/cli/i18n, or give the aggregate a \
         method in src/games/facts.rs):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_guard_sees_what_it_guards_against() {
    let families: Vec<String> = ["nim", "wythoff", "take"].map(String::from).to_vec();
    let mut open = None;
    let mut names = |line: &str| -> Vec<String> {
        findings(&code(line, &mut open), &families)
            .into_iter()
            .map(|(what, _)| what)
            .collect()
    };
    assert_eq!(names("Some(Fact::Nim(n)) => n,"), ["Fact::Nim"]);
    assert_eq!(
        names("use nimsolve::games::wythoff::theory::X;"),
        ["games::wythoff"]
    );
    assert_eq!(
        names("use nimsolve::games::{take::TakeStep, words};"),
        ["games::take"]
    );
    assert_eq!(
        names("x(FamilyStep::Take(TakeStep::Bash { .. }))"),
        ["FamilyStep::Take"]
    );
    assert_eq!(names("MoveWords::Coin(c) => c,"), ["MoveWords::Coin"]);
    assert_eq!(
        names("if name.key == FamilyName::Graph {"),
        ["FamilyName::Graph"]
    );
    // Allowed: the shapes, the aggregates' constants and methods, the shared modules, and what
    // comments and strings say.
    assert!(names("MoveWords::Take { pile, .. } | MoveWords::Both { .. }").is_empty());
    assert!(names("ClassLabel::ALL.len(); FamilyStep::explains_move(s)").is_empty());
    assert!(names("let key: nimsolve::FamilyName = name.key;").is_empty());
    assert!(names("use nimsolve::games::words::move_words; // games::nim").is_empty());
    assert!(names("let s = \"Fact::Nim games::nim\";").is_empty());
    assert!(names("let q = '\"'; let r = r#\"Fact::Nim \"x\"\"#; // Fact::Wythoff").is_empty());
    assert!(names("fn f<'a>(x: &'a str) -> char { '\\'' }").is_empty());
    assert!(names("use nimsolve::games::nimber_table;").is_empty());
}
