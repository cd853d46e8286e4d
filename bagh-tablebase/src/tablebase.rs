//! One rule set's tables in one directory, with one probe for any position.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bagh_core::{Move, Position, Ruleset};

use crate::files::BuildLock;
use crate::placement::lock_file;
use crate::{
    BuildOptions, CompressedTables, MovementStatistics, MovementTable, PlacementStatistics,
    PlacementTable, Probe, TablebaseError,
};

/// The tables of one rule set in a directory: the movement table
/// (`movement.tb`) and, once built, the placement layers (`placed-NN.bpl`).
/// [`probe`](Self::probe) answers any position of the game, with goats in
/// hand or not.
///
/// ```
/// use bagh_core::{Point, Position, Ruleset};
/// use bagh_tablebase::{BuildOptions, Tablebase, Value};
///
/// // One tiger in the centre, four goats, the tiger wins with one capture.
/// let rules = Ruleset::builder().tigers([Point::C3]).goats(4).capture_target(1).build()?;
/// let dir = tempfile::tempdir()?;
/// Tablebase::build(rules, dir.path(), &BuildOptions::default())?;
///
/// let tables = Tablebase::open(dir.path())?; // the rule set is read from the files
/// assert_eq!(tables.rules(), &rules);
/// let start = Position::new(rules);
/// let value = tables.probe(&start)?.value; // goats in hand: the placement layers
/// for mv in tables.best_moves(&start)? {
///     assert_eq!(tables.probe(&start.play(mv)?)?.value, value.flip());
/// }
/// // No goats in hand: the movement table, with the distance to the end.
/// let end = Position::from_text("5/5/1GTG1/1GG2/5 t 0 0", rules)?;
/// assert_eq!(tables.probe(&end)?.value, Value::Win);
/// assert_eq!(tables.probe(&end)?.distance, Some(1)); // c3xc1 at once
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Tablebase {
    dir: PathBuf,
    tables: Tables,
}

/// The files a tablebase reads.
enum Tables {
    /// The movement table and, when built, the placement layers.
    Full {
        movement: Arc<MovementTable>,
        placement: Result<PlacementTable, String>,
    },
    /// The whole game in one compressed file.
    Compressed(CompressedTables),
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("rules", &self.rules().to_string())
            .field("dir", &self.dir)
            .field("compressed", &self.compressed().is_some())
            .field("placement", &self.placement_missing().is_none())
            .finish()
    }
}

/// The counts of a whole tablebase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistics {
    /// The movement table's counts.
    pub movement: MovementStatistics,
    /// The placement layers' counts, when they are built.
    pub placement: Option<PlacementStatistics>,
}

impl Tablebase {
    /// The name of the movement table's file in a tablebase directory.
    pub const MOVEMENT_FILE: &'static str = "movement.tb";

    /// The movement table's file in `dir`.
    pub fn movement_path(dir: &Path) -> PathBuf {
        dir.join(Self::MOVEMENT_FILE)
    }

    /// The bytes of memory a build of both tables of `rules` needs at most.
    pub fn memory_needed(rules: &Ruleset) -> u64 {
        MovementTable::memory_needed(rules).max(PlacementTable::memory_needed(rules))
    }

    /// Builds the movement table of `rules` into `dir` (or keeps the one
    /// there), then the placement layers, and opens them. Everything
    /// resumes: a build that was stopped starts again after the last layer
    /// it finished. A second build into `dir` while one runs fails with
    /// [`TablebaseError::Busy`].
    pub fn build(
        rules: Ruleset,
        dir: impl AsRef<Path>,
        options: &BuildOptions,
    ) -> Result<Tablebase, TablebaseError> {
        Tablebase::build_parts(rules, dir.as_ref(), options, true)
    }

    /// Builds (or keeps) only the movement table of `rules` in `dir`: a
    /// tablebase that answers positions with no goats in hand.
    pub fn build_movement(
        rules: Ruleset,
        dir: impl AsRef<Path>,
        options: &BuildOptions,
    ) -> Result<Tablebase, TablebaseError> {
        Tablebase::build_parts(rules, dir.as_ref(), options, false)
    }

    fn build_parts(
        rules: Ruleset,
        dir: &Path,
        options: &BuildOptions,
        placement: bool,
    ) -> Result<Tablebase, TablebaseError> {
        let needed = if placement {
            Tablebase::memory_needed(&rules)
        } else {
            MovementTable::memory_needed(&rules)
        };
        options.check_budget(&rules, needed)?;
        std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
        let _lock = BuildLock::take(&lock_file(dir))?;
        let path = Tablebase::movement_path(dir);
        let movement = if path.exists() {
            MovementTable::open_for(&path, &rules)?
        } else {
            MovementTable::build(rules, &path, options)?
        };
        let movement = Arc::new(movement);
        if placement {
            let layers = PlacementTable::build_locked(movement.clone(), dir, options)?;
            return Ok(Tablebase {
                dir: dir.to_path_buf(),
                tables: Tables::Full {
                    movement,
                    placement: Ok(layers),
                },
            });
        }
        Tablebase::with_movement(dir, movement, |dir, movement| {
            PlacementTable::open(dir, movement)
        })
    }

