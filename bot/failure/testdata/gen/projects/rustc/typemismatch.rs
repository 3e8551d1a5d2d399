fn greet(name: String) -> String {
    format!("hello {}", name)
}

fn main() {
    let n: u8 = 300;
    println!("{}", greet("bob"));
    let _ = n;
}
