//! Running the `nimsolve` binary and reading what it printed: the command, one run collected
//! into a [`Run`] (with a check that it did not panic), the stdout of a run that must succeed
//! quietly, and JSON Lines parsed back into values.

use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;

/// The path of the binary under test, for `std::process::Command` and shell scripts.
pub const BIN: &str = env!("CARGO_BIN_EXE_nimsolve");

/// The binary under test, as an `assert_cmd` command.
pub fn nimsolve() -> Command {
    Command::cargo_bin("nimsolve").expect("the nimsolve binary is built")
}

/// What one run printed, and how it ended.
#[derive(Debug)]
pub struct Run {
    /// The exit status (`None`: killed by a signal).
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// The run of `out`, whose stdout and stderr must be UTF-8.
    pub fn utf8(out: Output) -> Run {
        Run {
            code: out.status.code(),
            stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
            stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        }
    }

    /// The run of `out`, any bytes that are not UTF-8 replaced (for output that need not be
    /// text, such as a shell's).
    pub fn lossy(out: Output) -> Run {
        Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// The stdout of a run that must have succeeded quietly: exit status 0, nothing on stderr.
    /// `args` names the run in the messages.
    pub fn success(self, args: &[&str]) -> String {
        assert_eq!(
            self.code,
            Some(0),
            "nimsolve {args:?}; stderr: {}",
            self.stderr
        );
        assert_eq!(self.stderr, "", "nimsolve {args:?} wrote to stderr");
        self.stdout
    }
}

/// Runs `nimsolve args` with `stdin` piped in and the environment variables `env` set. Panics
/// if the binary panicked (a panic message on stdout or stderr, or a backtrace hint on stderr)
/// or printed anything that is not UTF-8.
pub fn run_env(args: &[&str], stdin: impl AsRef<[u8]>, env: &[(&str, &str)]) -> Run {
    let mut cmd = nimsolve();
    cmd.args(args).write_stdin(stdin.as_ref().to_vec());
    for (key, value) in env {
        cmd.env(key, value);
    }
    let run = Run::utf8(cmd.output().expect("the binary runs"));
    assert!(
        !run.stdout.contains("panicked")
            && !run.stderr.contains("panicked")
            && !run.stderr.contains("RUST_BACKTRACE"),
        "nimsolve {args:?} panicked:\n{}",
        run.stderr
    );
    run
}

/// Runs `nimsolve args` with `stdin` piped in (`b""`: an empty stdin); see [`run_env`].
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Run {
    run_env(args, stdin, &[])
}

/// Runs `nimsolve args` with `stdin` piped in, expects exit status 0 and an empty stderr, and
/// returns its stdout.
pub fn ok_stdin(args: &[&str], stdin: impl AsRef<[u8]>) -> String {
    run(args, stdin).success(args)
}

/// Runs `nimsolve args` with an empty stdin, expects exit status 0 and an empty stderr, and
/// returns its stdout.
pub fn ok(args: &[&str]) -> String {
    ok_stdin(args, b"")
}

/// Every line of `stdout` parsed as one JSON value (JSON Lines).
pub fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line:?}"))
        })
        .collect()
}

/// The single JSON value a successful run of `nimsolve args` printed (see [`ok`]).
pub fn ok_json(args: &[&str]) -> Value {
    let mut values = json_lines(&ok(args));
    assert_eq!(values.len(), 1, "nimsolve {args:?}: one JSON line expected");
    values.pop().unwrap()
}

/// The exact decimal digits of a JSON number (panics on anything else).
pub fn digits(value: &Value) -> String {
    match value {
        Value::Number(n) => n.to_string(),
        other => panic!("not a number: {other}"),
    }
}

/// The `piles` of a JSON answer, each pile's exact decimal digits (panics if `piles` is not an
/// array of numbers).
pub fn pile_digits(value: &Value) -> Vec<String> {
    value["piles"]
        .as_array()
        .expect("piles is an array")
        .iter()
        .map(digits)
        .collect()
}

/// The piles of a move's `after` (a component in the position grammar, `"kayles 3 6"`,
/// `"2 5 7"`, its spec left out; or a two-pile game's pair `[3, 5]`), as digit strings.
pub fn after_digits(mv: &Value) -> Vec<String> {
    if let Some(pair) = mv["after"].as_array() {
        return pair.iter().map(Value::to_string).collect();
    }
    let text = mv["after"]
        .as_str()
        .expect("a move's after is a string or a pair");
    text.split(' ')
        .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

/// [`after_digits`] as numbers (piles below 2^64).
pub fn after_piles(mv: &Value) -> Vec<u64> {
    after_digits(mv)
        .iter()
        .map(|t| t.parse().expect("a pile below 2^64"))
        .collect()
}
