const leftPad = require("left-pad");

test("pads", () => {
  expect(leftPad("1", 3, "0")).toBe("001");
});
