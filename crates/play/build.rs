//! This package links the Lua host into binaries of its own: pass the linker arguments of
//! the script budget's string charges (crates/lua/wrap.rs).

include!("../lua/wrap.rs");

fn main() {
    println!("cargo:rerun-if-changed=../lua/wrap.rs");
    link_lua_wrapped();
}
