const test = require("node:test");
const assert = require("node:assert");
const { capitalize, reverse, wordCount } = require("../lib/strings");

test("reverse", () => {
  assert.strictEqual(reverse("abc"), "cba");
});

test("capitalize", () => {
  assert.strictEqual(capitalize("hello"), "Hello");
});

test("wordCount", async (t) => {
  await t.test("simple", () => {
    assert.strictEqual(wordCount("a b c"), 3);
  });
  await t.test("empty string", () => {
    assert.strictEqual(wordCount(""), 0);
  });
  await t.test("deep equal", () => {
    assert.deepStrictEqual({ words: wordCount("x  y") }, { words: 2 });
  });
});
