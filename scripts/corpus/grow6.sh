#!/usr/bin/env bash
# The sixth growth of the corpus (issue 30, "Failure types"): more real
# runs where grow5-heldout's misses were (ENV_ERROR and CODE_ERROR in
# TypeScript, node, rust and go), in layouts the earlier growths did not
# record: tsc project references and composite builds, paths and
# baseUrl, type roots and missing @types, JS/TS mixing (allowJs,
# checkJs), JSX and module settings, TypeScript run by node (no
# transform, a loader that is not installed); node --test, npm and npx
# with missing modules, ES module / CommonJS mismatches, import
# attributes and flags the node version does not have, workspaces mis-set,
# jest's configuration; cargo and clippy with features, editions, targets,
# offline dependencies, workspace inheritance, build scripts, lints
# configured in Cargo.toml; go with go.work and module mis-setups,
# vendoring, GOFLAGS, build constraints, cgo without a compiler, go
# generate of a tool that is not installed. With each, the code under
# test failing to parse, import or compile (CODE_ERROR), and passing and
# failing runs of the same layouts so that nothing passing is read as
# failing.
#
# One case in three, by a hash of its name fixed before any
# classification (lib.sh's split with HELDOUT), goes to the held-out part
# "grow6-heldout"; the rest to "tune". The held-out part is never tuned
# on. The labels are what each scenario was built to do; a tune case's
# label was then re-read against its output. A held-out case's output
# was not read: where a held-out run exited 0 its label was made PASS
# from the exit code alone, and where it did not, the label built for it
# stands.
#
# It was recorded in five batches (gr6-, gr6b- … gr6e-), each after the
# rules had been tuned on the earlier batches' tune cases, each batch run
# on its own (this file's header and helpers, then that batch's section)
# with WORK=/tmp/autoverify-corpus-g6, the paths the outputs show. The
# first batch's run was stopped in its npm-workspaces section and that
# section and the rest re-run (re-recording replaces a case's row).
#
# Permission problems are recorded as a CI runner meets them, as a user
# who is not root (lib.sh's RUN_AS=nobody; the header's "# user:" line).
#
# Tools, all real (nothing here is hand-written output), as grow5.sh's
# header says: tsc 4.8.4 (Debian's node-typescript), node v20 and npm 10
# (NodeSource), Debian's jest 29.3.1, go1.26.8, golangci-lint v2.15.0,
# cargo and clippy of rustup's stable toolchain (1.95; the nightly the
# machine also has is not used), gcc. Not to be had here: ts-node, tsx,
# ts-jest, @types/* beyond Debian's, any crate not in cargo's cache, any
# npm package not in Debian — which some cases use as what is missing.
. "$(dirname "$0")/lib.sh"
export HELDOUT=grow6-heldout
export PATH="$PATH:$HOME/go/bin"

for t in tsc golangci-lint cargo go node npm npx gcc setpriv; do need "$t"; done
[ -d /usr/share/nodejs/jest ] || { echo "grow6: Debian's jest is not installed (see grow4.sh's header)" >&2; exit 1; }

# node_bin (lib.sh) wraps these tools for each project.
export NODE_BINS="jest"

########################################################################
# TypeScript: project references, composite builds, paths.
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), node $(node --version)"
project gr6-tsrefs
mkdir -p packages/core/src packages/app/src
printf '{\n  "compilerOptions": { "composite": true, "strict": true, "target": "es2020", "module": "commonjs", "rootDir": "src", "outDir": "dist" },\n  "include": ["src"]\n}\n' > packages/core/tsconfig.json
printf 'export function vat(net: number): number {\n  return Math.round(net * 1.2 * 100) / 100;\n}\n' > packages/core/src/index.ts
printf '{\n  "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs", "rootDir": "src", "outDir": "dist" },\n  "include": ["src"],\n  "references": [{ "path": "../core" }]\n}\n' > packages/app/tsconfig.json
printf 'import { vat } from "../../core/src";\n\nexport const gross: number = vat(10);\n' > packages/app/src/main.ts
printf '{\n  "files": [],\n  "references": [{ "path": "packages/core" }, { "path": "packages/app" }]\n}\n' > tsconfig.json
record $E gr6-tsc-b-solution-pass PASS - "tsc -b of a solution tsconfig with two references: both build" -- tsc -b
record $E gr6-tsc-b-verbose-pass PASS - "tsc -b --verbose: up to date after the first build" -- tsc -b --verbose
rm -rf packages/*/dist packages/*/tsconfig.tsbuildinfo
printf '{\n  "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs", "rootDir": "src", "outDir": "dist" },\n  "include": ["src"]\n}\n' > packages/core/tsconfig.json
record $E gr6-tsc-b-reference-not-composite ENV_ERROR - "a referenced project without composite: true (TS6306)" -- tsc -b
printf '{\n  "compilerOptions": { "composite": true, "declaration": false, "strict": true, "target": "es2020", "module": "commonjs", "rootDir": "src", "outDir": "dist" },\n  "include": ["src"]\n}\n' > packages/core/tsconfig.json
record $E gr6-tsc-b-composite-no-declaration ENV_ERROR - "composite with declaration false: tsc refuses the options (TS6304)" -- tsc -b
printf '{\n  "compilerOptions": { "composite": true, "strict": true, "target": "es2020", "module": "commonjs", "rootDir": "src", "outDir": "dist" },\n  "include": ["src"]\n}\n' > packages/core/tsconfig.json
printf 'export function vat(net: number): number {\n  return Math.round(net * 1.2 * 100) / 100;\n}\n\nexport const rate: number = "20%%";\n' > packages/core/src/index.ts
record $E gr6-tsc-b-reference-type TYPE_ERROR - "tsc -b: the referenced core assigns a string to a number" -- tsc -b
printf 'export function vat(net: number): number {\n  return Math.round(net * 1.2 * 100) / 100\n}\n\nexport const rate = {\n' > packages/core/src/index.ts
record $E gr6-tsc-b-reference-syntax CODE_ERROR - "tsc -b: the referenced core does not parse (an object never closed)" -- tsc -b
printf 'export function vat(net: number): number {\n  return Math.round(net * 1.2 * 100) / 100;\n}\n' > packages/core/src/index.ts
printf 'import { vat, rate } from "../../core/src";\n\nexport const gross: number = vat(10) + rate;\n' > packages/app/src/main.ts
record $E gr6-tsc-b-missing-export CODE_ERROR - "app imports rate, which core does not export (TS2305)" -- tsc -b packages/app
printf 'import { vat } from "../../core/src";\n\nexport const gross: number = vat(10);\n' > packages/app/src/main.ts
printf '{\n  "files": [],\n  "references": [{ "path": "packages/core" }, { "path": "packages/app" }, { "path": "packages/web" }]\n}\n' > tsconfig.json
record $E gr6-tsc-b-solution-reference-missing ENV_ERROR - "the solution lists packages/web, which has no tsconfig.json" -- tsc -b
printf '{\n  "files": [],\n  "references": [{ "path": "packages/core" }, { "path": "packages/app" }]\n}\n' > tsconfig.json
record $E gr6-tsc-p-app-reference-pass PASS - "tsc -p packages/app after tsc -b built core: it type-checks" -- sh -c 'tsc -b packages/core && tsc -p packages/app'
record $E gr6-tsc-b-clean-pass PASS - "tsc -b --clean: the outputs are removed" -- tsc -b --clean
record $E gr6-tsc-b-unknown-flag ENV_ERROR - "tsc -b with an option build mode does not take (--noEmit)" -- tsc -b --noEmit
record $E gr6-tsc-b-dir-missing ENV_ERROR - "tsc -b of a project directory that does not exist" -- tsc -b packages/admin

project gr6-tspaths
mkdir -p src/lib src/app
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs", "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } },\n  "include": ["src"]\n}\n' > tsconfig.json
printf 'export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));\n' > src/lib/math.ts
printf 'import { clamp } from "@lib/math";\n\nexport const pct = (x: number): number => clamp(x, 0, 100);\n' > src/app/pct.ts
record $E gr6-tsc-paths-baseurl-pass PASS - "paths with baseUrl: @lib/math resolves" -- tsc -p tsconfig.json
printf 'import { clamp } from "@lib/maths";\n\nexport const pct = (x: number): number => clamp(x, 0, 100);\n' > src/app/pct.ts
record $E gr6-tsc-paths-module-misspelt CODE_ERROR - "the code imports @lib/maths; the project's module is @lib/math (TS2307)" -- tsc -p tsconfig.json
printf 'import { clamp } from "@lib/math";\n\nexport const pct = (x: number): number => clamp(x, 0);\n' > src/app/pct.ts
record $E gr6-tsc-paths-args TYPE_ERROR - "clamp called with two arguments of three" -- tsc -p tsconfig.json
printf 'import { clamp } from "@lib/math";\n\nexport const pct = (x: number): number => clamp(x, 0, 100);\n' > src/app/pct.ts
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs", "paths": { "@lib/*": ["src/lib/*"] } },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6-tsc-paths-no-baseurl ENV_ERROR - "paths with a non-relative target and no baseUrl (TS5090)" -- tsc -p tsconfig.json
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs", "baseUrl": ".", "paths": { "@lib/*": "src/lib/*" } },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6-tsc-paths-not-array ENV_ERROR - "a paths entry that is a string, not an array (TS5063)" -- tsc -p tsconfig.json
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs", "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } },\n  "include": ["lib"]\n}\n' > tsconfig.json
record $E gr6-tsc-include-matches-nothing ENV_ERROR - "include names lib/, which holds no file: no inputs (TS18003)" -- tsc -p tsconfig.json
printf '{\n  "extends": "@tsconfig/node18/tsconfig.json",\n  "compilerOptions": { "noEmit": true, "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6-tsc-extends-tsconfig-bases-missing ENV_ERROR - "extends @tsconfig/node18, which is not installed" -- tsc -p tsconfig.json
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs", "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] }, "typeRoots": ["./typings"], "types": ["express"] },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6-tsc-typeroots-types-missing ENV_ERROR - "types names express, which is not under the typeRoots given (TS2688)" -- tsc -p tsconfig.json
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs", "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } },\n  "include": ["src"]\n}\n' > tsconfig.json
printf 'describe("pct", () => {\n  it("clamps", () => {\n    expect(1).toBe(1);\n  });\n});\n' > src/app/pct.test.ts
record $E gr6-tsc-test-globals-no-types ENV_ERROR - "a jest test type-checked without @types/jest: describe is unknown (TS2582)" -- tsc -p tsconfig.json
rm src/app/pct.test.ts
printf 'import express from "express";\n\nexport const app = express();\n' > src/app/server.ts
record $E gr6-tsc-import-express-missing ENV_ERROR - "the code imports express, which is not installed (TS2307)" -- tsc -p tsconfig.json
printf 'import { readFileSync } from "fs";\n\nexport const cfg = readFileSync("cfg.json", "utf8");\n' > src/app/server.ts
record $E gr6-tsc-node-builtin-no-types ENV_ERROR - "the code imports fs without @types/node (TS2307)" -- tsc -p tsconfig.json
rm src/app/server.ts
record $E gr6-tsc-p-file-not-config ENV_ERROR - "tsc -p of a tsconfig path that does not exist (TS5058)" -- tsc -p tsconfig.app.json
record $E gr6-tsc-showconfig-pass PASS - "tsc --showConfig: prints the resolved configuration" -- tsc -p tsconfig.json --showConfig
record $E gr6-tsc-cli-unknown-option ENV_ERROR - "tsc with a command-line option it does not know (TS5023)" -- tsc -p tsconfig.json --strictness
record $E gr6-tsc-cli-bad-target ENV_ERROR - "tsc --target es2099 on the command line (TS6046)" -- tsc -p tsconfig.json --target es2099

project gr6-tsjs
mkdir -p src
printf '{\n  "compilerOptions": { "allowJs": true, "checkJs": true, "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs" },\n  "include": ["src"]\n}\n' > tsconfig.json
printf '/** @param {number} n */\nfunction double(n) {\n  return n * 2;\n}\nmodule.exports = { double };\n' > src/util.js
printf 'import { double } from "./util";\n\nexport const four: number = double(2);\n' > src/main.ts
record $E gr6-tsc-allowjs-checkjs-pass PASS - "allowJs and checkJs: a JSDoc-typed JS module imported by TS" -- tsc -p .
printf '/** @param {number} n */\nfunction double(n) {\n  return n * 2;\n}\ndouble("two");\nmodule.exports = { double };\n' > src/util.js
record $E gr6-tsc-checkjs-type TYPE_ERROR - "checkJs: a JS file passes a string where its JSDoc says number" -- tsc -p .
printf '/** @param {number} n */\nfunction double(n) {\n  return n * 2;\n\nmodule.exports = { double };\n' > src/util.js
record $E gr6-tsc-js-syntax CODE_ERROR - "allowJs: the JS module does not parse (a brace never closed)" -- tsc -p .
printf '/** @param {number} n */\nfunction double(n) {\n  return n * 2;\n}\nmodule.exports = { double };\n' > src/util.js
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs" },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6-tsc-js-import-without-allowjs ENV_ERROR - "strict without allowJs: a JS module of the project has no declaration (TS7016)" -- tsc -p .
printf '{\n  "compilerOptions": { "allowJs": true, "checkJs": true, "strict": true, "target": "es2020", "module": "commonjs" },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6-tsc-allowjs-overwrite-input ENV_ERROR - "allowJs with no outDir: emitting would overwrite the JS input (TS5055)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs" },\n  "include": ["src"]\n}\n' > tsconfig.json
rm src/util.js
printf 'export const four: number = 4;\n' > src/main.ts
printf 'export const Box = (p: { n: number }) => <div>{p.n}</div>;\n' > src/box.tsx
record $E gr6-tsc-jsx-not-set ENV_ERROR - "a .tsx file and no jsx option (TS17004)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs", "jsx": "preserve" },\n  "include": ["src"]\n}\n' > tsconfig.json
printf 'declare namespace JSX { interface IntrinsicElements { [e: string]: unknown } }\nexport const Box = (p: { n: number }) => <div>{p.n}</div;\n' > src/box.tsx
record $E gr6-tsc-tsx-syntax CODE_ERROR - "a JSX closing tag never closed" -- tsc -p .
printf 'declare namespace JSX { interface IntrinsicElements { [e: string]: unknown } }\nexport const Box = (p: { n: number }) => <div>{p.n}</div>;\n' > src/box.tsx
record $E gr6-tsc-jsx-preserve-pass TYPE_ERROR - "jsx preserve, but the JSX namespace is declared inside a module file, so it is not global: every JSX element implicitly any (TS7026)" -- tsc -p .
rm src/box.tsx
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "nodenext", "moduleResolution": "nodenext" },\n  "include": ["src"]\n}\n' > tsconfig.json
printf '{ "name": "tsjs", "type": "module" }\n' > package.json
printf 'export const two: number = 2;\n' > src/two.ts
printf 'import { two } from "./two";\n\nexport const four: number = two * 2;\n' > src/main.ts
record $E gr6-tsc-nodenext-extension-missing CODE_ERROR - "module nodenext in an ES module package: a relative import without its .js extension (TS2835)" -- tsc -p .
printf 'import { two } from "./two.js";\n\nexport const four: number = two * 2;\n' > src/main.ts
record $E gr6-tsc-nodenext-pass PASS - "module nodenext with the .js extension: it type-checks" -- tsc -p .
printf 'import { two } from "./two.js";\n\nexport const four: number = two * 2;\nexport const x: string = four;\n' > src/main.ts
record $E gr6-tsc-nodenext-type TYPE_ERROR - "a number assigned to a string" -- tsc -p .
printf 'import { two } from "./two.js";\n\nexport const four: number = two * 2;\nconst n: number | undefined = [1].find((v) => v > 3);\nexport const y: number = n + 1;\n' > src/main.ts
record $E gr6-tsc-strict-undefined TYPE_ERROR - "a possibly undefined number used in arithmetic (TS18048)" -- tsc -p .
printf 'export function f(a, b) {\n  return a + b;\n}\n' > src/main.ts
record $E gr6-tsc-implicit-any TYPE_ERROR - "parameters without types under strict (TS7006)" -- tsc -p .
printf 'export const s = "unterminated;\n' > src/main.ts
record $E gr6-tsc-unterminated-string CODE_ERROR - "a string literal never closed (TS1002)" -- tsc -p .
printf 'export const two: number = 2;\n' > src/main.ts

