//! People at a terminal. One `Console` — one reader of the typed lines, one writer — is
//! shared by the `Terminal` agents of every Faction played at that terminal, so 1 to 4
//! people can sit at it (one lock of stdin per Faction would wait for itself forever).
//!
//! Each question names who is asked and lists the options; an answer is the option's
//! number, its word or name (case and accents ignored, any unique prefix), or for a
//! question about a number, the number itself. Commands are accepted at any question:
//! `help`, `show`, `status`, `card [N]`, `space NAME`, `log [N]`, `undo`, `save FILE`,
//! `quit`.

use crate::game::describe::{self, printable, printable_lines};
use crate::game::question::Ask;
use crate::game::{Agent, Choice, Request, Stop, View};
use crate::kernel::Faction;
use std::cell::RefCell;
use std::io::{BufRead, Write};
use std::rc::Rc;

/// Writes a game record of the answers so far to a file (supplied by the command line,
/// which knows the scenario, seed, seating and options).
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

/// What the people at one terminal share.
pub struct Console {
    input: Box<dyn BufRead>,
    output: Box<dyn Write>,
    /// The narrative so far, with the deck position of each line's card (for `log`).
    pub log: Vec<(usize, String)>,
    /// Answers in the game when it was last saved (or loaded, or started).
    pub saved_at: usize,
    /// The last person asked, so that a change of seat is announced.
    last_asked: Option<Faction>,
    /// Something was printed since the last question (the status line is due again).
    pub news: bool,
    /// The full position has been shown once.
    shown: bool,
    /// `quit` was typed once with unsaved decisions: a second `quit` leaves.
    quit_armed: bool,
    /// The game was resumed (load or undo): tell where it stands at the next question.
    pub resumed: bool,
    /// Nobody reads the output any more (a closed pipe): the next question quits.
    closed: bool,
    /// What the game was doing at the last question (an Event, a Propaganda Round).
    context: Option<String>,
    /// The Factions asked at this terminal so far: their answers are what a save keeps
    /// (the bots' answers after the last save come again, the same, on a load).
    asked_here: [bool; 4],
    /// The player options' questions that come at every Operation or Event (1.5.2
    /// negotiation; 1.4.1 removal as an Event begins) are put to the people here only
    /// once someone asked for them (`negotiate`, `remove`); otherwise the terminal answers
    /// Done for them, and that answer is recorded like any other, so records and replays
    /// stay exact.
    want: Wanted,
}

/// The player options someone at the terminal asked for, and whether their questions
/// have been put (the request lasts until the questions of that moment are over).
#[derive(Default)]
struct Wanted {
    negotiation: bool,
    negotiation_put: bool,
    removal: bool,
    removal_put: bool,
}

/// Which player option a question belongs to, if it is one that is asked only on request.
#[derive(Clone, Copy, PartialEq)]
enum OnRequest {
    Negotiation,
    Removal,
}

fn on_request(ask: Ask) -> Option<OnRequest> {
    match ask {
        Ask::NegotiateTo
        | Ask::NegotiateWhat
        | Ask::NegotiateAmount
        | Ask::NegotiateShipSpace
        | Ask::NegotiateShipTo => Some(OnRequest::Negotiation),
        Ask::BeforeEvent | Ask::OwnRemovalBeforeEvent => Some(OnRequest::Removal),
        _ => None,
    }
}

impl Wanted {
    /// For a question of `kind` (None: any other): the request is over once the questions
    /// it opened have been put and the game has moved on to another kind of question.
    fn moved_on(&mut self, kind: Option<OnRequest>) {
        if self.negotiation_put && kind != Some(OnRequest::Negotiation) {
            self.negotiation = false;
            self.negotiation_put = false;
        }
        if self.removal_put && kind != Some(OnRequest::Removal) {
            self.removal = false;
            self.removal_put = false;
        }
    }

    /// Put this question to the person? Notes that it was put.
    fn put(&mut self, kind: OnRequest) -> bool {
        match kind {
            OnRequest::Negotiation => {
                self.negotiation_put |= self.negotiation;
                self.negotiation
            }
            OnRequest::Removal => {
                self.removal_put |= self.removal;
                self.removal
            }
        }
    }
}

