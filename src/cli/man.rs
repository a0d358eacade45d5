//! The manual page, `nimsolve man`: a roff page for man(1), made from the command line's own
//! help (clap_mangen) with each command's options and examples. Its EXAMPLES and EXIT STATUS
//! are read from the README when the program is built, so the two cannot differ.

use std::io::{self, Write};

use clap::{Arg, ArgAction, CommandFactory};
use clap_mangen::Man;
use clap_mangen::roff::{Inline, Roff, bold, italic, roman};

use crate::cli::args::Cli;

/// The README, whose transcripts and exit statuses the page repeats.
const README: &str = include_str!("../../README.md");

/// An example of the README: a command, and what it prints (a transcript) or what it is for
/// (a shell line and its comment).
#[derive(Debug, PartialEq, Eq)]
struct Example {
    command: String,
    output: Vec<String>,
    comment: Option<String>,
}

/// The README's examples: every `$ nimsolve …` of a `console` block with its output, then every
/// line of a `sh` block that runs nimsolve (not cargo or the CI tools), with its comment.
fn readme_examples(readme: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut shell_lines = Vec::new();
    let mut block: Option<&str> = None;
    for line in readme.lines() {
        if let Some(fence) = line.strip_prefix("```") {
            block = match block {
                None => Some(fence),
                Some(_) => None,
            };
            continue;
        }
        match block {
            Some("console") => {
                if let Some(command) = line.strip_prefix("$ ") {
                    examples.push(Example {
                        command: command.to_string(),
                        output: Vec::new(),
                        comment: None,
                    });
                } else if let Some(last) = examples.last_mut() {
                    last.output.push(line.to_string());
                }
            }
            Some("sh") => {
                let (command, comment) = match line.split_once("  #") {
                    Some((command, comment)) => (command.trim(), Some(comment.trim())),
                    None => (line.trim(), None),
                };
                // `mkdir -p DIR && nimsolve …` runs nimsolve too.
                let last = command.rsplit("&& ").next().unwrap_or(command);
                let runs_nimsolve = last
                    .split_whitespace()
                    .find(|word| !word.contains('=') && *word != "if")
                    .is_some_and(|word| word == "nimsolve");
                if runs_nimsolve {
                    shell_lines.push(Example {
                        command: command.to_string(),
                        output: Vec::new(),
                        comment: comment.map(str::to_string),
                    });
                }
            }
            _ => {}
        }
    }
    examples.extend(shell_lines);
    examples
}

/// The README's paragraph that starts `Exit status:`, on one line, without Markdown quotes.
fn readme_exit_status(readme: &str) -> Option<String> {
    let start = readme.find("\nExit status:")? + 1;
    let paragraph = readme[start..].split("\n\n").next()?;
    let text = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    Some(
        text.trim_start_matches("Exit status:")
            .trim()
            .replace('`', ""),
    )
}

/// What the environment changes.
const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "NO_COLOR",
        "When set and not empty, --color auto does not colour (no-color.org).",
    ),
    ("TERM", "When dumb, --color auto does not colour."),
];

/// Writes the manual page.
///
/// # Errors
/// Write errors.
pub fn render(out: &mut dyn Write) -> io::Result<()> {
    let mut cmd = Cli::command();
    cmd.build();
    let man = Man::new(cmd.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;

    let mut roff = Roff::new();
    roff.control("SH", ["COMMANDS"]);
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let usage = sub.clone().render_usage().to_string();
        let usage = usage.trim_start_matches("Usage:").trim();
        roff.control("SS", [usage]);
        if let Some(about) = sub.get_long_about().or_else(|| sub.get_about()) {
            roff.text([roman(about.to_string())]);
        }
        for arg in sub.get_arguments().filter(|a| shown_in_command(a)) {
            option(&mut roff, arg);
        }
        if let Some(after) = sub.get_after_help() {
            roff.control("PP", []);
            preformatted(&mut roff, after.to_string().lines());
        }
    }

    roff.control("SH", ["EXAMPLES"]);
    // Left-adjusted: justification would space out Chinese text and long commands.
    roff.control("ad", ["l"]);
    roff.text([roman(
        "The files under examples/ (examples/bouton-7-8-9.txt, …) come with the source \
         repository: run the examples that read them in a clone of it.",
    )]);
    for example in readme_examples(README) {
        let command = format!("$ {}", example.command);
        match (example.output.as_slice(), &example.comment) {
            // A one-line answer wraps as a paragraph; longer ones keep their layout.
            ([] | [_], _) => {
                roff.control("TP", []);
                roff.text([bold(command)]);
                let text = example.output.first().or(example.comment.as_ref());
                roff.text([roman(text.map_or("", String::as_str))]);
            }
            (lines, _) => {
                roff.control("PP", []);
                roff.text([bold(command)]);
                preformatted(&mut roff, lines.iter().map(String::as_str));
            }
        }
    }

    roff.control("SH", ["EXIT STATUS"]);
    if let Some(text) = readme_exit_status(README) {
        roff.text([roman(text)]);
    }

    roff.control("SH", ["ENVIRONMENT"]);
    for (name, what) in ENVIRONMENT {
        roff.control("TP", []);
        roff.text([bold(*name)]);
        roff.text([roman(*what)]);
    }
    roff.to_writer(out)?;

    man.render_version_section(out)
}

