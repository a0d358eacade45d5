//! The command line's manners: every example of every `--help` runs as written (in a fresh home
//! directory, with the binary on the `PATH`) and exits 0, with its comments aligned; the man page
//! installed as its help says is found by `man nimsolve`; a position given without a
//! subcommand gets the `analyze` command line to run; the bash completion completes rule specs;
//! the turn column of `play` stays aligned past 9999 moves; `move --json` says when the
//! fallback rule chose the move.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::cli::{BIN, ok, ok_json, run};

/// A fresh directory to run in, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("nimsolve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `PATH` with the directory of the binary under test first.
fn path_with_binary(extra: &[&Path]) -> String {
    let bin_dir = Path::new(BIN).parent().unwrap();
    let mut dirs: Vec<String> = extra.iter().map(|d| d.display().to_string()).collect();
    dirs.push(bin_dir.display().to_string());
    dirs.push(std::env::var("PATH").unwrap_or_default());
    dirs.join(":")
}

/// Runs `line` with `sh -c` in `home` (also `HOME`), stdin empty: (status, stdout, stderr).
fn sh(line: &str, home: &Path, path: &str) -> (Option<i32>, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(home)
        .env("HOME", home)
        .env("PATH", path)
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env_remove("MANPATH")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The lines of the `Examples:` block of a help text, without their indent.
fn examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Examples:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            assert!(l.starts_with("  "), "an example line is indented: {l:?}");
            l[2..].to_string()
        })
        .collect()
}

/// Every subcommand (`quotient` and `review` were left out once: their examples' comments had
/// no `#`, so they could not be pasted).
const SUBCOMMANDS: [&str; 11] = [
    "analyze",
    "move",
    "play",
    "grundy",
    "quotient",
    "random",
    "nimber",
    "judge",
    "review",
    "completions",
    "man",
];

#[test]
fn every_help_example_runs_as_written_and_is_aligned() {
    let home = TempDir::new("help-examples");
    // An example that reads a file of the source repository runs where it stands.
    let examples_dir = home.0.join("examples");
    std::fs::create_dir_all(&examples_dir).unwrap();
    let bouton = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bouton-7-8-9.txt");
    std::fs::copy(bouton, examples_dir.join("bouton-7-8-9.txt")).unwrap();
    let path = path_with_binary(&[]);
    let mut ran = 0;
    for sub in std::iter::once("").chain(SUBCOMMANDS) {
        let args: Vec<&str> = [sub, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let help = ok(&args);
        let lines = examples(&help);
        assert!(!lines.is_empty(), "nimsolve {sub} --help has no examples");
        // The comments of a block start in one column, and no line is wrapped.
        let columns: Vec<usize> = lines
            .iter()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.find("  # ").map(|at| l[..at].chars().count()))
            .collect();
        assert!(
            columns.windows(2).all(|w| w[0] == w[1]),
            "nimsolve {sub} --help: comments not aligned: {lines:#?}"
        );
        for line in &lines {
            assert!(
                line.chars().count() <= 98,
                "too long to stay unwrapped: {line}"
            );
            if line.starts_with('#') {
                continue;
            }
            let (code, stdout, stderr) = sh(line, &home.0, &path);
            assert_eq!(
                code,
                Some(0),
                "nimsolve {sub} --help example `{line}` failed:\n{stderr}"
            );
            assert!(!stderr.contains("nimsolve: error"), "`{line}`: {stderr}");
            assert!(
                !stdout.is_empty() || line.contains('>') || line.starts_with("mkdir"),
                "`{line}` printed nothing"
            );
            // A comment that quotes a move or an answer is what the command printed.
            if let Some((_, comment)) = line.split_once("  # ") {
                if comment.starts_with("take ") {
                    assert!(stdout.contains(comment), "`{line}` printed {stdout}");
                }
                if comment == "first, second" {
                    assert_eq!(stdout, "first\nsecond\n");
                }
            }
            ran += 1;
        }
    }
    assert!(ran >= 40, "only {ran} examples ran");
    // What the install lines wrote is there.
    for file in [
        ".local/share/bash-completion/completions/nimsolve",
        ".zfunc/_nimsolve",
        ".config/fish/completions/nimsolve.fish",
        ".cargo/share/man/man1/nimsolve.1",
        "wythoff.svg",
        "kayles.svg",
    ] {
        let written = std::fs::read_to_string(home.0.join(file)).unwrap_or_default();
        assert!(written.len() > 100, "{file} was not written");
    }
}