# TypeScript run by node: no transform, a loader that is not installed.
project gr6-tsnode
mkdir -p test src
printf 'export const add = (a: number, b: number): number => a + b;\n' > src/add.ts
printf 'import { test } from "node:test";\nimport assert from "node:assert";\nimport { add } from "../src/add.ts";\n\ntest("add", () => {\n  assert.strictEqual(add(1, 2), 3);\n});\n' > test/add.test.ts
printf '{ "name": "tsnode", "type": "module", "scripts": { "test": "node --test test/add.test.ts" } }\n' > package.json
record $E gr6-node-test-ts-file ENV_ERROR - "node 20 --test of a .ts file: node does not run TypeScript (unknown file extension)" -- node --test test/add.test.ts
record $E gr6-npm-test-node-ts ENV_ERROR - "npm test runs node --test on a .ts file: node 20 cannot load it" -- npm test
record $E gr6-node-loader-ts-node-missing ENV_ERROR - "node --loader ts-node/esm: ts-node is not installed" -- node --loader ts-node/esm --test test/add.test.ts
record $E gr6-node-import-tsx-missing ENV_ERROR - "node --import tsx: tsx is not installed" -- node --import tsx --test test/add.test.ts
record $E gr6-node-strip-types-flag ENV_ERROR - "--experimental-strip-types, a flag node 20 does not have" -- node --experimental-strip-types --test test/add.test.ts
record $E gr6-npx-no-ts-node ENV_ERROR - "npx --no ts-node: not installed and npx may not fetch it" -- npx --no ts-node src/add.ts
printf '{ "name": "tsnode", "scripts": { "test": "ts-node test/add.test.ts" } }\n' > package.json
record $E gr6-npm-test-ts-node-not-found ENV_ERROR - "npm test runs ts-node, which is not installed (sh: not found)" -- npm test
printf '{\n  "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs", "outDir": "build", "rootDir": "." },\n  "include": ["src", "test"]\n}\n' > tsconfig.json
printf 'import { test } from "node:test";\nimport assert from "node:assert";\nimport { add } from "../src/add";\n\ntest("add", () => {\n  assert.strictEqual(add(1, 2), 3);\n});\n' > test/add.test.ts
printf '{ "name": "tsnode", "scripts": { "test": "tsc -p . && node --test build/test/" } }\n' > package.json
record $E gr6-npm-tsc-then-node-test-no-types ENV_ERROR - "npm test: tsc first, which cannot resolve node:test without @types/node" -- npm test

########################################################################
# Node: node --test, npm, npx, ESM/CJS, workspaces, jest configuration.
E=node
TOOL="node $(node --version), npm $(npm --version), jest 29.3.1 (Debian)"
project gr6-nodetest
mkdir -p lib test
printf '{ "name": "slugs", "version": "1.0.0", "scripts": { "test": "node --test test/" } }\n' > package.json
printf 'exports.slug = (s) => s.trim().toLowerCase().replace(/\\s+/g, "-");\n' > lib/slug.js
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { slug } = require("../lib/slug");\n\ntest("slug", () => {\n  assert.strictEqual(slug(" Hello World "), "hello-world");\n});\n\ntest("already", () => {\n  assert.strictEqual(slug("a-b"), "a-b");\n});\n' > test/slug.test.js
record $E gr6-node-test-cjs-pass PASS 2/2/0/0 "node --test test/: two tests pass" -- node --test test/
record $E gr6-npm-test-cjs-pass PASS 2/2/0/0 "npm test (node --test): two tests pass" -- npm test
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { slug } = require("../lib/slug");\n\ntest("slug", () => {\n  assert.strictEqual(slug(" Hello  World "), "hello--world");\n});\n\ntest("already", () => {\n  assert.strictEqual(slug("a-b"), "a-b");\n});\n' > test/slug.test.js
record $E gr6-node-test-cjs-fail TEST_FAILURE 2/1/1/0 "runs of spaces become one dash, not two" -- node --test test/
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { slug } = require("../lib/slug");\n\ntest("slug", () => {\n  assert.strictEqual(slug(" Hello World "), "hello-world");\n});\n' > test/slug.test.js
printf '{ "name": "slugs", "version": "1.0.0", "type": "module", "scripts": { "test": "node --test test/" } }\n' > package.json
record $E gr6-node-test-require-in-esm-package ENV_ERROR - "package.json says type: module; the CommonJS test uses require (ReferenceError: require is not defined in ES module scope)" -- node --test test/
printf '{ "name": "slugs", "version": "1.0.0", "scripts": { "test": "node --test test/" } }\n' > package.json
printf 'import test from "node:test";\nimport assert from "node:assert";\nimport { slug } from "../lib/slug.js";\n\ntest("slug", () => {\n  assert.strictEqual(slug(" A "), "a");\n});\n' > test/esm.test.js
record $E gr6-node-test-import-in-cjs-package PASS 1/1/0/0 "an ES module test in a package without type: module: node 20.20 detects the module syntax, warns, reparses it as ESM and the test passes" -- node --test test/esm.test.js
mv test/esm.test.js test/esm.test.mjs
record $E gr6-node-test-mjs-named-import-cjs-pass PASS 1/1/0/0 "an .mjs test importing a CommonJS module's named export node can detect: passes" -- node --test test/esm.test.mjs
printf 'module.exports = function slug(s) { return s.trim().toLowerCase(); };\n' > lib/slug2.js
printf 'import test from "node:test";\nimport assert from "node:assert";\nimport { slug } from "../lib/slug2.js";\n\ntest("slug", () => {\n  assert.strictEqual(slug(" A "), "a");\n});\n' > test/esm.test.mjs
record $E gr6-node-test-esm-named-from-cjs CODE_ERROR - "an .mjs test imports a named export from a CommonJS module that only exports a function (SyntaxError: Named export not found)" -- node --test test/esm.test.mjs
printf 'import test from "node:test";\nimport assert from "node:assert";\nimport { slug } from "../lib/slug";\n\ntest("slug", () => {\n  assert.strictEqual(slug(" A "), "a");\n});\n' > test/esm.test.mjs
record $E gr6-node-test-esm-no-extension CODE_ERROR - "an ES module imports ../lib/slug without its extension: not found" -- node --test test/esm.test.mjs
printf 'import test from "node:test";\nimport assert from "node:assert";\nimport data from "../lib/data.json" with { type: "json" };\n\ntest("data", () => {\n  assert.strictEqual(data.n, 1);\n});\n' > test/esm.test.mjs
printf '{ "n": 1 }\n' > lib/data.json
record $E gr6-node-test-import-attributes-pass PASS 1/1/0/0 "import attributes (with { type: json }) on node 20.20: the test passes" -- node --test test/esm.test.mjs
printf 'import test from "node:test";\nimport assert from "node:assert";\nimport data from "../lib/data.json";\n\ntest("data", () => {\n  assert.strictEqual(data.n, 1);\n});\n' > test/esm.test.mjs
record $E gr6-node-test-json-without-attributes CODE_ERROR - "an ES module imports JSON without an import attribute (ERR_IMPORT_ATTRIBUTE_MISSING)" -- node --test test/esm.test.mjs
rm test/esm.test.mjs lib/data.json lib/slug2.js
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { slug } = require("../lib/slug");\nconst _ = require("lodash-es");\n\ntest("slug", () => {\n  assert.strictEqual(slug(_.trim(" A ")), "a");\n});\n' > test/slug.test.js
record $E gr6-node-test-require-pkg-missing ENV_ERROR - "a test requires lodash-es, which is not installed" -- node --test test/
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { slugify } = require("../lib/slug");\n\ntest("slug", () => {\n  assert.strictEqual(slugify(" A "), "a");\n});\n' > test/slug.test.js
record $E gr6-node-test-undefined-export TEST_FAILURE 1/0/1/0 "the test calls slugify, which lib/slug does not export: TypeError inside the test" -- node --test test/
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { slug } = require("../lib/slug");\n\ntest("slug", () => {\n  assert.strictEqual(slug(" A "), "a");\n});\n' > test/slug.test.js
printf 'exports.slug = (s) => s.trim().toLowerCase().replace(/\\s+/g, "-";\n' > lib/slug.js
record $E gr6-node-test-src-syntax CODE_ERROR - "lib/slug.js does not parse: the test file fails to load" -- node --test test/
printf 'exports.slug = (s) => s.trim().toLowerCase().replace(/\\s+/g, "-");\n' > lib/slug.js
record $E gr6-node-test-only-flag-pass TEST_FAILURE 0/0/0/1 "node --test --test-only with no test marked only: node 20 skips every test and exits 0 having run nothing" -- node --test --test-only test/
record $E gr6-node-test-reporter-missing ENV_ERROR - "--test-reporter names a reporter module that is not installed" -- node --test --test-reporter=mocha-junit-reporter test/
record $E gr6-node-test-reporter-junit-pass PASS - "--test-reporter=junit (a built-in on node 20.20): the test passes" -- node --test --test-reporter=junit test/
record $E gr6-node-test-coverage-flag PASS - "--experimental-test-coverage: the test passes, coverage printed" -- node --test --experimental-test-coverage test/
record $E gr6-node-test-concurrency-bad PASS 1/1/0/0 "--test-concurrency=2, which node 20.20 has: the test passes" -- node --test --test-concurrency=2 test/
record $E gr6-node-test-name-pattern-none TEST_FAILURE 0/0/0/1 "--test-name-pattern that matches no test: node 20 skips every test, exits 0 having run nothing" -- node --test --test-name-pattern=payments test/
printf '{ "name": "slugs", "version": "1.0.0", "engines": { "node": ">=22" }, "scripts": { "test": "node --test test/" } }\n' > package.json
printf 'engine-strict=true\n' > .npmrc
record $E gr6-npm-install-engine-strict ENV_ERROR - "npm install with engine-strict: the package wants node >= 22, this is 20" -- npm install --offline --no-audit --no-fund
rm .npmrc
printf '{ "name": "slugs", "version": "1.0.0", "scripts": { "test": "node --test test/" } }\n' > package.json
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { slug } = require("../lib/slug");\n\ntest("slug", () => {\n  assert.deepStrictEqual(Object.groupBy([1, 2], (x) => x %% 2 ? "odd" : "even"), { odd: [1], even: [2] });\n});\n' > test/slug.test.js
record $E gr6-node-test-api-too-new TEST_FAILURE 1/0/1/0 "Object.groupBy, which node 20 does not have: TypeError inside the test" -- node --test test/
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { slug } = require("../lib/slug");\n\ntest("slug", async () => {\n  await new Promise((r) => setTimeout(r, 3000));\n  assert.strictEqual(slug(" A "), "a");\n});\n' > test/slug.test.js
record $E gr6-node-test-timeout-flag TIMEOUT - "--test-timeout=500: the test waits 3 s" -- node --test --test-timeout=500 test/

project gr6-npmws
mkdir -p packages/api/test packages/web/test
printf '{ "name": "mono", "private": true, "workspaces": ["packages/*"], "scripts": { "test": "npm test --workspaces" } }\n' > package.json
printf '{ "name": "@mono/api", "version": "1.0.0", "scripts": { "test": "node --test test/" } }\n' > packages/api/package.json
printf '{ "name": "@mono/web", "version": "1.0.0", "scripts": { "test": "node --test test/" }, "dependencies": { "@mono/api": "1.0.0" } }\n' > packages/web/package.json
printf 'exports.ping = () => "pong";\n' > packages/api/index.js
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { ping } = require("..");\n\ntest("ping", () => assert.strictEqual(ping(), "pong"));\n' > packages/api/test/ping.test.js
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { ping } = require("@mono/api");\n\ntest("web pings", () => assert.strictEqual(ping(), "pong"));\n' > packages/web/test/web.test.js
record $E gr6-npm-ws-not-linked ENV_ERROR - "npm test -w packages/web before npm install linked the workspaces: @mono/api cannot be found" -- npm test -w packages/web
mkdir -p node_modules/@mono && ln -s ../../packages/api node_modules/@mono/api
record $E gr6-npm-ws-linked-pass PASS 1/1/0/0 "with the workspace linked: the web test passes" -- npm test -w packages/web
record $E gr6-npm-ws-all-pass PASS - "npm test --workspaces: both workspaces pass" -- npm test
record $E gr6-npm-ws-unknown-workspace ENV_ERROR - "npm test -w names a workspace the project does not have" -- npm test -w packages/admin
record $E gr6-npm-ws-run-missing-script ENV_ERROR - "npm run lint --workspaces: no workspace has a lint script" -- npm run lint --workspaces
printf 'exports.ping = () => "pong";\nexports.pong = ( => "ping";\n' > packages/api/index.js
record $E gr6-npm-ws-api-syntax CODE_ERROR - "npm test -w packages/api: index.js does not parse" -- npm test -w packages/api
printf 'exports.ping = () => "pong";\n' > packages/api/index.js
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { ping } = require("..");\n\ntest("ping", () => assert.strictEqual(ping(), "PONG"));\n' > packages/api/test/ping.test.js
record $E gr6-npm-ws-api-fail TEST_FAILURE 1/0/1/0 "npm test -w packages/api: pong is not PONG" -- npm test -w packages/api
printf '{ "name": "mono", "private": true, "workspaces": ["packages/*"], "scripts": { "test": "npm test --workspaces" }\n' > package.json
record $E gr6-npm-ws-root-json-invalid ENV_ERROR - "the root package.json does not parse: npm test -w packages/api" -- npm test -w packages/api
printf '{ "name": "mono", "private": true, "workspaces": ["packages/*"], "scripts": { "test": "npm test --workspaces" } }\n' > package.json
record $E gr6-npm-ci-no-lockfile ENV_ERROR - "npm ci without a package-lock.json" -- npm ci --offline --no-audit --no-fund
record $E gr6-npx-missing-bin ENV_ERROR - "npx --no mocha: mocha is not installed and npm 10 still looks it up in the registry, which cannot be reached (ENOTFOUND)" -- npx --no mocha packages/api/test
record $E gr6-npm-exec-offline ENV_ERROR - "npm exec --offline -- c8: not cached, no registry" -- npm exec --offline --yes -- c8 node --test packages/api/test/

project gr6-esm
printf '{ "name": "esm", "version": "1.0.0", "type": "module", "scripts": { "start": "node src/main.js", "build": "node build.js" } }\n' > package.json
mkdir -p src
printf 'export const port = Number(process.env.PORT ?? 8080);\n' > src/config.js
printf 'import { port } from "./config.js";\nconsole.log(`listening on ${port}`);\n' > src/main.js
record $E gr6-esm-start-pass PASS - "npm start: ES modules load and print the port" -- npm start
printf 'const { port } = require("./config.js");\nconsole.log(port);\n' > src/main.js
record $E gr6-esm-require-not-defined ENV_ERROR - "a package of type: module runs a file using require (ReferenceError in ES module scope)" -- npm start
printf 'import { port } from "./config.js";\nconsole.log(__dirname, port);\n' > src/main.js
record $E gr6-esm-dirname-undefined ENV_ERROR - "the same module-system mismatch: a file of a type: module package reads __dirname, which ES modules do not have" -- npm start
printf 'import { port, host } from "./config.js";\nconsole.log(host, port);\n' > src/main.js
record $E gr6-esm-named-export-missing CODE_ERROR - "main imports host, which config.js does not export (SyntaxError when linked)" -- npm start
printf 'import { port } from "./config.js";\nimport chalk from "chalk";\nconsole.log(chalk.green(port));\n' > src/main.js
record $E gr6-esm-package-missing ENV_ERROR - "an ES module imports chalk, which is not installed" -- npm start
printf 'import { port } from "./config.js";\nconst cfg = await import("./settings.js");\nconsole.log(port, cfg);\n' > src/main.js
record $E gr6-esm-dynamic-import-missing CODE_ERROR - "a dynamic import of ./settings.js, a file of the code that is not there" -- npm start
printf 'import { port } from "./config.js";\nconsole.log(port);\n' > src/main.js
printf 'import { build } from "esbuild";\nawait build({ entryPoints: ["src/main.js"], bundle: true, outfile: "dist/out.js" });\n' > build.js
record $E gr6-esm-build-esbuild-missing ENV_ERROR - "npm run build: build.js imports esbuild, which is not installed" -- npm run build
printf 'import fs from "node:fs/promises";\nconst files = await fs.readdir("static");\nconsole.log(files);\n' > build.js
record $E gr6-esm-build-dir-missing ENV_ERROR - "npm run build: build.js reads a static/ directory that is not there (ENOENT)" -- npm run build
printf 'import fs from "node:fs/promises";\nconst files = await fs.readdir("src");\nconsole.log(files.lenght.toFixed());\n' > build.js
record $E gr6-esm-build-typeerror CODE_ERROR - "npm run build: a misspelt property read (TypeError)" -- npm run build
printf '{ "name": "esm", "version": "1.0.0", "type": "module", "scripts": { "start": "node src/main.cjs" } }\n' > package.json
record $E gr6-npm-start-file-missing ENV_ERROR - "npm start runs node on src/main.cjs, which does not exist" -- npm start
record $E gr6-node-check-pass PASS - "node --check src/main.js: it parses" -- node --check src/main.js
printf 'import { port } from "./config.js"\nconsole.log(port +);\n' > src/main.js
record $E gr6-node-check-syntax CODE_ERROR - "node --check src/main.js: it does not parse" -- node --check src/main.js

