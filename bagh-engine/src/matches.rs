//! Matches: two players play pairs of games from varied openings, each
//! opening once with either side, and the first player's wins, draws and
//! losses give an Elo difference with a 95% interval.

use bagh_core::{random_game, Game, Position, Record, RecordContentError, Ruleset, Side};

use crate::{MatchError, Player, Tally};

/// Where the games of a match start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// `plies` random moves from the start, seeded by the match's seed and
    /// the pair, that do not end the game (0: the start itself).
    Random {
        /// Random plies before the players take over.
        plies: u32,
    },
    /// These games, one per pair, in turn (they repeat when the match has
    /// more pairs than openings). Each keeps its history.
    Games(Vec<Game>),
}

/// How a match is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOptions {
    /// Games to play; game `2k` and `2k + 1` share an opening, the first
    /// player taking the goats in the first and the tigers in the second.
    pub games: u32,
    /// Where the games start.
    pub openings: Openings,
    /// The seed of random openings and of the players' random choices
    /// (each game gets its own, from this one).
    pub seed: u64,
    /// A game longer than this (in plies, the opening included) is stopped
    /// and counted as a draw.
    pub max_plies: usize,
}

impl Default for MatchOptions {
    /// Two games from a random opening of 4 plies, seed 0, stopped after
    /// 1,000 plies.
    fn default() -> MatchOptions {
        MatchOptions {
            games: 2,
            openings: Openings::Random { plies: 4 },
            seed: 0,
            max_plies: 1_000,
        }
    }
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchGame {
    /// Its number in the match, from 1.
    pub round: u32,
    /// The game, from its opening's start, with every move.
    pub game: Game,
    /// The plies of the opening, before the players took over.
    pub opening_plies: usize,
    /// The first player's side.
    pub first_side: Side,
    /// The names of the goats' player and the tigers'.
    pub goats: String,
    /// The name of the tigers' player.
    pub tigers: String,
    /// `false` when the game was stopped at the match's `max_plies`.
    pub finished: bool,
}

impl MatchGame {
    /// The first player's result: `Some(true)` won, `Some(false)` lost,
    /// `None` drawn or stopped.
    pub fn first_won(&self) -> Option<bool> {
        let winner = self.game.outcome()?.winner?;
        Some(winner == self.first_side)
    }

    /// The game as a record, with the tags `Event`, `Round`, `Goats` and
    /// `Tigers`, and `Termination` when it was stopped.
    pub fn record(&self) -> Result<Record, RecordContentError> {
        let mut record = self.game.to_record();
        record.set_tag("Event", "bagh match")?;
        record.set_tag("Round", &self.round.to_string())?;
        record.set_tag("Goats", &self.goats)?;
        record.set_tag("Tigers", &self.tigers)?;
        if !self.finished {
            record.set_tag("Termination", "stopped: too long")?;
        }
        Ok(record)
    }
}

/// What a match gave.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    /// The two players' names, the first player's first.
    pub players: [String; 2],
    /// The first player's wins, draws and losses (its Elo: [`Tally::elo`]).
    pub tally: Tally,
    /// Every game, in order.
    pub games: Vec<MatchGame>,
}

/// Openings tried for one pair before giving up on one that is not over.
const OPENING_TRIES: u64 = 100;

/// The random opening of pair `pair`.
fn random_opening(rules: Ruleset, seed: u64, pair: u64, plies: u32) -> Game {
    let start = Position::new(rules);
    (0..OPENING_TRIES)
        .map(|attempt| {
            let mixed = seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(pair.wrapping_mul(1_000_003))
                .wrapping_add(attempt);
            random_game(start, mixed, plies)
        })
        .find(|game| !game.is_game_over())
        .unwrap_or_else(|| Game::from_position(start))
}

