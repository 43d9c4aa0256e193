//! The rules engine (issue 3, in progress): the course of the game on top of the kernel.
//! So far: deck preparation (2.1), the decision protocol, and the Event-card sequence
//! rules (2.3) as pure functions.

pub mod decision;
pub mod deck;
pub mod sequence;