pub type Shared = Rc<RefCell<Console>>;

impl Console {
    pub fn new(input: Box<dyn BufRead>, output: Box<dyn Write>) -> Shared {
        Rc::new(RefCell::new(Console {
            input,
            output,
            log: Vec::new(),
            saved_at: 0,
            last_asked: None,
            news: false,
            shown: false,
            quit_armed: false,
            resumed: false,
            closed: false,
            context: None,
            asked_here: [false; 4],
            want: Wanted::default(),
        }))
    }

    /// Print a line (control characters of script text removed).
    pub fn say(&mut self, line: &str) {
        let done = writeln!(self.output, "{}", printable_lines(line)).and_then(|_| self.output.flush());
        self.closed |= done.is_err();
    }

    /// Decisions of people at this terminal since the last save.
    fn unsaved(&self, answers: &[(Faction, Choice)]) -> usize {
        answers
            .iter()
            .skip(self.saved_at)
            .filter(|(f, _)| self.asked_here[f.index()])
            .count()
    }

    /// Read a typed line: None at the end of the input. Bytes that are not UTF-8 are
    /// replaced, not fatal.
    fn read_line(&mut self) -> Option<String> {
        if self.closed {
            return None;
        }
        // A line is read up to MAX_LINE bytes; the rest of an overlong line is skipped, so
        // a flood on stdin cannot fill memory (no answer or command is that long).
        let mut bytes = Vec::new();
        let n = std::io::Read::take(&mut *self.input, MAX_LINE as u64).read_until(b'\n', &mut bytes);
        match n {
            Ok(0) | Err(_) => None,
            Ok(n) if n == MAX_LINE && bytes.last() != Some(&b'\n') => {
                loop {
                    bytes.clear();
                    match std::io::Read::take(&mut *self.input, MAX_LINE as u64).read_until(b'\n', &mut bytes) {
                        Ok(0) | Err(_) => break,
                        Ok(_) if bytes.last() == Some(&b'\n') => break,
                        Ok(_) => {}
                    }
                }
                self.say(&format!("(a line of more than {MAX_LINE} bytes was ignored)"));
                Some(String::new())
            }
            Ok(_) => Some(String::from_utf8_lossy(&bytes).trim().to_string()),
        }
    }
}

/// The longest line the terminal reads (answers and commands are a few words).
const MAX_LINE: usize = 4096;

/// A Faction played at the terminal.
pub struct Terminal {
    console: Shared,
    saver: Option<Rc<Saver>>,
    /// How the person is called in prompts: "FARC", or "Government (Government + AUC)".
    who: String,
    commands: Rc<Vec<TableCommand>>,
}

impl Terminal {
    pub fn new(console: Shared, saver: Option<Rc<Saver>>, who: String) -> Terminal {
        Terminal {
            console,
            saver,
            who,
            commands: Rc::new(Vec::new()),
        }
    }

    /// Add commands to the table's own (`help` lists them); shared by the people at it.
    pub fn with_commands(mut self, commands: Rc<Vec<TableCommand>>) -> Self {
        self.commands = commands;
        self
    }
}

/// The words the terminal reads as its commands before any answer (`Terminal::decide`),
/// with the table's own (src/cli/board.rs): a space id must be none of them
/// (src/content/map.rs), or a person could not answer it by its word. (`remove` is no
/// command where an option is read so: the option wins.)
pub const COMMAND_WORDS: [&str; 14] = [
    "help",
    "show",
    "board",
    "status",
    "card",
    "space",
    "log",
    "negotiate",
    "give",
    "undo",
    "quit",
    "exit",
    "save",
    "picture",
];

const HELP: &str = "Answer with an option's number or its word or name (any unique beginning: `bog` for
Bogotá); for a question about a number, type the number. Commands:
  show           the whole position          status       card, eligibility, margins
  card [N]       a card's text (this card)   space NAME   a space: pieces, Control, neighbours
  log [N]        what happened (last N)      undo         take back your last decision
  save FILE      write the game record       quit         leave (warns if unsaved)
  #N             the N-th option as listed   help         this text
  negotiate      give Resources or Shipments (1.5.2) at the next Operation or Event
  remove         remove your own pieces (1.4.1) as your next Event begins";

