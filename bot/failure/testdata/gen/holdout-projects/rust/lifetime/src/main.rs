fn longest(a: &str, b: &str) -> &str {
    if a.len() > b.len() { a } else { b }
}

struct Parser {
    input: &str,
}

fn main() {
    let mut names = vec![String::from("a")];
    let first = &mut names[0];
    let second = &mut names;
    first.push('x');
    second.push(String::from("b"));
    println!("{}", longest("ab", "c"));
}
