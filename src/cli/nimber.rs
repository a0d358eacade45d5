//! `nimsolve nimber EXPR`: an expression of nimbers read and evaluated with the library's
//! nimber arithmetic ([`nimsolve::nimber`]): `+` the nim-sum, `*` the nim-product, `/` the
//! nim-quotient, `^` a power by an ordinary whole exponent, parentheses, and decimal numbers of
//! any length. `^` binds tighter than `*` and `/`, which bind tighter than `+`; `*`, `/` and `+`
//! group from the left. `⊕`, `⊗` (or `×`, `·`) and `⊘` (or `÷`) may stand for `+`, `*` and `/`.
//!
//! A bad expression is a typed [`ExprError`] naming the column (1-based, in characters), the
//! token and why, worded by each language.

use nimsolve::Nat;
use nimsolve::error::NimberError;
use nimsolve::nimber::{self, ProductExplanation};

/// The most parentheses open at once.
pub const MAX_DEPTH: usize = 200;

/// The most steps of one product `--explain` shows.
pub const MAX_PRODUCT_STEPS: usize = 16;

/// Why an expression cannot be evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprWhy {
    /// Nothing to evaluate.
    Empty,
    /// A character that is no part of an expression.
    NotAToken,
    /// A minus sign: nimbers have no subtraction other than the nim-sum.
    Minus,
    /// An operator, `)` or the end where a number or `(` was expected.
    ExpectedOperand,
    /// A number or `(` where an operator or the end was expected.
    ExpectedOperator,
    /// A `(` never closed (the column is the `(`'s).
    Unclosed,
    /// A `)` that closes no `(`.
    Unopened,
    /// `^` not followed by a whole number.
    ExponentNotANumber,
    /// `a^b^c`.
    ChainedPower,
    /// More than [`MAX_DEPTH`] parentheses open at once.
    TooDeep {
        /// The most.
        most: usize,
    },
    /// The arithmetic refused: a division by 0, a power too large (at its operator).
    Nimber(NimberError),
}

/// A bad expression: where, what and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    /// 1-based column, in characters, of the token (one past the last character at the end).
    pub column: usize,
    /// The token as written, `None` at the end of the expression.
    pub token: Option<String>,
    /// Why.
    pub why: ExprWhy,
}

impl std::fmt::Display for ExprError {
    /// The English words.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::cli::i18n::{Lang, words};
        f.write_str(&words(Lang::En).expr_error(self))
    }
}

impl std::error::Error for ExprError {}

/// One operation of an evaluation, with its operands and value, for `--explain`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NimberOp {
    /// a ⊕ b.
    Sum {
        /// a.
        a: Nat,
        /// b.
        b: Nat,
        /// a ⊕ b.
        value: Nat,
    },
    /// a ⊗ b, with the steps of the Fermat-power recursion.
    Product {
        /// a.
        a: Nat,
        /// b.
        b: Nat,
        /// a ⊗ b.
        value: Nat,
        /// Its steps.
        steps: ProductExplanation,
    },
    /// a ⊘ b = a ⊗ b⁻¹.
    Quotient {
        /// a.
        a: Nat,
        /// b.
        b: Nat,
        /// b⁻¹.
        inverse: Nat,
        /// a ⊘ b.
        value: Nat,
    },
    /// a^e.
    Power {
        /// a.
        a: Nat,
        /// e, an ordinary whole number.
        e: Nat,
        /// a^e.
        value: Nat,
    },
}

/// An evaluated expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The expression written again with ⊕, ⊗, ⊘ and ^, single spaces around ⊕, ⊗ and ⊘, and
    /// its numbers without leading zeros.
    pub canonical: String,
    /// Its value.
    pub value: Nat,
    /// Every operation, in the order evaluated (empty unless asked for).
    pub ops: Vec<NimberOp>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    Number(Nat),
    Plus,
    Times,
    Divide,
    Power,
    Open,
    Close,
}

#[derive(Debug, Clone)]
struct Token {
    kind: Kind,
    column: usize,
    text: String,
}

