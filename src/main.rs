//! The `nimsolve` command: parse the command line, run the subcommand, map errors to exit codes.

mod app;
mod batch;
mod cli;
mod i18n;
mod input;
mod man;
mod render;
mod style;
mod trainer;

use std::process::ExitCode;

fn main() -> ExitCode {
    match app::parse_cli() {
        Ok(cli) => app::main_with_args(cli),
        Err(code) => code,
    }
}
