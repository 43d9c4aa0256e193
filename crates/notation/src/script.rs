//! Options in words, for divergence reports. (Replays use `game::playout::Replay`, which
//! keeps how many answers were used and the question left unanswered.)

use abyss_core::game::Request;
use abyss_core::kernel::Ruleset;

/// The options of a request in canonical words.
pub(crate) fn option_words(r: &Ruleset, request: &Request) -> Vec<String> {
    request.options.iter().map(|c| c.render(r)).collect()
}
