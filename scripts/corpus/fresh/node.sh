#!/usr/bin/env bash
# Fresh hold-out (see fresh/README): Node (node --test, npm, scripts) and
# TypeScript (tsc).
. "$(dirname "$0")/../lib.sh"
export SPLIT=fresh
E=node; TOOL="node $(node --version), npm $(npm --version)"

project f-node-queue; mkdir -p test
cat > queue.js <<'J'
class Queue {
  constructor() { this.items = []; }
  push(x) { this.items.push(x); return this; }
  pop() { return this.items.shift(); }
  get size() { return this.items.length; }
}
module.exports = { Queue };
J
cat > test/queue.test.js <<'J'
const test = require("node:test");
const assert = require("node:assert");
const { Queue } = require("../queue.js");

test("fifo order", () => {
  const q = new Queue().push(1).push(2);
  assert.strictEqual(q.pop(), 1);
});
test("size after pops", () => {
  const q = new Queue().push(1);
  q.pop();
  assert.strictEqual(q.size, 0);
});
test("handles timeout errors gracefully", () => {
  console.log("error: simulated; TimeoutError is only a word here");
  assert.ok(true);
});
test("drain", { skip: "not implemented" }, () => {});
J
record $E f-node-test-pass PASS 3/3/0/1 "three tests pass (one is named after timeouts and logs error:); one skipped" -- node --test test/
record $E f-node-test-pass-spec PASS 3/3/0/1 "the same, spec reporter" -- node --test --test-reporter=spec test/
sed -i 's/return this.items.shift();/return this.items.pop();/' queue.js
record $E f-node-test-fail-tap TEST_FAILURE 3/2/1/1 "pop takes from the wrong end: fifo order fails" -- node --test --test-reporter=tap test/
record $E f-node-test-fail-spec TEST_FAILURE 3/2/1/1 "the same, spec reporter" -- node --test --test-reporter=spec test/
cat > test/slow.test.js <<'J'
const test = require("node:test");
test("fetches the report", { timeout: 300 }, async () => {
  await new Promise((r) => setTimeout(r, 3000));
});
J
rm test/queue.test.js
record $E f-node-test-per-test-timeout TIMEOUT 1/0/1/0 "a per-test { timeout: 300 } fires" -- node --test --test-reporter=tap test/

project f-node-scripts
printf 'function parse(s) {\n  return JSON.parse(s).items.map((i) => i.id);\n}\nconsole.log(parse("{}"));\n' > parse.js
record $E f-node-typeerror CODE_ERROR - "reading .map of undefined: an uncaught TypeError" -- node parse.js
printf 'function total(xs) {\n  let s = 0;\n  for (const x of xs) {\n    s += x;\n  return s;\n}\n' > total.js
record $E f-node-syntax CODE_ERROR - "a missing closing brace: node cannot parse the file" -- node total.js
record $E f-node-check-syntax CODE_ERROR - "node --check on the same file" -- node --check total.js
printf 'const dayjs = require("dayjs-not-installed-here");\nconsole.log(dayjs());\n' > date.js
record $E f-node-require-missing ENV_ERROR - "require of a package that is not installed" -- node date.js
printf 'console.log("3 warnings, 0 errors");\nprocess.exit(2);\n' > audit.js
record $E f-node-exit-2 UNKNOWN - "the script exits 2 saying only what it counted" -- node audit.js
printf '{"name":"f","version":"1.0.0","scripts":{"build":"node audit.js"}}\n' > package.json
record $E f-npm-test-missing-script ENV_ERROR - "npm test with no test script in package.json" -- npm test
printf 'setInterval(() => {}, 1000);\n' > server.js
CASE_LIMIT=3 record $E f-runner-kills-server TIMEOUT - "a server that never exits: the runner's 3 s deadline kills it" -- node server.js

E=typescript; TOOL="tsc $(tsc --version), node $(node --version)"
tsproj() { printf '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2020","module":"commonjs"},"include":["src"]}\n' > tsconfig.json; mkdir -p src; }
project f-ts-ok; tsproj
printf 'export interface User { id: number; name: string }\nexport function label(u: User): string {\n  return `${u.id}: ${u.name}`;\n}\n' > src/user.ts
record $E f-tsc-pass PASS - "a well-typed project" -- tsc -p .
printf 'import { label } from "./user";\nexport const s: string = label({ id: 1, name: "a", email: "x" });\n' > src/use.ts
record $E f-tsc-excess TYPE_ERROR - "an object literal with a property User does not have (TS2345)" -- tsc -p .
printf 'import { label } from "./user";\nexport const n: number = label({ id: 1, name: "a" });\n' > src/use.ts
record $E f-tsc-return-assign TYPE_ERROR - "a string result assigned to a number (TS2322)" -- tsc -p .
printf 'export function first<T extends { id: number }>(xs: T[]): T { return xs[0]; }\nexport const f = first(["a", "b"]);\n' > src/use.ts
record $E f-tsc-generic-constraint TYPE_ERROR - "string does not satisfy the constraint { id: number } (TS2322/TS2345)" -- tsc -p .
printf 'export function len(s) { return s.length; }\n' > src/use.ts
record $E f-tsc-implicit-any TYPE_ERROR - "strict mode: a parameter with an implicit any (TS7006)" -- tsc -p .
printf 'export function get(m: Map<string, number>, k: string): number {\n  return m.get(k) + 1;\n}\n' > src/use.ts
record $E f-tsc-possibly-undefined TYPE_ERROR - "Map.get may return undefined (TS18048/TS2532)" -- tsc -p .
printf 'export const xs = [1, 2, 3.map((x) => x);\n' > src/use.ts
record $E f-tsc-syntax CODE_ERROR - "a missing closing bracket (TS1005)" -- tsc -p .
printf 'import { z } from "zod";\nexport const s = z.string();\n' > src/use.ts
record $E f-tsc-missing-package ENV_ERROR - "an import of a package that is not installed (TS2307)" -- tsc -p .
rm src/use.ts
record $E f-tsc-project-missing ENV_ERROR - "-p names a tsconfig that does not exist" -- tsc -p tsconfig.build.json
