#!/usr/bin/env bash
# Blind hold-out, third round (see blind3/README): node and TypeScript.
. "$(dirname "$0")/../lib.sh"
export SPLIT=blind3
E=node; TOOL="node $(node --version), npm $(npm --version)"

project b3-node-slug
printf 'exports.slug = (s) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");\n' > slug.js
cat > slug.test.js <<'J'
const test = require("node:test");
const assert = require("node:assert");
const { slug } = require("./slug");

test("simple", () => assert.strictEqual(slug("Hello World"), "hello-world"));
test("edges", () => assert.strictEqual(slug("  --A b--  "), "a-b"));
test("timeout error text", () => {
  console.error("Error: request timed out (this is expected output)");
  assert.ok(true);
});
J
record $E b3-slug-pass PASS 3/3/0/0 "three tests pass; one prints 'Error: ... timed out' to stderr" -- node --test slug.test.js
record $E b3-slug-pass-spec PASS 3/3/0/0 "the same, spec reporter" -- node --test --test-reporter=spec slug.test.js
sed -i 's/toLowerCase()/toUpperCase()/' slug.js
record $E b3-slug-fail TEST_FAILURE 3/1/2/0 "upper case: two tests fail" -- node --test slug.test.js
sed -i 's/toUpperCase()/toLowerCase()/' slug.js
cat > poll.test.js <<'J'
const test = require("node:test");
test("polls until ready", { timeout: 500 }, async () => {
  for (;;) await new Promise((r) => setTimeout(r, 100));
});
J
record $E b3-slug-timeout-option TIMEOUT - "a test with a 500 ms timeout polls forever: the limit fires (not ok, timed out) and its timer keeps node running until the runner's deadline kills it" -- node --test poll.test.js
record $E b3-slug-timeout-flag-spec TIMEOUT - "--test-timeout=500 with the spec reporter" -- node --test --test-reporter=spec --test-timeout=500 poll.test.js
record $E b3-slug-timeout-wrapper TIMEOUT - "timeout 2 around a node server loop: exit 124" -- timeout 2 node -e 'require("http").createServer(() => {}).listen(0)'
CASE_LIMIT=3 record $E b3-slug-runner-deadline TIMEOUT - "the runner's 3 s deadline kills a script that never ends" -- node -e 'setInterval(() => console.log("tick"), 500)'
printf '{"name":"slug","version":"1.0.0","scripts":{"test":"jest --ci"},"devDependencies":{"jest":"^29.0.0"}}\n' > package.json
record $E b3-slug-jest-missing ENV_ERROR - "npm test runs jest, which is not installed" -- npm test
record $E b3-slug-npm-ci-no-network ENV_ERROR - "npm install must fetch jest; no network" -- npm install --no-audit --no-fund --fetch-retries=0 --fetch-timeout=3000 --cache "$WORK/b3-node-slug/cache"
printf 'const dayjs = require("dayjs");\nconsole.log(dayjs().year());\n' > date.js
record $E b3-slug-require-missing ENV_ERROR - "require of dayjs, which is not installed" -- node date.js
printf 'const x = {\n  a: 1,\n  b: 2\n;\n' > bad.js
record $E b3-slug-syntax CODE_ERROR - "a missing brace: node --check fails" -- node --check bad.js
printf 'const cfg = undefined;\nconsole.log(cfg.port);\n' > crash.js
record $E b3-slug-typeerror CODE_ERROR - "reading a property of undefined: uncaught TypeError" -- node crash.js

E=typescript; TOOL="tsc $(tsc --version | cut -d' ' -f2)"
project b3-ts-cart
printf 'export interface Item { sku: string; cents: number }\nexport function sum(items: Item[]): number {\n  return items.reduce((a, i) => a + i.cents, 0);\n}\n' > cart.ts
record $E b3-cart-pass PASS - "the file type-checks" -- tsc --noEmit --strict cart.ts
printf 'import { sum } from "./cart";\nconst n: string = sum([{ sku: "a", cents: 1 }]);\nexport default n;\n' > use.ts
record $E b3-cart-type TYPE_ERROR - "a number assigned to a string" -- tsc --noEmit --strict use.ts
printf 'export const f = (a: number => a;\n' > syn.ts
record $E b3-cart-syntax CODE_ERROR - "a missing parenthesis (TS1xxx)" -- tsc --noEmit syn.ts
rm syn.ts
printf 'import { z } from "zod";\nexport const S = z.string();\n' > schema.ts
record $E b3-cart-import-missing ENV_ERROR - "an import of zod, which is not installed (TS2307)" -- tsc --noEmit schema.ts
record $E b3-cart-project-missing ENV_ERROR - "-p names a tsconfig that does not exist" -- tsc -p tsconfig.build.json
printf '{"compilerOptions":{"strict":true,"types":["jest"]},"files":["cart.ts"]}\n' > tsconfig.json
record $E b3-cart-types-jest-missing ENV_ERROR - "tsconfig asks for @types/jest, which is not installed" -- tsc --noEmit -p .
rm tsconfig.json
record $E b3-cart-watch-timeout TIMEOUT - "timeout -s INT 2 around tsc --watch: exit 124" -- timeout -s INT 2 tsc --watch --noEmit cart.ts
