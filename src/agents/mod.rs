//! Agents beyond the engine's own (random, scripted, replay live in game::decision and
//! game::playout): the terminal human.

pub mod terminal;
