//! The language of heap rules (`rule:{…}`): its reader and its evaluator.
//!
//! ```text
//! rule        = alternative ( ";" alternative )*
//! alternative = form [ "if" condition ]
//! form        = "take" "t" | "split" "a" "b" | "take" "t" "split" "a" "b"
//! condition   = and ( "or" and )*
//! and         = not ( "and" not )*
//! not         = "not" not | comparison
//! comparison  = sum [ ( "=" | "!=" | "<" | "<=" | ">" | ">=" | "|" ) sum
//!                   | "is" [ "not" ] predicate ]
//! predicate   = "prime" | "square" | "power" "of" "two" | "fibonacci" | "even" | "odd"
//! sum         = product ( ( "+" | "-" ) product )*
//! product     = unary ( ( "*" | "/" | "%" ) unary )*
//! unary       = "-" unary | NUMBER | VARIABLE | "(" condition ")"
//! ```
//!
//! `x | y` says that x divides y (0 divides 0 only). The variables: `n` the heap, `t` the
//! amount taken (1 to n, or to n − 2 when a split follows: room for two heaps), `a` ≤ `b` the
//! two non-empty heaps a split leaves (a + b = n, or n − t after a take). Arithmetic is exact
//! in signed 128-bit integers, `/` rounds down and `%` is never negative; a division by 0, a
//! result beyond the 128 bits or a predicate of a number beyond 2^64 leaves its condition
//! undefined, and an undefined condition allows no move (unless `and` or `or` was decided
//! before it was reached).

use crate::error::{RuleExpect, RuleSyntax};

/// A variable of a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Var {
    /// The heap.
    N,
    /// The amount taken.
    T,
    /// The smaller heap a split leaves.
    A,
    /// The larger heap a split leaves.
    B,
}

impl Var {
    fn index(self) -> usize {
        match self {
            Var::N => 0,
            Var::T => 1,
            Var::A => 2,
            Var::B => 3,
        }
    }
}

/// A predicate after `is`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pred {
    /// A prime number.
    Prime,
    /// A perfect square (0 included).
    Square,
    /// 1, 2, 4, 8, …
    PowerOfTwo,
    /// 0, 1, 2, 3, 5, 8, …
    Fibonacci,
    /// Divisible by 2.
    Even,
    /// Not divisible by 2.
    Odd,
}

/// An arithmetic operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arith {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`, rounding down.
    Div,
    /// `%`, never negative.
    Rem,
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cmp {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// A number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Num {
    /// A literal.
    Lit(i128),
    /// A variable.
    Var(Var),
    /// `-x`.
    Neg(Box<Num>),
    /// `x op y`.
    Bin(Box<Num>, Arith, Box<Num>),
}

/// A condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Cond {
    /// `x cmp y`.
    Cmp(Num, Cmp, Num),
    /// `x | y`: x divides y.
    Divides(Num, Num),
    /// `x is [not] pred` (`true`: not).
    Is(Num, Pred, bool),
    /// `p and q`.
    And(Box<Cond>, Box<Cond>),
    /// `p or q`.
    Or(Box<Cond>, Box<Cond>),
    /// `not p`.
    Not(Box<Cond>),
}

/// What an alternative does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// `take t`: take t, leaving n − t as one heap (nothing when t = n).
    Take,
    /// `split a b`: break the heap into two non-empty heaps a ≤ b, taking nothing.
    Split,
    /// `take t split a b`: take t, then break the rest into two non-empty heaps a ≤ b.
    TakeSplit,
}

impl Form {
    fn vars(self) -> &'static [Var] {
        match self {
            Form::Take => &[Var::N, Var::T],
            Form::Split => &[Var::N, Var::A, Var::B],
            Form::TakeSplit => &[Var::N, Var::T, Var::A, Var::B],
        }
    }
}

/// One alternative: a form and its condition (`None`: always).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Alternative {
    /// What the move does.
    pub form: Form,
    /// When it may be made.
    pub cond: Option<Cond>,
}

/// A rule: its alternatives, and its text with one blank between tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Program {
    /// The alternatives, in the order written.
    pub alts: Vec<Alternative>,
    /// The tokens joined by single blanks (none inside parentheses' edges).
    pub text: String,
}