/// What an answer typed to a request means.
enum Typed {
    Pick(usize),
    Complain(String),
}

/// Read what a person typed as one of the request's options.
fn understand(line: &str, request: &Request, view: &View) -> Typed {
    let r = view.rules;
    let options = &request.options;
    if let Some(n) = line.strip_prefix('#') {
        return match n.trim().parse::<usize>() {
            Ok(n) if (1..=options.len()).contains(&n) => Typed::Pick(n - 1),
            _ => Typed::Complain(format!("`{line}`: there are options #1 to #{}", options.len())),
        };
    }
    let numbers: Vec<u8> = options
        .iter()
        .filter_map(|c| match c {
            Choice::Number(n) => Some(*n),
            _ => None,
        })
        .collect();
    if let Ok(n) = line.parse::<i64>() {
        // A question about a number takes the number (`3` is 3 Troops, not option 3).
        if !numbers.is_empty() {
            return match options.iter().position(|c| *c == Choice::Number(n.clamp(0, 255) as u8)) {
                Some(i) if (0..=255).contains(&n) => Typed::Pick(i),
                _ => Typed::Complain(format!("{n} is not offered here (choose {})", number_range(&numbers))),
            };
        }
        return match usize::try_from(n) {
            Ok(i) if (1..=options.len()).contains(&i) => Typed::Pick(i - 1),
            _ => Typed::Complain(format!("`{line}` is not an option here: choose 1 to {}", options.len())),
        };
    }
    let names: Vec<Vec<String>> = options.iter().map(|c| option_names(c, view)).collect();
    match describe::match_name(line, &names) {
        Ok(i) => Typed::Pick(i),
        Err(c) if c.is_empty() => Typed::Complain(format!("`{}` is not an option here (type help)", printable(line))),
        Err(c) => {
            let words: Vec<String> = c.iter().map(|&i| options[i].render(r)).collect();
            Typed::Complain(format!("`{}` could be {}: say more", printable(line), words.join(", ")))
        }
    }
}

/// "0-3" or "0, 2, 5".
fn number_range(n: &[u8]) -> String {
    let (lo, hi) = (
        n.iter().min().copied().unwrap_or(0),
        n.iter().max().copied().unwrap_or(0),
    );
    if (hi - lo) as usize + 1 == n.len() {
        format!("{lo}-{hi}")
    } else {
        n.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
    }
}

/// The ways a person may name an option: its word, its name, and for Events the side.
fn option_names(c: &Choice, view: &View) -> Vec<String> {
    let r = view.rules;
    let full = describe::choice(c, r);
    let mut names = vec![c.render(r), full.clone()];
    match c {
        Choice::Event(side) => names.push(side.slug().to_string()),
        // A piece by its kind alone (`troops` for "Government Troops"), and a Guerrilla by
        // its state (`active`): the Faction is usually plain from the question.
        Choice::Piece(t, u) => {
            if let Some(kind) = full.strip_prefix(t.faction.name()) {
                names.push(kind.trim().to_string());
            }
            match u {
                Some(true) => names.push("underground".into()),
                Some(false) => names.push("active".into()),
                None => {}
            }
        }
        _ => {}
    }
    names
}

/// More options than this are laid out in columns, with the question repeated under them.
const LONG_LIST: usize = 12;
/// The width the columns of a long list fit in (a common terminal's).
const SCREEN_WIDTH: usize = 100;

/// The lines that list the options: one per option, or for a long list, in columns
/// (read down, then across) as many as fit the screen's width.
fn option_lines(entries: &[String]) -> Vec<String> {
    let width = entries.iter().map(|e| e.chars().count()).max().unwrap_or(0) + 2;
    let columns = if entries.len() > LONG_LIST {
        (SCREEN_WIDTH / width).clamp(1, 4)
    } else {
        1
    };
    let rows = entries.len().div_ceil(columns);
    (0..rows)
        .map(|row| {
            let mut line = String::from("  ");
            for col in 0..columns {
                if let Some(e) = entries.get(col * rows + row) {
                    let pad = if col + 1 < columns && (col + 1) * rows + row < entries.len() {
                        width - e.chars().count()
                    } else {
                        0
                    };
                    line += e;
                    line.extend(std::iter::repeat_n(' ', pad));
                }
            }
            line
        })
        .collect()
}

