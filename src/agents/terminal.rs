//! A human at a terminal: shows the position, the card and the next card, the prompt and
//! numbered options; reads a number or an option's word. `help`, `show`, `undo` (back
//! one decision), `save FILE` and `quit` are always accepted.

use crate::game::{Agent, Choice, Request, Stop, View};
use crate::kernel::{Faction, Ruleset, Side, Support};
use std::io::{BufRead, Write};

/// Writes a game record of the answers so far to a file (supplied by the command line,
/// which knows the scenario, seed and seating).
pub type Saver = Box<dyn Fn(&View, &str) -> Result<(), String>>;

/// A command the command line adds to the table (`picture`, `save-scenario`): its word,
/// its line of help, and what it does with the position and its argument (the message
/// to print, or why it failed).
pub struct TableCommand {
    pub word: &'static str,
    pub help: &'static str,
    pub run: TableAction,
}

/// What a table command does: with the position and its argument, the message to print.
pub type TableAction = Box<dyn Fn(&View, &str) -> Result<String, String>>;

pub struct Terminal<R: BufRead, W: Write> {
    input: R,
    output: W,
    saver: Option<Saver>,
    /// The position is shown again only when it changed since the last question.
    last_shown: Option<usize>,
    commands: Vec<TableCommand>,
}

impl<R: BufRead, W: Write> Terminal<R, W> {
    pub fn new(input: R, output: W, saver: Option<Saver>) -> Self {
        Terminal {
            input,
            output,
            saver,
            last_shown: None,
            commands: Vec::new(),
        }
    }

    /// Add commands to the table's own (`help` lists them).
    pub fn with_commands(mut self, commands: Vec<TableCommand>) -> Self {
        self.commands.extend(commands);
        self
    }
}

/// An option in words, for people.
pub fn describe(c: &Choice, r: &Ruleset) -> String {
    match c {
        Choice::Space(s) => r.map.space(*s).name.clone(),
        Choice::Faction(f) => f.name().to_string(),
        Choice::Piece(t, u) => {
            let kind = match t.kind {
                crate::kernel::PieceKind::Troops => "Troops",
                crate::kernel::PieceKind::Police => "Police",
                crate::kernel::PieceKind::Guerrilla => "Guerrilla",
                crate::kernel::PieceKind::Base => "Base",
            };
            match u {
                Some(true) => format!("{} {kind} (Underground)", t.faction.name()),
                Some(false) => format!("{} {kind} (Active)", t.faction.name()),
                None => format!("{} {kind}", t.faction.name()),
            }
        }
        Choice::Event(Side::Unshaded) => "Event (unshaded)".into(),
        Choice::Event(Side::Shaded) => "Event (shaded)".into(),
        _ => {
            let word = c.render(r);
            let mut s = word.replace('-', " ");
            if let Some(first) = s.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            s
        }
    }
}

fn card_line(r: &Ruleset, n: Option<u8>) -> String {
    match n.and_then(|n| r.card(n)) {
        Some(c) => format!("{} {}", c.number, c.title),
        None => "none".into(),
    }
}

const HELP: &str = "Answer with an option's number or its word (as shown in brackets).
Commands: show (the position), undo (take back your last decision), save FILE (write the
game record), quit, help.";

impl<R: BufRead, W: Write> Terminal<R, W> {
    fn show(&mut self, view: &View) {
        let r = view.rules;
        let st = view.state;
        let _ = write!(self.output, "{}", crate::cli::show::render_position(r, st));
        let _ = writeln!(
            self.output,
            "Card: {}   Next: {}",
            card_line(r, view.card),
            card_line(r, view.next_card)
        );
        let elig: Vec<String> = Faction::ALL
            .iter()
            .map(|&f| {
                format!(
                    "{} {}",
                    f.name(),
                    if st.eligible(f) { "Eligible" } else { "Ineligible" }
                )
            })
            .collect();
        let _ = writeln!(self.output, "{}", elig.join(", "));
        let _ = writeln!(
            self.output,
            "Total Support {} ({}), Opposition+Bases {}",
            st.total_support(),
            if st.total_support() > 60 {
                "Govt winning"
            } else {
                "needs > 60"
            },
            st.opposition_plus_bases(r)
        );
        let _ = Support::Neutral;
    }
}

