const { parse } = require("./parse");

test("parses", () => {
  expect(parse("a, b")).toEqual(["a", "b"]);
});
