//! The page: HTML, CSS and plain ES modules, embedded in the binary. The
//! WebAssembly back end (`wasm.js`, `wasm-worker.js`) is left out: it
//! belongs to the static build (`make web-static`), and `config.js` here
//! names the server.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const JS: &str = "text/javascript; charset=utf-8";

/// Each file of the page: its path, type and text.
const FILES: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    ("/app.js", JS, include_str!("../assets/app.js")),
    ("/config.js", JS, include_str!("../assets/config.js")),
    ("/state.js", JS, include_str!("../assets/state.js")),
    ("/board.js", JS, include_str!("../assets/board.js")),
    ("/game.js", JS, include_str!("../assets/game.js")),
    ("/status.js", JS, include_str!("../assets/status.js")),
    ("/movelist.js", JS, include_str!("../assets/movelist.js")),
    ("/persist.js", JS, include_str!("../assets/persist.js")),
    ("/engine.js", JS, include_str!("../assets/engine.js")),
    ("/analysis.js", JS, include_str!("../assets/analysis.js")),
    ("/trainer.js", JS, include_str!("../assets/trainer.js")),
    ("/backend.js", JS, include_str!("../assets/backend.js")),
    ("/server.js", JS, include_str!("../assets/server.js")),
];

/// `router` with a `GET` route for each file of the page.
pub fn routes<S: Clone + Send + Sync + 'static>(mut router: Router<S>) -> Router<S> {
    for &(path, content_type, text) in FILES {
        router =
            router.route(
                path,
                get(move || async move {
                    ([(header::CONTENT_TYPE, content_type)], text).into_response()
                }),
            );
    }
    router
}

#[cfg(test)]
mod tests {
    use super::FILES;

    /// The modules each served file imports (`from './x.js'`, `import('./x.js')`).
    fn imports(text: &str) -> Vec<String> {
        text.split("'./")
            .skip(1)
            .filter_map(|rest| rest.split_once('\''))
            .map(|(name, _)| format!("/{name}"))
            .collect()
    }

    #[test]
    fn every_module_the_page_imports_is_served_but_the_static_builds() {
        let served: Vec<&str> = FILES.iter().map(|f| f.0).collect();
        let mut imported = Vec::new();
        for &(_, _, text) in FILES {
            imported.extend(imports(text));
        }
        assert!(imported.contains(&"/server.js".to_string()));
        for name in imported {
            // The WebAssembly back end is only in the static build.
            if name == "/wasm.js" {
                continue;
            }
            assert!(
                served.contains(&name.as_str()),
                "{name} is imported but not served"
            );
        }
    }
}
