use std::collections::HashMap;

#[derive(Debug, Clone)]
struct Point {
    x: i32,
    y: i32,
}

fn main() {
    let unused_counter = 0;
    let mut seen: HashMap<Point, u32> = HashMap::new();
    let p = Point { x: 1, y: 2 };
    seen.insert(p.clone(), 1);
    println!("{}", p);
    let total: u64 = vec![1u32, 2, 3].iter().sum();
    println!("{total}");
}
