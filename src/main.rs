fn main() {
    std::process::exit(abyss::cli::main());
}
