//! An independent, deliberately simple reference move generator for tests.
//!
//! It does not use `bagh_core` at all and uses a different representation
//! from the engine's bitboards: a `[[Cell; 5]; 5]` grid indexed
//! `[file][rank]` (both 0..5, `a1` = `[0][0]`), directions as `(dx, dy)`
//! pairs, and moves as strings in the notation of docs/notation.md. It is written to be
//! obviously correct against docs/rules.md, not fast.
//!
//! It is history-free: repetition rules and the no-progress limit (which need
//! the game's history) are not modelled, so `perft` counts the move tree of
//! the position alone.

use std::fmt::Write as _;

/// The contents of one point of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Tiger,
    Goat,
}

/// The side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    Goat,
    Tiger,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Goat => Side::Tiger,
            Side::Tiger => Side::Goat,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Side::Goat => 'g',
            Side::Tiger => 't',
        }
    }
}

/// The move rules of a rule set (the parts of it that the move generator
/// and the history-free outcome need).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefRules {
    pub tigers: usize,
    pub goats: u32,
    pub capture_target: u32,
    pub slide: bool,
    pub mandatory_capture: bool,
}

impl RefRules {
    /// The three presets of docs/rules.md (their move rules only).
    pub fn preset(id: &str) -> Option<RefRules> {
        match id {
            "bagh-chal" | "bagh-chal-blocked-loses" => Some(RefRules {
                tigers: 4,
                goats: 20,
                capture_target: 5,
                slide: false,
                mandatory_capture: false,
            }),
            "two-tigers" => Some(RefRules {
                tigers: 2,
                goats: 18,
                capture_target: 9,
                slide: true,
                mandatory_capture: false,
            }),
            _ => None,
        }
    }
}

/// The move rules of a preset (same as `RefRules::preset`).
pub fn preset(id: &str) -> Option<RefRules> {
    RefRules::preset(id)
}

/// Whether the preset says "blocked side loses" (the presets table of docs/rules.md).
pub fn blocked_side_loses(id: &str) -> Option<bool> {
    match id {
        "bagh-chal" => Some(false),
        "bagh-chal-blocked-loses" | "two-tigers" => Some(true),
        _ => None,
    }
}

/// The start position string of a preset (docs/notation.md).
pub fn start_text(id: &str) -> Option<&'static str> {
    match id {
        "bagh-chal" | "bagh-chal-blocked-loses" => Some("T3T/5/5/5/T3T g 20 0"),
        "two-tigers" => Some("5/5/1T1T1/5/5 g 18 0"),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Board geometry
// ---------------------------------------------------------------------------

/// A point as (file, rank), both 0..5. `a1` is (0, 0), `e5` is (4, 4).
pub type Point = (usize, usize);

/// The eight directions as (dx, dy): four orthogonal, then four diagonal.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// All 25 points, a1, b1, ..., e1, a2, ..., e5.
pub fn all_points() -> Vec<Point> {
    let mut v = Vec::with_capacity(25);
    for rank in 0..5 {
        for file in 0..5 {
            v.push((file, rank));
        }
    }
    v
}

/// Whether diagonal lines pass through this point (file + rank even).
pub fn has_diagonals(p: Point) -> bool {
    (p.0 + p.1) % 2 == 0
}

/// The directions in which a line leaves `p` (whether or not it stays on the
/// board): the four orthogonal ones always, the diagonal ones only where
/// file + rank is even.
pub fn directions_at(p: Point) -> Vec<(i32, i32)> {
    line_directions(p).to_vec()
}

/// Same as `directions_at`, without allocating (the first four entries of
/// `DIRECTIONS` are the orthogonal ones).
pub fn line_directions(p: Point) -> &'static [(i32, i32)] {
    if has_diagonals(p) {
        &DIRECTIONS[..]
    } else {
        &DIRECTIONS[..4]
    }
}

/// The point one step from `p` in direction `d`, if it is on the board.
pub fn offset(p: Point, d: (i32, i32)) -> Option<Point> {
    let f = p.0 as i32 + d.0;
    let r = p.1 as i32 + d.1;
    if (0..5).contains(&f) && (0..5).contains(&r) {
        Some((f as usize, r as usize))
    } else {
        None
    }
}

/// The point one step from `p` along a line in direction `d`: `None` if no
/// line leaves `p` in that direction or it would leave the board.
pub fn along_line(p: Point, d: (i32, i32)) -> Option<Point> {
    let diagonal = d.0 != 0 && d.1 != 0;
    if diagonal && !has_diagonals(p) {
        return None;
    }
    offset(p, d)
}

/// Every directed one-step move on the empty board: (from, to).
pub fn directed_steps() -> Vec<(Point, Point)> {
    let mut v = Vec::new();
    for p in all_points() {
        for &d in line_directions(p) {
            if let Some(q) = along_line(p, d) {
                v.push((p, q));
            }
        }
    }
    v
}

