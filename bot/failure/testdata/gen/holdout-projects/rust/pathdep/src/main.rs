fn main() { util::run(); }
