fn consume(v: Vec<String>) -> usize {
    v.len()
}

fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let n = consume(names);
    println!("{} {}", n, names.len());
    let s = String::from("x");
    let r;
    {
        let t = String::from("y");
        r = &t;
    }
    println!("{} {}", s, r);
}
