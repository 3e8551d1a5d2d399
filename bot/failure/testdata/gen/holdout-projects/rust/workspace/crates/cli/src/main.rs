use ws_core::text::{shout, whisper};
use ws_core::format::pad;

fn main() {
    println!("{}", shout("hi"));
    println!("{}", whisper("HI"));
    println!("{}", pad("x", 3));
}
