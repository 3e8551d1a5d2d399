fn classify(n: i32) -> &'static str {
    if n >= 10 && n <= 20 {
        "teen"
    } else {
        "other"
    }
}

fn total(v: &Vec<i32>) -> i32 {
    let mut s = 0;
    for i in 0..v.len() {
        s += v[i];
    }
    s
}

fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let copy = names.clone();
    println!("{:?}", copy);
    let opt = Some(3);
    match opt {
        Some(x) => println!("{x}"),
        _ => {}
    }
    let a = true;
    let b = false;
    if a {
        if b {
            println!("both");
        }
    }
    println!("{} {}", classify(12), total(&vec![1, 2, 3]));
}
