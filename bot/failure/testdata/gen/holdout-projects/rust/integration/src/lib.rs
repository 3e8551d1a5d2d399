pub struct Account {
    pub balance: i64,
}

impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }
    pub fn deposit(&mut self, amt: i64) {
        println!("deposit {amt}");
        self.balance += amt;
    }
    pub fn withdraw(&mut self, amt: i64) -> Result<(), String> {
        println!("withdraw {amt}");
        // bug: allows overdraft
        self.balance -= amt;
        Ok(())
    }
}
