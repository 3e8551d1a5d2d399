const { describe, it } = require("node:test");
const assert = require("node:assert/strict");
const { Queue, drain } = require("./queue.js");

describe("Queue", () => {
  it("is FIFO", () => {
    const q = new Queue();
    q.push(1); q.push(2); q.push(3);
    assert.deepEqual([q.pop(), q.pop(), q.pop()], [1, 2, 3]);
  });

  it("tracks size", () => {
    const q = new Queue();
    q.push("a");
    assert.equal(q.size, 1);
  });

  it("drains asynchronously", async () => {
    const q = new Queue();
    q.push(1);
    const seen = [];
    await drain(q, async (x) => seen.push(x));
    assert.deepEqual(seen, [1]);
  });

  it("finishes quickly", { timeout: 100 }, async () => {
    await new Promise((r) => setTimeout(r, 1000));
  });
});