    /// Opens the tables in `dir`, reading the rule set from the files:
    /// the full tables (`movement.tb` and the layer files) or, where there
    /// is no movement table, the compressed file
    /// ([`CompressedTables::FILE`], with its parts `FILE.1`, ... beside it
    /// if it is in parts); `dir` may also name a compressed file itself.
    /// The movement table is checked whole, the layer files and the
    /// compressed file by their headers and structure
    /// ([`verify`](Self::verify) reads their checksums). A directory with
    /// no placement layers, or an unfinished set of them, answers positions
    /// with no goats in hand.
    pub fn open(dir: impl AsRef<Path>) -> Result<Tablebase, TablebaseError> {
        Tablebase::open_with(dir.as_ref(), |dir, movement| {
            PlacementTable::open(dir, movement)
        })
    }

    /// Opens the tables like [`open`](Self::open) and reads the placement
    /// layers into memory (about 4.4 GB for `bagh-chal`), checking them. A
    /// compressed file is mapped, as by `open`.
    pub fn load(dir: impl AsRef<Path>) -> Result<Tablebase, TablebaseError> {
        Tablebase::open_with(dir.as_ref(), |dir, movement| {
            PlacementTable::load(dir, movement)
        })
    }

    fn open_with(
        dir: &Path,
        open_layers: fn(&Path, Arc<MovementTable>) -> Result<PlacementTable, TablebaseError>,
    ) -> Result<Tablebase, TablebaseError> {
        let compressed = if dir.is_file() {
            Some(dir.to_path_buf())
        } else {
            let path = CompressedTables::path_in(dir);
            (!Tablebase::movement_path(dir).exists() && path.exists()).then_some(path)
        };
        if let Some(path) = compressed {
            let tables = CompressedTables::open(&path)?;
            return Ok(Tablebase {
                dir: path.parent().unwrap_or(Path::new(".")).to_path_buf(),
                tables: Tables::Compressed(tables),
            });
        }
        let movement = Arc::new(MovementTable::open(Tablebase::movement_path(dir))?);
        Tablebase::with_movement(dir, movement, open_layers)
    }

    /// The tablebase of `dir` around its movement table, already open: the
    /// placement layers opened by `open_layers` when they are all there.
    fn with_movement(
        dir: &Path,
        movement: Arc<MovementTable>,
        open_layers: fn(&Path, Arc<MovementTable>) -> Result<PlacementTable, TablebaseError>,
    ) -> Result<Tablebase, TablebaseError> {
        let layers = PlacementTable::layer_paths(dir, movement.rules());
        let missing: Vec<&PathBuf> = layers.iter().filter(|p| !p.exists()).collect();
        let placement = if missing.is_empty() {
            Ok(open_layers(dir, movement.clone())?)
        } else if missing.len() == layers.len() {
            Err("no layer files: the placement phase was not built".to_string())
        } else {
            let names: Vec<String> = missing
                .iter()
                .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                .collect();
            Err(format!(
                "{} of {} layer files missing ({}): an unfinished build, which resumes when run again",
                missing.len(),
                layers.len(),
                names.join(", ")
            ))
        };
        Ok(Tablebase {
            dir: dir.to_path_buf(),
            tables: Tables::Full {
                movement,
                placement,
            },
        })
    }

    /// The name of the Python module of the data package of `id`
    /// (`bagh-tables-<id>`, made by `make tables-package RULES=<id>`):
    /// `bagh_tables_<id>` with `-` as `_`.
    pub fn package_module(id: &str) -> String {
        format!("bagh_tables_{}", id.replace('-', "_"))
    }

    /// Opens the compressed file in `module_dir`, the directory of an
    /// installed data package's module, for `id`; when `id` is a preset, the
    /// tables must be the preset's ([`TablebaseError::WrongRules`]).
    pub fn open_package(module_dir: &Path, id: &str) -> Result<Tablebase, TablebaseError> {
        let path = CompressedTables::path_in(module_dir);
        let tables = Tablebase::open(&path)?;
        if let Ok(preset) = Ruleset::preset(id) {
            if *tables.rules() != preset {
                return Err(TablebaseError::WrongRules {
                    path,
                    expected: preset.to_string(),
                    found: tables.rules().to_string(),
                });
            }
        }
        Ok(tables)
    }

    /// The rule set.
    pub fn rules(&self) -> &Ruleset {
        match &self.tables {
            Tables::Full { movement, .. } => movement.rules(),
            Tables::Compressed(tables) => tables.rules(),
        }
    }

    /// The directory of the tables.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The movement table, when the tables are the full ones.
    pub fn movement(&self) -> Option<&Arc<MovementTable>> {
        match &self.tables {
            Tables::Full { movement, .. } => Some(movement),
            Tables::Compressed(_) => None,
        }
    }

    /// The placement layers, when the tables are the full ones and the
    /// layers are built.
    pub fn placement(&self) -> Option<&PlacementTable> {
        match &self.tables {
            Tables::Full { placement, .. } => placement.as_ref().ok(),
            Tables::Compressed(_) => None,
        }
    }

