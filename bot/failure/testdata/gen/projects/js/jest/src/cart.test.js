const { total, applyCoupon, itemNames } = require("./cart");

describe("cart", () => {
  test("total sums prices", () => {
    expect(total([{ price: 1 }, { price: 2 }])).toBe(3);
  });

  test("total handles quantity", () => {
    expect(total([{ price: 2, qty: 3 }])).toBe(6);
  });

  test("TENOFF coupon", () => {
    expect(applyCoupon(100, "TENOFF")).toBe(90);
  });

  test("item names sorted", () => {
    expect(itemNames([{ name: "b" }, { name: "a" }])).toEqual(["a", "b"]);
  });
});