project gr6-jest
node_bin
mkdir -p src
cat > package.json <<'J'
{ "name": "cart", "version": "1.0.0", "private": true, "scripts": { "test": "jest" } }
J
printf 'module.exports = { testEnvironment: "node", roots: ["<rootDir>/src"] };\n' > jest.config.js
printf 'exports.total = (xs) => xs.reduce((a, b) => a + b, 0);\n' > src/cart.js
printf 'const { total } = require("./cart");\n\ntest("total", () => {\n  expect(total([1, 2])).toBe(3);\n});\n\ntest("empty", () => {\n  expect(total([])).toBe(0);\n});\n' > src/cart.test.js
record $E gr6-jest-roots-pass PASS 2/2/0/0 "jest with roots [src]: two tests pass" -- npx jest
printf 'module.exports = { testEnvironment: "jsdom", roots: ["<rootDir>/src"] };\n' > jest.config.js
record $E gr6-jest-jsdom-env-pass PASS 2/2/0/0 "testEnvironment jsdom (Debian's jest-environment-jsdom): two tests pass" -- npx jest
printf 'module.exports = { testEnvironment: "happy-dom", roots: ["<rootDir>/src"] };\n' > jest.config.js
record $E gr6-jest-env-missing ENV_ERROR - "testEnvironment happy-dom, which is not installed" -- npx jest
printf 'module.exports = { testEnvironment: "node", roots: ["<rootDir>/src"], reporters: ["default", "jest-junit"] };\n' > jest.config.js
record $E gr6-jest-reporter-missing ENV_ERROR - "reporters lists jest-junit, which is not installed" -- npx jest
printf 'module.exports = { testEnvironment: "node", roots: ["<rootDir>/src"], globalSetup: "./setup/global.js" };\n' > jest.config.js
record $E gr6-jest-global-setup-missing ENV_ERROR - "globalSetup names ./setup/global.js, which does not exist" -- npx jest
printf 'module.exports = { testEnvironment: "node", roots: ["<rootDir>/src"], preset: "ts-jest" };\n' > jest.config.js
record $E gr6-jest-preset-ts-jest-missing ENV_ERROR - "preset ts-jest, which is not installed" -- npx jest
printf 'module.exports = { testEnvironment: "node", roots: ["<rootDir>/tests"] };\n' > jest.config.js
record $E gr6-jest-roots-dir-missing ENV_ERROR - "roots names tests/, which does not exist" -- npx jest
printf 'export default { testEnvironment: "node", roots: ["<rootDir>/src"] };\n' > jest.config.js
record $E gr6-jest-config-esm-in-cjs PASS 2/2/0/0 "jest.config.js uses export default in a CommonJS package: jest 29 loads it all the same and both tests pass" -- npx jest
printf 'module.exports = { testEnvironment: "node", roots: ["<rootDir>/src"] };\n' > jest.config.js
printf 'const { total } = require("./cart");\n\ntest("total", () => {\n  expect(total([0.1, 0.2])).toBe(0.3);\n});\n' > src/cart.test.js
record $E gr6-jest-float-fail TEST_FAILURE 1/0/1/0 "0.1 + 0.2 is not 0.3 (toBe)" -- npx jest
printf 'const { total } = require("./cart");\nconst nock = require("nock");\n\ntest("total", () => {\n  expect(total([1])).toBe(1);\n});\n' > src/cart.test.js
record $E gr6-jest-test-requires-nock ENV_ERROR - "a test requires nock, which is not installed" -- npx jest
printf 'const { total } = require("./carts");\n\ntest("total", () => {\n  expect(total([1])).toBe(1);\n});\n' > src/cart.test.js
record $E gr6-jest-relative-require-missing CODE_ERROR - "a test requires ./carts; the module is ./cart" -- npx jest
printf 'const { total } = require("./cart");\n\ntest("total", () => {\n  expect(total([1])).toBe(1);\n});\n' > src/cart.test.js
printf 'exports.total = (xs) => xs.reduce((a, b) => a + b, 0);\nexports.avg = (xs) => total(xs) / xs.length;\nexports.avg([1]);\n' > src/cart.js
record $E gr6-jest-src-referenceerror CODE_ERROR - "cart.js calls total unqualified when loaded (ReferenceError): the suite fails to run" -- npx jest
printf 'exports.total = (xs) => xs.reduce((a, b) => a + b, 0);\n' > src/cart.js
record $E gr6-jest-pattern-no-tests TEST_FAILURE - "jest --ci with a testPathPattern that matches no test file: No tests found, nothing ran" -- npx jest --ci src/payments
record $E gr6-jest-pass-with-no-tests PASS - "--passWithNoTests with a pattern that matches nothing: exit 0" -- npx jest --passWithNoTests src/payments
record $E gr6-jest-unknown-option ENV_ERROR - "jest with an option it does not know (--coverageDir)" -- npx jest --coverageDir out

########################################################################
# Rust: cargo and clippy.
E=rust
TOOL="$(cargo clippy --version), $(cargo --version | cut -d' ' -f1-2)"
project gr6-cargo
mkdir -p src tests
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n\n[features]\ndefault = []\nimperial = []\n' > Cargo.toml
printf 'pub fn km(m: f64) -> f64 {\n    m / 1000.0\n}\n\n#[cfg(feature = "imperial")]\npub fn miles(m: f64) -> f64 {\n    m / 1609.344\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn one() {\n        assert_eq!(super::km(1000.0), 1.0);\n    }\n}\n' > src/lib.rs
printf '#[test]\nfn api() {\n    assert_eq!(units::km(2000.0), 2.0);\n}\n' > tests/api.rs
record $E gr6-cargo-test-lib-and-integration-pass PASS 2/2/0/0 "cargo test: a unit test and an integration test pass" -- cargo test --offline
record $E gr6-cargo-test-features-pass PASS 2/2/0/0 "cargo test --features imperial: both pass" -- cargo test --offline --features imperial
printf '#[test]\nfn api() {\n    assert_eq!(units::miles(1609.344), 1.0);\n}\n' > tests/api.rs
record $E gr6-cargo-test-feature-not-enabled CODE_ERROR - "the integration test calls miles, which exists only with the imperial feature (E0425)" -- cargo test --offline
record $E gr6-cargo-test-all-features-pass PASS 2/2/0/0 "--all-features: miles is compiled, both pass" -- cargo test --offline --all-features
printf '#[test]\nfn api() {\n    assert_eq!(units::km(2000.0), 2.0);\n}\n' > tests/api.rs
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n\n[features]\ndefault = ["metric"]\nimperial = []\n' > Cargo.toml
record $E gr6-cargo-default-feature-undefined ENV_ERROR - "default lists a feature (metric) the package does not define" -- cargo test --offline
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n\n[features]\ndefault = []\nimperial = ["dep:libm"]\n' > Cargo.toml
record $E gr6-cargo-feature-dep-undeclared ENV_ERROR - "a feature enables dep:libm, which is not a dependency" -- cargo test --offline
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nlibm = "0.2"\n' > Cargo.toml
record $E gr6-cargo-dep-offline-not-cached ENV_ERROR - "a dependency (libm) that is not in cargo's cache, --offline" -- cargo test --offline
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nlibm = "0.2"\n' > Cargo.toml
CARGO_NET_RETRY=0 CARGO_HTTP_TIMEOUT=10 CASE_LIMIT=60 record $E gr6-cargo-dep-registry-unreachable ENV_ERROR - "a dependency fetched from crates.io, which this machine cannot reach" -- cargo test
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2015"\n' > Cargo.toml
printf 'pub async fn km(m: f64) -> f64 {\n    m / 1000.0\n}\n' > src/lib.rs
rm tests/api.rs
record $E gr6-cargo-edition-2015-async ENV_ERROR - "edition 2015: async fn is not available in that edition (E0670)" -- cargo build --offline
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2024"\n' > Cargo.toml
printf 'pub fn km(m: f64) -> f64 {\n    m / 1000.0\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn one() {\n        assert_eq!(super::km(1000.0), 1.0);\n    }\n}\n' > src/lib.rs
record $E gr6-cargo-edition-2024-pass PASS 1/1/0/0 "edition 2024 on cargo 1.95: the test passes" -- cargo test --offline
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n\n[lints.clippy]\nfloat_cmp = "deny"\n' > Cargo.toml
record $E gr6-clippy-lints-table-deny LINT_ERROR - "[lints.clippy] float_cmp = deny: the test compares floats with ==" -- cargo clippy --offline --all-targets
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n\n[lints.clippy]\nfloat_cmp = "forbidden"\n' > Cargo.toml
record $E gr6-clippy-lints-table-bad-level ENV_ERROR - "a [lints] level that does not exist (forbidden)" -- cargo clippy --offline
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
record $E gr6-cargo-test-lib-pass PASS 1/1/0/0 "cargo test --lib: the unit test passes" -- cargo test --offline --lib
record $E gr6-cargo-bin-target-missing ENV_ERROR - "cargo run of a package with no binary target" -- cargo run --offline
record $E gr6-cargo-unknown-flag ENV_ERROR - "cargo test with a flag it does not have (--all-feature)" -- cargo test --offline --all-feature
record $E gr6-cargo-target-triple-unknown ENV_ERROR - "--target names a triple rustc does not know" -- cargo build --offline --target x86_64-unknown-linux-gnx
record $E gr6-cargo-target-musl-not-installed ENV_ERROR - "--target x86_64-unknown-linux-musl, whose standard library is not installed" -- cargo build --offline --target x86_64-unknown-linux-musl
printf '[toolchain]\nchannel = "nightly-2020-01-01"\n' > rust-toolchain.toml
CASE_LIMIT=60 record $E gr6-cargo-toolchain-nightly-date ENV_ERROR - "rust-toolchain.toml pins a dated nightly that is not installed and cannot be fetched" -- cargo test --offline
rm rust-toolchain.toml
printf 'stable-x86_64-unknown-linux-gnux\n' > rust-toolchain
CASE_LIMIT=60 record $E gr6-cargo-toolchain-file-invalid ENV_ERROR - "a rust-toolchain file naming a toolchain that cannot exist" -- cargo test --offline
rm rust-toolchain
printf 'pub fn km(m: f64) -> f64 {\n    m / 1000.0\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn one() {\n        assert_eq!(super::km(1500.0), 1.0);\n    }\n}\n' > src/lib.rs
record $E gr6-cargo-test-fail TEST_FAILURE 1/0/1/0 "1500 m is 1.5 km, not 1" -- cargo test --offline
printf 'pub fn km(m: f64) -> f64 {\n    m / 1000.0\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    #[should_panic]\n    fn one() {\n        assert_eq!(super::km(1000.0), 1.0);\n    }\n}\n' > src/lib.rs
record $E gr6-cargo-test-should-panic-fail TEST_FAILURE 1/0/1/0 "a should_panic test that does not panic" -- cargo test --offline
printf 'pub fn km(m: f64) -> f64 {\n    m / 1000.0\n}\n\npub fn m(k: f64) -> f64 {\n    k * 1000\n}\n' > src/lib.rs
record $E gr6-cargo-mismatched-types CODE_ERROR - "f64 multiplied by an integer literal (E0277)" -- cargo build --offline
printf 'pub fn km(m: f64) -> f64 {\n    let x = m / 1000.0;\n    x\n}\n\nfn unused() {}\n' > src/lib.rs
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n\n[lints.rust]\ndead_code = "deny"\n' > Cargo.toml
record $E gr6-cargo-lints-deny-dead-code LINT_ERROR - "[lints.rust] dead_code = deny: an unused private function" -- cargo build --offline
printf 'pub fn km(m: f64) -> f64 {\n    m / 1000.0\n}\n' > src/lib.rs
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\nbuild = "build.rs"\n' > Cargo.toml
printf 'fn main() {\n    let out = std::process::Command::new("protoc").arg("--version").output().expect("protoc is needed to build");\n    println!("cargo:rerun-if-changed=build.rs {:?}", out.status);\n}\n' > build.rs
record $E gr6-cargo-build-script-tool-missing ENV_ERROR - "build.rs runs protoc, which is not installed: the build script panics" -- cargo build --offline
printf 'fn main() {\n    println!("cargo:rerun-if-changed=build.rs")\n    let x = 1;\n}\n' > build.rs
record $E gr6-cargo-build-script-syntax CODE_ERROR - "build.rs does not parse" -- cargo build --offline
printf 'fn main() {\n    cc::Build::new().file("src/fast.c").compile("fast");\n}\n' > build.rs
record $E gr6-cargo-build-script-cc-undeclared ENV_ERROR - "build.rs uses the cc crate, which Cargo.toml does not declare as a build-dependency (E0433; rustc says to cargo add it): relabelled from CODE_ERROR at the second reading, as the other undeclared-crate cases" -- cargo build --offline
rm build.rs
printf '[package]\nname = "units"\nversion = "0.1.0"\nedition = "2021"\n\n[[bin]]\nname = "units-cli"\npath = "src/bin/cli.rs"\n' > Cargo.toml
record $E gr6-cargo-bin-path-missing ENV_ERROR - "a [[bin]] whose path does not exist" -- cargo build --offline

project gr6-cargows
mkdir -p crates/core/src crates/cli/src
printf '[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n\n[workspace.package]\nversion = "0.2.0"\nedition = "2021"\n\n[workspace.dependencies]\n' > Cargo.toml
printf '[package]\nname = "greet"\nversion.workspace = true\nedition.workspace = true\n' > crates/core/Cargo.toml
printf 'pub fn greet(n: &str) -> String {\n    format!("hi {n}")\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn hi() {\n        assert_eq!(super::greet("a"), "hi a");\n    }\n}\n' > crates/core/src/lib.rs
printf '[package]\nname = "cli"\nversion.workspace = true\nedition.workspace = true\n\n[dependencies]\ngreet = { path = "../core" }\n' > crates/cli/Cargo.toml
printf 'fn main() {\n    println!("{}", greet::greet("x"));\n}\n' > crates/cli/src/main.rs
record $E gr6-cargo-ws-inherit-pass PASS 1/1/0/0 "a workspace with inherited package keys: the test passes" -- cargo test --offline --workspace
printf '[package]\nname = "cli"\nversion.workspace = true\nedition.workspace = true\nlicense.workspace = true\n\n[dependencies]\ngreet = { path = "../core" }\n' > crates/cli/Cargo.toml
record $E gr6-cargo-ws-inherit-key-missing ENV_ERROR - "cli inherits license from the workspace, which does not define it" -- cargo build --offline --workspace
printf '[package]\nname = "cli"\nversion.workspace = true\nedition.workspace = true\n\n[dependencies]\ngreet = { path = "../core" }\nserde = { workspace = true }\n' > crates/cli/Cargo.toml
record $E gr6-cargo-ws-dep-not-in-workspace ENV_ERROR - "cli takes serde from workspace.dependencies, which does not list it" -- cargo build --offline --workspace
printf '[package]\nname = "cli"\nversion.workspace = true\nedition.workspace = true\n\n[dependencies]\ngreet = { path = "../core" }\n' > crates/cli/Cargo.toml
printf 'fn main() {\n    println!("{}", greet::greeting("x"));\n}\n' > crates/cli/src/main.rs
record $E gr6-cargo-ws-fn-missing CODE_ERROR - "cli calls greet::greeting, which core does not have (E0425)" -- cargo build --offline --workspace
printf 'fn main() {\n    println!("{}", greet::greet("x"));\n}\n' > crates/cli/src/main.rs
mkdir -p crates/notes
record $E gr6-cargo-ws-glob-member-no-manifest ENV_ERROR - "members = crates/*, and crates/notes has no Cargo.toml" -- cargo build --offline --workspace
rmdir crates/notes
record $E gr6-cargo-ws-manifest-path-pass PASS 1/1/0/0 "cargo test --manifest-path crates/core/Cargo.toml: the test passes" -- cargo test --offline --manifest-path crates/core/Cargo.toml
record $E gr6-cargo-ws-exclude-unknown-pkg ENV_ERROR - "--exclude names a package the workspace does not have, without --workspace" -- cargo test --offline --exclude nosuch
printf '[package]\nname = "cli"\nversion.workspace = true\nedition.workspace = true\n\n[dependencies]\ngreet = { path = "../core", features = ["fast"] }\n' > crates/cli/Cargo.toml
record $E gr6-cargo-ws-dep-feature-missing ENV_ERROR - "cli asks the greet crate for a feature (fast) it does not have" -- cargo build --offline --workspace
printf '[package]\nname = "cli"\nversion.workspace = true\nedition.workspace = true\n\n[dependencies]\ngreet = { path = "../core" }\n' > crates/cli/Cargo.toml
printf 'fn main() {\n    let n: u32 = "x";\n    println!("{}", greet::greet("x"));\n}\n' > crates/cli/src/main.rs
record $E gr6-clippy-ws-mismatched CODE_ERROR - "clippy: a &str assigned to a u32 (E0308)" -- cargo clippy --offline --workspace
printf 'fn main() {\n    let v = vec![1, 2];\n    println!("{} {}", greet::greet("x"), v.len() == 0);\n}\n' > crates/cli/src/main.rs
record $E gr6-clippy-ws-len-zero LINT_ERROR - "clippy -D warnings: len() == 0 (len_zero) and a vec! that could be an array" -- cargo clippy --offline --workspace -- -D warnings
record $E gr6-clippy-ws-warn-only-pass PASS - "clippy without -D warnings: the same findings are warnings" -- cargo clippy --offline --workspace

