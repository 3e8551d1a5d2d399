const test = require("node:test");
const assert = require("node:assert");

test("adds", () => {
  assert.strictEqual(1 + 1, 2);
};