impl<R: BufRead, W: Write> Agent for Terminal<R, W> {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        let r = view.rules;
        if self.last_shown != Some(view.answers.len()) {
            self.show(view);
        }
        self.last_shown = Some(view.answers.len());
        loop {
            let about = request
                .about
                .map(|s| format!(" [{}]", r.map.space(s).name))
                .unwrap_or_default();
            let _ = writeln!(self.output, "\n{}: {}{}", request.faction.name(), request.prompt, about);
            for (i, c) in request.options.iter().enumerate() {
                let _ = writeln!(self.output, "  {:>2}. {} [{}]", i + 1, describe(c, r), c.render(r));
            }
            let _ = write!(self.output, "> ");
            let _ = self.output.flush();
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => return Err(Stop::Quit),
                Ok(_) => {}
            }
            let line = line.trim();
            let (cmd, arg) = line.split_once(' ').map_or((line, ""), |(a, b)| (a, b.trim()));
            match cmd {
                "" => continue,
                "help" | "?" => {
                    let _ = writeln!(self.output, "{HELP}");
                    for c in &self.commands {
                        let _ = writeln!(self.output, "{}", c.help);
                    }
                }
                _ if self.commands.iter().any(|c| c.word == cmd) => {
                    let c = self.commands.iter().find(|c| c.word == cmd).expect("found");
                    let msg = (c.run)(view, arg).unwrap_or_else(|e| format!("{cmd}: {e}"));
                    let _ = writeln!(self.output, "{msg}");
                }
                "show" => self.show(view),
                "undo" => return Err(Stop::Undo),
                "quit" | "exit" => return Err(Stop::Quit),
                "save" => {
                    let msg = match (&self.saver, arg.is_empty()) {
                        (_, true) => "save needs a file name: save FILE".to_string(),
                        (None, false) => "saving is not available here".to_string(),
                        (Some(save), false) => match save(view, arg) {
                            Ok(()) => format!("saved to {arg}"),
                            Err(e) => format!("could not save: {e}"),
                        },
                    };
                    let _ = writeln!(self.output, "{msg}");
                }
                _ => {
                    if let Ok(n) = cmd.parse::<usize>()
                        && (1..=request.options.len()).contains(&n)
                    {
                        return Ok(n - 1);
                    }
                    if let Some(i) = request.options.iter().position(|c| c.render(r) == line) {
                        return Ok(i);
                    }
                    let _ = writeln!(self.output, "`{line}` is not an option here (type help)");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::State;

    #[test]
    fn reads_numbers_and_words_and_rejects_others() {
        let r = crate::content::embedded_rules();
        let st = State::empty(&r, 0);
        let seating = crate::content::Seating::default();
        let view = View {
            rules: &r,
            state: &st,
            card: Some(28),
            next_card: Some(73),
            answers: &[],
            doing: crate::game::Doing::Choosing,
            first: None,
            seating: &seating,
            final_propaganda_next: false,
            discord: None,
        };
        let req = Request {
            faction: Faction::Farc,
            prompt: "Execute an Operation, or Pass?".into(),
            about: None,
            options: vec![Choice::Pass, Choice::Op(crate::game::Op::Rally)],
        };
        let mut out = Vec::new();
        let mut t = Terminal::new("banana\n3\nrally\n".as_bytes(), &mut out, None);
        assert_eq!(t.decide(&view, &req), Ok(1));
        let mut t = Terminal::new("2\n".as_bytes(), Vec::new(), None);
        assert_eq!(t.decide(&view, &req), Ok(1));
        let mut t = Terminal::new("undo\n".as_bytes(), Vec::new(), None);
        assert_eq!(t.decide(&view, &req), Err(Stop::Undo));
        let mut t = Terminal::new("".as_bytes(), Vec::new(), None);
        assert_eq!(t.decide(&view, &req), Err(Stop::Quit));
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Card: 28 Hugo Chávez   Next: 73 Propaganda!"), "{text}");
        assert!(text.contains("`banana` is not an option here"), "{text}");
        assert!(text.contains("`3` is not an option here"), "{text}");
        assert!(text.contains(" 2. Rally [rally]"), "{text}");
    }
}
