//! The `nimsolve` command: parse the command line, run the subcommand, map errors to exit codes.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::app::parse_cli() {
        Ok(cli) => cli::app::main_with_args(cli),
        Err(code) => code,
    }
}
