// Shared by the build scripts of every package that links the Lua host into a binary of
// its own (`include!`d): crates/lua (its tests), the root package (the CLI, the tests and
// the benchmarks), crates/play and crates/notation (their tests), crates/abyss-py (the
// Python module). `cargo:rustc-link-arg` reaches only the package's own binaries, so each
// such package asks for the arguments itself; one that forgets fails to link
// (`undefined reference to __real_strcoll`).

/// The Lua VM's C functions whose work on long strings the script budget charges
/// (crates/lua/src/vm_strings.rs): the linker sends the VM's calls to `__wrap_NAME`. With
/// a linker that has `--wrap` (Linux's), crates/lua sets `abyss_lua_wrap` and builds the
/// wrappers.
const LUA_WRAPPED: [&str; 3] = ["luaS_eqlngstr", "strcoll", "luaO_str2num"];

/// Ask for the `--wrap` linker arguments where the target has them; true if it does.
#[allow(dead_code)]
fn link_lua_wrapped() -> bool {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        return false;
    }
    for name in LUA_WRAPPED {
        println!("cargo:rustc-link-arg=-Wl,--wrap={name}");
    }
    true
}
