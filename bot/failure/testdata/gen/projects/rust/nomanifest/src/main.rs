fn main() {
    println!("no Cargo.toml");
}
