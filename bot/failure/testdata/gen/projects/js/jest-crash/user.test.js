const { displayName } = require("./user");

test("display name with profile", () => {
  expect(displayName({ profile: { first: "A", last: "B" } })).toBe("A B");
});

test("display name without profile", () => {
  expect(displayName({ name: "anon" })).toBe("anon");
});
