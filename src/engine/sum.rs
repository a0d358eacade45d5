//! A position as a sum of components, each with its own rules, and the grammar that writes one.
//!
//! ```text
//! position  = component ( "+" component )*
//! component = [ spec ] piles
//! spec      = "nim" | "max-take:" K | "subtract:" SET | "wythoff" | … | "rule:{" RULE "}"
//! piles     = pile ( separator pile )*           (as in a position of one game)
//! ```
//!
//! A component without a spec is played under the default rules (the command line's flags).
//! Piles are numbered across the whole position, in the order written: in
//! `3 5 7 + wythoff 3 5`, piles 4 and 5 are Wythoff's. Brackets `(14,21,39)` and full-width
//! commas `14，21，39` are read as written in texts that use them.

use crate::error::{PositionError, RuleError};
use crate::games::words::MoveWords;
use crate::moves::Move;
use crate::nat::Nat;
use crate::position::{bad_pile, parse_position_within};
use crate::ruleset::Rules;

/// One component's place in a position: its rules and the end of its piles (its piles run from
/// the previous component's end; an end past the last pile is the last pile's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The component's rules.
    pub rules: Rules,
    /// One past its last pile, in the whole position.
    pub end: usize,
}

/// A component of a position, borrowed.
#[derive(Debug, Clone, Copy)]
pub struct Component<'a> {
    /// 0-based component number.
    pub index: usize,
    /// Its rules.
    pub rules: &'a Rules,
    /// Its piles.
    pub piles: &'a [Nat],
    /// Where its first pile stands in the whole position (0-based).
    pub offset: usize,
}

/// A position: piles, numbered across the whole position, split into components. The default
/// is the empty position: no component, no pile.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Position {
    piles: Vec<Nat>,
    parts: Vec<Part>,
}

impl Position {
    /// A position of one component.
    ///
    /// # Errors
    /// [`PositionError::Piles`] when the rules need another number of piles
    /// (Wythoff's game: two).
    pub fn new(rules: Rules, piles: Vec<Nat>) -> Result<Position, PositionError> {
        Position::sum([(rules, piles)])
    }

    /// The sum of `components`, in order.
    ///
    /// # Errors
    /// As [`Position::new`], naming the component.
    ///
    /// ```
    /// use nimsolve::{Nat, Position, Rules};
    /// let n = |v: u64| Nat::from(v);
    /// let p = Position::sum([(Rules::nim(), vec![n(3), n(5)]), (Rules::wythoff(), vec![n(1), n(2)])]).unwrap();
    /// assert_eq!(p.components().count(), 2);
    /// assert!(Position::new(Rules::wythoff(), vec![n(1)]).is_err());
    /// ```
    pub fn sum(
        components: impl IntoIterator<Item = (Rules, Vec<Nat>)>,
    ) -> Result<Position, PositionError> {
        let mut position = Position {
            piles: Vec::new(),
            parts: Vec::new(),
        };
        for (rules, piles) in components {
            position.piles.extend(piles);
            position.parts.push(Part {
                rules,
                end: position.piles.len(),
            });
        }
        position.check()?;
        Ok(position)
    }

    fn check(&self) -> Result<(), PositionError> {
        for c in self.components() {
            if let Err(why) = c.rules.check_component(c.piles) {
                return Err(PositionError::NotAState {
                    component: (!self.is_single()).then_some(c.index + 1),
                    game: c.rules.spec(),
                    why,
                });
            }
            if let Some(needs) = c.rules.component_piles()
                && c.piles.len() != needs
            {
                if self.is_single() {
                    return Err(PositionError::Piles {
                        game: c.rules.spec(),
                        piles: c.piles.len(),
                        needs,
                    });
                }
                return Err(PositionError::ComponentPiles {
                    component: c.index + 1,
                    game: c.rules.spec(),
                    piles: c.piles.len(),
                    needs,
                });
            }
        }
        Ok(())
    }