########################################################################
# Go: go.work and module mis-setups, vendoring, GOFLAGS, constraints,
# cgo, go generate.
E=go
TOOL="$(go version | cut -d' ' -f3)"
project gr6-gomod
printf 'module example.com/geo\n\ngo 1.22\n' > go.mod
mkdir -p dist
printf 'package dist\n\nimport "math"\n\n// Hyp is the hypotenuse.\nfunc Hyp(a, b float64) float64 { return math.Sqrt(a*a + b*b) }\n' > dist/dist.go
printf 'package dist\n\nimport "testing"\n\nfunc TestHyp(t *testing.T) {\n\tif Hyp(3, 4) != 5 {\n\t\tt.Fatal(Hyp(3, 4))\n\t}\n}\n' > dist/dist_test.go
record $E gr6-go-test-pass PASS - "go test ./...: the test passes" -- go test -count=1 ./...
record $E gr6-go-test-json-pass PASS 1/1/0/0 "go test -json: the test passes" -- go test -json -count=1 ./...
GOFLAGS=-mod=vendor record $E gr6-go-goflags-vendor-no-dir PASS - "GOFLAGS=-mod=vendor, no vendor directory, a module with no requirements: exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- go test -count=1 ./...
GOFLAGS=-tags=integration,-race record $E gr6-go-goflags-malformed PASS - "GOFLAGS=-tags=integration,-race (built to be refused, but a valid tag list): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- go test -count=1 ./...
GOFLAGS=-frobnicate record $E gr6-go-goflags-unknown ENV_ERROR - "GOFLAGS names a flag the go command does not know" -- go build ./...
printf 'module example.com/geo\n\ngo 1.22\n\nrequire golang.org/x/exp v0.0.0-20240506185415-9bf2ced13842\n' > go.mod
record $E gr6-go-gosum-missing PASS - "go.mod requires x/exp without a go.sum entry, nothing imports it: exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- go test -count=1 ./...
printf 'module example.com/geo\n\ngo 1.22\n' > go.mod
mkdir -p vendor && printf '# example.com/nothing v1.0.0\n' > vendor/modules.txt
record $E gr6-go-vendor-inconsistent PASS - "vendor/modules.txt lists a module go.mod does not require (built to be refused): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- go test -count=1 ./...
rm -rf vendor
printf 'module example.com/geo\n\ngo 1.99\n' > go.mod
GOTOOLCHAIN=local record $E gr6-go-mod-go-too-new ENV_ERROR - "go.mod says go 1.99, GOTOOLCHAIN=local: this go is 1.26" -- go test -count=1 ./...
printf 'module example.com/geo\n\ngo 1.22\n' > go.mod
printf '//go:build linux && !linux\n\npackage dist\n\nimport "math"\n\n// Hyp is the hypotenuse.\nfunc Hyp(a, b float64) float64 { return math.Sqrt(a*a + b*b) }\n' > dist/dist.go
record $E gr6-go-constraint-excludes-impl CODE_ERROR - "the implementation's build constraint excludes it everywhere: the test names an undefined Hyp" -- go test -count=1 ./...
printf '//go:build ignore\n\npackage dist\n\nimport "math"\n\n// Hyp is the hypotenuse.\nfunc Hyp(a, b float64) float64 { return math.Sqrt(a*a + b*b) }\n' > dist/dist.go
printf '//go:build ignore\n\npackage dist\n' > dist/dist_test.go
record $E gr6-go-all-files-ignored ENV_ERROR - "every file of the package is //go:build ignore: build constraints exclude all Go files" -- go build ./dist
printf 'package dist\n\nimport "math"\n\n// Hyp is the hypotenuse.\nfunc Hyp(a, b float64) float64 { return math.Sqrt(a*a + b*b) }\n' > dist/dist.go
printf 'package dist\n\nimport "testing"\n\nfunc TestHyp(t *testing.T) {\n\tif Hyp(3, 4) != 5 {\n\t\tt.Fatal(Hyp(3, 4))\n\t}\n}\n' > dist/dist_test.go
printf 'package dist\n\n//go:generate stringer -type=Unit\n\n// Unit is a unit of length.\ntype Unit int\n' > dist/unit.go
record $E gr6-go-generate-tool-missing ENV_ERROR - "go generate runs stringer, which is not installed" -- go generate ./...
printf 'package dist\n\n//go:generate go run golang.org/x/tools/cmd/stringer -type=Unit\n\n// Unit is a unit of length.\ntype Unit int\n' > dist/unit.go
GOFLAGS=-mod=mod GOPROXY=off record $E gr6-go-generate-go-run-not-required ENV_ERROR - "go generate's go run of a tool module go.mod does not require, GOPROXY=off" -- go generate ./...
rm dist/unit.go
printf 'package dist\n\n/*\n#include <math.h>\n*/\nimport "C"\n\n// Cbrt is a cube root by libm.\nfunc Cbrt(x float64) float64 { return float64(C.cbrt(C.double(x))) }\n' > dist/c.go
CC=/nonexistent/bin/gcc record $E gr6-go-cgo-cc-path-missing ENV_ERROR - "a cgo file, CC points at a compiler path that does not exist" -- go build ./...
mkdir -p cbrt && cp dist/c.go cbrt/c.go && sed -i 's/^package dist/package cbrt/' cbrt/c.go
CGO_ENABLED=0 record $E gr6-go-cgo-disabled-only-cgo-files ENV_ERROR - "CGO_ENABLED=0 and a package whose only file uses cgo: build constraints exclude all its Go files" -- go build ./cbrt
rm -rf cbrt
record $E gr6-go-cgo-pass PASS - "the cgo package with gcc present: it builds" -- go build ./...
printf 'package dist\n\n/*\n#include <nosuch.h>\n*/\nimport "C"\n\n// Cbrt is a cube root by libm.\nfunc Cbrt(x float64) float64 { return x }\n' > dist/c.go
record $E gr6-go-cgo-header-missing ENV_ERROR - "a cgo file includes a header that is not installed (nosuch.h)" -- go build ./...
rm dist/c.go
printf 'package dist\n\nimport "testing"\n\nfunc TestHyp(t *testing.T) {\n\tif Hyp(3, 4) != 5.0001 {\n\t\tt.Fatalf("got %%v", Hyp(3, 4))\n\t}\n}\n' > dist/dist_test.go
record $E gr6-go-test-fail-json TEST_FAILURE 1/0/1/0 "Hyp(3,4) is 5, the test wants 5.0001 (-json)" -- go test -json -count=1 ./...
printf 'package dist\n\nimport "testing"\n\nfunc TestHyp(t *testing.T) {\n\tif Hyp(3, 4) != 5 {\n\t\tt.Fatal(Hyp(3, 4))\n\t}\n}\n' > dist/dist_test.go
printf 'package dist\n\nimport (\n\t"fmt"\n\t"math"\n)\n\n// Hyp is the hypotenuse.\nfunc Hyp(a, b float64) float64 { return math.Sqrt(a*a + b*b) }\n' > dist/dist.go
record $E gr6-go-unused-import CODE_ERROR - "an imported package not used (fmt)" -- go build ./...
printf 'package dist\n\nimport "math"\n\n// Hyp is the hypotenuse.\nfunc Hyp(a, b float64) float64 {\n\tx := 1\n\treturn math.Sqrt(a*a + b*b)\n}\n' > dist/dist.go
record $E gr6-go-unused-var-json CODE_ERROR - "a declared and unused variable (-json)" -- go test -json -count=1 ./...
printf 'package dist\n\nimport "math"\n\n// Hyp is the hypotenuse.\nfunc Hyp(a, b float64) float64 { return math.Sqrt(a*a + b*b) }\n' > dist/dist.go
printf 'package main\n\nimport "example.com/geo/dist"\n\nfunc main() { println(dist.Hyp(1, 1)) }\n' > main.go
record $E gr6-go-run-pass PASS - "go run .: prints the result" -- go run .
printf 'package main\n\nimport "example.com/geo/distance"\n\nfunc main() { println(distance.Hyp(1, 1)) }\n' > main.go
record $E gr6-go-own-package-misspelt CODE_ERROR - "main imports example.com/geo/distance; the module's package is dist" -- go build ./...
rm main.go
record $E gr6-go-vet-pass PASS - "go vet ./...: nothing to report" -- go vet ./...
printf 'package dist\n\nimport (\n\t"fmt"\n\t"math"\n)\n\n// Hyp is the hypotenuse.\nfunc Hyp(a, b float64) float64 {\n\tfmt.Printf("%%d\\n", a)\n\treturn math.Sqrt(a*a + b*b)\n}\n' > dist/dist.go
record $E gr6-go-vet-printf LINT_ERROR - "go vet: %%d given a float64" -- go vet ./...
printf 'package dist\n\nimport "math"\n\n// Hyp is the hypotenuse.\nfunc Hyp(a, b float64) float64 { return math.Sqrt(a*a + b*b) }\n' > dist/dist.go
record $E gr6-go-test-bad-flag ENV_ERROR - "go test with a flag that neither go test nor the test binary has" -- go test -count=1 -frobnicate ./...
record $E gr6-go-test-timeout-invalid ENV_ERROR - "go test -timeout with a value that is not a duration" -- go test -count=1 -timeout=fast ./...
record $E gr6-go-build-o-dir-missing PASS - "go build -o into a directory that did not exist (built to be refused): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- go build -o /nonexistent/dir/geo ./dist

project gr6-gowork
mkdir -p lib app tools
printf 'module example.com/lib\n\ngo 1.22\n' > lib/go.mod
printf 'package lib\n\n// Twice doubles.\nfunc Twice(n int) int { return 2 * n }\n' > lib/lib.go
printf 'module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v0.0.0\n' > app/go.mod
printf 'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/lib"\n)\n\nfunc main() { fmt.Println(lib.Twice(2)) }\n' > app/main.go
printf 'package main\n\nimport (\n\t"testing"\n\n\t"example.com/lib"\n)\n\nfunc TestTwice(t *testing.T) {\n\tif lib.Twice(2) != 4 {\n\t\tt.Fatal()\n\t}\n}\n' > app/main_test.go
printf 'go 1.22\n\nuse (\n\t./app\n\t./lib\n)\n' > go.work
record $E gr6-gowork-pass PASS - "go.work of app and lib: go test ./app/... passes" -- go test -count=1 ./app/...
record $E gr6-gowork-C-pass-json PASS 1/1/0/0 "go -C app test -json: the workspace resolves lib" -- go -C app test -json -count=1 ./...
printf 'go 1.22\n\nuse (\n\t./app\n\t./lib\n\t./tools\n)\n' > go.work
record $E gr6-gowork-use-dir-no-gomod ENV_ERROR - "go.work uses ./tools, which has no go.mod" -- go test -count=1 ./app/...
printf 'go 1.22\n\nuse (\n\t./app\n)\n' > go.work
record $E gr6-gowork-lib-not-used ENV_ERROR - "go.work leaves lib out: app requires example.com/lib, which nothing provides" -- go test -count=1 ./app/...
record $E gr6-gowork-pattern-outside ENV_ERROR - "go test ./lib/... where lib is not a module of the workspace" -- go test -count=1 ./lib/...
printf 'go 1.22\n\nuse (\n\t./app\n\t./lib\n)\n\nreplace example.com/lib => ./nolib\n' > go.work
record $E gr6-gowork-replace-dir-missing ENV_ERROR - "go.work replaces lib by a directory that does not exist" -- go test -count=1 ./app/...
printf 'go 1.22\n\nuse (\n\t./app\n\t./lib\n\n' > go.work
record $E gr6-gowork-syntax ENV_ERROR - "go.work does not parse (a use block never closed)" -- go test -count=1 ./app/...
printf 'go 1.22\n\nuse (\n\t./app\n\t./lib\n)\n' > go.work
GOWORK=/nonexistent/go.work record $E gr6-gowork-env-path-missing ENV_ERROR - "GOWORK names a go.work file that does not exist" -- go test -count=1 ./app/...
GOWORK=off record $E gr6-gowork-off-C ENV_ERROR - "GOWORK=off: go -C app test cannot find example.com/lib" -- go -C app test -count=1 ./...
printf 'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/lib"\n)\n\nfunc main() { fmt.Println(lib.Thrice(2)) }\n' > app/main.go
record $E gr6-gowork-cross-module-undefined CODE_ERROR - "app calls lib.Thrice, which lib does not have" -- go test -count=1 ./app/...
printf 'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/lib"\n)\n\nfunc main() { fmt.Println(lib.Twice(2)) }\n' > app/main.go
printf 'package main\n\nimport (\n\t"testing"\n\n\t"example.com/lib"\n)\n\nfunc TestTwice(t *testing.T) {\n\tif lib.Twice(2) != 5 {\n\t\tt.Fatal(lib.Twice(2))\n\t}\n}\n' > app/main_test.go
record $E gr6-gowork-fail-json TEST_FAILURE 1/0/1/0 "Twice(2) is 4, the test wants 5 (-json)" -- go test -json -count=1 ./app/...
printf 'package main\n\nimport (\n\t"testing"\n\n\t"example.com/lib"\n)\n\nfunc TestTwice(t *testing.T) {\n\tif lib.Twice(2) != 4 {\n\t\tt.Fatal()\n\t}\n}\n' > app/main_test.go

project gr6-golangci
TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
printf 'module example.com/lint\n\ngo 1.22\n' > go.mod
printf 'package lint\n\nimport "os"\n\n// Write writes a file.\nfunc Write(p string) error {\n\treturn os.WriteFile(p, []byte("x"), 0o600)\n}\n' > lint.go
printf 'version: "2"\nlinters:\n  default: standard\n' > .golangci.yml
record $E gr6-golangci-pass PASS - "golangci-lint run: 0 issues" -- golangci-lint run ./...
printf 'package lint\n\nimport "os"\n\n// Write writes a file.\nfunc Write(p string) error {\n\tos.WriteFile(p, []byte("x"), 0o600)\n\treturn nil\n}\n' > lint.go
record $E gr6-golangci-errcheck LINT_ERROR - "an unchecked error from os.WriteFile (errcheck)" -- golangci-lint run ./...
printf 'package lint\n\nimport "os"\n\n// Write writes a file.\nfunc Write(p string) error {\n\treturn os.WriteFile(p, []byte("x"), 0o600\n}\n' > lint.go
record $E gr6-golangci-syntax CODE_ERROR - "a call never closed: the file does not parse" -- golangci-lint run ./...
printf 'package lint\n\nimport "os"\n\n// Write writes a file.\nfunc Write(p string) error {\n\treturn os.WriteFiles(p, []byte("x"), 0o600)\n}\n' > lint.go
record $E gr6-golangci-typecheck CODE_ERROR - "os.WriteFiles is undefined: typecheck" -- golangci-lint run ./...
printf 'package lint\n\nimport "os"\n\n// Write writes a file.\nfunc Write(p string) error {\n\treturn os.WriteFile(p, []byte("x"), 0o600)\n}\n' > lint.go
printf 'version: "2"\nlinters:\n  default: standard\n  enable:\n    - gocriticc\n' > .golangci.yml
record $E gr6-golangci-linter-unknown ENV_ERROR - "the configuration enables a linter that does not exist (gocriticc)" -- golangci-lint run ./...
printf 'linters:\n  enable-all: true\n' > .golangci.yml
record $E gr6-golangci-v1-config ENV_ERROR - "a v1 configuration (no version, enable-all) read by golangci-lint 2" -- golangci-lint run ./...
rm .golangci.yml
record $E gr6-golangci-config-flag-missing ENV_ERROR - "--config names a file that does not exist" -- golangci-lint run --config .golangci.ci.yml ./...
GOFLAGS=-mod=vendor record $E gr6-golangci-goflags-vendor PASS - "GOFLAGS=-mod=vendor with no vendor directory, a module with no requirements: golangci-lint reports 0 issues" -- golangci-lint run ./...

