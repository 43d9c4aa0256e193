//! The Lua VM's string work charged to the script budget (src/vm_strings.rs): on a target
//! whose linker wraps functions, set `abyss_lua_wrap` and link this crate's tests so.

include!("wrap.rs");

fn main() {
    println!("cargo::rustc-check-cfg=cfg(abyss_lua_wrap)");
    println!("cargo:rerun-if-changed=wrap.rs");
    if link_lua_wrapped() {
        println!("cargo:rustc-cfg=abyss_lua_wrap");
    }
}
