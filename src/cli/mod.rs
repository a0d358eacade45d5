//! The `nimsolve` binary: the command line ([`args`]), one function per subcommand ([`app`]),
//! reading positions ([`input`]) and answering batches ([`batch`]), the trainer and its
//! command grammar ([`trainer`], [`command`]), one printer per output format behind the
//! [`printer::Printer`] trait, chosen once per command (the human text of [`render`] in the
//! words of [`i18n`], coloured by [`style`]; [`json`]; [`svg`]) and the manual page ([`man`]).
//! The library under it never sees clap, a terminal or a flag name.

pub mod app;
pub mod args;
pub mod batch;
pub mod command;
pub mod errors;
pub mod i18n;
pub mod input;
pub mod json;
pub mod judge;
pub mod loopy;
pub mod man;
pub mod nimber;
pub mod printer;
pub mod render;
pub mod review;
pub mod style;
pub mod svg;
pub mod trainer;

/// Exit status: success.
pub const EXIT_OK: u8 = 0;
/// Exit status: a "no" answer (`analyze -q` in a lost position) or output that cannot be written.
pub const EXIT_NO: u8 = 1;
/// Exit status: usage or input errors.
pub const EXIT_ERROR: u8 = 2;
/// Exit status: interrupted with Ctrl-C at the trainer's prompt (128 + SIGINT, as a shell
/// reports a command that SIGINT ended).
pub const EXIT_INTERRUPTED: u8 = 130;