########################################################################
# A second batch, recorded after the rules were tuned on the first
# batch's tune part (its split fixed by the same hash, before any
# classification): more of the ways these setups and this code fail.
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), node $(node --version)"
project gr6b-tsc
mkdir -p src
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs", "lib": ["es2020"] },\n  "include": ["src"]\n}\n' > tsconfig.json
printf 'export const title = (): string => document.title;\n' > src/page.ts
record $E gr6b-tsc-lib-without-dom ENV_ERROR - "lib is es2020 only and the code reads document: tsc says to add dom to lib (TS2584)" -- tsc -p .
printf 'export const last = (xs: number[]): number | undefined => xs.at(-1);\n' > src/page.ts
record $E gr6b-tsc-lib-too-old-method ENV_ERROR - "lib es2020 and the code calls Array.prototype.at: tsc says to change lib to es2022 (TS2550)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "lib": ["es2022", "dom"] },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6b-tsc-lib-es2022-pass PASS - "lib es2022 and dom: the same code type-checks" -- tsc -p .
printf '{ "rate": 0.2 }\n' > src/data.json
printf 'import data from "./data.json";\n\nexport const rate: number = data.rate;\n' > src/page.ts
record $E gr6b-tsc-json-without-resolve ENV_ERROR - "a JSON import without resolveJsonModule (TS2732)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "lib": ["es2022", "dom"], "resolveJsonModule": true, "esModuleInterop": true },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6b-tsc-json-resolve-pass PASS - "resolveJsonModule and esModuleInterop: the JSON import type-checks" -- tsc -p .
printf 'import data from "./data.json";\n\nexport const rate: string = data.rate;\n' > src/page.ts
record $E gr6b-tsc-json-type TYPE_ERROR - "the JSON's number assigned to a string" -- tsc -p .
printf 'function logged(_t: unknown, _k: string, d: PropertyDescriptor): PropertyDescriptor {\n  return d;\n}\n\nexport class Svc {\n  @logged\n  run(): number {\n    return 1;\n  }\n}\n' > src/page.ts
record $E gr6b-tsc-decorators-not-enabled ENV_ERROR - "a decorator without experimentalDecorators in tsc 4.8 (TS1219: set the option)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "experimentalDecorators": true },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6b-tsc-decorators-pass PASS - "experimentalDecorators: the decorator type-checks" -- tsc -p .
printf '{\n  "extends": ["./base.json"],\n  "compilerOptions": { "noEmit": true },\n  "include": ["src"]\n}\n' > tsconfig.json
printf '{ "compilerOptions": { "strict": true, "target": "es2022", "module": "commonjs", "experimentalDecorators": true } }\n' > base.json
record $E gr6b-tsc-extends-array ENV_ERROR - "extends as an array, which TypeScript 5 allows and 4.8 refuses (TS5024)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "verbatimModuleSyntax": true },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6b-tsc-option-from-ts5 ENV_ERROR - "verbatimModuleSyntax, a TypeScript 5 option tsc 4.8 does not know" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "preserve" },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6b-tsc-module-preserve ENV_ERROR - "module preserve, a value tsc 4.8 does not accept" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "experimentalDecorators": true },\n  "files": ["src/page.ts", "src/index.ts"]\n}\n' > tsconfig.json
record $E gr6b-tsc-files-entry-missing ENV_ERROR - "files lists src/index.ts, which does not exist" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "experimentalDecorators": true },\n  "include": ["src"]\n}\n' > tsconfig.json
printf 'export class Svc {\n  run(): number {\n    return 1;\n  }\n}\n\nexport const n: number = new Svc().start();\n' > src/page.ts
record $E gr6b-tsc-method-missing TYPE_ERROR - "a method the class does not have (TS2339)" -- tsc -p .
printf 'import { helper } from "./util/helpers";\n\nexport const n: number = helper();\n' > src/page.ts
record $E gr6b-tsc-nested-relative-missing CODE_ERROR - "the code imports ./util/helpers, a file of its own that does not exist" -- tsc -p .
mkdir -p src/util && printf 'export const helpr = (): number => 1;\n' > src/util/helpers.ts
record $E gr6b-tsc-export-misspelt CODE_ERROR - "the code imports helper; util/helpers exports helpr (TS2724)" -- tsc -p .
printf 'export const n: number = 1;\nexport enum Color { Red, Green,, }\n' > src/page.ts
record $E gr6b-tsc-enum-syntax CODE_ERROR - "an enum with an empty member" -- tsc -p .
printf 'export const n: number = 1;\n' > src/page.ts
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs" },\n  "include": ["src"],\n  "references": [{ "path": "./lib" }]\n}\n' > tsconfig.json
mkdir -p lib && printf '{\n  "compilerOptions": { "composite": true, "target": "es2022", "module": "commonjs", "outDir": "out" },\n  "files": ["index.ts"],\n  "references": [{ "path": ".." }]\n}\n' > lib/tsconfig.json
printf 'export const k = 1;\n' > lib/index.ts
record $E gr6b-tsc-b-circular-references ENV_ERROR - "two projects that reference each other (TS6202)" -- tsc -b
rm -rf lib
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs" },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6b-tsc-pass PASS - "tsc -p .: the project type-checks" -- tsc -p .
record $E gr6b-tsc-noemit-file-pass PASS - "tsc --noEmit on a file given on the command line" -- tsc --noEmit --strict src/page.ts
record $E gr6b-tsc-file-missing-cli ENV_ERROR - "tsc on a file named on the command line that does not exist" -- tsc --noEmit src/main.ts
printf '{\n  "compilerOptions": {\n    // strict mode\n    "strict": true,\n    "noEmit": true,\n  },\n  "include": ["src"],\n}\n' > tsconfig.json
record $E gr6b-tsc-jsonc-comments-pass PASS - "tsconfig.json with comments and trailing commas, which tsc accepts" -- tsc -p .

E=node
TOOL="node $(node --version), npm $(npm --version), jest 29.3.1 (Debian)"
project gr6b-node
mkdir -p lib test
printf '{ "name": "clock", "version": "1.0.0", "scripts": { "test": "node --test test/" } }\n' > package.json
printf 'exports.hhmm = (d) => d.toISOString().slice(11, 16);\n' > lib/clock.js
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { hhmm } = require("../lib/clock");\n\ntest("hhmm", () => {\n  assert.strictEqual(hhmm(new Date("2020-01-01T10:30:00Z")), "10:30");\n});\n' > test/clock.test.js
record $E gr6b-node-test-pass PASS 1/1/0/0 "node --test: the test passes" -- node --test test/
record $E gr6b-node-require-setup-missing ENV_ERROR - "node --require ./test/setup.js, which does not exist" -- node --require ./test/setup.js --test test/
record $E gr6b-node-import-setup-missing ENV_ERROR - "node --import ./test/setup.mjs, which does not exist" -- node --import ./test/setup.mjs --test test/
record $E gr6b-node-env-file-missing ENV_ERROR - "node --env-file=.env.test, which does not exist" -- node --env-file=.env.test --test test/
NODE_OPTIONS=--frobnicate record $E gr6b-node-options-bad ENV_ERROR - "NODE_OPTIONS holds an option node does not have" -- npm test
NODE_OPTIONS=--max-old-space-size=512 record $E gr6b-node-options-pass PASS 1/1/0/0 "NODE_OPTIONS with a valid option: the test passes" -- npm test
printf 'const cfg = await Promise.resolve({ tz: "UTC" });\nexports.hhmm = (d) => d.toISOString().slice(11, 16);\n' > lib/clock.js
record $E gr6b-node-cjs-top-level-await CODE_ERROR - "a CommonJS module with a top-level await: it does not load (SyntaxError)" -- node --test test/
printf 'exports.hhmm = (d) => d.toISOString().slice(11, 16);\n' > lib/clock.js
mkdir -p node_modules/tzdata && printf '{ "name": "tzdata", "version": "1.0.0", "main": "dist/index.js" }\n' > node_modules/tzdata/package.json
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst tz = require("tzdata");\n\ntest("tz", () => {\n  assert.ok(tz);\n});\n' > test/tz.test.js
record $E gr6b-node-package-main-not-built ENV_ERROR - "a dependency whose main (dist/index.js) was never built" -- node --test test/tz.test.js
printf '{ "name": "tzdata", "version": "1.0.0", "exports": { ".": "./index.js" } }\n' > node_modules/tzdata/package.json
printf 'module.exports = { zones: ["UTC"] };\n' > node_modules/tzdata/index.js
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst tz = require("tzdata/internal/zones");\n\ntest("tz", () => {\n  assert.ok(tz);\n});\n' > test/tz.test.js
record $E gr6b-node-subpath-not-exported CODE_ERROR - "the test requires tzdata/internal/zones, a subpath the package does not export (ERR_PACKAGE_PATH_NOT_EXPORTED)" -- node --test test/tz.test.js
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst tz = require("tzdata");\n\ntest("tz", () => {\n  assert.deepStrictEqual(tz.zones, ["UTC"]);\n});\n' > test/tz.test.js
record $E gr6b-node-package-exports-pass PASS 1/1/0/0 "the package's main export: the test passes" -- node --test test/tz.test.js
rm test/tz.test.js
printf '{ "name": "clock", "version": "1.0.0", "scripts": { "pretest": "eslint lib", "test": "node --test test/" } }\n' > package.json
record $E gr6b-npm-pretest-tool-missing ENV_ERROR - "npm test's pretest runs eslint, which is not installed here" -- npm test
printf '{ "name": "clock", "version": "1.0.0", "scripts": { "test": "node --test test/", "posttest": "node scripts/coverage.js" } }\n' > package.json
record $E gr6b-npm-posttest-script-missing ENV_ERROR - "npm test passes, then posttest runs scripts/coverage.js, which does not exist" -- npm test
printf '{ "name": "clock", "version": "1.0.0", "scripts": { "test": "node --test test/" } }\n' > package.json
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { hhmm } = require("../lib/clock");\n\ntest("hhmm", () => {\n  assert.strictEqual(hhmm(new Date("2020-01-01T10:30:00+02:00")), "10:30");\n});\n' > test/clock.test.js
record $E gr6b-node-test-tz-fail TEST_FAILURE 1/0/1/0 "10:30 at +02:00 is 08:30 UTC" -- npm test
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { hhmm } = require("../lib/clock");\n\ntest("hhmm", () => {\n  assert.strictEqual(hhmm(new Date("2020-01-01T10:30:00Z")), "10:30");\n});\n' > test/clock.test.js
printf 'exports.hhmm = (d) => d.toISOString().slice(11, 16);\nexports.zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;\nconst { zone } = exports;\nzone.call(null).toLowerCase().replaceAll("/", "-").nope();\n' > lib/clock.js
record $E gr6b-node-test-src-typeerror-at-load CODE_ERROR - "lib/clock.js calls a method strings do not have when loaded (TypeError)" -- node --test test/
printf 'exports.hhmm = (d) => d.toISOString().slice(11, 16);\n' > lib/clock.js
record $E gr6b-node-test-dir-missing ENV_ERROR - "node --test of a test directory that does not exist" -- node --test spec/

project gr6b-jest
node_bin
mkdir -p src
printf '{ "name": "fmt", "version": "1.0.0", "private": true, "scripts": { "test": "jest --ci" }, "jest": { "testEnvironment": "node" } }\n' > package.json
printf 'exports.money = (c) => (c / 100).toFixed(2);\n' > src/fmt.js
printf 'const { money } = require("./fmt");\n\ntest("money", () => {\n  expect(money(1234)).toMatchSnapshot();\n});\n' > src/fmt.test.js
record $E gr6b-jest-ci-snapshot-not-written TEST_FAILURE 1/0/1/0 "jest --ci with no stored snapshot: the snapshot is not written and the test fails" -- npm test
record $E gr6b-jest-snapshot-written-pass PASS 1/1/0/0 "jest without --ci writes the snapshot: the test passes" -- npx jest
printf 'exports.money = (c) => (c / 100).toFixed(3);\n' > src/fmt.js
record $E gr6b-jest-snapshot-mismatch TEST_FAILURE 1/0/1/0 "the output changed: the snapshot does not match" -- npx jest --ci
printf 'exports.money = (c) => (c / 100).toFixed(2);\n' > src/fmt.js
printf 'const { money } = require("./fmt");\n\njest.setTimeout(300);\n\ntest("money", (done) => {\n  setTimeout(() => { expect(money(1)).toBe("0.01"); }, 2000);\n});\n' > src/fmt.test.js
record $E gr6b-jest-done-timeout TIMEOUT - "a callback test that never calls done: jest's 300 ms timeout" -- npx jest
printf 'const { money } = require("./fmt");\n\ntest("money", () => {\n  expect(money(1)).toBe("0.01");\n});\n' > src/fmt.test.js
printf '{ "name": "fmt", "version": "1.0.0", "private": true, "scripts": { "test": "jest" }, "jest": { "testEnvironment": "node", "moduleDirectories": ["vendor"] } }\n' > package.json
printf 'const { money } = require("./fmt");\nconst { sprintf } = require("sprintf-js");\n\ntest("money", () => {\n  expect(sprintf("%%s", money(1))).toBe("0.01");\n});\n' > src/fmt.test.js
record $E gr6b-jest-module-directories ENV_ERROR - "moduleDirectories is vendor/ only: sprintf-js (installed) cannot be found" -- npx jest
printf '{ "name": "fmt", "version": "1.0.0", "private": true, "scripts": { "test": "jest" }, "jest": { "testEnvironment": "node" } }\n' > package.json
record $E gr6b-jest-debian-module-pass TEST_FAILURE 1/1/0/0 "sprintf-js from Debian resolves and the test passes, but the snapshot an earlier run wrote is now obsolete: jest exits 1" -- npx jest
printf '{ "name": "fmt", "version": "1.0.0", "private": true, "scripts": { "test": "jest" }, "jest": { "testEnvironment": "node", "testMatch": ["**/*.spec.js"] } }\n' > package.json
record $E gr6b-jest-testmatch-none TEST_FAILURE - "testMatch *.spec.js and the tests are *.test.js: no tests found, nothing ran" -- npx jest
printf '{ "name": "fmt", "version": "1.0.0", "private": true, "scripts": { "test": "jest" }, "jest": { "testEnvironment": "node", "setupFiles": ["dotenv/config"] } }\n' > package.json
record $E gr6b-jest-setupfiles-pkg-missing ENV_ERROR - "setupFiles names dotenv/config, which is not installed" -- npx jest
printf '{ "name": "fmt", "version": "1.0.0", "private": true, "scripts": { "test": "jest" }, "jest": { "testEnvironment": "node", "coverageThreshold": { "global": { "lines": 101 } } } }\n' > package.json

E=rust
TOOL="$(cargo clippy --version), $(cargo --version | cut -d' ' -f1-2)"
project gr6b-cargo
mkdir -p src
printf '[package]\nname = "shapes"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
printf 'pub fn area(w: f64, h: f64) -> f64 {\n    w * h\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn square() {\n        assert_eq!(super::area(2.0, 2.0), 4.0);\n    }\n}\n' > src/lib.rs
record $E gr6b-cargo-test-pass PASS 1/1/0/0 "cargo test: the test passes" -- cargo test --offline
printf '[package]\nname = "shapes"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies\nserde = "1"\n' > Cargo.toml
record $E gr6b-cargo-toml-syntax ENV_ERROR - "Cargo.toml does not parse (a table header never closed)" -- cargo test --offline
printf '[package]\nname = "shapes"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nutils = { git = "https://github.com/example/utils" }\n' > Cargo.toml
record $E gr6b-cargo-git-dep-offline ENV_ERROR - "a git dependency that cannot be fetched offline" -- cargo build --offline
printf '[package]\nname = "shapes"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
printf 'use serde::Serialize;\n\n#[derive(Serialize)]\npub struct Rect {\n    pub w: f64,\n}\n' > src/lib.rs
record $E gr6b-cargo-crate-not-a-dependency ENV_ERROR - "the code uses serde, which Cargo.toml does not list (E0432/E0433: unlinked crate)" -- cargo build --offline
printf 'mod geometry;\n\npub fn area(w: f64, h: f64) -> f64 {\n    w * h\n}\n' > src/lib.rs
record $E gr6b-cargo-mod-file-missing CODE_ERROR - "mod geometry; with no geometry.rs (E0583)" -- cargo build --offline
printf 'pub fn area(w: f64, h: f64) -> f64 {\n    w * h\n}\n\npub fn total(v: Vec<f64>) -> f64 {\n    let s: f64 = v.iter().sum();\n    let n = v.len();\n    drop(v);\n    s / n as f64 + v[0]\n}\n' > src/lib.rs
record $E gr6b-cargo-use-after-move CODE_ERROR - "a vector used after it was moved (E0382)" -- cargo build --offline
printf 'pub fn area(w: f64, h: f64) -> f64 {\n    w * h\n}\n\npub fn sq(w: f64) -> f64 {\n    area(w)\n}\n' > src/lib.rs
record $E gr6b-cargo-wrong-arg-count CODE_ERROR - "area called with one argument of two (E0061)" -- cargo test --offline
printf 'pub fn area(w: f64, h: f64) -> f64 {\n    w.mul(h)\n}\n' > src/lib.rs
record $E gr6b-clippy-no-method CODE_ERROR - "a method f64 does not have in scope (E0599)" -- cargo clippy --offline
printf '#![deny(missing_docs)]\n//! Shapes.\n\npub fn area(w: f64, h: f64) -> f64 {\n    w * h\n}\n' > src/lib.rs
record $E gr6b-cargo-deny-missing-docs LINT_ERROR - "#![deny(missing_docs)]: a public function without documentation" -- cargo build --offline
printf '//! Shapes.\n\n/// Area.\npub fn area(w: f64, h: f64) -> f64 {\n    let unused = 3;\n    w * h\n}\n' > src/lib.rs
RUSTFLAGS="-D warnings" record $E gr6b-cargo-rustflags-deny-warnings LINT_ERROR - "RUSTFLAGS=-D warnings: an unused variable" -- cargo build --offline
RUSTFLAGS="-C target-cpu=nonsense-cpu -D warnings" record $E gr6b-cargo-rustflags-bad-cpu ENV_ERROR - "RUSTFLAGS names a target CPU rustc does not know" -- cargo build --offline
printf '//! Shapes.\n\n/// Area.\npub fn area(w: f64, h: f64) -> f64 {\n    w * h\n}\n' > src/lib.rs
printf 'fn main() {\n    println!("cargo:rustc-link-lib=shapesnative");\n}\n' > build.rs
record $E gr6b-cargo-link-lib-missing ENV_ERROR - "build.rs links a native library (libshapesnative) that is not installed" -- cargo test --offline
rm build.rs
printf '[package]\nname = "shapes"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nlibc = "0.2"\n' > Cargo.toml
record $E gr6b-cargo-locked-needs-update ENV_ERROR - "cargo build --locked --offline after adding libc to Cargo.toml: libc is not in the offline cache (no matching package)" -- sh -c 'printf "version = 3\n\n[[package]]\nname = \"shapes\"\nversion = \"0.1.0\"\n" > Cargo.lock && cargo build --locked --offline'
printf '[package]\nname = "shapes"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
printf 'version = 99\n\n[[package]]\nname = "shapes"\nversion = "0.1.0"\n' > Cargo.lock
record $E gr6b-cargo-lockfile-version-unknown ENV_ERROR - "Cargo.lock of a version this cargo does not know" -- cargo build --offline
rm -f Cargo.lock
printf '[package]\nname = "my shapes"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
record $E gr6b-cargo-package-name-invalid ENV_ERROR - "a package name with a space" -- cargo build --offline
printf '[package]\nname = "shapes"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
CASE_LIMIT=60 record $E gr6b-cargo-plus-toolchain-missing ENV_ERROR - "cargo +1.60.0 test: that toolchain is not installed and cannot be fetched" -- cargo +1.60.0 test --offline
record $E gr6b-cargo-test-bin-missing ENV_ERROR - "cargo test --bin of a binary the package does not have" -- cargo test --offline --bin shapes
printf '//! Shapes.\n\n/// Area.\npub fn area(w: f64, h: f64) -> f64 {\n    w * h\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn oops() {\n        let v: Vec<i32> = Vec::new();\n        assert_eq!(v[0], 1);\n    }\n}\n' > src/lib.rs
record $E gr6b-cargo-test-index-panic TEST_FAILURE 1/0/1/0 "a test indexes an empty vector: it panics" -- cargo test --offline
printf '//! Shapes.\n\n/// Area.\npub fn area(w: f64, h: f64) -> f64 {\n    w * h\n}\n' > src/lib.rs
record $E gr6b-clippy-pedantic-pass LINT_ERROR - "clippy -W clippy::pedantic -D warnings: a public function could be #[must_use] (must_use_candidate)" -- cargo clippy --offline -- -W clippy::pedantic -D warnings