/// A token and its 1-based column (in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    kind: Tok,
    column: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Number(String),
    Word(String),
    Sym(&'static str),
}

impl Tok {
    fn text(&self) -> String {
        match self {
            Tok::Number(s) | Tok::Word(s) => s.clone(),
            Tok::Sym(s) => (*s).to_string(),
        }
    }
}

/// A syntax error at a column.
type Fail = (usize, RuleSyntax);

const SYMBOLS: &[&str] = &[
    "<=", ">=", "!=", "==", "(", ")", "+", "-", "*", "/", "%", "|", "=", "<", ">", ";",
];

fn lex(text: &str, base: usize) -> Result<Vec<Token>, Fail> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = base + i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            tokens.push(Token {
                kind: Tok::Number(chars[start..i].iter().collect()),
                column,
            });
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            tokens.push(Token {
                kind: Tok::Word(word.to_ascii_lowercase()),
                column,
            });
            continue;
        }
        let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
        match SYMBOLS.iter().find(|s| rest.starts_with(**s)) {
            Some(&s) => {
                let s = if s == "==" { "=" } else { s };
                tokens.push(Token {
                    kind: Tok::Sym(s),
                    column,
                });
                i += if rest.starts_with("==") {
                    2
                } else {
                    s.chars().count()
                };
            }
            None => return Err((column, RuleSyntax::BadChar(c))),
        }
    }
    Ok(tokens)
}

/// Reads a rule: `text` is what stands after `rule:`, in braces or not; `base` is the
/// 1-based column of its first character in the spec, so that errors name the spec's column.
///
/// # Errors
/// The column and [`RuleSyntax`] of the first mistake.
pub(crate) fn parse(text: &str, base: usize) -> Result<Program, (usize, RuleSyntax)> {
    let trimmed_start = text.len() - text.trim_start().len();
    let lead = text[..trimmed_start].chars().count();
    let body = text.trim();
    let (inner, inner_base) = match body.strip_prefix('{') {
        Some(rest) => {
            let Some(close) = rest.find('}') else {
                return Err((base + lead, RuleSyntax::Unclosed));
            };
            let after = rest[close + 1..].trim();
            if !after.is_empty() {
                let at = base + lead + 1 + rest[..close + 1].chars().count();
                let skip = rest[close + 1..].len() - rest[close + 1..].trim_start().len();
                let at = at + rest[close + 1..close + 1 + skip].chars().count();
                return Err((at, RuleSyntax::AfterBrace(crate::ruleset::cut(after))));
            }
            (&rest[..close], base + lead + 1)
        }
        None => (body, base + lead),
    };
    let end = inner_base + inner.chars().count();
    let tokens = lex(inner, inner_base)?;
    if tokens.is_empty() {
        return Err((end, RuleSyntax::Empty));
    }
    if let Some(t) = tokens.get(MAX_TOKENS) {
        return Err((t.column, RuleSyntax::TooLong { most: MAX_TOKENS }));
    }
    let mut p = Parser {
        tokens: &tokens,
        at: 0,
        end,
        vars: &[],
        depth: 0,
    };
    let mut alts = Vec::new();
    loop {
        alts.push(p.alternative()?);
        match p.peek() {
            None => break,
            Some(Tok::Sym(";")) => p.at += 1,
            Some(_) => return Err(p.expected(RuleExpect::Separator)),
        }
    }
    Ok(Program {
        alts,
        text: spaced(&tokens),
    })
}

/// The tokens with one blank between them, none after `(` or before `)`.
fn spaced(tokens: &[Token]) -> String {
    let mut text = String::new();
    let mut prev: Option<&Tok> = None;
    for t in tokens {
        let glue = matches!(prev, Some(Tok::Sym("("))) || matches!(t.kind, Tok::Sym(")" | ";"));
        if prev.is_some() && !glue {
            text.push(' ');
        }
        text.push_str(&t.kind.text());
        prev = Some(&t.kind);
    }
    text
}

/// The most tokens of a rule: the parser and the evaluator recurse over its expressions, so
/// their depth stays far within the stack.
const MAX_TOKENS: usize = 1000;

/// The deepest nesting of parentheses, `not`s and minus signs.
const MAX_DEPTH: usize = 200;

struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
    end: usize,
    vars: &'static [Var],
    /// The nesting of parentheses, `not`s and minus signs around the token read.
    depth: usize,
}

