fn helper() -> i32 {
    42
}

fn main() {
    let x = 1;
    let mut y = 2;
    println!("done");
}
