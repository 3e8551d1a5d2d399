const { card } = require("./card");

test("renders admin card", () => {
  expect(card({ name: "ann", role: "admin", since: 2019, tags: ["b", "a"] })).toMatchSnapshot();
});

test("renders guest card", () => {
  expect(card({ name: "bo", role: "guest", since: 2023, tags: [] })).toMatchSnapshot();
});

test("new snapshot in CI", () => {
  expect(card({ name: "cy", role: "dev", since: 2020, tags: ["x"] })).toMatchSnapshot();
});