/// Lines shown as they are (no filling), indented.
fn preformatted<'a>(roff: &mut Roff, lines: impl Iterator<Item = &'a str>) {
    roff.control("RS", ["4"]);
    roff.control("nf", []);
    for line in lines {
        roff.text([roman(line)]);
    }
    roff.control("fi", []);
    roff.control("RE", []);
}

/// Whether a subcommand's argument is listed under it: not the global flags (they are in
/// OPTIONS) nor `--help`.
fn shown_in_command(arg: &Arg) -> bool {
    !arg.is_hide_set()
        && !arg.is_global_set()
        && !matches!(arg.get_action(), ArgAction::Help | ArgAction::Version)
}

/// One option as a tagged paragraph: `-q, --quiet`, `--max-take K`, `PILES...`, with its help,
/// possible values and default.
fn option(roff: &mut Roff, arg: &Arg) {
    let value_name = || {
        arg.get_value_names()
            .map(|v| v.join(" "))
            .unwrap_or_else(|| arg.get_id().as_str().to_uppercase())
    };
    let mut head: Vec<Inline> = Vec::new();
    if arg.is_positional() {
        head.push(italic(value_name()));
        if matches!(arg.get_action(), ArgAction::Append) {
            head.push(roman("..."));
        }
    } else {
        if let Some(short) = arg.get_short() {
            head.push(bold(format!("-{short}")));
            if arg.get_long().is_some() {
                head.push(roman(", "));
            }
        }
        if let Some(long) = arg.get_long() {
            head.push(bold(format!("--{long}")));
        }
        if arg.get_action().takes_values() {
            head.push(roman(" "));
            head.push(italic(value_name()));
        }
    }
    roff.control("TP", []);
    roff.text(head);
    let mut body = arg
        .get_long_help()
        .or_else(|| arg.get_help())
        .map(ToString::to_string)
        .unwrap_or_default();
    if arg.get_action().takes_values() {
        let values: Vec<String> = arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        if !values.is_empty() {
            body.push_str(&format!(" [possible values: {}]", values.join(", ")));
        }
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        if !defaults.is_empty() {
            body.push_str(&format!(" [default: {}]", defaults.join(", ")));
        }
    }
    roff.text([roman(body)]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> String {
        let mut page = Vec::new();
        render(&mut page).unwrap();
        String::from_utf8(page).unwrap()
    }

    #[test]
    fn examples_come_from_the_readme() {
        let readme = "\
Text.

```console
$ nimsolve analyze 3 5 7
N-position
$ nimsolve analyze --explain 7 8 9
Position 7 8 9

  pile 1
```

```sh
cargo run --release -- analyze 3 5 7     # not nimsolve itself
nimsolve man | man -l -                  # read it now
if nimsolve analyze -q 3 5 7; then echo win; fi
NO_COLOR=1 nimsolve analyze 3 5 7
```
";
        let examples = readme_examples(readme);
        let commands: Vec<&str> = examples.iter().map(|e| e.command.as_str()).collect();
        assert_eq!(
            commands,
            [
                "nimsolve analyze 3 5 7",
                "nimsolve analyze --explain 7 8 9",
                "nimsolve man | man -l -",
                "if nimsolve analyze -q 3 5 7; then echo win; fi",
                "NO_COLOR=1 nimsolve analyze 3 5 7",
            ]
        );
        assert_eq!(examples[0].output, ["N-position"]);
        assert_eq!(examples[1].output, ["Position 7 8 9", "", "  pile 1"]);
        assert_eq!(examples[2].comment.as_deref(), Some("read it now"));
    }

    #[test]
    fn the_readme_has_examples_and_an_exit_status() {
        let examples = readme_examples(README);
        assert!(examples.len() >= 10, "{examples:?}");
        assert!(
            examples
                .iter()
                .any(|e| e.command.starts_with("nimsolve analyze --explain"))
        );
        let status = readme_exit_status(README).expect("an exit status paragraph");
        assert!(status.starts_with("0 success; 1 "), "{status}");
        assert!(status.contains("2 usage or input errors"), "{status}");
    }

    #[test]
    fn the_page_has_its_sections() {
        let page = page();
        for section in [
            ".TH",
            ".SH NAME",
            ".SH SYNOPSIS",
            ".SH OPTIONS",
            ".SH COMMANDS",
            ".SH EXAMPLES",
            ".SH \"EXIT STATUS\"",
            ".SH ENVIRONMENT",
        ] {
            assert!(page.contains(section), "no {section} in\n{page}");
        }
        assert!(page.contains("\\-\\-color"));
        assert!(page.contains("nim\\-sum"));
        assert!(page.contains("0 success; 1 when \\-q finds the player to move losing"));
    }
}
