fn main() {
    let xs = vec![1, 2, 3];
    let total: i32 = xs.iter().sum();
    println!("{} {}", total, average);
}
