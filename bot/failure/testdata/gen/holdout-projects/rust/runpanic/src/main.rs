fn remaining(stock: u32, ordered: u32) -> u32 {
    stock - ordered
}

fn main() {
    let orders = [3u32, 5, 9];
    let mut stock = 10u32;
    for o in orders {
        stock = remaining(stock, o);
        println!("left: {stock}");
    }
}