#[test]
fn the_man_page_installed_as_its_help_says_is_found_by_man() {
    let home = TempDir::new("man-install");
    // cargo install puts nimsolve in ~/.cargo/bin, which is on the PATH; man looks for pages
    // in ../share/man beside each directory of the PATH.
    let cargo_bin = home.0.join(".cargo/bin");
    std::fs::create_dir_all(&cargo_bin).unwrap();
    // A link, not a copy: a copy just written can be "busy" to exec while a test running in
    // parallel forks with its file still open.
    std::os::unix::fs::symlink(BIN, cargo_bin.join("nimsolve")).unwrap();
    let path = format!(
        "{}:{}",
        cargo_bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let help = ok(&["man", "--help"]);
    let install: Vec<String> = examples(&help)
        .into_iter()
        .filter(|l| !l.starts_with('#') && !l.contains("man -l"))
        .collect();
    assert_eq!(install.len(), 2, "{install:?}");
    for line in &install {
        let (code, _, stderr) = sh(line, &home.0, &path);
        assert_eq!(code, Some(0), "`{line}`: {stderr}");
    }
    let (code, page, stderr) = sh("man nimsolve", &home.0, &path);
    assert_eq!(code, Some(0), "man nimsolve: {stderr}");
    assert!(page.contains("NAME") && page.contains("nimsolve"), "{page}");
    assert!(page.contains("EXIT STATUS"), "{page}");
    // The page's own install line (from the README's examples), in a fresh home, likewise.
    let roff = ok(&["man"]);
    let line = roff
        .lines()
        .find(|l| l.starts_with("\\fB$ mkdir") && l.contains("nimsolve.1"))
        .expect("the page's install line");
    let line = line
        .trim_start_matches("\\fB$ ")
        .trim_end_matches("\\fR")
        .replace("\\-", "-");
    let fresh = TempDir::new("man-install-page");
    let cargo_bin = fresh.0.join(".cargo/bin");
    std::fs::create_dir_all(&cargo_bin).unwrap();
    // A link, not a copy: a copy just written can be "busy" to exec while a test running in
    // parallel forks with its file still open.
    std::os::unix::fs::symlink(BIN, cargo_bin.join("nimsolve")).unwrap();
    let path = format!(
        "{}:{}",
        cargo_bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let (code, _, stderr) = sh(&line, &fresh.0, &path);
    assert_eq!(code, Some(0), "`{line}`: {stderr}");
    let (code, page, _) = sh("man nimsolve", &fresh.0, &path);
    assert_eq!(code, Some(0));
    assert!(page.contains("EXIT STATUS"));
}

#[test]
fn a_position_without_a_subcommand_gets_the_analyze_command() {
    for (args, tip) in [
        (vec!["1", "2", "3"], "nimsolve analyze 1 2 3"),
        (
            vec!["--lang", "zh", "kayles", "10", "+", "nim", "3"],
            "nimsolve --lang zh analyze kayles 10 + nim 3",
        ),
        (vec!["(14,21,39)"], "nimsolve analyze '(14,21,39)'"),
    ] {
        let r = run(&args, b"");
        assert_eq!(r.code, Some(2), "{args:?}");
        let said = if args.contains(&"zh") {
            format!("提示：局面用 `{tip}` 分析")
        } else {
            format!("tip: a position is analysed with `{tip}`")
        };
        assert!(r.stderr.contains(&said), "{args:?}: {}", r.stderr);
        // The command it suggests runs.
        let suggested: Vec<&str> = tip
            .split(' ')
            .skip(1)
            .map(|w| w.trim_matches('\''))
            .collect();
        assert!(!ok(&suggested).is_empty());
    }
    // A word that is no position and no subcommand gets no such tip.
    for args in [vec!["analyse", "1", "2"], vec!["1", "x"]] {
        let r = run(&args, b"");
        assert_eq!(r.code, Some(2));
        assert!(!r.stderr.contains("a position is analysed"), "{}", r.stderr);
    }
}

#[test]
fn bash_completion_completes_rule_specs() {
    let home = TempDir::new("completion");
    let script = home.0.join("nimsolve.bash");
    std::fs::write(&script, ok(&["completions", "bash"])).unwrap();
    let complete = |words: &[&str]| -> Vec<String> {
        let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
        let line = format!(
            "source '{}'; COMP_WORDS=({}); COMP_CWORD={}; _nimsolve nimsolve '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            script.display(),
            quoted.join(" "),
            words.len() - 1,
            words[words.len() - 1],
            words[words.len() - 2]
        );
        let out = Command::new("bash")
            .arg("-c")
            .arg(&line)
            .output()
            .expect("this test needs bash");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        complete(&["nimsolve", "analyze", "--game", "ka"]),
        ["kayles"]
    );
    assert_eq!(
        complete(&["nimsolve", "move", "--game", "d"]),
        ["dawsons-kayles", "dawsons-chess", "digits", "dynamic:"]
    );
    assert_eq!(complete(&["nimsolve", "play", "--game", "oc"]), ["octal:"]);
    assert_eq!(
        complete(&["nimsolve", "grundy", "--subtract", ""]),
        ["powers-of-two", "fibonacci"]
    );
    // Every family's keyword is offered.
    let all = complete(&["nimsolve", "analyze", "--game", ""]);
    for spec in [
        "nim",
        "max-take:",
        "subtract:",
        "wythoff",
        "octal:",
        "laskers-nim",
        "kiki",
    ] {
        assert!(all.iter().any(|s| s == spec), "{spec} not in {all:?}");
    }
    // What is offered is accepted (the ones without an argument as they are).
    for spec in all.iter().filter(|s| !s.ends_with(':')) {
        let piles: &[&str] = match spec.as_str() {
            "wythoff" | "kiki" | "euclid" => &["1", "2"],
            "turning-corners" => &["1:2"],
            "hackenbush" => &["0-1"],
            _ => &["1"],
        };
        let mut args = vec!["analyze", "--game", spec.as_str()];
        args.extend_from_slice(piles);
        ok(&args);
    }
    // The judge's problems are completed too (they were not, once), aliases included.
    assert_eq!(
        complete(&["nimsolve", "judge", "hdu184"]),
        ["hdu1846", "hdu1847", "hdu1848", "hdu1849"]
    );
    assert_eq!(
        complete(&["nimsolve", "judge", "poj"]),
        ["poj1067", "poj2348", "poj2234", "poj1704", "poj3710"]
    );
    let problems = complete(&["nimsolve", "judge", ""]);
    for id in ["hdu1404", "hdu2177", "hdu1527", "hdu3032", "hdu1730"] {
        assert!(problems.iter().any(|p| p == id), "{id} not in {problems:?}");
    }
}

/// The top-level help's grammar listed piles and separators only: no sum, no spec. It now
/// names `+`, every family's spec, the brackets, and the example it gives runs.
#[test]
fn top_level_help_gives_the_grammar_of_sums_and_specs() {
    let help = ok(&["--help"]);
    let grammar: String = help
        .lines()
        .skip_while(|l| !l.starts_with("Input:"))
        .take_while(|l| !l.starts_with("Exit status:"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        grammar.contains(r#"position  = component ( "+" component )*"#),
        "{grammar}"
    );
    assert!(grammar.contains(r#""(" | ")""#), "{grammar}");
    for family in nimsolve::games::FAMILIES {
        assert!(
            grammar.contains(family.syntax),
            "{} missing: {grammar}",
            family.syntax
        );
    }
    assert!(grammar.contains("`3 5 7 + wythoff 3 5`"));
    let v = ok_json(&["analyze", "--json", "3", "5", "7", "+", "wythoff", "3", "5"]);
    assert_eq!(v["outcome"], "N");
}

#[test]
fn the_turn_column_stays_aligned_past_9999_moves() {
    // Take 1 at a time: 12000 moves, the turn column five wide from the first line.
    let out = ok(&["play", "--max-take", "1", "12000"]);
    let lines: Vec<&str> = out
        .lines()
        .skip(1)
        .filter(|l| l.contains("take 1"))
        .collect();
    assert_eq!(lines.len(), 12000);
    for (i, line) in lines.iter().enumerate() {
        let turn = format!("{:>5}  ", i + 1);
        assert!(line.starts_with(&turn), "{line:?}");
        let player = &line[7..13];
        assert!(player == "first " || player == "second", "{line:?}");
    }
    // A short game keeps the four columns it always had.
    let out = ok(&["play", "7", "8", "9"]);
    assert!(
        out.lines().nth(1).unwrap().starts_with("   1  first   "),
        "{out}"
    );
    // A bound from --max-turns when it is the smaller.
    let r = run(
        &["play", "--max-take", "1", "--max-turns", "99", "120"],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.lines().nth(1).unwrap().starts_with("   1  first"));
}

#[test]
fn move_json_says_when_the_fallback_rule_chose_the_move() {
    let json = ok_json(&["move", "--json", "--search-limit", "10", "1", "2", "3"]);
    assert_eq!(json["fallback"], true);
    assert_eq!(json["winning"], false);
    assert_eq!(json["move"]["pile"], 3);
    assert_eq!(json["move"]["take"], 1);
    // Within the search limit the delaying move was chosen by remoteness: no fallback.
    let json = ok_json(&["move", "--json", "1", "2", "3"]);
    assert!(json.get("fallback").is_none(), "{}", json);
    assert_eq!(json["remoteness"], 6);
    // A winning move is never the fallback's.
    let json = ok_json(&["move", "--json", "--search-limit", "10", "3", "5", "7"]);
    assert!(json.get("fallback").is_none());
    assert_eq!(json["winning"], true);
}

/// `grundy kayles 3` (the game where a pile belongs) names the fix: the game goes in --game.
#[test]
fn grundy_with_a_game_for_a_pile_says_to_use_game() {
    crate::common::cli::nimsolve()
        .args(["grundy", "kayles", "3"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "nimsolve: error: argument 1: \"kayles\" is a game, and grundy takes single piles: give the game with --game, as in `nimsolve grundy --game kayles 3`\n",
        );
    let out = ok(&["grundy", "--game", "kayles", "3"]);
    assert!(out.starts_with("g(3) = 3\n"), "{out}");
}

/// The library example, compiled here as it is written (its `main` unused).
#[allow(dead_code)]
#[path = "../../examples/advisor.rs"]
mod advisor;

/// A reader that went away: every write fails as a closed pipe's does.
struct ClosedPipe;

impl std::io::Write for ClosedPipe {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
}

/// `cargo run --example advisor | head -1` panicked in `println!` once `head` had gone; the
/// example now writes with `writeln!` and ends quietly, with success, on a closed pipe.
#[test]
fn advisor_example_ends_quietly_on_a_closed_pipe() {
    use std::process::ExitCode;
    let args = ["7".to_string(), "8".to_string(), "9".to_string()];
    let mut text = Vec::new();
    assert_eq!(
        advisor::exit_code(advisor::run(&args, &mut text)),
        ExitCode::SUCCESS
    );
    let text = String::from_utf8(text).unwrap();
    assert!(text.starts_with("7 8 9: N-position"), "{text}");
    assert!(text.trim_end().ends_with("the first player wins"), "{text}");
    let closed = advisor::run(&args, &mut ClosedPipe);
    assert!(closed.is_err(), "the write to a closed pipe fails");
    assert_eq!(advisor::exit_code(closed), ExitCode::SUCCESS);
    // Any other error still fails.
    let bad = advisor::run(&["x".to_string()], &mut Vec::new());
    assert_eq!(advisor::exit_code(bad), ExitCode::FAILURE);
}