    /// Every pile, in order.
    pub fn piles(&self) -> &[Nat] {
        &self.piles
    }

    /// The components' places.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The components, in order.
    pub fn components(&self) -> impl Iterator<Item = Component<'_>> {
        components(&self.piles, &self.parts)
    }

    /// Whether the position has one component.
    pub fn is_single(&self) -> bool {
        self.parts.len() == 1
    }

    /// The position after `mv`, whose legality under the rules is checked by
    /// [`crate::Game::apply_move`]; here only that it fits the piles.
    ///
    /// # Errors
    /// As [`Move::apply`].
    pub fn after(&self, mv: &Move) -> Result<Position, crate::error::MoveError> {
        let piles = mv.apply(&self.piles)?;
        let mut parts = self.parts.clone();
        // A split puts several heaps in the place of one, a whole component's move may change
        // its count of numbers: the components from the move's on end that much later.
        let growth = mv.growth();
        let pile = mv.piles().start;
        for part in parts.iter_mut().filter(|p| p.end > pile) {
            part.end = part.end.saturating_add_signed(growth);
        }
        Ok(Position { piles, parts })
    }

    /// The position before `mv`, from this one after it: the inverse of [`Position::after`]
    /// (`None` if the move does not fit these piles).
    pub fn before(&self, mv: &Move) -> Option<Position> {
        let piles = mv.undo(&self.piles)?;
        let growth = mv.growth();
        let pile = mv.piles().start;
        let mut parts = self.parts.clone();
        // The move's component starts at its first pile; it may have been left with none.
        let mut start = 0;
        let mut moved = None;
        for (i, part) in parts.iter().enumerate() {
            if start == pile && part.end >= pile {
                moved = Some(i);
                break;
            }
            start = part.end;
        }
        let moved = moved.or_else(|| parts.iter().position(|p| p.end > pile))?;
        for part in &mut parts[moved..] {
            part.end = part.end.checked_add_signed(-growth)?;
        }
        Some(Position { piles, parts })
    }

    /// The component that `mv` is made in (its first pile's).
    pub fn component_of(&self, mv: &Move) -> Option<Component<'_>> {
        component_of(&self.piles, &self.parts, mv.piles().start)
    }

    /// What `mv` does in the terms of its component's game ([`crate::games::words::move_words`]),
    /// from this position before it; the move's shape when no component holds its pile.
    pub fn move_words(&self, mv: &Move) -> MoveWords {
        let components = self
            .components()
            .map(|c| (c.rules, c.offset..c.offset + c.piles.len()));
        crate::games::words::move_words_in(components, &self.piles, mv)
            .unwrap_or_else(|| MoveWords::of_shape(mv, &self.piles, 0))
    }

    /// The position's heaps: the piles of its components that are not played as one whole
    /// state (a staircase, a graph, a row of coins has none), in order, as 0-based piles of
    /// the whole position. People number a sum's piles by this list (from 1): in
    /// `hackenbush 0-1,1-2 + 5` the heap 5 is pile 1.
    pub fn heaps(&self) -> Vec<usize> {
        self.components()
            .filter(|c| !c.rules.is_whole())
            .flat_map(|c| c.offset..c.offset + c.piles.len())
            .collect()
    }

    /// [`Position::move_words`] of `mv` from this position after it.
    pub fn move_words_after(&self, mv: &Move) -> MoveWords {
        match self.before(mv) {
            Some(before) => before.move_words(mv),
            None => MoveWords::of_shape(mv, &[], 0),
        }
    }

    /// The component `mv` is made in (0-based) and that component after the move written in
    /// the position grammar ([`write_component`]), which reads back as that component: from
    /// this position before the move. `None` if the move does not fit the piles.
    pub fn component_after(&self, mv: &Move) -> Option<(usize, String)> {
        let c = self.component_of(mv)?;
        Some((c.index, component_after(c.rules, c.piles, c.offset, mv)?))
    }

    /// This position made one component of `part` with `piles`, swapped in (its old piles are
    /// left in `piles`); its memory is reused, its parts kept when they are `part` already.
    /// The piles must fit the part's rules (checked by the caller).
    pub(crate) fn refill(&mut self, part: &Part, piles: &mut Vec<Nat>) {
        std::mem::swap(&mut self.piles, piles);
        match self.parts.as_mut_slice() {
            [only] if only.rules.is(&part.rules) => {}
            _ => {
                self.parts.clear();
                self.parts.push(part.clone());
            }
        }
        self.parts[0].end = self.piles.len();
    }

    /// A position of checked parts (the last one's end may be unbounded).
    pub(crate) fn from_parts(piles: Vec<Nat>, mut parts: Vec<Part>) -> Position {
        if let Some(last) = parts.last_mut() {
            last.end = last.end.min(piles.len());
        }
        Position { piles, parts }
    }
}

