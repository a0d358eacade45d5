#!/usr/bin/env sh
# nimsolve in a shell pipeline: generate positions, keep the lost ones, and ask for moves.
# After `cargo build --release`; NIMSOLVE=path/to/nimsolve picks another binary.
set -eu
here=$(dirname "$0")
nimsolve=${NIMSOLVE:-$here/../target/release/nimsolve}
[ -x "$nimsolve" ] || nimsolve=nimsolve   # installed with cargo install

# A few positions, one per line; comments and blank lines are skipped.
positions='# practice positions
3 5 7
1 2 3
7 8 9

14 21 39
5 5'

# Which are lost for the player to move (P-positions)? JSON Lines, filtered with grep.
echo "$positions" | "$nimsolve" analyze --json | grep '"outcome":"P"'

# The move to play in each, one line per position, aligned with the input.
echo "$positions" | "$nimsolve" move

# Decide in a script: exit status 0 when the player to move wins.
if "$nimsolve" analyze -q 3 5 7; then echo "3 5 7: take the first move"; fi