/// A parsed operand: a number or a condition, with its column.
enum Operand {
    Num(Num),
    Cond(Cond),
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.at).map(|t| &t.kind)
    }

    fn column(&self) -> usize {
        self.tokens.get(self.at).map_or(self.end, |t| t.column)
    }

    fn found(&self) -> Option<String> {
        self.peek().map(Tok::text)
    }

    fn expected(&self, what: RuleExpect) -> Fail {
        (
            self.column(),
            RuleSyntax::Expected {
                expected: what,
                found: self.found(),
            },
        )
    }

    fn word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(x)) if x == w)
    }

    fn sym(&self, s: &str) -> bool {
        matches!(self.peek(), Some(Tok::Sym(x)) if *x == s)
    }

    /// The variable name `name` of a form.
    fn name(&mut self, name: &'static str) -> Result<(), Fail> {
        if self.word(name) {
            self.at += 1;
            return Ok(());
        }
        Err((
            self.column(),
            RuleSyntax::FormVariable {
                expected: name,
                found: self.found(),
            },
        ))
    }

    fn alternative(&mut self) -> Result<Alternative, Fail> {
        let form = if self.word("take") {
            self.at += 1;
            self.name("t")?;
            if self.word("split") {
                self.at += 1;
                self.name("a")?;
                self.name("b")?;
                Form::TakeSplit
            } else {
                Form::Take
            }
        } else if self.word("split") {
            self.at += 1;
            self.name("a")?;
            self.name("b")?;
            Form::Split
        } else {
            return Err((self.column(), RuleSyntax::NoForm(self.found())));
        };
        self.vars = form.vars();
        let cond = if self.word("if") {
            self.at += 1;
            Some(self.condition()?)
        } else {
            None
        };
        Ok(Alternative { form, cond })
    }

    fn condition(&mut self) -> Result<Cond, Fail> {
        let column = self.column();
        let op = self.or()?;
        truth(op, column)
    }

    fn or(&mut self) -> Result<Operand, Fail> {
        let column = self.column();
        let mut left = self.and()?;
        while self.word("or") {
            self.at += 1;
            let right_column = self.column();
            let right = self.and()?;
            left = Operand::Cond(Cond::Or(
                Box::new(truth(left, column)?),
                Box::new(truth(right, right_column)?),
            ));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Operand, Fail> {
        let column = self.column();
        let mut left = self.not()?;
        while self.word("and") {
            self.at += 1;
            let right_column = self.column();
            let right = self.not()?;
            left = Operand::Cond(Cond::And(
                Box::new(truth(left, column)?),
                Box::new(truth(right, right_column)?),
            ));
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<Operand, Fail> {
        if self.word("not") {
            self.at += 1;
            let column = self.column();
            let inner = self.nested(Self::not)?;
            return Ok(Operand::Cond(Cond::Not(Box::new(truth(inner, column)?))));
        }
        self.comparison()
    }

    /// `read` one level deeper, refused past [`MAX_DEPTH`].
    fn nested(&mut self, read: fn(&mut Self) -> Result<Operand, Fail>) -> Result<Operand, Fail> {
        if self.depth >= MAX_DEPTH {
            return Err((self.column(), RuleSyntax::TooDeep { most: MAX_DEPTH }));
        }
        self.depth += 1;
        let inner = read(self);
        self.depth -= 1;
        inner
    }

    fn comparison(&mut self) -> Result<Operand, Fail> {
        let column = self.column();
        let left = self.sum()?;
        let cmp = match self.peek() {
            Some(Tok::Sym("=")) => Some(Cmp::Eq),
            Some(Tok::Sym("!=")) => Some(Cmp::Ne),
            Some(Tok::Sym("<")) => Some(Cmp::Lt),
            Some(Tok::Sym("<=")) => Some(Cmp::Le),
            Some(Tok::Sym(">")) => Some(Cmp::Gt),
            Some(Tok::Sym(">=")) => Some(Cmp::Ge),
            _ => None,
        };
        let result = if let Some(cmp) = cmp {
            self.at += 1;
            let left = number(left, column)?;
            let right_column = self.column();
            let right = number(self.sum()?, right_column)?;
            Cond::Cmp(left, cmp, right)
        } else if self.sym("|") {
            self.at += 1;
            let left = number(left, column)?;
            let right_column = self.column();
            let right = number(self.sum()?, right_column)?;
            Cond::Divides(left, right)
        } else if self.word("is") {
            self.at += 1;
            let left = number(left, column)?;
            let negated = self.word("not");
            if negated {
                self.at += 1;
            }
            Cond::Is(left, self.predicate()?, negated)
        } else {
            return Ok(left);
        };
        let chained = matches!(
            self.peek(),
            Some(Tok::Sym("=" | "!=" | "<" | "<=" | ">" | ">=" | "|"))
        ) || self.word("is");
        if chained {
            return Err((self.column(), RuleSyntax::Chained));
        }
        Ok(Operand::Cond(result))
    }

    fn predicate(&mut self) -> Result<Pred, Fail> {
        let column = self.column();
        let word = match self.peek() {
            Some(Tok::Word(w)) => w.clone(),
            _ => return Err(self.expected(RuleExpect::Predicate)),
        };
        self.at += 1;
        let pred = match word.as_str() {
            "prime" => Pred::Prime,
            "square" => Pred::Square,
            "fibonacci" => Pred::Fibonacci,
            "even" => Pred::Even,
            "odd" => Pred::Odd,
            "power" => {
                for w in ["of", "two"] {
                    if !self.word(w) {
                        return Err(self.expected(RuleExpect::PowerOfTwo));
                    }
                    self.at += 1;
                }
                Pred::PowerOfTwo
            }
            _ => return Err((column, RuleSyntax::UnknownPredicate(word))),
        };
        Ok(pred)
    }

    fn sum(&mut self) -> Result<Operand, Fail> {
        let column = self.column();
        let mut left = self.product()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Sym("+")) => Arith::Add,
                Some(Tok::Sym("-")) => Arith::Sub,
                _ => return Ok(left),
            };
            self.at += 1;
            let right_column = self.column();
            let right = self.product()?;
            left = Operand::Num(Num::Bin(
                Box::new(number(left, column)?),
                op,
                Box::new(number(right, right_column)?),
            ));
        }
    }

    fn product(&mut self) -> Result<Operand, Fail> {
        let column = self.column();
        let mut left = self.unary()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Sym("*")) => Arith::Mul,
                Some(Tok::Sym("/")) => Arith::Div,
                Some(Tok::Sym("%")) => Arith::Rem,
                _ => return Ok(left),
            };
            self.at += 1;
            let right_column = self.column();
            let right = self.unary()?;
            left = Operand::Num(Num::Bin(
                Box::new(number(left, column)?),
                op,
                Box::new(number(right, right_column)?),
            ));
        }
    }

    fn unary(&mut self) -> Result<Operand, Fail> {
        let column = self.column();
        match self.peek().cloned() {
            Some(Tok::Sym("-")) => {
                self.at += 1;
                let inner_column = self.column();
                let inner = self.nested(Self::unary)?;
                Ok(Operand::Num(Num::Neg(Box::new(number(
                    inner,
                    inner_column,
                )?))))
            }
            Some(Tok::Sym("(")) => {
                self.at += 1;
                let inner = self.nested(Self::or)?;
                if !self.sym(")") {
                    return Err(self.expected(RuleExpect::Close));
                }
                self.at += 1;
                Ok(inner)
            }
            Some(Tok::Number(digits)) => {
                self.at += 1;
                match digits.parse::<i128>() {
                    Ok(v) if v <= i128::from(u64::MAX) => Ok(Operand::Num(Num::Lit(v))),
                    _ => Err((
                        column,
                        RuleSyntax::NumberTooLarge(crate::ruleset::cut(&digits)),
                    )),
                }
            }
            Some(Tok::Word(w)) => {
                let var = match w.as_str() {
                    "n" => Some(Var::N),
                    "t" => Some(Var::T),
                    "a" => Some(Var::A),
                    "b" => Some(Var::B),
                    _ => None,
                };
                match var {
                    Some(v) if self.vars.contains(&v) => {
                        self.at += 1;
                        Ok(Operand::Num(Num::Var(v)))
                    }
                    _ if var.is_some() || !is_keyword(&w) => Err((
                        column,
                        RuleSyntax::UnknownVariable {
                            name: crate::ruleset::cut(&w),
                            vars: vars_text(self.vars),
                        },
                    )),
                    _ => Err(self.expected(RuleExpect::Operand)),
                }
            }
            _ => Err(self.expected(RuleExpect::Operand)),
        }
    }
}

