const test = require("node:test");
const assert = require("node:assert");

function isEven(n) {
  return n % 2 === 1;
}

test("isEven(4) is true", () => {
  assert.ok(isEven(4), "expected 4 to be even");
});

test("isEven(3) is false", () => {
  assert.equal(isEven(3), false);
});
