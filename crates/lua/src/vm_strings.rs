//! The Lua VM's work on long strings that no instruction count sees, charged to the
//! running script's work budget (budget.rs): comparing two long strings (`==`, `~=`, a
//! table key, `<`, `<=`, `table.sort`) and reading a number from a string (arithmetic on
//! a string, a string given where a C function wants a number, `tonumber`). Each is one
//! instruction, or one C call, however long the strings: `while a == b do end` on two
//! equal 16 MB strings copies nothing, allocates nothing, and compared 16 MB at every
//! turn, for hours, within the budget of instructions.
//!
//! How: the linker sends the VM's calls of the three C functions that do that work —
//! `luaS_eqlngstr` (lstring.c), `strcoll` (from lvm.c's `l_strcmp`), `luaO_str2num`
//! (lobject.c) — to the wrappers here (`-Wl,--wrap=NAME`, build.rs and wrap.rs), which charge the
//! bytes the function reads and call it: `BYTES` a unit for `memcmp`, half as many
//! for `strcoll` (the wrapper measures the strings too), and a unit a byte for a
//! number (lobject.c reads it a byte at a time). The charge depends on the
//! strings alone, so it is the same in every process. Short strings cost what they did:
//! they are never compared by `luaS_eqlngstr`, and a short comparison or number charges a
//! unit or nothing.
//!
//! The wrapping needs a linker with `--wrap` (GNU ld, gold, lld: build.rs and wrap.rs asks for it on
//! Linux). Elsewhere these functions are not built, and that work is not charged.

use super::budget::{BYTES, charge_quietly};
use std::os::raw::{c_char, c_int, c_void};

/// The head of Lua 5.4's `TString` (lobject.h), up to a long string's length.
#[repr(C)]
struct TStringHead {
    next: *mut c_void,
    tt: u8,
    marked: u8,
    extra: u8,
    shrlen: u8,
    hash: std::os::raw::c_uint,
    lnglen: usize,
}

unsafe extern "C" {
    fn __real_luaS_eqlngstr(a: *const c_void, b: *const c_void) -> c_int;
    fn __real_strcoll(a: *const c_char, b: *const c_char) -> c_int;
    fn __real_luaO_str2num(s: *const c_char, o: *mut c_void) -> usize;
}

/// Long strings of equal lengths are compared byte by byte (`memcmp`); others not at all.
///
/// # Safety
/// Called by the VM with two long strings.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __wrap_luaS_eqlngstr(a: *const c_void, b: *const c_void) -> c_int {
    // SAFETY: both are live long strings (lstring.c's contract), laid out as TStringHead
    // says (`layout_holds`).
    unsafe {
        let (ha, hb) = (a as *const TStringHead, b as *const TStringHead);
        if a != b && (*ha).lnglen == (*hb).lnglen {
            charge_quietly((*ha).lnglen as u64 / BYTES);
        }
        __real_luaS_eqlngstr(a, b)
    }
}

/// `strcoll` reads both strings up to the first difference at most, and to the first
/// zero byte: charged by the length of the shorter, counted a page at a time so that a
/// short string against a long one costs little; and a unit a call, since `l_strcmp`
/// calls it once for each zero byte in equal strings.
///
/// # Safety
/// Two strings ending with a zero byte (lvm.c's `l_strcmp` passes Lua strings, which do).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __wrap_strcoll(a: *const c_char, b: *const c_char) -> c_int {
    const PAGE: usize = 4096;
    // SAFETY: both end with a zero byte; strnlen reads no further than it, nor PAGE bytes.
    unsafe {
        let mut both = 0usize;
        loop {
            let na = libc::strnlen(a.add(both), PAGE);
            let nb = libc::strnlen(b.add(both), PAGE);
            both += na.min(nb);
            if na < PAGE || nb < PAGE {
                break;
            }
        }
        charge_quietly(1 + both as u64 / (BYTES / 2));
        __real_strcoll(a, b)
    }
}

/// A string read as a number: every byte of it, at worst (a numeral after a long run of
/// spaces, or the search for `n` of `nan` in a string that is none).
///
/// # Safety
/// As `luaO_str2num`: a string ending with a zero byte, and room for a value at `o`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __wrap_luaO_str2num(s: *const c_char, o: *mut c_void) -> usize {
    // SAFETY: as the caller guarantees.
    unsafe {
        let size = __real_luaO_str2num(s, o);
        let bytes = if size > 0 { size - 1 } else { libc::strlen(s) };
        if bytes > 16 {
            charge_quietly(bytes as u64);
        }
        size
    }
}

/// Whether Lua's strings are laid out as `TStringHead` says (the Lua pinned in Cargo.lock
/// is 5.4): `s` is a long string on top of `state`'s stack. The host checks it once per
/// VM, so that a Lua of another layout cannot be charged from bytes that are not lengths.
///
/// # Safety
/// `state` is a VM on this thread with a string on top of its stack.
pub(crate) unsafe fn layout_holds(state: *mut mlua::ffi::lua_State) -> bool {
    use mlua::ffi;
    // SAFETY: as the caller guarantees; lua_topointer gives a string's TString.
    unsafe {
        let mut len = 0usize;
        let text = ffi::lua_tolstring(state, -1, &mut len);
        let ts = ffi::lua_topointer(state, -1) as *const TStringHead;
        !ts.is_null()
            && (*ts).shrlen == 0xFF
            && (*ts).lnglen == len
            && text as usize == ts as usize + std::mem::size_of::<TStringHead>()
    }
}

/// Keeps the wrappers in every binary that links the host: the linker sends the VM's
/// calls to them only if their object file is in the link, and an archive's object is
/// taken only for a symbol wanted before it.
pub(crate) fn linked() -> [usize; 3] {
    [
        __wrap_luaS_eqlngstr as *const () as usize,
        __wrap_strcoll as *const () as usize,
        __wrap_luaO_str2num as *const () as usize,
    ]
}