fn is_keyword(w: &str) -> bool {
    matches!(
        w,
        "and" | "or" | "not" | "is" | "if" | "take" | "split" | "prime" | "square" | "power"
    )
}

fn vars_text(vars: &[Var]) -> &'static str {
    match vars.len() {
        2 => "n, t",
        3 => "n, a, b",
        _ => "n, t, a, b",
    }
}

fn truth(op: Operand, column: usize) -> Result<Cond, Fail> {
    match op {
        Operand::Cond(c) => Ok(c),
        Operand::Num(_) => Err((column, RuleSyntax::NotATruth)),
    }
}

fn number(op: Operand, column: usize) -> Result<Num, Fail> {
    match op {
        Operand::Num(n) => Ok(n),
        Operand::Cond(_) => Err((column, RuleSyntax::NotANumber)),
    }
}

// ------------------------------------------------------------------ evaluation

/// The values of n, t, a, b.
pub(crate) type Env = [i128; 4];

/// The value of `x` (`None`: undefined).
pub(crate) fn eval_num(x: &Num, env: &Env) -> Option<i128> {
    match x {
        Num::Lit(v) => Some(*v),
        Num::Var(v) => Some(env[v.index()]),
        Num::Neg(x) => eval_num(x, env)?.checked_neg(),
        Num::Bin(l, op, r) => {
            let (l, r) = (eval_num(l, env)?, eval_num(r, env)?);
            match op {
                Arith::Add => l.checked_add(r),
                Arith::Sub => l.checked_sub(r),
                Arith::Mul => l.checked_mul(r),
                Arith::Div => floor_div(l, r),
                Arith::Rem => l.checked_rem_euclid(r),
            }
        }
    }
}

