fn is_empty_list(v: &Vec<i32>) -> bool {
    return v.len() == 0;
}

fn describe(n: i32) -> String {
    let s = format!("{}", n);
    return s.clone();
}

fn main() {
    let v = vec![1, 2, 3];
    let mut total = 0;
    for i in 0..v.len() {
        total = total + v[i];
    }
    if is_empty_list(&v) == false {
        println!("{} {}", describe(total), 3.14159);
    }
}
