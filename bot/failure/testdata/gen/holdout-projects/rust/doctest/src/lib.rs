//! Small slug helpers.

/// Turns a title into a URL slug.
///
/// ```
/// assert_eq!(doctest::slugify("Hello World"), "hello-world");
/// assert_eq!(doctest::slugify("  Trim me  "), "trim-me");
/// ```
pub fn slugify(s: &str) -> String {
    s.to_lowercase().replace(' ', "-")
}

/// Counts words.
///
/// ```
/// assert_eq!(doctest::words("a b  c"), 3);
/// ```
pub fn words(s: &str) -> usize {
    s.split(' ').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_slug() {
        assert_eq!(slugify("Ab"), "ab");
    }
}
