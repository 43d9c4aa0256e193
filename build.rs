//! Embeds the default content (rules/, scenarios/, events/) into the binary, so that
//! `abyss` runs anywhere; `--content DIR` reads a folder instead.

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    wrap_lua();
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let mut files = Vec::new();
    for sub in ["rules", "scenarios", "events"] {
        let dir = root.join(sub);
        // A folder makes cargo rerun this script when anything below it changes.
        println!("cargo:rerun-if-changed={}", dir.display());
        collect(&root, &dir, &mut files);
    }
    files.sort();
    let mut out = String::from("pub static FILES: &[(&str, &str)] = &[\n");
    for (rel, abs) in files {
        out.push_str(&format!("    ({rel:?}, include_str!({abs:?})),\n"));
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("embedded_content.rs");
    fs::write(dest, out).unwrap();
}

/// The Lua VM's C functions whose work on long strings the script budget charges
/// (src/script/vm_strings.rs): the linker sends the VM's calls to `__wrap_NAME`. With a
/// linker that has `--wrap` (Linux's), `abyss_lua_wrap` is set and the wrappers are built.
/// A crate that links this library into a binary of its own (crates/abyss-py) passes the
/// same arguments (`LUA_WRAPPED` there).
const LUA_WRAPPED: [&str; 3] = ["luaS_eqlngstr", "strcoll", "luaO_str2num"];

fn wrap_lua() {
    println!("cargo::rustc-check-cfg=cfg(abyss_lua_wrap)");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cfg=abyss_lua_wrap");
        for name in LUA_WRAPPED {
            println!("cargo:rustc-link-arg=-Wl,--wrap={name}");
        }
    }
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "toml" || x == "lua") {
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            out.push((rel, p.to_string_lossy().into_owned()));
        }
    }
}