/// What the game is in the middle of, when a question comes from it rather than from
/// the asked Faction's own choice: an Event (with its text), someone else's Operation,
/// a Propaganda Round.
fn context(view: &View, request: &Request) -> Option<String> {
    use crate::game::Doing;
    let r = view.rules;
    match view.doing {
        Doing::Event { faction, card, side } => {
            let c = r.card(card)?;
            let which = if c.single {
                String::new()
            } else {
                format!(" ({})", side.slug())
            };
            let text = c.text(side).map(|t| format!(": {t}")).unwrap_or_default();
            Some(format!(
                "{} is executing Event {card} {}{which}{text}",
                faction.name(),
                c.title
            ))
        }
        Doing::Operation { faction, op, .. } if faction != request.faction => Some(format!(
            "(during {}'s {})",
            faction.name(),
            describe::choice(&Choice::Op(op), r)
        )),
        Doing::Propaganda => Some("(Propaganda Round, 6.0)".into()),
        Doing::Deployment => Some("(Open Deployment, 2.1)".into()),
        _ => None,
    }
}

impl Terminal {
    fn show_position(&self, view: &View) {
        let text = describe::render_position(view.rules, view.state);
        self.console.borrow_mut().say(text.trim_end());
        self.show_status(view);
    }

    fn show_status(&self, view: &View) {
        let line = describe::status_line(view.rules, view.state, view.card, view.next_card);
        self.console.borrow_mut().say(&line);
    }

    fn show_card(&self, view: &View, arg: &str) {
        let r = view.rules;
        let n = if arg.is_empty() {
            view.card
        } else {
            match arg.parse::<u8>() {
                Ok(n) => Some(n),
                Err(_) => {
                    self.console
                        .borrow_mut()
                        .say(&format!("card N: N is a card number, not `{}`", printable(arg)));
                    return;
                }
            }
        };
        let text = match n.and_then(|n| describe::render_card(r, n)) {
            Some(t) => t,
            None => format!("no card {}", n.map_or("is being played".into(), |n| n.to_string())),
        };
        let mut c = self.console.borrow_mut();
        c.say(text.trim_end());
        if arg.is_empty() {
            c.say(&format!(
                "Next card showing: {}",
                describe::card_line(r, view.next_card)
            ));
        }
    }

    fn show_space(&self, view: &View, arg: &str) {
        let text = match describe::find_space(view.rules, arg) {
            Ok(s) => describe::render_space(view.rules, view.state, s),
            Err(e) if arg.is_empty() => format!("space NAME: which space? ({e})"),
            Err(e) => e,
        };
        self.console.borrow_mut().say(text.trim_end());
    }

    fn show_log(&self, arg: &str) {
        let mut c = self.console.borrow_mut();
        let n = arg.parse::<usize>().unwrap_or(usize::MAX);
        let lines: Vec<String> = c.log.iter().map(|(_, l)| l.clone()).collect();
        let from = lines.len().saturating_sub(n);
        if lines.is_empty() {
            c.say("(nothing has happened yet)");
        }
        for l in &lines[from..] {
            c.say(l);
        }
    }