    /// The compressed file, when the tables are compressed.
    pub fn compressed(&self) -> Option<&CompressedTables> {
        match &self.tables {
            Tables::Compressed(tables) => Some(tables),
            Tables::Full { .. } => None,
        }
    }

    /// Why positions with goats in hand cannot be probed (the placement
    /// layers are not built, or an unfinished build has yet to write some
    /// layer files); `None` when they can.
    pub fn placement_missing(&self) -> Option<&str> {
        match &self.tables {
            Tables::Full { placement, .. } => placement.as_ref().err().map(String::as_str),
            Tables::Compressed(_) => None,
        }
    }

    /// The value of any position for the side to move under perfect play,
    /// and its distance to the end where the tables know it (positions with
    /// no goats in hand, and finished games).
    pub fn probe(&self, position: &Position) -> Result<Probe, TablebaseError> {
        crate::check_rules(position, self.rules())?;
        if let Some(over) = crate::capture_target_probe(position) {
            return Ok(over);
        }
        match &self.tables {
            Tables::Full { movement, .. } if position.goats_in_hand() == 0 => {
                movement.probe(position)
            }
            Tables::Full { placement, .. } => placement
                .as_ref()
                .map_err(|missing| TablebaseError::PlacementMissing {
                    position: position.to_string(),
                    dir: self.dir.clone(),
                    missing: missing.clone(),
                })?
                .probe(position),
            Tables::Compressed(tables) => {
                Self::check_counts(tables, position)?;
                if position.goats_in_hand() == 0 {
                    tables.movement_probe(position)
                } else {
                    tables.placement_probe(position)
                }
            }
        }
    }

    /// Every legal move with the probe of the position it leads to (for the
    /// side to move there, the opponent).
    pub fn probe_moves(&self, position: &Position) -> Result<Vec<(Move, Probe)>, TablebaseError> {
        Ok(self.probe_with_moves(position)?.1)
    }

    /// The moves that keep the value of a position: in the movement phase
    /// with the best distance (the fastest win, the slowest loss), in
    /// placement every move that keeps the value. Empty when the game is over.
    pub fn best_moves(&self, position: &Position) -> Result<Vec<Move>, TablebaseError> {
        if let Some(tables) = self.compressed_placement(position)? {
            return tables.placement_best_moves(position);
        }
        let (probe, moves) = self.probe_with_moves(position)?;
        Ok(crate::keeping(probe, moves))
    }

    /// The compressed tables, if these are compressed and the position is
    /// one of their placement positions that a search answers (checked
    /// against the rule set and its piece counts).
    fn compressed_placement(
        &self,
        position: &Position,
    ) -> Result<Option<&CompressedTables>, TablebaseError> {
        if let Tables::Compressed(tables) = &self.tables {
            if position.goats_in_hand() > 0 && !position.is_capture_target_reached() {
                crate::check_rules(position, self.rules())?;
                Self::check_counts(tables, position)?;
                return Ok(Some(tables));
            }
        }
        Ok(None)
    }

    /// The probe of a position and of every move's result. Compressed
    /// tables answer a placement position with one search, which shares
    /// what it reads between the moves, and take its value from theirs.
    fn probe_with_moves(
        &self,
        position: &Position,
    ) -> Result<(Probe, Vec<(Move, Probe)>), TablebaseError> {
        if let Some(tables) = self.compressed_placement(position)? {
            return tables.placement_moves(position);
        }
        let probe = self.probe(position)?;
        Ok((
            probe,
            crate::probe_each_move(position, |after| self.probe(after))?,
        ))
    }

    /// An error unless the position's piece counts are the rule set's.
    fn check_counts(tables: &CompressedTables, position: &Position) -> Result<(), TablebaseError> {
        if crate::layout::counts_match(tables.layout(), position) {
            Ok(())
        } else {
            Err(TablebaseError::NotInTable {
                position: position.to_string(),
                reason: "the piece counts do not match the rule set",
            })
        }
    }

    /// The counts of both tables (the placement layers are read whole and
    /// their checksums checked on the way). Counting needs the full
    /// tables: compressed ones answer [`TablebaseError::Unsupported`].
    pub fn statistics(&self) -> Result<Statistics, TablebaseError> {
        match &self.tables {
            Tables::Full { movement, .. } => Ok(Statistics {
                movement: movement.statistics(),
                placement: self
                    .placement()
                    .map(PlacementTable::statistics)
                    .transpose()?,
            }),
            Tables::Compressed(tables) => Err(TablebaseError::Unsupported {
                rules: self.rules().to_string(),
                reason: format!(
                    "{} is compressed; the counts are read from the full tables",
                    tables.path().display()
                ),
            }),
        }
    }

    /// Checks every checksum: of the placement layers, read whole (the
    /// movement table was checked whole when it was opened), or of every
    /// section of a compressed file.
    pub fn verify(&self) -> Result<(), TablebaseError> {
        match &self.tables {
            Tables::Full { .. } => self.placement().map_or(Ok(()), PlacementTable::verify),
            Tables::Compressed(tables) => tables.verify(),
        }
    }
}
