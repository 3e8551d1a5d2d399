pub struct Rect {
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn area(&self) -> f64 {
        self.w * self.h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn area() {
        let r = Rect { w: 2, h: 3.0 };
        assert_eq!(r.area(), 6.0);
        assert_eq!(r.perimeter(), 10.0);
    }
}