/// The opening of pair `pair`, checked.
fn opening(rules: Ruleset, options: &MatchOptions, pair: u64) -> Result<Game, MatchError> {
    match &options.openings {
        Openings::Random { plies } => Ok(random_opening(rules, options.seed, pair, *plies)),
        Openings::Games(games) => {
            if games.is_empty() {
                return Err(MatchError::Opening {
                    index: 0,
                    reason: "no openings were given".into(),
                });
            }
            let index = (pair % games.len() as u64) as usize;
            let game = &games[index];
            if *game.rules() != rules {
                return Err(MatchError::Opening {
                    index,
                    reason: format!(
                        "it is played under {:?}, the match under {:?}",
                        game.rules().to_string(),
                        rules.to_string()
                    ),
                });
            }
            if let Some(outcome) = game.outcome() {
                return Err(MatchError::Opening {
                    index,
                    reason: format!("the game is over ({outcome})"),
                });
            }
            Ok(game.clone())
        }
    }
}

/// Plays `game` on between `goats` and `tigers`; `true` when it ended by
/// the rules, `false` when it was stopped at `max_plies`.
fn play_out(
    game: &mut Game,
    goats: &mut dyn Player,
    tigers: &mut dyn Player,
    round: u32,
    max_plies: usize,
) -> Result<bool, MatchError> {
    while !game.is_game_over() {
        if game.len() >= max_plies {
            return Ok(false);
        }
        let player: &mut dyn Player = match game.side_to_move() {
            Side::Goat => goats,
            Side::Tiger => tigers,
        };
        let mv = player.choose(game)?;
        if let Err(error) = game.push(mv) {
            return Err(MatchError::IllegalMove {
                player: player.name(),
                round,
                error: Box::new(error),
            });
        }
    }
    Ok(true)
}

/// Plays a match of `rules` between `first` and `second` (see
/// [`MatchOptions`]); `on_game` hears each game as it ends, and an error it
/// returns stops the match.
///
/// ```
/// use bagh_core::Ruleset;
/// use bagh_engine::{play_match, Engine, EngineOptions, EnginePlayer, Limits, MatchOptions};
///
/// let level = |level| -> Result<EnginePlayer, bagh_engine::EngineError> {
///     let engine = Engine::new(EngineOptions { level: Some(level), ..EngineOptions::default() })?;
///     Ok(EnginePlayer::new(engine, Limits::depth(2)))
/// };
/// let (mut strong, mut weak) = (level(8)?, level(1)?);
/// let options = MatchOptions { games: 2, ..MatchOptions::default() };
/// let report = play_match(Ruleset::default(), &mut strong, &mut weak, &options, |_| Ok(()))?;
/// assert_eq!(report.tally.games(), 2);
/// assert_eq!(report.games[0].goats, "bagh level 8");
/// assert_eq!(report.games[1].tigers, "bagh level 8");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_match(
    rules: Ruleset,
    first: &mut dyn Player,
    second: &mut dyn Player,
    options: &MatchOptions,
    mut on_game: impl FnMut(&MatchGame) -> Result<(), MatchError>,
) -> Result<MatchReport, MatchError> {
    let players = [first.name(), second.name()];
    let mut tally = Tally::default();
    let mut games = Vec::with_capacity(options.games as usize);
    for index in 0..options.games {
        let round = index + 1;
        let mut game = opening(rules, options, u64::from(index / 2))?;
        let opening_plies = game.len();
        let seed = options
            .seed
            .wrapping_add(u64::from(index).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        first.new_game(seed);
        second.new_game(seed ^ 1);
        let first_side = if index % 2 == 0 {
            Side::Goat
        } else {
            Side::Tiger
        };
        let (goats, tigers): (&mut dyn Player, &mut dyn Player) = match first_side {
            Side::Goat => (&mut *first, &mut *second),
            Side::Tiger => (&mut *second, &mut *first),
        };
        let names = (goats.name(), tigers.name());
        let finished = play_out(&mut game, goats, tigers, round, options.max_plies)?;
        let played = MatchGame {
            round,
            game,
            opening_plies,
            first_side,
            goats: names.0,
            tigers: names.1,
            finished,
        };
        match played.first_won() {
            Some(true) => tally.wins += 1,
            Some(false) => tally.losses += 1,
            None => tally.draws += 1,
        }
        on_game(&played)?;
        games.push(played);
    }
    Ok(MatchReport {
        players,
        tally,
        games,
    })
}