/// Appends a component in the position grammar: its spec, unless it is Nim (the default
/// game), then its piles separated by spaces: `kayles 3 6`, `wythoff 1 2`, `2 5 7`. A Nim
/// component without piles is written `0`; another family's, as its spec alone. Reading it
/// back ([`parse_sum`] with Nim the default) gives the same component.
pub fn write_component(rules: &Rules, piles: &[Nat], out: &mut Vec<u8>) {
    let nim = rules.written_without_spec();
    if !nim {
        out.extend_from_slice(rules.spec().as_bytes());
        if !piles.is_empty() {
            out.push(b' ');
        }
    }
    rules.write_piles(piles, out);
    if nim && piles.is_empty() {
        out.push(b'0');
    }
}

/// The component of `rules` whose piles `piles` stand at `offset` in the whole position, after
/// `mv` (which names piles of the whole position), written in the position grammar
/// ([`write_component`]); `None` if the move does not fit the piles.
pub fn component_after(rules: &Rules, piles: &[Nat], offset: usize, mv: &Move) -> Option<String> {
    let local = mv.clone().unshifted(offset)?;
    let mut text = Vec::new();
    match &local {
        // A whole state's move names what it leaves, a loop on a graph too (which leaves
        // the numbers as they were, no change of piles).
        Move::To {
            pile: 0,
            before,
            after,
        } if piles == &before[..] => write_component(rules, after, &mut text),
        _ => write_component(rules, &local.apply(piles).ok()?, &mut text),
    }
    String::from_utf8(text).ok()
}

/// The components of `piles` split by `parts`.
pub(crate) fn components<'a>(
    piles: &'a [Nat],
    parts: &'a [Part],
) -> impl Iterator<Item = Component<'a>> {
    let mut start = 0;
    parts.iter().enumerate().map(move |(index, part)| {
        // The last part of a game's one-component view ends with the piles, however many.
        let end = part.end.min(piles.len());
        let offset = start;
        start = end;
        Component {
            index,
            rules: &part.rules,
            piles: &piles[offset..end],
            offset,
        }
    })
}

/// The component that pile `pile` (0-based) belongs to.
pub(crate) fn component_of<'a>(
    piles: &'a [Nat],
    parts: &'a [Part],
    pile: usize,
) -> Option<Component<'a>> {
    components(piles, parts).find(|c| pile >= c.offset && pile < c.offset + c.piles.len())
}

/// Whether a line needs the grammar of sums (a game spec, a `+`, brackets or full-width
/// punctuation), rather than a list of piles alone.
pub fn is_sum_text(text: &[u8]) -> bool {
    text.iter()
        .any(|&c| c.is_ascii_alphabetic() || matches!(c, b'+' | b'(' | b')' | 0xEF))
}

