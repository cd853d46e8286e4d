//! Sets up the linker flags a Node-API addon needs (undefined symbols that
//! node provides when it loads the library).

fn main() {
    napi_build::setup();
}
