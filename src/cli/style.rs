//! How human output looks: whether it is coloured, and in which language. One [`Style`] is
//! decided once per run (from `--color`, `--lang`, `NO_COLOR`, `TERM` and whether stdout is a
//! terminal) and handed to the render functions. JSON output never takes a style.

use std::ffi::OsStr;
use std::fmt;

use anstyle::{AnsiColor, Color};
use clap::ValueEnum;

use crate::cli::i18n::{self, Lang, Words};

/// When to colour human output (`--color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal, NO_COLOR is unset or empty and TERM is not
    /// `dumb`.
    Auto,
    /// Always colour (also through a pipe, and whatever NO_COLOR and TERM say).
    Always,
    /// Never colour.
    Never,
}

/// What a coloured piece of text marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// An N-position: the player to move wins.
    Win,
    /// A P-position: the player to move loses.
    Lose,
    /// A winning move.
    Move,
    /// The nim-sum's highest set bit, and its column in `--explain`.
    HighBit,
}

impl Role {
    /// The terminal style of the role: the one place colours are chosen.
    const fn ansi(self) -> anstyle::Style {
        let style = anstyle::Style::new();
        match self {
            Role::Win => style.bold().fg_color(Some(Color::Ansi(AnsiColor::Green))),
            Role::Lose => style.bold().fg_color(Some(Color::Ansi(AnsiColor::Red))),
            Role::Move => style.fg_color(Some(Color::Ansi(AnsiColor::Cyan))),
            Role::HighBit => style.bold().fg_color(Some(Color::Ansi(AnsiColor::Yellow))),
        }
    }
}

/// How human output looks: coloured or not, and its language. Small and `Copy`: decide it once
/// per run and pass it down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    color: bool,
    /// The language of the human output.
    pub lang: Lang,
}

impl Default for Style {
    /// English, no colour.
    fn default() -> Style {
        Style::new(false, Lang::En)
    }
}

impl Style {
    /// A style with colour on or off, in `lang`.
    pub const fn new(color: bool, lang: Lang) -> Style {
        Style { color, lang }
    }

    /// The style for this run: `choice` resolved against the environment (`NO_COLOR`, `TERM`)
    /// and whether standard output is a terminal.
    pub fn detect(choice: ColorChoice, lang: Lang, stdout_is_terminal: bool) -> Style {
        let no_color = std::env::var_os("NO_COLOR");
        let term = std::env::var_os("TERM");
        Style::new(
            wants_color(
                choice,
                stdout_is_terminal,
                no_color.as_deref(),
                term.as_deref(),
            ),
            lang,
        )
    }

    /// Whether output is coloured.
    pub const fn color(self) -> bool {
        self.color
    }

    /// The words of the language.
    pub fn words(self) -> &'static dyn Words {
        i18n::words(self.lang)
    }

    /// Starts `role`'s colour on `line` (nothing when colour is off); end it with [`Style::end`].
    /// The batch path colours this way: no allocation, no formatting machinery.
    pub fn start(self, line: &mut Vec<u8>, role: Role) {
        if self.color {
            let _ = role.ansi().write_to(line);
        }
    }

    /// Ends the colour that [`Style::start`] began.
    pub fn end(self, line: &mut Vec<u8>, role: Role) {
        if self.color {
            let _ = role.ansi().write_reset_to(line);
        }
    }

    /// `value`, displayed coloured as `role` when colour is on, for `write!`.
    pub fn painted<T: fmt::Display>(self, role: Role, value: T) -> Painted<T> {
        Painted {
            value,
            role: self.color.then_some(role),
        }
    }
}

/// A value shown in a role's colour (see [`Style::painted`]). Width and alignment flags apply
/// to the value, not to the escape codes.
pub struct Painted<T> {
    value: T,
    role: Option<Role>,
}

impl<T: fmt::Display> fmt::Display for Painted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.role {
            None => self.value.fmt(f),
            Some(role) => {
                let ansi = role.ansi();
                write!(f, "{}", ansi.render())?;
                self.value.fmt(f)?;
                write!(f, "{}", ansi.render_reset())
            }
        }
    }
}

/// The decision, apart from the environment: `always` and `never` are final; `auto` colours
/// when stdout is a terminal, `NO_COLOR` is unset or empty (no-color.org) and `TERM` is not
/// `dumb`.
pub fn wants_color(
    choice: ColorChoice,
    stdout_is_terminal: bool,
    no_color: Option<&OsStr>,
    term: Option<&OsStr>,
) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            stdout_is_terminal
                && no_color.is_none_or(OsStr::is_empty)
                && term != Some(OsStr::new("dumb"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auto(terminal: bool, no_color: Option<&str>, term: Option<&str>) -> bool {
        wants_color(
            ColorChoice::Auto,
            terminal,
            no_color.map(OsStr::new),
            term.map(OsStr::new),
        )
    }

    #[test]
    fn auto_colours_a_terminal_only() {
        assert!(auto(true, None, Some("xterm-256color")));
        assert!(auto(true, None, None));
        assert!(!auto(false, None, Some("xterm-256color")));
    }

    #[test]
    fn no_color_set_and_not_empty_turns_auto_off() {
        assert!(!auto(true, Some("1"), Some("xterm")));
        assert!(!auto(true, Some("0"), Some("xterm")));
        assert!(auto(true, Some(""), Some("xterm")));
    }

    #[test]
    fn dumb_terminal_turns_auto_off() {
        assert!(!auto(true, None, Some("dumb")));
        assert!(auto(true, None, Some("dumber")));
    }

    #[test]
    fn always_and_never_are_final() {
        for (terminal, no_color, term) in [
            (false, Some(OsStr::new("1")), Some(OsStr::new("dumb"))),
            (true, None, None),
        ] {
            assert!(wants_color(ColorChoice::Always, terminal, no_color, term));
            assert!(!wants_color(ColorChoice::Never, terminal, no_color, term));
        }
    }

    fn started(style: Style, text: &str) -> String {
        let mut line = Vec::new();
        style.start(&mut line, Role::Win);
        line.extend_from_slice(text.as_bytes());
        style.end(&mut line, Role::Win);
        String::from_utf8(line).unwrap()
    }

    #[test]
    fn start_and_end_add_escapes_only_with_colour() {
        assert_eq!(
            started(Style::new(false, Lang::En), "N-position"),
            "N-position"
        );
        let color = Style::new(true, Lang::En);
        let text = started(color, "N-position");
        assert!(text.starts_with("\x1b["), "{text:?}");
        assert!(text.contains("N-position"));
        assert!(text.ends_with("\x1b[0m"), "{text:?}");
        // The same bytes as `painted`, which the other printers use.
        assert_eq!(text, color.painted(Role::Win, "N-position").to_string());
    }

    #[test]
    fn painted_keeps_width_on_the_value() {
        let plain = Style::default();
        assert_eq!(format!("{:>4}", plain.painted(Role::Move, 7)), "   7");
        let text = format!("{}", Style::new(true, Lang::En).painted(Role::Lose, "P"));
        assert!(text.contains('P') && text.contains('\x1b'));
    }
}
