fn main() {
    let items = [1, 2, 3]
    for i in items.iter() {
        println!("{}", i);
    }
}
