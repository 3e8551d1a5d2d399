fn main() {
    let args: Vec<String> = std::env::args().collect();
    let idx = args.len() + 5;
    let values = vec![10, 20, 30];
    println!("value = {}", values[idx]);
}
