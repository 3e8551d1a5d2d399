pub mod text {
    pub fn shout(s: &str) -> String {
        s.to_uppercase()
    }

    fn whisper(s: &str) -> String {
        s.to_lowercase()
    }

    pub fn both(s: &str) -> (String, String) {
        (shout(s), whisper(s))
    }
}