E=go
TOOL="$(go version | cut -d' ' -f3)"
project gr6b-go
printf 'module example.com/temp\n\ngo 1.22\n' > go.mod
mkdir -p conv
printf 'package conv\n\n// CToF converts Celsius to Fahrenheit.\nfunc CToF(c float64) float64 { return c*9/5 + 32 }\n' > conv/conv.go
printf 'package conv\n\nimport "testing"\n\nfunc TestCToF(t *testing.T) {\n\tif CToF(100) != 212 {\n\t\tt.Fatal(CToF(100))\n\t}\n}\n' > conv/conv_test.go
record $E gr6b-go-test-pass-json PASS 1/1/0/0 "go test -json: the test passes" -- go test -json -count=1 ./...
GOTOOLCHAIN=go1.99.0 record $E gr6b-go-gotoolchain-unavailable ENV_ERROR - "GOTOOLCHAIN=go1.99.0: a toolchain that cannot be downloaded" -- go test -count=1 ./...
GOOS=linux GOARCH=nosuch record $E gr6b-go-goarch-unsupported ENV_ERROR - "GOARCH names an architecture go does not support" -- go build ./...
record $E gr6b-go-vettool-missing ENV_ERROR - "go vet -vettool of a program that does not exist" -- go vet -vettool=/usr/local/bin/shadow ./...
printf 'package conv\n\nimport (\n\t"testing"\n\n\t"github.com/google/go-cmp/cmp"\n)\n\nfunc TestCToF(t *testing.T) {\n\tif d := cmp.Diff(CToF(100), 212.0); d != "" {\n\t\tt.Fatal(d)\n\t}\n}\n' > conv/conv_test.go
GOFLAGS=-mod=readonly record $E gr6b-go-readonly-missing-require ENV_ERROR - "-mod=readonly (GOFLAGS) and a test importing go-cmp, which go.mod does not require" -- go test -count=1 ./...
printf 'package conv\n\nimport "testing"\n\nfunc TestCToF(t *testing.T) {\n\tif CToF(100) != 212 {\n\t\tt.Fatal(CToF(100)\n\t}\n}\n' > conv/conv_test.go
record $E gr6b-go-test-syntax CODE_ERROR - "a test file whose call is never closed" -- go test -count=1 ./...
printf 'package conv\n\nimport "testing"\n\nfunc TestCToF(t *testing.T) {\n\tvar f int = CToF(100)\n\tif f != 212 {\n\t\tt.Fatal(f)\n\t}\n}\n' > conv/conv_test.go
record $E gr6b-go-test-type-mismatch-json CODE_ERROR - "a float64 assigned to an int in the test (-json)" -- go test -json -count=1 ./...
printf 'package conv\n\nimport "testing"\n\nfunc TestCToF(t *testing.T) {\n\tvar m map[string]float64\n\tm["x"] = CToF(1)\n}\n' > conv/conv_test.go
record $E gr6b-go-test-nil-map-panic TEST_FAILURE - "a test writes to a nil map: it panics" -- go test -count=1 ./...
printf 'package conv\n\nimport (\n\t"sync"\n\t"testing"\n)\n\ntype box struct{ mu sync.Mutex }\n\nfunc use(b box) {}\n\nfunc TestCToF(t *testing.T) {\n\tvar b box\n\tuse(b)\n\tif CToF(100) != 212 {\n\t\tt.Fatal()\n\t}\n}\n' > conv/conv_test.go
record $E gr6b-go-vet-copylocks LINT_ERROR - "go vet: a struct holding a Mutex passed by value (copylocks)" -- go vet ./...
record $E gr6b-go-test-vet-copylocks PASS - "go test with a Mutex copied by value (vet copylocks is not in go test vet subset): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- go test -count=1 ./...
printf 'package conv\n\nimport "testing"\n\nfunc TestCToF(t *testing.T) {\n\tif CToF(100) != 212 {\n\t\tt.Fatal(CToF(100))\n\t}\n}\n' > conv/conv_test.go
printf 'module example.com/temp\n\ngo 1.22\n\nrequire example.com/units v1.0.0\n\nreplace example.com/units => ../units\n' > go.mod
record $E gr6b-go-replace-target-missing PASS - "go.mod requires and replaces by ../units a module nothing imports: go build exits 0" -- go build ./...
printf 'module example.com/temp\n\ngo 1.22\n' > go.mod
mkdir -p cmd/tool && printf 'package main\n\nimport "example.com/temp/conv"\n\nfunc main() {\n\tprintln(conv.CToF(1))\n}\n' > cmd/tool/main.go
record $E gr6b-go-build-cmd-pass PASS - "go build ./cmd/tool: it builds" -- go build -o /dev/null ./cmd/tool
printf 'package main\n\nimport "example.com/temp/conv"\n\nfunc main() {\n\tprintln(conv.CtoF(1))\n}\n' > cmd/tool/main.go
record $E gr6b-go-build-cmd-undefined CODE_ERROR - "cmd/tool calls conv.CtoF; the function is CToF" -- go build -o /dev/null ./cmd/tool
rm -rf cmd
printf 'module example.com/temp\n\ngo 1.22\n\ntoolchain go1.99.1\n' > go.mod
GOTOOLCHAIN=auto GOPROXY=off record $E gr6b-go-toolchain-line-auto-offline ENV_ERROR - "go.mod's toolchain line names go1.99.1, GOTOOLCHAIN=auto, GOPROXY=off: it cannot be fetched" -- go test -count=1 ./...
printf 'module example.com/temp\n\ngo 1.22\n' > go.mod
mkdir -p nested/inner && printf 'module example.com/inner\n\ngo 1.22\n' > nested/inner/go.mod && printf 'package inner\n\n// X is one.\nconst X = 1\n' > nested/inner/x.go
record $E gr6b-go-pattern-into-nested-module ENV_ERROR - "go test ./nested/inner/...: that directory is another module, outside the main module" -- go test -count=1 ./nested/inner/...
record $E gr6b-go-C-nested-module-pass PASS - "go -C nested/inner vet: the nested module on its own" -- go -C nested/inner vet ./...
rm -rf nested

TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
project gr6b-golangci
printf 'module example.com/lint2\n\ngo 1.22\n' > go.mod
printf 'package lint2\n\n// Sum adds.\nfunc Sum(xs []int) int {\n\ts := 0\n\tfor _, x := range xs {\n\t\ts += x\n\t}\n\treturn s\n}\n' > sum.go
record $E gr6b-golangci-default-pass PASS - "golangci-lint run with no configuration: 0 issues" -- golangci-lint run ./...
record $E gr6b-golangci-enable-unknown ENV_ERROR - "--enable names a linter that does not exist" -- golangci-lint run --enable nosuchlinter ./...
record $E gr6b-golangci-unknown-flag ENV_ERROR - "golangci-lint run with a flag it does not have" -- golangci-lint run --fast-only-please ./...
printf 'version: "2"\nrun:\n  go: "1.99"\n' > .golangci.yml
record $E gr6b-golangci-run-go-too-new ENV_ERROR - "run.go says 1.99, newer than the Go golangci-lint was built with" -- golangci-lint run ./...
rm .golangci.yml
printf 'package lint2\n\nimport "fmt"\n\n// Sum adds.\nfunc Sum(xs []int) int {\n\ts := 0\n\tfor _, x := range xs {\n\t\ts += x\n\t}\n\tfmt.Sprintf("%%d", s)\n\treturn s\n}\n' > sum.go
record $E gr6b-golangci-unusedresult LINT_ERROR - "a Sprintf result thrown away" -- golangci-lint run ./...
printf 'package lint2\n\nimport "github.com/pkg/errors"\n\n// Sum adds.\nfunc Sum(xs []int) (int, error) {\n\treturn 0, errors.New("x")\n}\n' > sum.go
record $E gr6b-golangci-import-not-required ENV_ERROR - "the code imports github.com/pkg/errors, which go.mod does not require" -- golangci-lint run ./...

########################################################################
# A third batch, recorded after the rules were tuned on the second
# batch's tune part (split by the same hash, before any classification).
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), node $(node --version)"
project gr6c-tsc
mkdir -p packages/core/src packages/web/src
printf '{\n  "compilerOptions": { "composite": true, "strict": true, "target": "es2022", "module": "commonjs", "rootDir": "src", "outDir": "dist" },\n  "files": ["src/index.ts"]\n}\n' > packages/core/tsconfig.json
printf 'import { pad } from "./pad";\n\nexport const label = (n: number): string => pad(String(n), 4);\n' > packages/core/src/index.ts
printf 'export const pad = (s: string, n: number): string => s.padStart(n, "0");\n' > packages/core/src/pad.ts
record $E gr6c-tsc-composite-file-not-listed ENV_ERROR - "a composite project whose files list omits a file it imports (TS6307)" -- tsc -b packages/core
printf '{\n  "compilerOptions": { "composite": true, "strict": true, "target": "es2022", "module": "commonjs", "rootDir": "src", "outDir": "dist" },\n  "include": ["src"]\n}\n' > packages/core/tsconfig.json
record $E gr6c-tsc-composite-include-pass PASS - "the same project with include: it builds" -- tsc -b packages/core
record $E gr6c-tsc-b-force-pass PASS - "tsc -b --force: rebuilt, no errors" -- tsc -b --force packages/core
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs" },\n  "include": ["src"]\n}\n' > packages/web/tsconfig.json
printf 'import { label } from "@mono/core";\n\nexport const l: string = label(1);\n' > packages/web/src/main.ts
record $E gr6c-tsc-workspace-package-not-linked ENV_ERROR - "web imports @mono/core, which no node_modules provides (the workspace not installed)" -- tsc -p packages/web
printf '{\n  "compilerOptions": { "strict": "yes", "noEmit": true, "target": "es2022", "module": "commonjs" },\n  "include": ["src"]\n}\n' > packages/web/tsconfig.json
record $E gr6c-tsc-option-wrong-type ENV_ERROR - "strict given as a string (TS5024)" -- tsc -p packages/web
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "baseUrl": ".", "paths": { "@mono/core": ["../core/src"] } },\n  "include": ["src"]\n}\n' > packages/web/tsconfig.json
record $E gr6c-tsc-paths-to-sibling-pass PASS - "paths maps @mono/core to the sibling's sources: it type-checks" -- tsc -p packages/web
printf 'import { label } from "@mono/core";\n\nexport class View {\n  title: string;\n  n: number = label(2);\n}\n' > packages/web/src/main.ts
record $E gr6c-tsc-uninitialised-and-type TYPE_ERROR - "a property never initialised (TS2564) and a string assigned to a number" -- tsc -p packages/web
printf 'import { label } from "@mono/core";\n\nexport const l: string = label(1);\n}\n' > packages/web/src/main.ts
record $E gr6c-tsc-stray-brace CODE_ERROR - "a stray closing brace (TS1128)" -- tsc -p packages/web
printf 'import { label } from "@mono/core";\n\nexport const l: string = label(1);\n' > packages/web/src/main.ts
record $E gr6c-tsc-init-exists PASS - "tsc --init where a tsconfig.json is already defined: tsc prints TS5054 but exits 0, and the check passes on its exit code" -- sh -c 'cd packages/web && tsc --init'
record $E gr6c-tsc-p-and-files ENV_ERROR - "tsc -p with files on the command line as well (TS5042)" -- tsc -p packages/web packages/web/src/main.ts

E=node
TOOL="node $(node --version), npm $(npm --version), jest 29.3.1 (Debian)"
project gr6c-node
mkdir -p lib test
printf '{ "name": "queue", "version": "1.0.0", "type": "commonjs", "scripts": { "test": "node --test test/" } }\n' > package.json
printf 'exports.enqueue = (q, x) => [...q, x];\n' > lib/queue.js
printf 'import test from "node:test";\nimport assert from "node:assert";\nimport { enqueue } from "../lib/queue.js";\n\ntest("enqueue", () => {\n  assert.deepStrictEqual(enqueue([1], 2), [1, 2]);\n});\n' > test/queue.test.js
record $E gr6c-node-esm-in-explicit-commonjs ENV_ERROR - "an ES module test in a package that says type: commonjs: node does not reparse it (Cannot use import statement outside a module)" -- node --test test/
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { enqueue } = require("../lib/queue");\n\ntest("enqueue", () => {\n  assert.deepStrictEqual(enqueue([1], 2), [1, 2]);\n});\n' > test/queue.test.js
record $E gr6c-node-test-pass PASS 1/1/0/0 "node --test: the test passes" -- npm test
record $E gr6c-node-run-flag-too-new ENV_ERROR - "node --run, a node 22 option node 20 does not have" -- node --run test
record $E gr6c-node-module-mocks-flag PASS 1/1/0/0 "--experimental-test-module-mocks, which node 20.20 accepts: the test passes" -- node --experimental-test-module-mocks --test test/
printf 'const { DatabaseSync } = require("node:sqlite");\nexports.enqueue = (q, x) => [...q, x];\n' > lib/queue.js
record $E gr6c-node-builtin-too-new ENV_ERROR - "the code requires node:sqlite, a built-in node 20 does not have" -- node --test test/
printf 'exports.enqueue = (q, x) => [...q, x];\nexports.dequeue = ([h, ...t]) => [h, t];\nexports.peek = (q) => q.at(0;\n' > lib/queue.js
record $E gr6c-node-src-syntax-npm CODE_ERROR - "npm test: lib/queue.js does not parse" -- npm test
printf 'exports.enqueue = (q, x) => [...q, x];\n' > lib/queue.js
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst { enqueue } = require("../lib/queue");\n\ntest("enqueue", () => {\n  assert.deepStrictEqual(enqueue([1], 2), [2, 1]);\n});\n\ntest("empty", () => {\n  assert.deepStrictEqual(enqueue([], 1), [1]);\n});\n' > test/queue.test.js
record $E gr6c-node-test-deep-equal-fail TEST_FAILURE 2/1/1/0 "enqueue appends, the test expects it first" -- node --test test/
printf '{ "name": "queue", "version": "1.0.0", "type": "commonjs", "scripts": { "test": "node --test test/", "lint": "npx --no eslint lib" } }\n' > package.json
record $E gr6c-npm-run-lint-npx-no ENV_ERROR - "npm run lint runs npx --no eslint: eslint is not installed" -- npm run lint
printf '{ "name": "queue", "version": "1.0.0", "type": "commonjs", "scripts": { "test": "node --test test/" }, "dependencies": { "left-pad": "^1.3.0" } }\n' > package.json
record $E gr6c-npm-ls-missing ENV_ERROR - "npm ls: left-pad is declared and not installed" -- npm ls left-pad
record $E gr6c-npm-outdated-offline ENV_ERROR - "npm outdated --offline: no cached metadata for left-pad" -- npm outdated --offline

project gr6c-jest
node_bin
mkdir -p src packages/a
printf 'exports.inc = (n) => n + 1;\n' > src/inc.js
printf 'const { inc } = require("./inc");\n\ntest("inc", () => {\n  expect(inc(1)).toBe(2);\n});\n' > src/inc.test.js
printf '{ "name": "inc", "version": "1.0.0", "private": true, "scripts": { "test": "jest" } }\n' > package.json
record $E gr6c-jest-inline-config-invalid ENV_ERROR - "jest --config given inline JSON that does not parse" -- npx jest --config '{"testEnvironment": "node"'
record $E gr6c-jest-inline-config-pass PASS 1/1/0/0 "jest --config given valid inline JSON: the test passes" -- npx jest --config '{"testEnvironment": "node"}'
printf 'module.exports = { projects: ["<rootDir>/packages/a", "<rootDir>/packages/b"] };\n' > jest.config.js
record $E gr6c-jest-projects-dir-missing ENV_ERROR - "projects lists packages/b, which does not exist" -- npx jest
printf 'module.exports = { testEnvironment: "node", transform: { "\\\\.js$": ["babel-jest", { presets: ["@babel/preset-typescript"] }] } };\n' > jest.config.js
record $E gr6c-jest-babel-preset-missing PASS - "babel-jest told to use @babel/preset-typescript (built to be missing): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- npx jest
printf 'module.exports = { testEnvironment: "node", testTimeout: "fast" };\n' > jest.config.js
record $E gr6c-jest-config-bad-value ENV_ERROR - "testTimeout given a string jest refuses" -- npx jest
printf 'module.exports = { testEnvironment: "node" };\n' > jest.config.js
printf 'const { inc } = require("./inc");\n\ndescribe("inc", () => {\n  test("adds", () => {\n    expect(inc(1)).toEqual(3);\n  });\n  test.todo("overflow");\n});\n' > src/inc.test.js
record $E gr6c-jest-fail-with-todo TEST_FAILURE 1/0/1/1 "inc(1) is 2, not 3; a todo beside it (jest counts it as not run)" -- npx jest
printf 'const { inc } = require("./inc");\n\ndescribe("inc", () => {\n  test("adds", () => {\n    expect(inc(1)).toEqual(2);\n  });\n  test.skip("overflow", () => {});\n});\n' > src/inc.test.js
record $E gr6c-jest-pass-with-skip PASS 1/1/0/1 "one test passes, one is skipped" -- npx jest

