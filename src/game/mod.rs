//! The rules engine (issue 3, in progress): the course of the game on top of the kernel.
//! So far: deck preparation (2.1) and the decision protocol.

pub mod decision;
pub mod deck;
