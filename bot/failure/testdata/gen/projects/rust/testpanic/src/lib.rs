use std::collections::HashMap;

pub fn port_for(service: &str) -> u16 {
    let mut m = HashMap::new();
    m.insert("http", 80u16);
    m.insert("https", 443u16);
    *m.get(service).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known() {
        assert_eq!(port_for("http"), 80);
    }

    #[test]
    fn unknown_service() {
        assert_eq!(port_for("gopher"), 70);
    }
}