E=rust
TOOL="$(cargo clippy --version), $(cargo --version | cut -d' ' -f1-2)"
project gr6c-cargo
mkdir -p src tests
printf '[package]\nname = "stack"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
printf '//! A stack.\n\n/// Pushes.\npub fn push(mut v: Vec<i32>, x: i32) -> Vec<i32> {\n    v.push(x);\n    v\n}\n' > src/lib.rs
printf 'use pretty_assertions::assert_eq;\n\n#[test]\nfn push() {\n    assert_eq!(stack::push(vec![], 1), vec![1]);\n}\n' > tests/push.rs
record $E gr6c-cargo-dev-dependency-missing ENV_ERROR - "an integration test uses pretty_assertions, which is not a dev-dependency" -- cargo test --offline
printf '#[test]\nfn push() {\n    assert_eq!(stack::push(vec![], 1), vec![1]);\n}\n' > tests/push.rs
record $E gr6c-cargo-integration-pass PASS 1/1/0/0 "the integration test passes" -- cargo test --offline --test push
printf '#[test]\nfn push() {\n    assert_eq!(stack::push(vec![], 1), vec![2]);\n}\n' > tests/push.rs
record $E gr6c-cargo-integration-fail TEST_FAILURE 1/0/1/0 "push(1) is [1], the test wants [2]" -- cargo test --offline --test push
printf '#[test]\nfn push() {\n    assert_eq!(stack::push(vec![], 1), vec![1]);\n}\n' > tests/push.rs
record $E gr6c-cargo-z-flag-stable ENV_ERROR - "a -Z flag, which stable cargo refuses" -- cargo test --offline -Z unstable-options
printf '#![forbid(unsafe_code)]\n//! A stack.\n\n/// Pushes.\npub fn push(mut v: Vec<i32>, x: i32) -> Vec<i32> {\n    unsafe { v.set_len(0) };\n    v.push(x);\n    v\n}\n' > src/lib.rs
record $E gr6c-cargo-forbid-unsafe LINT_ERROR - "#![forbid(unsafe_code)] and an unsafe block" -- cargo build --offline
printf '//! A stack.\n\n/// Pushes.\npub fn push(mut v: Vec<i32>, x: i32) -> Vec<i32> {\n    v.push(x);\n    v\n}\n\n/// Prints.\npub fn show(v: &[i32]) -> String {\n    format!("{}", v)\n}\n' > src/lib.rs
record $E gr6c-cargo-trait-not-implemented CODE_ERROR - "a slice formatted with {} (E0277: Display not implemented)" -- cargo build --offline
printf '//! A stack.\n\n/// Pushes.\npub fn push(mut v: Vec<i32>, x: i32) -> Vec<i32> {\n    v.push(x);\n    v\n}\n' > src/lib.rs
record $E gr6c-cargo-fix-no-vcs ENV_ERROR - "cargo clippy --fix outside version control without --allow-no-vcs" -- cargo clippy --offline --fix
printf '[package]\nname = "stack"\nversion = "0.1.0"\nedition = "2021"\nresolver = "9"\n' > Cargo.toml
record $E gr6c-cargo-resolver-unknown ENV_ERROR - "resolver = 9, which cargo does not know" -- cargo build --offline
printf '[package]\nname = "stack"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
mkdir -p sub/src && printf '[package]\nname = "sub"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\n' > sub/Cargo.toml && printf '' > sub/src/lib.rs
printf '[package]\nname = "stack"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\nmembers = ["sub"]\n' > Cargo.toml
record $E gr6c-cargo-nested-workspace-root ENV_ERROR - "a member that declares its own [workspace]: multiple workspace roots" -- cargo build --offline --workspace
rm -rf sub
printf '[package]\nname = "stack"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
record $E gr6c-cargo-release-pass PASS 1/1/0/0 "cargo test --release: the test passes" -- cargo test --offline --release

E=go
TOOL="$(go version | cut -d' ' -f3)"
project gr6c-go
printf 'module example.com/bank\n\ngo 1.22\n' > go.mod
mkdir -p acct
printf 'package acct\n\n// Balance sums.\nfunc Balance(xs []int) int {\n\tt := 0\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n}\n\nfunc secret() int { return 42 }\n' > acct/acct.go
printf 'package acct_test\n\nimport (\n\t"testing"\n\n\t"example.com/bank/acct"\n)\n\nfunc TestBalance(t *testing.T) {\n\tif acct.Balance([]int{1, 2}) != 3 {\n\t\tt.Fatal()\n\t}\n}\n' > acct/acct_test.go
record $E gr6c-go-external-test-pass PASS - "an external test package (acct_test): it passes" -- go test -count=1 ./...
printf 'package acct_test\n\nimport (\n\t"testing"\n\n\t"example.com/bank/acct"\n)\n\nfunc TestBalance(t *testing.T) {\n\tif acct.secret() != 42 {\n\t\tt.Fatal()\n\t}\n}\n' > acct/acct_test.go
record $E gr6c-go-external-test-unexported CODE_ERROR - "the external test calls an unexported function" -- go test -count=1 ./...
printf 'package acct_test\n\nimport (\n\t"testing"\n\n\t"example.com/bank/acct"\n)\n\nfunc TestBalance(t *testing.T) {\n\tif acct.Balance([]int{1, 2}) != 3 {\n\t\tt.Fatal()\n\t}\n}\n' > acct/acct_test.go
GOEXPERIMENT=nosuchexperiment record $E gr6c-go-goexperiment-unknown ENV_ERROR - "GOEXPERIMENT names an experiment go does not have" -- go test -count=1 ./...
GOCACHE=relative/cache record $E gr6c-go-gocache-relative ENV_ERROR - "GOCACHE is a relative path" -- go build ./...
record $E gr6c-go-shuffle-invalid ENV_ERROR - "go test -shuffle with a value that is neither on, off nor a number" -- go test -count=1 -shuffle=sometimes ./...
record $E gr6c-go-count-invalid ENV_ERROR - "go test -count with a value that is not a number" -- go test -count=twice ./...
printf 'package acct\n\n// Balance sums.\nfunc Balance(xs []int) int {\n\tt := 0\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n\tt = 0\n\treturn t\n}\n' > acct/acct.go
record $E gr6c-go-vet-unreachable LINT_ERROR - "go vet: unreachable code after a return" -- go vet ./...
printf 'package acct\n\nimport "example.com/bank/ledger"\n\n// Balance sums.\nfunc Balance(xs []int) int { return ledger.Sum(xs) }\n' > acct/acct.go
record $E gr6c-go-own-package-missing CODE_ERROR - "acct imports example.com/bank/ledger, a package of the module that is not there" -- go vet ./...
printf 'package acct\n\nimport "rsc.io/quote/v4"\n\n// Balance sums.\nfunc Balance(xs []int) int { _ = quote.Go(); return 0 }\n' > acct/acct.go
GOFLAGS=-mod=mod GOPROXY=off record $E gr6c-go-mod-mod-proxy-off ENV_ERROR - "-mod=mod with GOPROXY=off: rsc.io/quote/v4 cannot be looked up" -- go build ./...
printf 'package acct\n\n// Balance sums.\nfunc Balance(xs []int) int {\n\tt := 0\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n}\n' > acct/acct.go
printf 'package acct_test\n\nimport (\n\t"testing"\n\n\t"example.com/bank/acct"\n)\n\nfunc TestBalance(t *testing.T) {\n\tt.Parallel()\n\tif acct.Balance([]int{1, 2}) != 4 {\n\t\tt.Errorf("got %%d", acct.Balance([]int{1, 2}))\n\t}\n}\n\nfunc TestEmpty(t *testing.T) {\n\tif acct.Balance(nil) != 0 {\n\t\tt.Fatal()\n\t}\n}\n' > acct/acct_test.go
record $E gr6c-go-test-fail-json-two TEST_FAILURE 2/1/1/0 "Balance(1,2) is 3, the test wants 4; the other passes (-json)" -- go test -json -count=1 ./...

TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
record $E gr6c-golangci-pass PASS - "golangci-lint run on the same module: 0 issues" -- golangci-lint run ./...
printf 'version: "2"\nlinters:\n  enable:\n    - misspell\n' > .golangci.yml
printf 'package acct\n\n// Balance sums the ammounts recieved.\nfunc Balance(xs []int) int {\n\tt := 0\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n}\n' > acct/acct.go
record $E gr6c-golangci-misspell LINT_ERROR - "misspell: two misspelt words in a comment" -- golangci-lint run ./...
printf 'version: "2"\nlinters:\n  enable:\n    - misspell\n  settings:\n    misspell:\n      locale: MARS\n' > .golangci.yml
record $E gr6c-golangci-setting-invalid LINT_ERROR - "misspell locale MARS, which golangci-lint accepts without complaint: it reports the misspelling" -- golangci-lint run ./...

########################################################################
# A fourth batch, recorded after the rules were tuned on the third
# batch's tune part (split by the same hash, before any classification).
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), node $(node --version)"
project gr6d-tsc
mkdir -p src types
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "types": [] },\n  "include": ["src", "types"]\n}\n' > tsconfig.json
printf 'describe("x", () => {\n  it("works", () => undefined);\n});\n' > src/x.spec.ts
record $E gr6d-tsc-empty-types-test-globals ENV_ERROR - "types: [] and a mocha-style spec: describe is unknown, tsc says to install type definitions (TS2582)" -- tsc -p .
rm src/x.spec.ts
printf '/// <reference types="node" />\nexport const cwd = (): string => process.cwd();\n' > src/cwd.ts
record $E gr6d-tsc-reference-types-missing ENV_ERROR - "a triple-slash reference to types node, which are not installed (TS2688)" -- tsc -p .
printf 'declare module "legacy" {\n  function f(): number;\n  export = f;\n}\n' > types/legacy.d.ts
printf 'import f from "legacy";\n\nexport const n: number = f();\n' > src/cwd.ts
record $E gr6d-tsc-default-import-needs-interop ENV_ERROR - "a default import of an export= module without esModuleInterop (TS1259)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "types": [], "esModuleInterop": true },\n  "include": ["src", "types"]\n}\n' > tsconfig.json
record $E gr6d-tsc-interop-pass PASS - "esModuleInterop: the default import type-checks" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "es2015", "moduleResolution": "classic", "types": [] },\n  "include": ["src", "types"]\n}\n' > tsconfig.json
mkdir -p node_modules/tiny && printf '{ "name": "tiny", "version": "1.0.0", "types": "index.d.ts" }\n' > node_modules/tiny/package.json && printf 'export declare const one: number;\n' > node_modules/tiny/index.d.ts
printf 'import { one } from "tiny";\n\nexport const n: number = one;\n' > src/cwd.ts
record $E gr6d-tsc-classic-resolution ENV_ERROR - "moduleResolution classic cannot find a package in node_modules (TS2792: set moduleResolution to node)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "types": [] },\n  "include": ["src", "types"]\n}\n' > tsconfig.json
record $E gr6d-tsc-node-resolution-pass PASS - "node resolution finds the package's types" -- tsc -p .
printf 'import { one } from "tiny";\n\nexport function parse(x: unknown): number {\n  return x + one;\n}\n' > src/cwd.ts
record $E gr6d-tsc-unknown-operand TYPE_ERROR - "arithmetic on a value of type unknown (TS18046)" -- tsc -p .
printf 'import { one } from "tiny";\n\nexport function first<T>(xs: T[]): T {\n  return xs[0];\n}\n\nexport const s: string = first([one]);\n' > src/cwd.ts
record $E gr6d-tsc-generic-mismatch TYPE_ERROR - "first of a number array assigned to a string" -- tsc -p .
printf 'import { one } from "tiny";\n\nexport const n: number = one +;\n' > src/cwd.ts
record $E gr6d-tsc-expression-expected CODE_ERROR - "a binary operator with no right operand" -- tsc -p .
printf 'import { one } from "tiny";\n\nexport const n: number = one;\n' > src/cwd.ts
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true },\n  "files": []\n}\n' > tsconfig.json
record $E gr6d-tsc-files-empty ENV_ERROR - "files is empty and nothing is included or referenced (TS18002)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "commonjs", "types": [] },\n  "include": ["src"]\n}\n' > tsconfig.json
mkdir -p app && printf '{\n  "compilerOptions": { "strict": true, "noEmit": true }\n  "include": ["."]\n}\n' > app/tsconfig.json
printf '{\n  "files": [],\n  "references": [{ "path": "./app" }]\n}\n' > tsconfig.build.json
record $E gr6d-tsc-b-reference-config-invalid ENV_ERROR - "tsc -b: the referenced project's tsconfig.json does not parse" -- tsc -b tsconfig.build.json
rm -rf app tsconfig.build.json

E=node
TOOL="node $(node --version), npm $(npm --version), jest 29.3.1 (Debian)"
project gr6d-node
mkdir -p lib test fixtures
printf '{ "name": "cfg", "version": "1.0.0", "scripts": { "test": "node --test test/" } }\n' > package.json
printf 'exports.load = (p) => require(p);\n' > lib/cfg.js
printf '{ "port": 80, }\n' > fixtures/cfg.json
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst cfg = require("../fixtures/cfg.json");\n\ntest("port", () => {\n  assert.strictEqual(cfg.port, 80);\n});\n' > test/cfg.test.js
record $E gr6d-node-fixture-json-invalid CODE_ERROR - "a JSON fixture of the project with a trailing comma: the test file does not load" -- node --test test/
printf '{ "port": 80 }\n' > fixtures/cfg.json
record $E gr6d-node-fixture-pass PASS 1/1/0/0 "the fixed fixture: the test passes" -- node --test test/
record $E gr6d-node-snapshots-flag ENV_ERROR - "--experimental-test-snapshots, a node 22 flag node 20 does not have" -- node --experimental-test-snapshots --test test/
record $E gr6d-node-reporter-destination-dir-missing ENV_ERROR - "--test-reporter-destination into a directory that does not exist" -- node --test --test-reporter=spec --test-reporter-destination=reports/unit/out.txt test/
record $E gr6d-node-input-type-with-file PASS - "--input-type=module given with a file: node 20.20 ignores it for a file and runs the CommonJS module, which exits 0" -- node --input-type=module lib/cfg.js
record $E gr6d-node-eval-syntax CODE_ERROR - "node -e with code that does not parse" -- node -e 'const x = ;'
printf 'const test = require("node:test");\nconst assert = require("node:assert");\nconst cfg = require("../fixtures/cfg.json");\n\ntest.before(() => {\n  throw new Error("database unavailable");\n});\n\ntest("port", () => {\n  assert.strictEqual(cfg.port, 80);\n});\n' > test/cfg.test.js
record $E gr6d-node-before-hook-throws TEST_FAILURE - "a before hook throws: the test fails with it" -- node --test test/
printf '{ "name": "cfg", "version": "1.0.0", "scripts": { "test": "jest" } }\n' > package.json
record $E gr6d-npm-test-jest-not-installed ENV_ERROR - "npm test runs jest, which this project has not installed (sh: not found)" -- npm test

project gr6d-jest
node_bin
mkdir -p src
printf '{ "name": "mock", "version": "1.0.0", "private": true, "scripts": { "test": "jest" }, "jest": { "testEnvironment": "node" } }\n' > package.json
printf 'exports.get = () => 1;\n' > src/api.js
printf 'jest.mock("./client");\nconst { get } = require("./api");\n\ntest("get", () => {\n  expect(get()).toBe(1);\n});\n' > src/api.test.js
record $E gr6d-jest-mock-relative-missing CODE_ERROR - "jest.mock of ./client, a module of the project that is not there" -- npx jest
printf 'const { get } = require("./api");\n\nbeforeAll(() => {\n  throw new Error("seed failed");\n});\n\ntest("get", () => {\n  expect(get()).toBe(1);\n});\n' > src/api.test.js
record $E gr6d-jest-beforeall-throws TEST_FAILURE 1/0/1/0 "beforeAll throws: the test fails" -- npx jest
printf 'const { get } = require("./api");\n\ntest("get", () => {\n  expect(get()).toBe(1);\n});\n' > src/api.test.js
record $E gr6d-jest-runinband-pass PASS 1/1/0/0 "--runInBand --detectOpenHandles: the test passes" -- npx jest --runInBand --detectOpenHandles
printf '{ "name": "mock", "version": "1.0.0", "private": true, "scripts": { "test": "jest" }, "jest": { "testEnvironment": "node", "testRunner": "jest-circus-nope" } }\n' > package.json
record $E gr6d-jest-test-runner-missing ENV_ERROR - "testRunner names a package that is not installed" -- npx jest

