pub fn add(a: i32, b: i32) -> i32 {
    a + b
}

pub fn factorial(n: u64) -> u64 {
    (1..n).product()
}

pub fn checked_div(a: i32, b: i32) -> i32 {
    if b == 0 {
        return 0;
    }
    a / b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds() {
        assert_eq!(add(2, 2), 4);
    }

    #[test]
    fn factorial_of_five() {
        assert_eq!(factorial(5), 120);
    }

    #[test]
    #[should_panic(expected = "division by zero")]
    fn div_by_zero_panics() {
        checked_div(1, 0);
    }

    #[test]
    fn factorial_is_positive() {
        assert!(factorial(3) > 5, "factorial(3) should be 6 but was {}", factorial(3));
    }
}
