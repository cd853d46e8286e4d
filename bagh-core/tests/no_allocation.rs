//! Move generation, counting and playing allocate nothing: a counting global
//! allocator watches them over many positions of random games. It counts only
//! on the thread under test, so the test harness's own threads cannot disturb it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use bagh_core::{perft, Position, Ruleset};

struct CountingAllocator;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Whether allocations on this thread are counted.
    static WATCHED: Cell<bool> = const { Cell::new(false) };
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if WATCHED.try_with(Cell::get).unwrap_or(false) {
            ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        }
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Positions along a few deterministic games of every preset (collected
/// before counting starts).
fn sample_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for (_, rules) in Ruleset::presets() {
        for seed in 0..20usize {
            let mut position = Position::new(rules);
            for ply in 0..120 {
                positions.push(position);
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[(seed * 7 + ply * 13) % moves.len()]);
            }
        }
    }
    positions
}

#[test]
fn generating_counting_and_playing_moves_do_not_allocate() {
    let positions = sample_positions();
    assert!(positions.len() > 1000);
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    WATCHED.with(|watched| watched.set(true));
    let mut checksum = 0usize;
    for position in &positions {
        let moves = position.legal_moves();
        checksum +=
            moves.len() + position.count_legal_moves() + usize::from(position.has_legal_move());
        for &mv in &moves {
            let mut next = *position;
            next.play_unchecked(mv);
            let played = position.play(mv).expect("a listed move is legal");
            checksum += usize::from(played == next);
        }
        checksum += perft(position, 2) as usize;
    }
    WATCHED.with(|watched| watched.set(false));
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert!(checksum > 0);
    assert_eq!(after - before, 0, "move generation or play allocated");
}
