//! A running search's cancellation. The session keeps a flag of its own
//! for each search; a small task relays it to the engine's stop flag until
//! the search ends (the engine clears its flag as a search starts, so a
//! stop raised just before would otherwise be lost), and raises it when
//! the page's event stream is dropped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::response::sse::Event;
use tokio::sync::{mpsc, oneshot};

use crate::state::{AppState, Running};

/// How often the relay looks at the session's flag.
const RELAY_PERIOD: Duration = Duration::from_millis(20);

/// Held by the search's thread; dropping it marks the search ended.
pub struct SearchGuard {
    cancel: Arc<AtomicBool>,
    ended: Option<oneshot::Sender<()>>,
    _running: Running,
}

impl SearchGuard {
    /// Relays `cancel` (kept by the session) to `engine_stop`, and cancels
    /// when `stream`'s receiver (the page) goes away.
    pub fn start(
        state: &AppState,
        cancel: Arc<AtomicBool>,
        engine_stop: Arc<AtomicBool>,
        stream: Option<mpsc::Sender<Event>>,
    ) -> SearchGuard {
        let (ended, mut search_ended) = oneshot::channel::<()>();
        let relayed = Arc::clone(&cancel);
        tokio::spawn(async move {
            let closed = async {
                match &stream {
                    Some(sender) => sender.closed().await,
                    None => std::future::pending().await,
                }
            };
            tokio::pin!(closed);
            // `closed` completes once: polled again it would panic, and the
            // relay would die with the stop unrelayed. After it fires the
            // relay goes on raising the engine's flag until the search ends,
            // for a search that starts later lowers it.
            let mut page_open = true;
            loop {
                tokio::select! {
                    _ = &mut search_ended => break,
                    () = &mut closed, if page_open => {
                        page_open = false;
                        relayed.store(true, Ordering::Relaxed);
                    }
                    () = tokio::time::sleep(RELAY_PERIOD) => {}
                }
                if relayed.load(Ordering::Relaxed) {
                    engine_stop.store(true, Ordering::Relaxed);
                }
            }
        });
        SearchGuard {
            cancel,
            ended: Some(ended),
            _running: state.running(),
        }
    }
}

impl Drop for SearchGuard {
    fn drop(&mut self) {
        // Ended: a later stop has nothing to stop.
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(ended) = self.ended.take() {
            let _ = ended.send(());
        }
    }
}