/// Reads positions written in the grammar of sums, segment by segment: the command line's
/// arguments are segments of one position, a batch line is one. Errors name the column in
/// the segment.
pub struct SumParser<'r> {
    default: Rules,
    resolve: &'r mut dyn FnMut(&str) -> Result<Rules, RuleError>,
    piles: Vec<Nat>,
    parts: Vec<Part>,
    /// The current component's rules, if a spec named them.
    current: Option<Rules>,
    /// Where the current component's piles start.
    start: usize,
    /// A `+` was read and its component has nothing yet: its column.
    plus: Option<usize>,
    /// A comma was read that waits for its pile: its column.
    comma: Option<usize>,
    /// The rules a component without a spec takes, by its place (see [`SumParser::carry`]).
    carried: Vec<Rules>,
}

impl<'r> SumParser<'r> {
    /// A parser whose components without a spec play under `default`, and which turns specs
    /// into rules with `resolve` (so a caller can share the rules of equal specs).
    pub fn new(
        default: Rules,
        resolve: &'r mut dyn FnMut(&str) -> Result<Rules, RuleError>,
    ) -> SumParser<'r> {
        SumParser {
            default,
            resolve,
            piles: Vec::new(),
            parts: Vec::new(),
            current: None,
            start: 0,
            plus: None,
            comma: None,
            carried: Vec::new(),
        }
    }

    /// Components without a spec take `rules` by their place, the k-th component the k-th
    /// rules (those past the end of `rules` the default): the rules of the position before,
    /// carried to a position written as piles alone. A spec still names its component's rules.
    ///
    /// ```
    /// use nimsolve::{Rules, SumParser};
    /// let mut resolve = |spec: &str| Rules::parse(spec);
    /// let mut parser = SumParser::new(Rules::nim(), &mut resolve);
    /// parser.carry(vec![Rules::parse("kayles").unwrap()]);
    /// parser.feed(b"1 8 + 3").unwrap();
    /// let p = parser.finish().unwrap();
    /// let specs: Vec<String> = p.components().map(|c| c.rules.spec()).collect();
    /// assert_eq!(specs, ["kayles", "nim"]);
    /// ```
    pub fn carry(&mut self, rules: Vec<Rules>) {
        self.carried = rules;
    }

    /// Reads one segment.
    ///
    /// # Errors
    /// [`PositionError`] with the 1-based byte column in this segment: a bad pile, an empty
    /// field between commas, a bad or misplaced spec, an empty component.
    pub fn feed(&mut self, text: &[u8]) -> Result<(), PositionError> {
        let n = text.len();
        let ends = |c: u8| matches!(c, b' ' | b'\t' | b'+' | b'(' | b')' | b',');
        let mut i = 0;
        while i < n {
            let c = text[i];
            // Full-width punctuation (three bytes in UTF-8): "，" and the brackets "（" "）".
            let wide = text[i..].starts_with("，".as_bytes());
            let wide_bracket =
                text[i..].starts_with("（".as_bytes()) || text[i..].starts_with("）".as_bytes());
            if matches!(c, b' ' | b'\t' | b'(' | b')') || wide_bracket {
                i += if wide_bracket { 3 } else { 1 };
                continue;
            }
            if c == b',' || wide {
                if self.comma.is_some() || self.piles.len() == self.start {
                    return Err(PositionError::EmptyPile { column: i + 1 });
                }
                self.comma = Some(i + 1);
                i += if wide { 3 } else { 1 };
                continue;
            }
            if c == b'+' {
                self.pending_comma()?;
                if self.piles.len() == self.start
                    && self.current.is_none()
                    && self.plus.is_none()
                    && text.get(i + 1).is_some_and(u8::is_ascii_digit)
                {
                    // `+3` where a pile is due: a signed number, not a sum.
                    let end = (i + 1..n).find(|&j| ends(text[j])).unwrap_or(n);
                    return Err(bad_pile(
                        &text[i..end],
                        i,
                        &crate::error::NumberError::NotADigit { index: 0 },
                    ));
                }
                if self.current.is_none() && self.piles.len() == self.start {
                    return Err(PositionError::EmptyComponent {
                        column: self.plus.unwrap_or(i + 1),
                    });
                }
                self.close();
                self.plus = Some(i + 1);
                i += 1;
                continue;
            }
            let start = i;
            // A component whose game reads its own tokens (the vertices of a graph) takes a
            // word as its token when the word is one of its tokens, or, once the component is
            // under way, when the game refuses it as no vertex (rather than as a spec).
            let word_is_token = c.is_ascii_alphabetic() && {
                let rules = self
                    .current
                    .as_ref()
                    .unwrap_or_else(|| self.carried.get(self.parts.len()).unwrap_or(&self.default));
                let end = (i..n).find(|&j| ends(text[j])).unwrap_or(n);
                let mut scratch = Vec::new();
                match rules.numbers_of_token(&text[i..end], &mut scratch) {
                    Some(Ok(())) => true,
                    Some(Err(crate::error::NumberError::NoSuchVertex)) => {
                        self.current.is_some() || self.piles.len() > self.start
                    }
                    _ => false,
                }
            };
            if c.is_ascii_alphabetic() && !word_is_token {
                // A spec runs to the next blank (a subtraction set holds commas), and over
                // anything in braces (a heap rule `rule:{take t if t | n}`) to its `}`.
                let mut braces = 0usize;
                while i < n
                    && (braces > 0
                        || text[i] == b','
                        || (!ends(text[i]) && !text[i..].starts_with("（".as_bytes())))
                {
                    match text[i] {
                        b'{' => braces += 1,
                        b'}' => braces = braces.saturating_sub(1),
                        _ => {}
                    }
                    i += 1;
                }
                let spec = String::from_utf8_lossy(&text[start..i]);
                if self.current.is_some() || self.piles.len() > self.start {
                    // After a pile: a game's name out of place, or a bad pile.
                    if Rules::parse(&spec).is_err() {
                        // A game that reads its own tokens says what is wrong with this one
                        // (a graph's edge `a-b`).
                        let rules = self.current.as_ref().unwrap_or_else(|| {
                            self.carried.get(self.parts.len()).unwrap_or(&self.default)
                        });
                        let mut scratch = Vec::new();
                        if let Some(Err(e)) = rules.numbers_of_token(&text[start..i], &mut scratch)
                        {
                            return Err(bad_pile(&text[start..i], start, &e));
                        }
                        return Err(bad_pile(
                            &text[start..i],
                            start,
                            &crate::error::NumberError::NotADigit { index: 0 },
                        ));
                    }
                    return Err(PositionError::MisplacedRules {
                        spec: crate::ruleset::cut(&spec),
                        column: start + 1,
                    });
                }
                let rules = (self.resolve)(&spec).map_err(|why| PositionError::BadRules {
                    spec: crate::ruleset::cut(&spec),
                    column: start + 1,
                    why,
                })?;
                self.current = Some(rules);
                self.plus = None;
                continue;
            }
            while i < n
                && !ends(text[i])
                && !text[i..].starts_with("，".as_bytes())
                && !text[i..].starts_with("（".as_bytes())
                && !text[i..].starts_with("）".as_bytes())
            {
                i += 1;
            }
            let token = &text[start..i];
            // A component reads its piles under its own rules (digital deletions reads `0023`
            // as a digit string): those of its spec, carried, or the default.
            let rules = self
                .current
                .as_ref()
                .unwrap_or_else(|| self.carried.get(self.parts.len()).unwrap_or(&self.default));
            if let Some(read) = rules.numbers_of_token(token, &mut self.piles) {
                read.map_err(|e| match e {
                    crate::error::NumberError::NoSuchVertex => PositionError::NoSuchVertex {
                        token: crate::ruleset::cut(&String::from_utf8_lossy(token)),
                        column: start + 1,
                    },
                    e => bad_pile(token, start, &e),
                })?;
            } else {
                match rules
                    .pile_of_token(token)
                    .map_or_else(|| Nat::parse_decimal(token), Ok)
                {
                    Ok(pile) => self.piles.push(pile),
                    Err(e) => return Err(bad_pile(token, start, &e)),
                }
            }
            self.comma = None;
            self.plus = None;
        }
        Ok(())
    }

    fn pending_comma(&self) -> Result<(), PositionError> {
        match self.comma {
            Some(column) => Err(PositionError::EmptyPile { column }),
            None => Ok(()),
        }
    }

    fn close(&mut self) {
        let rules = self.current.take().unwrap_or_else(|| {
            self.carried
                .get(self.parts.len())
                .unwrap_or(&self.default)
                .clone()
        });
        self.parts.push(Part {
            rules,
            end: self.piles.len(),
        });
        self.start = self.piles.len();
    }

    /// The position read.
    ///
    /// # Errors
    /// A comma or `+` with nothing after it (its column in the last segment), a component
    /// with the wrong number of piles for its game.
    pub fn finish(mut self) -> Result<Position, PositionError> {
        self.pending_comma()?;
        if let Some(column) = self.plus {
            return Err(PositionError::EmptyComponent { column });
        }
        // Brackets alone: a component holds at least a spec or a pile.
        if self.parts.is_empty() && self.current.is_none() && self.piles.is_empty() {
            return Err(PositionError::EmptyComponent { column: 1 });
        }
        self.close();
        let position = Position {
            piles: self.piles,
            parts: self.parts,
        };
        position.check()?;
        Ok(position)
    }
}

