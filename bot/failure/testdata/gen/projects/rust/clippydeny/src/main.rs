#![deny(clippy::all)]

fn main() {
    let name = String::from("x");
    let copy = name.clone();
    let opt: Option<i32> = Some(3);
    if opt.is_some() {
        println!("{} {}", copy, opt.unwrap());
    }
    let x = 5;
    if x == 5 {
        println!("five");
    } else if x == 5 {
        println!("also five");
    }
}
