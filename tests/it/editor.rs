//! The trainer at home in a terminal: a real terminal (a tmux pane) runs
//! `nimsolve play --first human`, and keys are typed into it — history recalled with the Up
//! arrow, a typo mended with Backspace, arrow keys pressed at an empty prompt — then the screen
//! is read back. No arrow key may ever reach the trainer as text.
//!
//! It needs tmux, so it is ignored by default; run it with
//! `cargo test --test it editor:: -- --ignored`. Without tmux it fails, never passes.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::common::cli::BIN;

/// A tmux server of its own (its own socket), ended when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// A server named after `name` (each test its own) running `command` in a 100×40 pane.
    fn start(name: &str, command: &str) -> Tmux {
        let found = Command::new("tmux").arg("-V").output();
        assert!(
            found.is_ok_and(|o| o.status.success()),
            "this test needs tmux (apt-get install tmux)"
        );
        let tmux = Tmux {
            socket: format!("nimsolve-editor-{}-{name}", std::process::id()),
        };
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            "100",
            "-y",
            "40",
            &format!("{command}; sleep 60"),
        ]);
        tmux
    }

    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .env("TERM", "xterm")
            .output()
            .expect("tmux runs");
        assert!(out.status.success(), "tmux {args:?}: {out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    /// Waits until the screen holds `text`, returning it (panics after 10 s).
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "waited for {text:?}; the screen:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Tmux {
    /// Waits until the screen holds `text` `times` times and the prompt stands after the last,
    /// at the end of the screen (keys typed before the line editor reads again may be lost).
    fn wait_for_prompt_after(&self, text: &str, times: usize) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            let seen = screen.matches(text).count() >= times;
            let ready = seen
                && screen.rfind(text).is_some_and(|at| {
                    let rest = &screen[at..];
                    rest.trim_end().ends_with('>') && rest.trim_end().lines().count() > 1
                });
            if ready {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "waited for {text:?} and the prompt; the screen:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

#[test]
#[ignore = "drives the line editor in a tmux pane; needs tmux: cargo test --test it editor:: -- --ignored"]
fn the_line_editor_recalls_history_and_never_shows_an_arrow_key() {
    let tmux = Tmux::start(
        "history",
        &format!("{BIN} --color never play --first human 3 4 5"),
    );
    // The commands and the prompt are on the terminal.
    tmux.wait_for("3 4 5 — your move>");
    tmux.keys(&["hint", "Enter"]);
    tmux.wait_for("hint 1/3");
    // Up recalls `hint`: the second stage.
    tmux.keys(&["Up", "Enter"]);
    tmux.wait_for("hint 2/3");
    // A typo mended with Backspace, and the cursor moved with Left and Right.
    tmux.keys(&["1 9", "BSpace", "2", "Left", "Right", "Enter"]);
    tmux.wait_for("take 2 from pile 1 (3 → 1)  → 1 4 5  [T2, P-position]");
    tmux.wait_for("coach: a winning move.");
    // Arrow keys at an empty prompt, then Down back to it: nothing is read as a line.
    tmux.keys(&["Left", "Right", "Up", "Down", "Down", "show", "Enter"]);
    let screen = tmux.wait_for("Position ");
    for bad in [
        "^[",
        "\u{1b}",
        "[A",
        "[B",
        "[C",
        "[D",
        "neither a move nor a command",
    ] {
        assert!(!screen.contains(bad), "{bad:?} on the screen:\n{screen}");
    }
    tmux.keys(&["quit", "Enter"]);
    tmux.wait_for("The game stops at");
}

#[test]
#[ignore = "drives the line editor in a tmux pane; needs tmux: cargo test --test it editor:: -- --ignored"]
fn the_help_wraps_to_the_terminal_and_chinese_commands_are_typed() {
    let tmux = Tmux::start(
        "zh",
        &format!("{BIN} --color never --lang zh play --first human 3 4 5"),
    );
    tmux.wait_for("轮到你走>");
    tmux.keys(&["帮助", "Enter"]);
    let screen = tmux.wait_for_prompt_after("退出（quit）结束。", 2);
    // Wrapped to the pane's 100 columns: no line of the screen is cut by the terminal.
    for line in screen.lines() {
        assert!(
            unicode_width::UnicodeWidthStr::width(line) <= 100,
            "{line:?}"
        );
    }
    tmux.keys(&["提示", "Enter"]);
    tmux.wait_for_prompt_after("提示 1/3", 1);
    tmux.keys(&["退出", "Enter"]);
    tmux.wait_for("对局在 3 4 5 处结束");
}

#[test]
#[ignore = "drives the line editor in a tmux pane; needs tmux: cargo test --test it editor:: -- --ignored"]
fn ctrl_c_at_the_prompt_is_reported_as_interrupted_with_exit_130() {
    let tmux = Tmux::start(
        "interrupt",
        &format!("{BIN} --color never play --first human 3 4 5; echo \"exit=$?\""),
    );
    tmux.wait_for("3 4 5 — your move>");
    tmux.keys(&["C-c"]);
    let screen = tmux.wait_for("exit=");
    assert!(screen.contains("exit=130"), "{screen}");
    assert!(screen.contains("(interrupted)"), "{screen}");
    assert!(!screen.contains("end of input"), "{screen}");
    // Ctrl-D still ends the input, with exit status 0.
    let tmux = Tmux::start(
        "eof",
        &format!("{BIN} --color never play --first human 3 4 5; echo \"exit=$?\""),
    );
    tmux.wait_for("3 4 5 — your move>");
    tmux.keys(&["C-d"]);
    let screen = tmux.wait_for("exit=");
    assert!(screen.contains("exit=0"), "{screen}");
    assert!(screen.contains("(end of input)"), "{screen}");
}

#[test]
#[ignore = "drives the line editor in a tmux pane; needs tmux: cargo test --test it editor:: -- --ignored"]
fn coach_and_hint_lines_wrap_to_the_terminal_width_between_words() {
    // A pane of 100 columns cuts the long coach and hint lines mid-word unless they are wrapped.
    let tmux = Tmux::start(
        "wrap",
        &format!("{BIN} --color never play --first human 2 3 4"),
    );
    tmux.wait_for("2 3 4 — your move>");
    for stage in 1..=3 {
        tmux.keys(&["hint", "Enter"]);
        tmux.wait_for_prompt_after(&format!("hint {stage}/3"), 1);
    }
    tmux.keys(&["1 1", "Enter"]);
    let screen = tmux.wait_for_prompt_after("(type 3 3).", 1);
    let words: std::collections::BTreeSet<&str> = screen.split_whitespace().collect();
    for sentence in [
        "coach: a blunder. 1 3 4 is an N-position, so the win is thrown away; take 3 from pile 3 (4 → 1) would have kept it (type 3 3).",
    ] {
        for word in sentence.split_whitespace() {
            assert!(
                words.contains(word),
                "{word:?} is cut; the screen:\n{screen}"
            );
        }
    }
    let hint = screen.lines().find(|l| l.starts_with("hint 3/3")).unwrap();
    assert!(!hint.ends_with(' '), "{hint:?}");
    for line in screen.lines() {
        assert!(
            unicode_width::UnicodeWidthStr::width(line) <= 100,
            "{line:?}"
        );
    }
    tmux.keys(&["quit", "Enter"]);
    tmux.wait_for("The game stops at");
}

#[test]
#[ignore = "drives the line editor in a tmux pane; needs tmux: cargo test --test it editor:: -- --ignored"]
fn a_grundy_value_that_takes_a_while_says_what_it_computes_then_clears_it() {
    // octal:0.161 proves no period in its table: g(2000001) past a table of 2·10^6 values is
    // refused after seconds of work, which a terminal is told about meanwhile.
    let tmux = Tmux::start(
        "grundy-notice",
        &format!("{BIN} grundy --game octal:0.161 --table-limit 2000000 2000001"),
    );
    tmux.wait_for("computing g(2000001)");
    // The refusal comes when the table is full: seconds more on a busy machine.
    let start = Instant::now();
    let screen = loop {
        let screen = tmux.screen();
        if screen.contains("nimsolve: error:") || start.elapsed() > Duration::from_secs(120) {
            break screen;
        }
        sleep(Duration::from_millis(100));
    };
    assert!(screen.contains("nimsolve: error:"), "{screen}");
    assert!(!screen.contains("computing g("), "{screen}");
}