fn tokens(text: &str) -> Result<Vec<Token>, ExprError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c == ' ' || c == '\t' {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            let value = Nat::parse_decimal(digits.as_bytes()).unwrap_or_default();
            out.push(Token {
                kind: Kind::Number(value),
                column,
                text: digits,
            });
            continue;
        }
        let kind = match c {
            '+' | '⊕' => Kind::Plus,
            '*' | '⊗' | '×' | '·' => Kind::Times,
            '/' | '⊘' | '÷' => Kind::Divide,
            '^' => Kind::Power,
            '(' => Kind::Open,
            ')' => Kind::Close,
            _ => {
                // A run of letters or other characters is shown whole (`0x1f`, `abc`).
                let start = i;
                let mut end = i + 1;
                if c.is_alphanumeric() {
                    while end < chars.len() && chars[end].is_alphanumeric() {
                        end += 1;
                    }
                }
                let why = if c == '-' || c == '−' {
                    ExprWhy::Minus
                } else {
                    ExprWhy::NotAToken
                };
                return Err(ExprError {
                    column,
                    token: Some(chars[start..end].iter().collect()),
                    why,
                });
            }
        };
        out.push(Token {
            kind,
            column,
            text: c.to_string(),
        });
        i += 1;
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    /// The column one past the end.
    end: usize,
    explain: bool,
    ops: Vec<NimberOp>,
    depth: usize,
}

/// A value and its canonical text.
struct Value {
    value: Nat,
    text: String,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn error_here(&self, why: ExprWhy) -> ExprError {
        match self.peek() {
            Some(t) => ExprError {
                column: t.column,
                token: Some(t.text.clone()),
                why,
            },
            None => ExprError {
                column: self.end,
                token: None,
                why,
            },
        }
    }

    fn expr(&mut self) -> Result<Value, ExprError> {
        let mut left = self.term()?;
        while let Some(Kind::Plus) = self.peek().map(|t| &t.kind) {
            self.at += 1;
            let right = self.term()?;
            let value = nimber::sum(&left.value, &right.value);
            if self.explain {
                self.ops.push(NimberOp::Sum {
                    a: left.value,
                    b: right.value,
                    value: value.clone(),
                });
            }
            left = Value {
                value,
                text: format!("{} ⊕ {}", left.text, right.text),
            };
        }
        Ok(left)
    }

    fn term(&mut self) -> Result<Value, ExprError> {
        let mut left = self.power()?;
        loop {
            let Some(op) = self.peek().cloned() else {
                break;
            };
            if op.kind != Kind::Times && op.kind != Kind::Divide {
                break;
            }
            self.at += 1;
            let right = self.power()?;
            let refused = |e: NimberError| ExprError {
                column: op.column,
                token: Some(op.text.clone()),
                why: ExprWhy::Nimber(e),
            };
            let (value, symbol) = if op.kind == Kind::Times {
                let value = nimber::mul(&left.value, &right.value);
                if self.explain {
                    self.ops.push(NimberOp::Product {
                        a: left.value.clone(),
                        b: right.value.clone(),
                        value: value.clone(),
                        steps: nimber::explain_product(
                            &left.value,
                            &right.value,
                            MAX_PRODUCT_STEPS,
                        ),
                    });
                }
                (value, '⊗')
            } else {
                let inverse = nimber::inverse(&right.value).map_err(refused)?;
                let value = nimber::mul(&left.value, &inverse);
                if self.explain {
                    self.ops.push(NimberOp::Quotient {
                        a: left.value.clone(),
                        b: right.value.clone(),
                        inverse,
                        value: value.clone(),
                    });
                }
                (value, '⊘')
            };
            left = Value {
                value,
                text: format!("{} {symbol} {}", left.text, right.text),
            };
        }
        Ok(left)
    }

    fn power(&mut self) -> Result<Value, ExprError> {
        let base = self.primary()?;
        let Some(op) = self.peek().cloned().filter(|t| t.kind == Kind::Power) else {
            return Ok(base);
        };
        self.at += 1;
        let e = match self.peek().map(|t| t.kind.clone()) {
            Some(Kind::Number(e)) => {
                self.at += 1;
                e
            }
            _ => return Err(self.error_here(ExprWhy::ExponentNotANumber)),
        };
        if self.peek().is_some_and(|t| t.kind == Kind::Power) {
            return Err(self.error_here(ExprWhy::ChainedPower));
        }
        let value = nimber::pow(&base.value, &e).map_err(|e| ExprError {
            column: op.column,
            token: Some(op.text.clone()),
            why: ExprWhy::Nimber(e),
        })?;
        if self.explain {
            self.ops.push(NimberOp::Power {
                a: base.value,
                e: e.clone(),
                value: value.clone(),
            });
        }
        Ok(Value {
            value,
            text: format!("{}^{e}", base.text),
        })
    }

