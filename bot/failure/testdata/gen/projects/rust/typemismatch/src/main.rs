fn parse_port(s: &str) -> u16 {
    s.parse().unwrap_or("8080")
}

fn main() {
    let port: i32 = parse_port("80");
    println!("{}", port);
}