/// ⌊l / r⌋, `None` for r = 0 or overflow.
fn floor_div(l: i128, r: i128) -> Option<i128> {
    let q = l.checked_div(r)?;
    if (l % r != 0) && ((l < 0) != (r < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// The truth of `c` (`None`: undefined).
pub(crate) fn eval(c: &Cond, env: &Env) -> Option<bool> {
    match c {
        Cond::Cmp(l, cmp, r) => {
            let (l, r) = (eval_num(l, env)?, eval_num(r, env)?);
            Some(match cmp {
                Cmp::Eq => l == r,
                Cmp::Ne => l != r,
                Cmp::Lt => l < r,
                Cmp::Le => l <= r,
                Cmp::Gt => l > r,
                Cmp::Ge => l >= r,
            })
        }
        Cond::Divides(l, r) => {
            let (l, r) = (eval_num(l, env)?, eval_num(r, env)?);
            Some(if l == 0 {
                r == 0
            } else {
                r.checked_rem(l).is_none_or(|m| m == 0)
            })
        }
        Cond::Is(x, pred, negated) => {
            let v = eval_num(x, env)?;
            let holds = if v < 0 {
                false
            } else {
                let v = u64::try_from(v).ok()?;
                holds(*pred, v)
            };
            Some(holds != *negated)
        }
        Cond::And(l, r) => match eval(l, env)? {
            false => Some(false),
            true => eval(r, env),
        },
        Cond::Or(l, r) => match eval(l, env)? {
            true => Some(true),
            false => eval(r, env),
        },
        Cond::Not(c) => eval(c, env).map(|b| !b),
    }
}

/// Whether `v` has the predicate.
fn holds(pred: Pred, v: u64) -> bool {
    match pred {
        Pred::Prime => is_prime(v),
        Pred::Square => {
            let r = v.isqrt();
            r * r == v
        }
        Pred::PowerOfTwo => v.is_power_of_two(),
        Pred::Fibonacci => {
            let (mut a, mut b) = (0u64, 1u64);
            while a < v {
                let Some(c) = a.checked_add(b) else {
                    return false;
                };
                (a, b) = (b, c);
            }
            a == v
        }
        Pred::Even => v.is_multiple_of(2),
        Pred::Odd => v % 2 == 1,
    }
}

/// Whether `n` is prime: Miller–Rabin with the first twelve primes as bases, which decides
/// every n below 3.3·10^24.
fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let mul = |a: u64, b: u64| ((u128::from(a) * u128::from(b)) % u128::from(n)) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut r = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        r
    };
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

// ------------------------------------------------------------------ analysis

/// Whether `c` reads the variable `v`.
pub(crate) fn mentions(c: &Cond, v: Var) -> bool {
    fn num(x: &Num, v: Var) -> bool {
        match x {
            Num::Lit(_) => false,
            Num::Var(w) => *w == v,
            Num::Neg(x) => num(x, v),
            Num::Bin(l, _, r) => num(l, v) || num(r, v),
        }
    }
    match c {
        Cond::Cmp(l, _, r) | Cond::Divides(l, r) => num(l, v) || num(r, v),
        Cond::Is(x, _, _) => num(x, v),
        Cond::And(l, r) | Cond::Or(l, r) => mentions(l, v) || mentions(r, v),
        Cond::Not(c) => mentions(c, v),
    }
}

/// The value of a number that reads no variable.
fn constant(x: &Num) -> Option<i128> {
    eval_num(x, &[i128::MIN; 4]).filter(|_| !reads_any(x))
}

fn reads_any(x: &Num) -> bool {
    match x {
        Num::Lit(_) => false,
        Num::Var(_) => true,
        Num::Neg(x) => reads_any(x),
        Num::Bin(l, _, r) => reads_any(l) || reads_any(r),
    }
}

/// A bound u such that whenever `c` holds, the variable `v` is at most u (`None`: none is
/// seen). Sound, not complete: `v <= K`, `v < K`, `v = K` (either way round) and `v | K` for
/// a constant K > 0 bound v; `and` takes the smaller bound of its sides, `or` the larger.
pub(crate) fn upper_bound(c: &Cond, v: Var) -> Option<i128> {
    let is_v = |x: &Num| matches!(x, Num::Var(w) if *w == v);
    match c {
        Cond::Cmp(l, cmp, r) => {
            let (cmp, k) = if is_v(l) {
                (*cmp, constant(r)?)
            } else if is_v(r) {
                let flipped = match cmp {
                    Cmp::Lt => Cmp::Gt,
                    Cmp::Le => Cmp::Ge,
                    Cmp::Gt => Cmp::Lt,
                    Cmp::Ge => Cmp::Le,
                    other => *other,
                };
                (flipped, constant(l)?)
            } else {
                return None;
            };
            match cmp {
                Cmp::Le | Cmp::Eq => Some(k),
                Cmp::Lt => k.checked_sub(1),
                _ => None,
            }
        }
        Cond::Divides(l, r) if is_v(l) => constant(r).filter(|&k| k > 0),
        Cond::And(l, r) => match (upper_bound(l, v), upper_bound(r, v)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        },
        Cond::Or(l, r) => Some(upper_bound(l, v)?.max(upper_bound(r, v)?)),
        _ => None,
    }
}

/// Whether `c` says exactly a ≠ b (for a ≤ b: `a != b`, `a < b`, `not a = b`, either way
/// round).
pub(crate) fn says_unequal(c: &Cond) -> bool {
    let ab = |l: &Num, r: &Num| {
        matches!(
            (l, r),
            (Num::Var(Var::A), Num::Var(Var::B)) | (Num::Var(Var::B), Num::Var(Var::A))
        )
    };
    match c {
        Cond::Cmp(l, Cmp::Ne, r) => ab(l, r),
        Cond::Cmp(Num::Var(Var::A), Cmp::Lt, Num::Var(Var::B))
        | Cond::Cmp(Num::Var(Var::B), Cmp::Gt, Num::Var(Var::A)) => true,
        Cond::Not(inner) => matches!(&**inner, Cond::Cmp(l, Cmp::Eq, r) if ab(l, r)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds_for(rule: &str, env: Env) -> Option<bool> {
        let p = parse(rule, 1).unwrap();
        eval(p.alts[0].cond.as_ref().unwrap(), &env)
    }

    #[test]
    fn reads_and_evaluates_the_divisor_game() {
        let rule = "{take t if t | n and t < n}";
        let p = parse(rule, 6).unwrap();
        assert_eq!(p.text, "take t if t | n and t < n");
        assert_eq!(holds_for(rule, [12, 4, 0, 0]), Some(true));
        assert_eq!(holds_for(rule, [12, 5, 0, 0]), Some(false));
        assert_eq!(holds_for(rule, [12, 12, 0, 0]), Some(false));
    }

    #[test]
    fn precedence_and_arithmetic() {
        assert_eq!(
            holds_for("take t if t + 2 * 3 = 7", [9, 1, 0, 0]),
            Some(true)
        );
        assert_eq!(
            holds_for("take t if (t + 2) * 3 = 9", [9, 1, 0, 0]),
            Some(true)
        );
        assert_eq!(holds_for("take t if -7 / 2 = -4", [9, 1, 0, 0]), Some(true));
        assert_eq!(holds_for("take t if -7 % 2 = 1", [9, 1, 0, 0]), Some(true));
        assert_eq!(holds_for("take t if n / (t - 1) = 1", [9, 1, 0, 0]), None);
        assert_eq!(
            holds_for("take t if t = 2 or n / 0 = 1", [9, 2, 0, 0]),
            Some(true)
        );
        assert_eq!(
            holds_for("take t if not t is prime", [9, 9, 0, 0]),
            Some(true)
        );
        assert_eq!(
            holds_for("take t if t is not prime", [9, 7, 0, 0]),
            Some(false)
        );
    }

    #[test]
    fn predicates() {
        let primes: Vec<u64> = (0..40).filter(|&v| is_prime(v)).collect();
        assert_eq!(primes, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]);
        assert!(is_prime(18_446_744_073_709_551_557));
        assert!(!is_prime(3_215_031_751));
        let fib: Vec<u64> = (0..40).filter(|&v| holds(Pred::Fibonacci, v)).collect();
        assert_eq!(fib, [0, 1, 2, 3, 5, 8, 13, 21, 34]);
        let sq: Vec<u64> = (0..40).filter(|&v| holds(Pred::Square, v)).collect();
        assert_eq!(sq, [0, 1, 4, 9, 16, 25, 36]);
    }

    #[test]
    fn bounds_are_found_where_they_are_sure() {
        let bound = |rule: &str| {
            let p = parse(rule, 1).unwrap();
            upper_bound(p.alts[0].cond.as_ref().unwrap(), Var::T)
        };
        assert_eq!(bound("take t if t <= 3"), Some(3));
        assert_eq!(bound("take t if 5 > t and t is odd"), Some(4));
        assert_eq!(bound("take t if t = 1 or t = 4"), Some(4));
        assert_eq!(bound("take t if t | 12"), Some(12));
        assert_eq!(bound("take t if t = 1 or t is prime"), None);
        assert_eq!(bound("take t if not t > 3"), None);
    }

    #[test]
    fn errors_name_the_column() {
        let err = |rule: &str| parse(rule, 6).unwrap_err();
        assert_eq!(err("{take t if t | q}").0, 21);
        assert!(matches!(
            err("{take t if t | q}").1,
            RuleSyntax::UnknownVariable { .. }
        ));
        assert_eq!(
            err("{take t if t +}").1.to_string(),
            "expected a number, a variable or `(`, found the end of the rule"
        );
        assert!(matches!(
            err("{take t if t < 2 < 3}").1,
            RuleSyntax::Chained
        ));
        assert!(matches!(err("{take t if t + 1}").1, RuleSyntax::NotATruth));
        assert!(matches!(err("{take t if t < 2").1, RuleSyntax::Unclosed));
        assert!(matches!(err("{take x}").1, RuleSyntax::FormVariable { .. }));
        assert!(matches!(err("{move t}").1, RuleSyntax::NoForm(_)));
        assert!(matches!(
            err("{take t if t is big}").1,
            RuleSyntax::UnknownPredicate(_)
        ));
        assert!(matches!(
            err("{take t if a < 2}").1,
            RuleSyntax::UnknownVariable { .. }
        ));
        assert!(matches!(
            err("{take t if t # 2}").1,
            RuleSyntax::BadChar('#')
        ));
        assert!(matches!(err("{}").1, RuleSyntax::Empty));
        assert!(matches!(err("{take t} x").1, RuleSyntax::AfterBrace(_)));
    }
}