/// Every directed jump on the empty board: (from, over, to), all three on
/// one straight line.
pub fn directed_jumps() -> Vec<(Point, Point, Point)> {
    let mut v = Vec::new();
    for p in all_points() {
        for &d in line_directions(p) {
            if let Some(q) = along_line(p, d) {
                if let Some(r) = along_line(q, d) {
                    v.push((p, q, r));
                }
            }
        }
    }
    v
}

/// `a1`..`e5`.
pub fn point_name(p: Point) -> String {
    let mut s = String::new();
    s.push((b'a' + p.0 as u8) as char);
    s.push((b'1' + p.1 as u8) as char);
    s
}

/// Parses `a1`..`e5`.
pub fn parse_point(s: &str) -> Option<Point> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0].checked_sub(b'a')? as usize;
    let r = b[1].checked_sub(b'1')? as usize;
    if f < 5 && r < 5 {
        Some((f, r))
    } else {
        None
    }
}

// ---------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------

/// A move in the reference's own representation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefMove {
    Place(Point),
    /// A step or a slide.
    Move(Point, Point),
    /// From, the goat jumped over, to.
    Capture(Point, Point, Point),
}

impl RefMove {
    /// the notation of docs/notation.md: `c3`, `a1a2`, `a1xa3`.
    pub fn text(&self) -> String {
        match *self {
            RefMove::Place(p) => point_name(p),
            RefMove::Move(a, b) => format!("{}{}", point_name(a), point_name(b)),
            RefMove::Capture(a, _, b) => format!("{}x{}", point_name(a), point_name(b)),
        }
    }

    pub fn is_capture(&self) -> bool {
        matches!(self, RefMove::Capture(..))
    }
}

// ---------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------

/// A history-free position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPosition {
    /// Indexed `[file][rank]`.
    pub grid: [[Cell; 5]; 5],
    pub side: Side,
    pub in_hand: u32,
    pub captured: u32,
}

impl RefPosition {
    /// Same as the free function `parse`.
    pub fn parse(text: &str) -> Option<RefPosition> {
        parse(text)
    }

    /// The start position of a preset.
    pub fn start(id: &str) -> Option<RefPosition> {
        parse(start_text(id)?)
    }

    pub fn at(&self, p: Point) -> Cell {
        self.grid[p.0][p.1]
    }

    fn set(&mut self, p: Point, c: Cell) {
        self.grid[p.0][p.1] = c;
    }

    /// The points holding `c`, in the order a1, b1, ..., e5.
    pub fn points_with(&self, c: Cell) -> Vec<Point> {
        all_points()
            .into_iter()
            .filter(|&p| self.at(p) == c)
            .collect()
    }

    /// Position string: `<board> <side> <in hand> <captured>`, board ranks 5
    /// down to 1, runs of empty points merged into one digit.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..5).rev() {
            let mut empties = 0;
            for file in 0..5 {
                match self.grid[file][rank] {
                    Cell::Empty => empties += 1,
                    c => {
                        if empties > 0 {
                            write!(s, "{empties}").unwrap();
                            empties = 0;
                        }
                        s.push(if c == Cell::Tiger { 'T' } else { 'G' });
                    }
                }
            }
            if empties > 0 {
                write!(s, "{empties}").unwrap();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        write!(
            s,
            " {} {} {}",
            self.side.letter(),
            self.in_hand,
            self.captured
        )
        .unwrap();
        s
    }

    /// Checks the position against a rule set the way docs/notation.md says a
    /// position string is checked: tiger count, goats on board + in hand +
    /// captured = goat count, captured at most the threshold.
    pub fn check_valid(&self, rules: &RefRules) -> Result<(), String> {
        let tigers = self.points_with(Cell::Tiger).len();
        let goats = self.points_with(Cell::Goat).len() as u32;
        if tigers != rules.tigers {
            return Err(format!("{tigers} tigers, expected {}", rules.tigers));
        }
        if goats + self.in_hand + self.captured != rules.goats {
            return Err(format!(
                "goats on board {goats} + in hand {} + captured {} != {}",
                self.in_hand, self.captured, rules.goats
            ));
        }
        if self.captured > rules.capture_target {
            return Err(format!(
                "captured {} above the threshold {}",
                self.captured, rules.capture_target
            ));
        }
        Ok(())
    }

    /// The legal moves in the reference's representation.
    pub fn moves(&self, rules: &RefRules) -> Vec<RefMove> {
        let mut out = Vec::new();
        if self.captured >= rules.capture_target {
            return out; // the game is over
        }
        match self.side {
            Side::Goat => {
                if self.in_hand > 0 {
                    // Placement phase: any empty point; board goats stay put.
                    for p in all_points() {
                        if self.at(p) == Cell::Empty {
                            out.push(RefMove::Place(p));
                        }
                    }
                } else {
                    // Movement phase: one step along a line to an empty point.
                    for p in self.points_with(Cell::Goat) {
                        for &d in line_directions(p) {
                            if let Some(q) = along_line(p, d) {
                                if self.at(q) == Cell::Empty {
                                    out.push(RefMove::Move(p, q));
                                }
                            }
                        }
                    }
                }
            }
            Side::Tiger => {
                for p in self.points_with(Cell::Tiger) {
                    out.extend(self.tiger_moves_from(p, rules));
                }
                if rules.mandatory_capture && out.iter().any(|m| m.is_capture()) {
                    out.retain(|m| m.is_capture());
                }
            }
        }
        out
    }

