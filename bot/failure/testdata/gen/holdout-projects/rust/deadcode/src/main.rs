struct Config {
    name: String,
    retries: u32,
}

fn helper() -> u32 {
    7
}

fn main() {
    let mut count = 3;
    let cfg = Config { name: "x".into(), retries: 2 };
    println!("{} {}", cfg.name, count);
}
