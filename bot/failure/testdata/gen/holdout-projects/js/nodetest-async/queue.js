class Queue {
  constructor() { this.items = []; }
  push(x) { this.items.push(x); }
  pop() { return this.items.pop(); } // bug: LIFO
  get size() { return this.items.length; }
}

async function drain(q, fn) {
  while (q.size) await fn(q.pop());
  throw new Error("drain finished without ack");
}

module.exports = { Queue, drain };