    /// Announce the question: who is asked (and a banner when the seat changes), the
    /// status line when something happened since, the options.
    fn ask(&self, view: &View, request: &Request) {
        let r = view.rules;
        let mut c = self.console.borrow_mut();
        let first = !c.shown;
        if c.resumed {
            c.resumed = false;
            let here = view.card.map(|_| c.log.last().map_or(0, |l| l.0)).unwrap_or(0);
            let lines: Vec<String> = c.log.iter().filter(|l| l.0 == here).map(|l| l.1.clone()).collect();
            if !lines.is_empty() {
                c.say("(where the game stands, this card so far:)");
                for l in &lines {
                    c.say(l);
                }
            }
        }
        drop(c);
        if first {
            self.show_position(view);
        }
        let mut c = self.console.borrow_mut();
        c.shown = true;
        if c.last_asked != Some(request.faction) && c.last_asked.is_some() {
            c.say(&format!("\n======== {} to decide ========", self.who));
        }
        if (c.news || c.last_asked != Some(request.faction)) && !first {
            drop(c);
            self.show_status(view);
            c = self.console.borrow_mut();
        }
        c.news = false;
        c.last_asked = Some(request.faction);
        let context = context(view, request);
        if context != c.context {
            if let Some(text) = &context {
                c.say(&format!("\n{text}"));
            }
            c.context = context;
        }
        let about = request
            .about
            .map(|s| format!(" [{}]", r.map.space(s).name))
            .unwrap_or_default();
        c.say(&format!("\n{}: {}{about}", request.faction.name(), request.prompt));
        // Numbers are typed as themselves; the other options by number only when no
        // number is offered (else by word or #N).
        let n: Vec<u8> = request
            .options
            .iter()
            .filter_map(|o| match o {
                Choice::Number(n) => Some(*n),
                _ => None,
            })
            .collect();
        if !n.is_empty() {
            c.say(&format!("  a number: {}", number_range(&n)));
        }
        let mut entries = Vec::new();
        for (i, o) in request.options.iter().enumerate() {
            if matches!(o, Choice::Number(_)) {
                continue;
            }
            let word = o.render(r);
            let name = describe::choice(o, r);
            let index = if n.is_empty() {
                format!("{:>2}.", i + 1)
            } else {
                format!("or #{}:", i + 1)
            };
            entries.push(if describe::fold(&name) == describe::fold(&word) {
                format!("{index} {name}")
            } else {
                format!("{index} {name} [{word}]")
            });
        }
        for line in option_lines(&entries) {
            c.say(&line);
        }
        // A long list pushes the question off the screen: say it again under the list.
        if entries.len() > LONG_LIST {
            c.say(&format!("{}: {}{about}", request.faction.name(), request.prompt));
        }
        let _ = write!(c.output, "{}> ", request.faction.name());
        let _ = c.output.flush();
    }
}