    /// The moves of the tiger on `p` (ignoring mandatory capture).
    pub fn tiger_moves_from(&self, p: Point, rules: &RefRules) -> Vec<RefMove> {
        let mut out = Vec::new();
        for &d in line_directions(p) {
            let Some(q) = along_line(p, d) else { continue };
            match self.at(q) {
                Cell::Empty => {
                    // Step, and with `slide` keep going over empty points.
                    out.push(RefMove::Move(p, q));
                    if rules.slide {
                        let mut cur = q;
                        while let Some(next) = along_line(cur, d) {
                            if self.at(next) != Cell::Empty {
                                break;
                            }
                            out.push(RefMove::Move(p, next));
                            cur = next;
                        }
                    }
                }
                Cell::Goat => {
                    // Jump over the adjacent goat to the empty point behind.
                    if let Some(r) = along_line(q, d) {
                        if self.at(r) == Cell::Empty {
                            out.push(RefMove::Capture(p, q, r));
                        }
                    }
                }
                Cell::Tiger => {}
            }
        }
        out
    }

    /// The legal moves in the notation of docs/notation.md, sorted.
    pub fn legal_moves(&self, rules: &RefRules) -> Vec<String> {
        let mut v: Vec<String> = self.moves(rules).iter().map(|m| m.text()).collect();
        v.sort();
        v
    }

    /// Plays a move known to be legal.
    pub fn apply(&self, m: RefMove) -> RefPosition {
        let mut next = self.clone();
        match m {
            RefMove::Place(p) => {
                next.set(p, Cell::Goat);
                next.in_hand -= 1;
            }
            RefMove::Move(a, b) => {
                let piece = next.at(a);
                next.set(a, Cell::Empty);
                next.set(b, piece);
            }
            RefMove::Capture(a, over, b) => {
                let piece = next.at(a);
                next.set(a, Cell::Empty);
                next.set(over, Cell::Empty);
                next.set(b, piece);
                next.captured += 1;
            }
        }
        next.side = next.side.other();
        next
    }

    /// Plays `mv` (the notation of docs/notation.md); `None` unless it is legal here.
    pub fn play(&self, mv: &str, rules: &RefRules) -> Option<RefPosition> {
        let m = self.moves(rules).into_iter().find(|m| m.text() == mv)?;
        Some(self.apply(m))
    }

    /// Number of leaf nodes of the legal-move tree at exactly `depth`.
    pub fn perft(&self, rules: &RefRules, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves(rules);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.apply(m).perft(rules, depth - 1))
            .sum()
    }

    /// The history-free part of "The end of the game" in docs/rules.md: `None` while the
    /// game goes on, else (winner `'g'`/`'t'` or `None` for a draw, reason).
    pub fn outcome(
        &self,
        rules: &RefRules,
        blocked_side_loses: bool,
    ) -> Option<(Option<char>, &'static str)> {
        if self.captured >= rules.capture_target {
            return Some((Some('t'), "captures"));
        }
        if self.moves(rules).is_empty() {
            return Some(match self.side {
                Side::Tiger => (Some('g'), "tigers-trapped"),
                Side::Goat => (
                    if blocked_side_loses { Some('t') } else { None },
                    "goats-blocked",
                ),
            });
        }
        None
    }
}

/// Parses a position string (docs/notation.md). Accepts only well-formed text (five
/// ranks of exactly five points, single spaces); it does not check the
/// position against a rule set (see `check_valid`).
pub fn parse(text: &str) -> Option<RefPosition> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 4 {
        return None;
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 5 {
        return None;
    }
    let mut grid = [[Cell::Empty; 5]; 5];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 4 - i;
        let mut file = 0usize;
        for ch in rank_text.chars() {
            match ch {
                'T' | 'G' => {
                    if file >= 5 {
                        return None;
                    }
                    grid[file][rank] = if ch == 'T' { Cell::Tiger } else { Cell::Goat };
                    file += 1;
                }
                '1'..='5' => {
                    file += ch as usize - '0' as usize;
                    if file > 5 {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        if file != 5 {
            return None;
        }
    }
    let side = match fields[1] {
        "g" => Side::Goat,
        "t" => Side::Tiger,
        _ => return None,
    };
    let number = |s: &str| -> Option<u32> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    };
    Some(RefPosition {
        grid,
        side,
        in_hand: number(fields[2])?,
        captured: number(fields[3])?,
    })
}

/// Splitmix64: a tiny deterministic PRNG for seeded random games.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n > 0); the modulo bias is irrelevant here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
