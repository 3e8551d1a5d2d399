#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![crate_type = "lib"]

pub fn first(v: &[u8]) -> u8 {
    unsafe { *v.get_unchecked(0) }
}

pub struct Thing {
    pub id: u32,
}