impl Agent for Terminal {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        let kind = on_request(request.ask);
        {
            let mut c = self.console.borrow_mut();
            c.asked_here[request.faction.index()] = true;
            c.want.moved_on(kind);
            if let Some(kind) = kind
                && !c.want.put(kind)
                && let Some(done) = request.options.iter().position(|&o| o == Choice::Done)
            {
                // Not asked for: Done, as the person would answer (recorded as usual).
                return Ok(done);
            }
        }
        self.ask(view, request);
        loop {
            let line = self.console.borrow_mut().read_line();
            let Some(line) = line else {
                let mut c = self.console.borrow_mut();
                c.say("");
                if c.unsaved(view.answers) > 0 {
                    c.say("(end of input: the game since the last save is not saved)");
                }
                return Err(Stop::Quit);
            };
            let (cmd, arg) = line.split_once(' ').map_or((line.as_str(), ""), |(a, b)| (a, b.trim()));
            let again = match cmd.to_ascii_lowercase().as_str() {
                "" => true,
                "help" | "?" => {
                    let mut c = self.console.borrow_mut();
                    c.say(HELP);
                    for t in self.commands.iter() {
                        c.say(&format!("  {}", t.help));
                    }
                    true
                }
                word if self.commands.iter().any(|t| t.word == word) => {
                    let t = self.commands.iter().find(|t| t.word == word).expect("found");
                    let msg = (t.run)(view, arg).unwrap_or_else(|e| format!("{word}: {e}"));
                    self.console.borrow_mut().say(&msg);
                    true
                }
                "show" | "board" => {
                    self.show_position(view);
                    true
                }
                "status" => {
                    self.show_status(view);
                    true
                }
                "card" => {
                    self.show_card(view, arg);
                    true
                }
                "space" => {
                    self.show_space(view, arg);
                    true
                }
                "log" => {
                    self.show_log(arg);
                    true
                }
                "negotiate" | "give" => {
                    let mut c = self.console.borrow_mut();
                    c.want.negotiation = true;
                    c.say("Negotiation (1.5.2) opens at the next Operation or Event where Resources or a Shipment can change hands: everyone at the table is asked then.");
                    true
                }
                // `remove` is also an option's word (in an Operation's spaces): the option wins.
                "remove" if kind.is_none() && matches!(understand(&line, request, view), Typed::Complain(_)) => {
                    let mut c = self.console.borrow_mut();
                    c.want.removal = true;
                    c.say(
                        "As your next Event begins you will be asked which of your own pieces to remove first (1.4.1).",
                    );
                    true
                }
                "undo" => return Err(Stop::Undo),
                "quit" | "exit" => {
                    let mut c = self.console.borrow_mut();
                    let unsaved = c.unsaved(view.answers);
                    if unsaved == 0 || c.quit_armed {
                        return Err(Stop::Quit);
                    }
                    c.quit_armed = true;
                    c.say(&format!(
                        "{unsaved} decision{} since the last save would be lost: `save FILE` first, or `quit` again to leave",
                        if unsaved == 1 { "" } else { "s" }
                    ));
                    true
                }
                "save" => {
                    let msg = match (&self.saver, arg.is_empty()) {
                        (_, true) => "save needs a file name: save FILE".to_string(),
                        (None, false) => "saving is not available here".to_string(),
                        (Some(save), false) => match save(view, arg) {
                            Ok(()) => {
                                self.console.borrow_mut().saved_at = view.answers.len();
                                format!("saved to {arg} (continue with: abyss play --load {arg})")
                            }
                            Err(e) => format!("could not save: {e}"),
                        },
                    };
                    self.console.borrow_mut().say(&msg);
                    true
                }
                _ => match understand(&line, request, view) {
                    Typed::Pick(i) => {
                        let mut c = self.console.borrow_mut();
                        c.quit_armed = false;
                        return Ok(i);
                    }
                    Typed::Complain(m) => {
                        self.console.borrow_mut().say(&m);
                        true
                    }
                },
            };
            if again && !matches!(cmd, "quit" | "exit") {
                self.console.borrow_mut().quit_armed = false;
            }
            let mut c = self.console.borrow_mut();
            let _ = write!(c.output, "{}> ", request.faction.name());
            let _ = c.output.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Op;
    use crate::kernel::State;

    /// A writer the test can read back.
    #[derive(Clone, Default)]
    struct Screen(Rc<RefCell<Vec<u8>>>);
    impl Write for Screen {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn decide(typed: &str, req: &Request) -> (Result<usize, Stop>, String) {
        let r = crate::content::embedded_rules();
        let st = State::empty(&r, 0);
        let seating = crate::content::Seating::default();
        let answers = [(Faction::Farc, Choice::Pass)];
        let view = View {
            rules: &r,
            state: &st,
            card: Some(28),
            next_card: Some(73),
            answers: &answers,
            doing: crate::game::Doing::Choosing,
            first: None,
            seating: &seating,
            final_propaganda_next: false,
            discord: None,
            card_start: None,
        };
        let screen = Screen::default();
        let console = Console::new(
            Box::new(std::io::Cursor::new(typed.to_string())),
            Box::new(screen.clone()),
        );
        let mut t = Terminal::new(console, None, req.faction.name().into());
        let got = t.decide(&view, req);
        let text = String::from_utf8(screen.0.borrow().clone()).unwrap();
        (got, text)
    }

    fn request(options: Vec<Choice>) -> Request {
        Request {
            faction: Faction::Farc,
            ask: crate::game::Ask::Action,
            prompt: "Execute an Operation, or Pass?".into(),
            about: None,
            options,
        }
    }

    #[test]
    fn reads_numbers_words_and_prefixes_and_rejects_others() {
        let req = request(vec![Choice::Pass, Choice::Op(Op::Rally), Choice::Op(Op::March)]);
        let (got, text) = decide("banana\n4\nRAL\n", &req);
        assert_eq!(got, Ok(1));
        assert!(text.contains("Card 28 Hugo Chávez | Next 73 Propaganda!"), "{text}");
        assert!(text.contains("`banana` is not an option here"), "{text}");
        assert!(text.contains("`4` is not an option here: choose 1 to 3"), "{text}");
        assert!(text.contains(" 2. Rally"), "{text}");
        assert!(text.contains("FARC: Execute an Operation, or Pass?"), "{text}");
        assert_eq!(decide("3\n", &req).0, Ok(2));
        assert_eq!(decide("#1\n", &req).0, Ok(0));
        assert_eq!(decide("undo\n", &req).0, Err(Stop::Undo));
        assert_eq!(decide("", &req).0, Err(Stop::Quit));
    }

    #[test]
    fn an_overlong_line_is_skipped_not_stored() {
        let req = request(vec![Choice::Pass, Choice::Op(Op::Rally)]);
        let flood = format!("{}\nrally\n", "x".repeat(3 * MAX_LINE + 17));
        let (got, text) = decide(&flood, &req);
        assert_eq!(got, Ok(1), "{text}");
        assert!(text.contains("was ignored"), "{text}");
        assert!(text.len() < 2 * MAX_LINE, "the flood is not echoed");
    }

    #[test]
    fn pieces_are_named_by_their_kind_and_guerrillas_by_their_state() {
        use crate::kernel::PieceType;
        let troops = Choice::Piece(PieceType::TROOPS, None);
        let police = Choice::Piece(PieceType::POLICE, None);
        let req = request(vec![troops, police]);
        assert_eq!(decide("troops\n", &req).0, Ok(0));
        assert_eq!(decide("pol\n", &req).0, Ok(1));
        let under = Choice::Piece(PieceType::guerrilla(Faction::Farc), Some(true));
        let active = Choice::Piece(PieceType::guerrilla(Faction::Farc), Some(false));
        let req = request(vec![under, active]);
        assert_eq!(decide("active\n", &req).0, Ok(1));
        assert_eq!(decide("underground\n", &req).0, Ok(0));
        let (got, text) = decide("guerrilla\n", &req);
        assert_eq!(got, Err(Stop::Quit), "{text}");
        assert!(text.contains("could be"), "ambiguous: {text}");
    }

    #[test]
    fn a_question_about_a_number_takes_the_number() {
        let req = request((0..=3).map(Choice::Number).collect());
        assert_eq!(decide("3\n", &req).0, Ok(3));
        let (got, text) = decide("7\n0\n", &req);
        assert_eq!(got, Ok(0));
        assert!(text.contains("7 is not offered here (choose 0-3)"), "{text}");
        assert!(text.contains("a number: 0-3"), "{text}");
    }

    #[test]
    fn numbers_mixed_with_words_are_typed_as_numbers() {
        let mut options: Vec<Choice> = (1..=3).map(Choice::Number).collect();
        options.push(Choice::Done);
        let req = request(options);
        let (got, text) = decide("2\n", &req);
        assert_eq!(got, Ok(1), "the number 2, not option 2");
        assert!(text.contains("a number: 1-3") && text.contains("or #4: Done"), "{text}");
        assert_eq!(decide("done\n", &req).0, Ok(3));
        assert_eq!(decide("#4\n", &req).0, Ok(3));
    }

    #[test]
    fn an_ambiguous_prefix_is_refused_with_the_candidates() {
        let r = crate::content::embedded_rules();
        let spaces = ["meta_east", "meta_west", "cesar"].map(|s| Choice::Space(r.map.find(s).unwrap()));
        let req = request(spaces.to_vec());
        let (got, text) = decide("meta\nmeta w\n", &req);
        assert_eq!(got, Ok(1));
        assert!(text.contains("`meta` could be meta_east, meta_west"), "{text}");
    }

    #[test]
    fn quit_warns_once_when_decisions_are_unsaved() {
        let req = request(vec![Choice::Pass, Choice::Op(Op::Rally)]);
        let (got, text) = decide("quit\nquit\n", &req);
        assert_eq!(got, Err(Stop::Quit));
        assert!(text.contains("1 decision since the last save would be lost"), "{text}");
    }

    #[test]
    fn commands_show_cards_spaces_and_strip_control_characters() {
        let req = request(vec![Choice::Pass, Choice::Op(Op::Rally)]);
        let (_, text) = decide("card\nspace bogot\nspace \x1b[2Jx\npass\n", &req);
        assert!(
            text.contains("Card 28: Hugo Chávez   Faction order: FARC, AUC, Cartels, Government"),
            "{text}"
        );
        assert!(text.contains("Next card showing: 73 Propaganda!"), "{text}");
        assert!(text.contains("Bogotá [bogota]: City, pop 8"), "{text}");
        assert!(text.contains("Neighbours:"), "{text}");
        assert!(text.contains("no space is called `[2Jx`"), "{text}");
        assert!(!text.contains('\x1b'), "{text}");
    }
}
