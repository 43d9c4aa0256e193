//! The linker arguments of the engine's script budget (the root build.rs, `wrap_lua`): this
//! crate links the engine, with its Lua, into a module of its own, so it passes them too.

/// As the root build.rs's `LUA_WRAPPED`.
const LUA_WRAPPED: [&str; 3] = ["luaS_eqlngstr", "strcoll", "luaO_str2num"];

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        for name in LUA_WRAPPED {
            println!("cargo:rustc-link-arg=-Wl,--wrap={name}");
        }
    }
}
