use integration::Account;

#[test]
fn deposit_then_withdraw() {
    let mut a = Account::new();
    a.deposit(50);
    a.withdraw(20).unwrap();
    assert_eq!(a.balance, 30);
}

#[test]
fn overdraft_rejected() {
    let mut a = Account::new();
    a.deposit(10);
    let r = a.withdraw(25);
    assert!(r.is_err(), "withdrawing 25 from 10 should fail, balance now {}", a.balance);
}

#[test]
fn balance_never_negative() {
    let mut a = Account::new();
    let _ = a.withdraw(1);
    assert!(a.balance >= 0);
}