E=rust
TOOL="$(cargo clippy --version), $(cargo --version | cut -d' ' -f1-2)"
project gr6d-cargo
mkdir -p src
printf '[package]\nname = "words"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
printf '//! Words.\n\n/// The longest.\npub fn longest(a: &str, b: &str) -> &str {\n    if a.len() > b.len() { a } else { b }\n}\n' > src/lib.rs
record $E gr6d-cargo-missing-lifetime CODE_ERROR - "a function returning a reference with two inputs and no lifetime (E0106)" -- cargo build --offline
printf '//! Words.\n\n/// Counts.\npub fn count(s: &str) -> usize {\n    words!(s).len()\n}\n' > src/lib.rs
record $E gr6d-cargo-macro-undefined CODE_ERROR - "a call of a macro that does not exist" -- cargo build --offline
printf '//! Words.\n\n/// Counts.\npub fn count(s: &str) -> usize {\n    s.split_whitespace().count()\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn two() {\n        assert_eq!(super::count("a b"), 2);\n    }\n}\n' > src/lib.rs
printf '[package]\nname = "words"\nversion = "0.1.0"\nedition = "2021"\n\n[profile.release]\nlto = "maybe"\n' > Cargo.toml
record $E gr6d-cargo-profile-invalid ENV_ERROR - "[profile.release] lto = maybe, a value cargo refuses" -- cargo test --offline --release
printf '[package]\nname = "words"\nversion = "0.1.0"\nedition = "2021"\n\n[lints.clippy]\nunwrap_used = "deny"\n' > Cargo.toml
printf '//! Words.\n\n/// Counts.\npub fn count(s: &str) -> usize {\n    s.split_whitespace().count()\n}\n\n/// First.\npub fn first(s: &str) -> char {\n    s.chars().next().unwrap()\n}\n' > src/lib.rs
record $E gr6d-clippy-unwrap-denied LINT_ERROR - "[lints.clippy] unwrap_used = deny and an unwrap" -- cargo clippy --offline
printf '[package]\nname = "words"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
printf '//! Words.\n\n/// Counts.\npub fn count(s: &str) -> usize {\n    s.split_whitespace().count()\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn two() {\n        assert_eq!(super::count("a  b c"), 2);\n    }\n}\n' > src/lib.rs
record $E gr6d-cargo-test-fail TEST_FAILURE 1/0/1/0 "two spaces and a third word: count is 3, not 2" -- cargo test --offline
printf '[workspace]\nmembers = ["a"]\ndefault-members = ["b"]\nresolver = "2"\n' > Cargo.toml
mkdir -p a/src && printf '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n' > a/Cargo.toml && printf '' > a/src/lib.rs
record $E gr6d-cargo-default-member-missing ENV_ERROR - "default-members names b, which is not a member" -- cargo build --offline

E=go
TOOL="$(go version | cut -d' ' -f3)"
project gr6d-go
printf 'module example.com/seq\n\ngo 1.22\n' > go.mod
mkdir -p seq
printf 'package seq\n\nimport "iter"\n\n// Count yields 0..n-1.\nfunc Count(n int) iter.Seq[int] {\n\treturn func(yield func(int) bool) {\n\t\tfor i := range n {\n\t\t\tif !yield(i) {\n\t\t\t\treturn\n\t\t\t}\n\t\t}\n\t}\n}\n\n// Sum adds them.\nfunc Sum(n int) int {\n\tt := 0\n\tfor i := range Count(n) {\n\t\tt += i\n\t}\n\treturn t\n}\n' > seq/seq.go
record $E gr6d-go-range-func-lang-too-old ENV_ERROR - "range over a function with go 1.22 in go.mod: the language version gates it (-lang=go1.22)" -- go build ./...
printf 'module example.com/seq\n\ngo 1.23\n' > go.mod
record $E gr6d-go-range-func-pass PASS - "go 1.23 in go.mod: it builds" -- go build ./...
printf 'module example.com/seq\n\ngo 1.20\n' > go.mod
printf 'package seq\n\n// Clamp bounds x.\nfunc Clamp(x, lo, hi int) int { return min(max(x, lo), hi) }\n' > seq/seq.go
record $E gr6d-go-min-builtin-lang-too-old ENV_ERROR - "the min and max built-ins with go 1.20 in go.mod (-lang=go1.20)" -- go vet ./...
printf 'module example.com/seq\n\ngo 1.22\n' > go.mod
printf 'package seq\n\nimport "fmt"\n\n// Show prints.\nfunc Show(x int) string { return fmt.Sprintf("%%d %%d", x) }\n\n// T has a tag.\ntype T struct {\n\tA int `json:"a" xml:"a`\n}\n' > seq/seq.go
record $E gr6d-go-vet-printf-structtag LINT_ERROR - "go vet: a Sprintf with too few arguments and a malformed struct tag" -- go vet ./...
printf 'package seq\n\n/*\nint twice(int x) { return 2 * x }\n*/\nimport "C"\n\n// Twice doubles.\nfunc Twice(x int) int { return int(C.twice(C.int(x))) }\n' > seq/seq.go
record $E gr6d-go-cgo-preamble-syntax CODE_ERROR - "a cgo preamble whose C does not compile (a missing semicolon)" -- go build ./...
printf 'package seq\n\nimport "embed"\n\n//go:embed ../templates/*.tmpl\nvar files embed.FS\n' > seq/seq.go
record $E gr6d-go-embed-parent-path CODE_ERROR - "a //go:embed pattern reaching outside the package (..)" -- go build ./...
printf 'package seq\n\n// Clamp bounds x.\nfunc Clamp(x, lo, hi int) int { return min(max(x, lo), hi) }\n' > seq/seq.go
printf 'package seq\n\nimport "testing"\n\nfunc TestClamp(t *testing.T) {\n\tif Clamp(5, 0, 3) != 3 {\n\t\tt.Fatal()\n\t}\n}\n' > seq/seq_test.go
record $E gr6d-go-failfast-pass PASS 1/1/0/0 "go test -failfast -json: the test passes" -- go test -json -count=1 -failfast ./...

TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
record $E gr6d-golangci-timeout TIMEOUT - "golangci-lint run --timeout=1ms: its own deadline fires" -- golangci-lint run --timeout=1ms ./...
record $E gr6d-golangci-pass PASS - "golangci-lint run: 0 issues" -- golangci-lint run ./...

########################################################################
# A fifth batch, recorded after the rules were tuned on the fourth
# batch's tune part (split by the same hash, before any classification).
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), node $(node --version)"
project gr6e-tsc
mkdir -p src node_modules/esm-only
printf '{ "name": "esm-only", "version": "1.0.0", "type": "module", "exports": { ".": { "types": "./index.d.ts", "default": "./index.js" } } }\n' > node_modules/esm-only/package.json
printf 'export declare const v: number;\n' > node_modules/esm-only/index.d.ts
printf 'export const v = 1;\n' > node_modules/esm-only/index.js
printf '{ "name": "app", "version": "1.0.0" }\n' > package.json
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "node16", "moduleResolution": "node16" },\n  "include": ["src"]\n}\n' > tsconfig.json
printf 'import { v } from "esm-only";\n\nexport const w: number = v;\n' > src/main.ts
record $E gr6e-tsc-cjs-imports-esm-only ENV_ERROR - "module node16 in a CommonJS package importing an ES-module-only package (TS1479)" -- tsc -p .
printf '{ "name": "app", "version": "1.0.0", "type": "module" }\n' > package.json
record $E gr6e-tsc-esm-package-pass PASS - "the package made type: module: the import type-checks" -- tsc -p .
printf 'import { v } from "esm-only";\n\nexport function sign(x: number): number {\n  if (x > v) {\n    return 1;\n  }\n}\n' > src/main.ts
record $E gr6e-tsc-not-all-paths-return TYPE_ERROR - "a function that does not return on every path (TS2366)" -- tsc -p .
printf 'export declare function f(: number;\n' > src/decl.d.ts
printf 'import { v } from "esm-only";\n\nexport const w: number = v;\n' > src/main.ts
record $E gr6e-tsc-dts-syntax CODE_ERROR - "a declaration file of the project that does not parse" -- tsc -p .
rm src/decl.d.ts
record $E gr6e-tsc-list-files-only-pass PASS - "tsc --listFilesOnly: lists the inputs" -- tsc -p . --listFilesOnly
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "node16", "moduleResolution": "node16" },\n  "include": ["src"],\n  "exclude": ["src"]\n}\n' > tsconfig.json
record $E gr6e-tsc-exclude-everything ENV_ERROR - "exclude removes everything include names: no inputs (TS18003)" -- tsc -p .
printf '{\n  "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "node16", "moduleResolution": "node16", "outDir": "src" },\n  "include": ["src"]\n}\n' > tsconfig.json
record $E gr6e-tsc-noemit-outdir-src-pass ENV_ERROR - "outDir src: tsc excludes its outDir from the inputs, so nothing is left (TS18003)" -- tsc -p .

E=node
TOOL="node $(node --version), npm $(npm --version), jest 29.3.1 (Debian)"
project gr6e-node
mkdir -p lib test
printf '{ "name": "db", "version": "1.0.0", "scripts": { "start": "node lib/main.js", "test": "node --test test/" } }\n' > package.json
printf 'if (!process.env.DATABASE_URL) {\n  throw new Error("environment variable DATABASE_URL is not set");\n}\nconsole.log("connecting");\n' > lib/main.js
record $E gr6e-node-env-var-unset ENV_ERROR - "npm start: the program needs DATABASE_URL, which the environment does not set" -- npm start
DATABASE_URL=postgres://localhost/x record $E gr6e-node-env-var-set-pass PASS - "the same with DATABASE_URL set: it starts" -- npm start
printf 'const test = require("node:test");\nconst assert = require("node:assert");\n\ntest("x", () => {\n  assert.ok(true);\n});\n' > test/x.test.js
record $E gr6e-node-test-one-pass PASS 1/1/0/0 "node --test: one test passes" -- npm test
printf 'const test = require("node:test");\nconst assert = require("node:assert");\n\ntest("x", () => {\n  assert.ok(true)\n}\n' > test/x.test.js
record $E gr6e-node-test-file-syntax CODE_ERROR - "the test file itself does not parse (a call never closed)" -- npm test

project gr6e-jest
node_bin
mkdir -p src
printf '{ "name": "j", "version": "1.0.0", "private": true, "scripts": { "test": "jest" }, "jest": { "testEnvironment": "node" } }\n' > package.json
printf 'exports.sq = (n) => n * n;\n' > src/sq.js
printf 'const { sq } = require("./sq");\n\ntest("sq", () => {\n  expect(sq(3)).toBe(9);\n});\n' > src/sq.test.js
record $E gr6e-jest-list-tests-pass PASS - "jest --listTests: lists the test file" -- npx jest --listTests
printf 'exports.sq = (n: number) => n * n;\n' > src/sq.js
record $E gr6e-jest-type-annotation-in-js CODE_ERROR - "a type annotation in a .js module: babel cannot parse it, the suite fails to run" -- npx jest
printf 'exports.sq = (n) => n * n;\n' > src/sq.js
printf 'const { sq } = require("./sq");\n\ntest("sq", () => {\n  expect(sq(3)).toBe(9);\n});\n\ntest("neg", () => {\n  expect(sq(-3)).toBe(-9);\n});\n' > src/sq.test.js
record $E gr6e-jest-fail-one-of-two TEST_FAILURE 2/1/1/0 "sq(-3) is 9, not -9" -- npm test

E=rust
TOOL="$(cargo clippy --version), $(cargo --version | cut -d' ' -f1-2)"
project gr6e-cargo
mkdir -p src
printf '[package]\nname = "shape2"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
printf '//! Shapes.\n\n/// A shape.\npub enum Shape {\n    /// A circle.\n    Circle(f64),\n    /// A square.\n    Square(f64),\n}\n\n/// Area.\npub fn area(s: &Shape) -> f64 {\n    match s {\n        Shape::Circle(r) => 3.14 * r * r,\n    }\n}\n' > src/lib.rs
record $E gr6e-cargo-non-exhaustive-match CODE_ERROR - "a match that misses Square (E0004)" -- cargo build --offline
printf '//! Shapes.\n\n/// Area of a square.\npub fn area(s: f64) -> f64 {\n    s * s\n}\n\n#[cfg(test)]\nmod tests {\n    #[tokio::test]\n    async fn sq() {\n        assert_eq!(super::area(2.0), 4.0);\n    }\n}\n' > src/lib.rs
record $E gr6e-cargo-tokio-not-a-dependency ENV_ERROR - "#[tokio::test] without tokio among the dependencies" -- cargo test --offline
printf '//! Shapes.\n\n/// Area of a square.\npub fn area(s: f64) -> f64 {\n    s * s\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn sq() {\n        assert_eq!(super::area(2.0), 4.0);\n    }\n}\n' > src/lib.rs
record $E gr6e-cargo-test-threads-invalid ENV_ERROR - "cargo test -- --test-threads=zero: the test binary refuses the value" -- cargo test --offline -- --test-threads=zero
record $E gr6e-cargo-test-binary-unknown-flag ENV_ERROR - "cargo test -- --frobnicate: the test binary does not know the option" -- cargo test --offline -- --frobnicate
record $E gr6e-cargo-metadata-format-invalid ENV_ERROR - "cargo metadata --format-version 9" -- cargo metadata --offline --format-version 9
record $E gr6e-cargo-test-exact-pass PASS 1/1/0/0 "cargo test -- --exact tests::sq: the test passes" -- cargo test --offline -- --exact tests::sq

E=go
TOOL="$(go version | cut -d' ' -f3)"
project gr6e-go
printf 'module example.com/calc\n\ngo 1.22\n' > go.mod
mkdir -p calc
printf 'package calc\n\n// Div divides.\nfunc Div(a, b int) (int, error) {\n\treturn a / b, nil\n}\n' > calc/calc.go
printf 'package calc\n\nimport "testing"\n\nfunc BenchmarkDiv(b *testing.B) {\n\tfor i := 0; i < b.N; i++ {\n\t\tif q, _ := Div(6, 3); q != 3 {\n\t\t\tb.Fatal(q)\n\t\t}\n\t}\n}\n\nfunc TestDiv(t *testing.T) {\n\tif q, _ := Div(6, 3); q != 2 {\n\t\tt.Fatal(q)\n\t}\n}\n' > calc/calc_test.go
record $E gr6e-go-test-bench-pass TEST_FAILURE - "go test -bench: the benchmark wants Div(6, 3) to be 3 and b.Fatal fires (it is 2); the test passes" -- go test -count=1 -bench . -benchtime=1x ./...
printf 'package calc\n\n// Div divides.\nfunc Div(a, b int) (int, error) {\n\treturn a / b\n}\n' > calc/calc.go
record $E gr6e-go-wrong-return-count CODE_ERROR - "a function returning one value of two" -- go build ./...
printf 'package calc\n\n// Div divides.\nfunc Div(a, b int) (int, error) {\n\tif b == 0 {\n\t\treturn 0, nil\n\t}\n}\n' > calc/calc.go
record $E gr6e-go-missing-return-json CODE_ERROR - "a function with no return at its end (-json)" -- go test -json -count=1 ./...
printf 'package calc\n\n// Div divides.\nfunc Div(a, b int) (int, error) {\n\treturn a / b, nil\n}\n' > calc/calc.go
record $E gr6e-go-ldflags-x-malformed PASS - "-ldflags=-X=version (built to be refused): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- go build -ldflags=-X=version ./...
record $E gr6e-go-test-exec-missing ENV_ERROR - "go test -exec of a program that does not exist" -- go test -count=1 -exec /opt/qemu/bin/qemu-run ./...
printf 'package calc\n\nimport "testing"\n\nfunc TestDiv(t *testing.T) {\n\tif q, _ := Div(7, 2); q != 3.5 {\n\t\tt.Fatal(q)\n\t}\n}\n' > calc/calc_test.go
record $E gr6e-go-untyped-const-truncated CODE_ERROR - "the test compares an int with 3.5 (constant truncated)" -- go test -count=1 ./...
printf 'package calc\n\nimport "testing"\n\nfunc TestDiv(t *testing.T) {\n\tif q, _ := Div(7, 0); q != 0 {\n\t\tt.Fatal(q)\n\t}\n}\n' > calc/calc_test.go
record $E gr6e-go-test-divide-by-zero-json TEST_FAILURE 1/0/1/0 "Div(7, 0) panics with an integer divide by zero (-json)" -- go test -json -count=1 ./...

TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
printf 'package calc\n\n// Div divides.\nfunc Div(a, b int) (int, error) {\n   return a / b, nil\n}\n' > calc/calc.go
printf 'version: "2"\nformatters:\n  enable:\n    - gofmt\n' > .golangci.yml
record $E gr6e-golangci-fmt-diff LINT_ERROR - "golangci-lint fmt --diff: a file gofmt would change" -- golangci-lint fmt --diff ./...
record $E gr6e-golangci-run-gofmt LINT_ERROR - "golangci-lint run with the gofmt formatter: the file is not formatted" -- golangci-lint run ./...
