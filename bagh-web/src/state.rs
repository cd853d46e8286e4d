//! What the server keeps: the tables, the puzzles, and one game per
//! session, each with its own searches.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use bagh_core::{Game, Move};
use bagh_engine::puzzles::Puzzle;
use bagh_tablebase::Tablebase;

use crate::error::ApiError;
use crate::notes::Notes;

/// Games kept at most; the least recently used goes first.
pub const MAX_SESSIONS: usize = 256;

/// One board: its game, the moves taken back (for redo), and the stop
/// flags of its running searches.
pub struct Session {
    /// The game on the board.
    pub game: Game,
    /// Moves taken back, the next to redo last.
    pub redo: Vec<Move>,
    /// The tags and comments of the record the game was loaded from.
    pub notes: Notes,
    /// Stop flags of the searches running for this game.
    pub searches: Vec<Arc<AtomicBool>>,
    /// When it was last used (a counter).
    pub used: u64,
}

impl Session {
    /// Notes that `mv` was just played: the line to redo goes on when `mv`
    /// is its next move; otherwise that line, and its moves' comments, are
    /// gone.
    pub fn played(&mut self, mv: Move) {
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
            self.notes
                .line_replaced_after(self.game.len().saturating_sub(1));
        }
    }

    /// Stops every search of this game; gives how many were running (a
    /// search raises its own flag when it ends).
    pub fn stop_searches(&mut self) -> usize {
        self.searches
            .drain(..)
            .filter(|flag| !flag.swap(true, Ordering::Relaxed))
            .count()
    }

    /// A new search's flag, kept to stop it (see `SearchGuard`).
    pub fn add_search(&mut self) -> Arc<AtomicBool> {
        self.searches.retain(|f| !f.load(Ordering::Relaxed));
        let flag = Arc::new(AtomicBool::new(false));
        self.searches.push(Arc::clone(&flag));
        flag
    }
}

/// The state shared by every request.
pub struct AppState {
    /// The tables, when the server was given them.
    pub tables: Option<Arc<Tablebase>>,
    /// The trainer's puzzles.
    pub puzzles: Vec<Puzzle>,
    sessions: Mutex<HashMap<u64, Session>>,
    next_id: AtomicU64,
    clock: AtomicU64,
    running: Arc<AtomicUsize>,
}

/// Counts a search as running while it lives.
pub struct Running(Arc<AtomicUsize>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl AppState {
    /// A state with no game yet.
    pub fn new(tables: Option<Arc<Tablebase>>, puzzles: Vec<Puzzle>) -> AppState {
        AppState {
            tables,
            puzzles,
            sessions: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            clock: AtomicU64::new(0),
            running: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Marks a search as running until the guard is dropped.
    pub fn running(&self) -> Running {
        self.running.fetch_add(1, Ordering::Relaxed);
        Running(Arc::clone(&self.running))
    }

    /// The searches running now, over every game.
    pub fn searches_running(&self) -> usize {
        self.running.load(Ordering::Relaxed)
    }

    /// Opens a session for `game` (with its record's `notes`) and gives
    /// its id.
    pub fn open(&self, game: Game, notes: Notes) -> u64 {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let used = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut sessions = self.lock();
        if sessions.len() >= MAX_SESSIONS {
            if let Some(oldest) = sessions.iter().min_by_key(|(_, s)| s.used).map(|(k, _)| *k) {
                if let Some(mut session) = sessions.remove(&oldest) {
                    session.stop_searches();
                }
            }
        }
        sessions.insert(
            id,
            Session {
                game,
                redo: Vec::new(),
                notes,
                searches: Vec::new(),
                used,
            },
        );
        id
    }

    /// Runs `work` on session `id` (404 when there is none).
    pub fn with<T>(
        &self,
        id: u64,
        work: impl FnOnce(&mut Session) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let used = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut sessions = self.lock();
        let session = sessions.get_mut(&id).ok_or_else(|| {
            ApiError::not_found(format!("no game {id}: create one with POST /api/games"))
        })?;
        session.used = used;
        work(session)
    }

    /// Closes session `id`, stopping its searches.
    pub fn close(&self, id: u64) -> bool {
        match self.lock().remove(&id) {
            Some(mut session) => {
                session.stop_searches();
                true
            }
            None => false,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Session>> {
        // A panic while the lock was held leaves the map usable.
        self.sessions
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