/// Parses one position in the grammar of sums, components without a spec under `default`.
///
/// # Errors
/// As [`SumParser::feed`] and [`SumParser::finish`].
///
/// ```
/// use nimsolve::{parse_sum, Rules};
/// let p = parse_sum("3 5 7 + wythoff 3 5 + subtract:1,3,4 10", &Rules::nim()).unwrap();
/// let specs: Vec<String> = p.components().map(|c| c.rules.spec()).collect();
/// assert_eq!(specs, ["nim", "wythoff", "subtract:1,3,4"]);
/// assert_eq!(p.piles().len(), 6);
/// assert!(parse_sum("3 + + 4", &Rules::nim()).is_err());
/// ```
pub fn parse_sum(text: &str, default: &Rules) -> Result<Position, PositionError> {
    let mut resolve = |spec: &str| Rules::parse(spec);
    let mut parser = SumParser::new(default.clone(), &mut resolve);
    parser.feed(text.as_bytes())?;
    parser.finish()
}

/// Parses a line of piles alone (no spec, no `+`) as [`parse_position_within`] does, or a sum,
/// into `position`.
///
/// # Errors
/// As [`parse_sum`].
pub fn parse_line(
    bytes: &[u8],
    len: usize,
    default: &Rules,
    resolve: &mut dyn FnMut(&str) -> Result<Rules, RuleError>,
) -> Result<Position, PositionError> {
    let line = &bytes[..len];
    if !is_sum_text(line) && !default.reads_tokens() {
        let mut piles = Vec::new();
        parse_position_within(bytes, len, &mut piles)?;
        return Position::new(default.clone(), piles);
    }
    let mut parser = SumParser::new(default.clone(), resolve);
    parser.feed(line)?;
    parser.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs(p: &Position) -> Vec<(String, Vec<String>)> {
        p.components()
            .map(|c| (c.rules.spec(), c.piles.iter().map(Nat::to_string).collect()))
            .collect()
    }

    fn sum(text: &str) -> Result<Position, PositionError> {
        parse_sum(text, &Rules::nim())
    }

    #[test]
    fn reads_components_with_and_without_specs() {
        let p = sum("3 5 7 + wythoff 3 5 + max-take:3 10").unwrap();
        assert_eq!(
            specs(&p),
            vec![
                ("nim".into(), vec!["3".into(), "5".into(), "7".into()]),
                ("wythoff".into(), vec!["3".into(), "5".into()]),
                ("max-take:3".into(), vec!["10".into()]),
            ]
        );
        // The default rules for a component without a spec; the subtraction set's commas.
        let take = Rules::parse("max-take:2").unwrap();
        let p = parse_sum("4 + subtract:1,3,4 10", &take).unwrap();
        assert_eq!(p.components().next().unwrap().rules, &take);
        assert_eq!(
            p.components().nth(1).unwrap().rules.spec(),
            "subtract:1,3,4"
        );
        // {1..3} is take 1..3, under one name.
        let p = sum("subtract:1..3 7").unwrap();
        assert_eq!(p.components().next().unwrap().rules.spec(), "max-take:3");
    }

    #[test]
    fn reads_brackets_and_full_width_commas() {
        for text in ["(14,21,39)", "14，21，39", "（14, 21, 39）", "( 14 21 39 )"] {
            let p = sum(text).unwrap();
            assert_eq!(p.piles(), &[14u64, 21, 39].map(Nat::from), "{text}");
        }
    }

    #[test]
    fn errors_name_the_column_and_why() {
        assert_eq!(
            sum("3 + + 4").unwrap_err(),
            PositionError::EmptyComponent { column: 3 }
        );
        assert_eq!(
            sum("3 +").unwrap_err(),
            PositionError::EmptyComponent { column: 3 }
        );
        assert_eq!(
            sum("+ 3").unwrap_err(),
            PositionError::EmptyComponent { column: 1 }
        );
        assert!(matches!(
            sum("+3").unwrap_err(),
            PositionError::BadPile { column: 1, .. }
        ));
        // Brackets alone are no position; a spec alone is an empty component of its game.
        assert_eq!(
            sum("( )").unwrap_err(),
            PositionError::EmptyComponent { column: 1 }
        );
        assert_eq!(sum("nim").unwrap().piles().len(), 0);
        assert!(matches!(
            sum("3 wythoff 4").unwrap_err(),
            PositionError::MisplacedRules { column: 3, .. }
        ));
        assert!(matches!(
            sum("3 x9").unwrap_err(),
            PositionError::BadPile { column: 3, .. }
        ));
        assert!(matches!(
            sum("chess 3").unwrap_err(),
            PositionError::BadRules {
                column: 1,
                why: RuleError::UnknownGame { .. },
                ..
            }
        ));
        assert!(matches!(
            sum("4 + max-take:0 3").unwrap_err(),
            PositionError::BadRules {
                column: 5,
                why: RuleError::ZeroMaxTake,
                ..
            }
        ));
        assert_eq!(
            sum("wythoff 3 4 5").unwrap_err(),
            PositionError::Piles {
                game: "wythoff".into(),
                piles: 3,
                needs: 2
            }
        );
        assert_eq!(
            sum("1 + wythoff 3").unwrap_err().to_string(),
            "component 2 (wythoff): wythoff is played on exactly 2 piles, but 1 was given"
        );
        assert!(matches!(
            sum("3 + 4 -5").unwrap_err(),
            PositionError::BadPile { column: 7, .. }
        ));
        assert_eq!(
            sum("3,,4").unwrap_err(),
            PositionError::EmptyPile { column: 3 }
        );
        assert_eq!(
            sum("3, + 4").unwrap_err(),
            PositionError::EmptyPile { column: 2 }
        );
    }

    #[test]
    fn segments_make_one_position() {
        let mut resolve = |spec: &str| Rules::parse(spec);
        let mut parser = SumParser::new(Rules::nim(), &mut resolve);
        for arg in ["3", "5", "+", "wythoff", "1", "2"] {
            parser.feed(arg.as_bytes()).unwrap();
        }
        let p = parser.finish().unwrap();
        assert_eq!(p.components().count(), 2);
        assert_eq!(p.piles().len(), 4);
    }
}
