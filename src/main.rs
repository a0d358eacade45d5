//! The `nimsolve` command: parse the command line, run the subcommand, map errors to exit codes.

mod app;
mod cli;
mod input;
mod render;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    app::main_with_args(cli::Cli::parse())
}
