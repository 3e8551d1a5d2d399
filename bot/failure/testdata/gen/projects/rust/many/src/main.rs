use std::collections::HashMap;

struct Config {
    name: String,
    retries: u32,
}

fn main() {
    let unused = 5;
    let cfg = Config { name: "svc".to_string(), retries: "3" };
    let mut m = HashMap::new();
    m.insert(cfg.name, 1);
    println!("{}", cfg.timeout);
    undefined_function(m);
}
