function money(n) {
  return "$" + n.toFixed(2);
}

test("formats money", () => {
  expect(money(3)).toBe("$3.00");
});

test("formats negatives", () => {
  expect(money(-3)).toBe("-$3.00");
});

test("throws on bad input", () => {
  expect(() => money(null)).not.toThrow();
});