    fn primary(&mut self) -> Result<Value, ExprError> {
        let Some(t) = self.peek().cloned() else {
            return Err(self.error_here(ExprWhy::ExpectedOperand));
        };
        match t.kind {
            Kind::Number(value) => {
                self.at += 1;
                Ok(Value {
                    text: value.to_string(),
                    value,
                })
            }
            Kind::Open => {
                if self.depth == MAX_DEPTH {
                    return Err(self.error_here(ExprWhy::TooDeep { most: MAX_DEPTH }));
                }
                self.depth += 1;
                self.at += 1;
                let inner = self.expr()?;
                match self.peek().map(|t| &t.kind) {
                    Some(Kind::Close) => self.at += 1,
                    None => {
                        return Err(ExprError {
                            column: t.column,
                            token: Some(t.text),
                            why: ExprWhy::Unclosed,
                        });
                    }
                    Some(_) => return Err(self.error_here(ExprWhy::ExpectedOperator)),
                }
                self.depth -= 1;
                Ok(Value {
                    value: inner.value,
                    text: format!("({})", inner.text),
                })
            }
            _ => Err(self.error_here(ExprWhy::ExpectedOperand)),
        }
    }
}

/// Evaluates `text`, recording every operation when `explain`.
///
/// # Errors
/// An [`ExprError`] naming the column, the token and why.
pub fn evaluate(text: &str, explain: bool) -> Result<Evaluation, ExprError> {
    let tokens = tokens(text)?;
    let end = text.chars().count() + 1;
    if tokens.is_empty() {
        return Err(ExprError {
            column: end,
            token: None,
            why: ExprWhy::Empty,
        });
    }
    let mut parser = Parser {
        tokens,
        at: 0,
        end,
        explain,
        ops: Vec::new(),
        depth: 0,
    };
    let value = parser.expr()?;
    if let Some(t) = parser.peek() {
        let why = if t.kind == Kind::Close {
            ExprWhy::Unopened
        } else {
            ExprWhy::ExpectedOperator
        };
        return Err(parser.error_here(why));
    }
    Ok(Evaluation {
        canonical: value.text,
        value: value.value,
        ops: parser.ops,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> String {
        evaluate(text, false).unwrap().value.to_string()
    }

    fn why(text: &str) -> (usize, ExprWhy) {
        let e = evaluate(text, false).unwrap_err();
        (e.column, e.why)
    }

    #[test]
    fn the_examples() {
        assert_eq!(value("2*3"), "1");
        assert_eq!(value("4*4"), "6");
        assert_eq!(value("8*8"), "13");
        assert_eq!(value("2 + 3 * 3"), "0");
        assert_eq!(value("(2+3)*3"), "3");
        assert_eq!(value("2^3"), "1");
        assert_eq!(value("2*3^2"), "3");
        assert_eq!(value("1/2"), "3");
        assert_eq!(value("007"), "7");
        assert_eq!(
            evaluate("8*(1+2)^2", false).unwrap().canonical,
            "8 ⊗ (1 ⊕ 2)^2"
        );
    }

    #[test]
    fn bad_expressions_name_their_column() {
        assert_eq!(why(""), (1, ExprWhy::Empty));
        assert_eq!(why("2*"), (3, ExprWhy::ExpectedOperand));
        assert_eq!(why("2 3"), (3, ExprWhy::ExpectedOperator));
        assert_eq!(why("(2+3"), (1, ExprWhy::Unclosed));
        assert_eq!(why("2+3)"), (4, ExprWhy::Unopened));
        assert_eq!(why("2-3"), (2, ExprWhy::Minus));
        assert_eq!(why("2^(1)"), (3, ExprWhy::ExponentNotANumber));
        assert_eq!(why("2^2^2"), (4, ExprWhy::ChainedPower));
        assert_eq!(
            why("5/(2+2)"),
            (2, ExprWhy::Nimber(NimberError::DivisionByZero))
        );
        assert_eq!(why("2x"), (2, ExprWhy::NotAToken));
        let deep = "(".repeat(MAX_DEPTH + 1);
        assert_eq!(
            why(&deep),
            (MAX_DEPTH + 1, ExprWhy::TooDeep { most: MAX_DEPTH })
        );
    }
}
