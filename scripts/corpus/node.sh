#!/usr/bin/env bash
# JavaScript on Node: node --test (TAP, spec, dot reporters), npm test,
# plain node scripts and node --check.
. "$(dirname "$0")/lib.sh"
E=node
TOOL="node $(node --version), npm $(npm --version 2>/dev/null)"

lib() {
	cat > calc.js <<'J'
exports.add = (a, b) => a + b;
exports.div = (a, b) => a / b;
J
	cat > calc.test.js
	printf '{"name":"calc","version":"1.0.0","scripts":{"test":"node --test"}}\n' > package.json
}

ok_tests() {
	cat <<'J'
const test = require('node:test');
const assert = require('node:assert');
const { add, div } = require('./calc');
test('adds', () => assert.strictEqual(add(1, 2), 3));
test('divides', () => assert.strictEqual(div(6, 3), 2));
test('timeout handling', () => { console.error('error: simulated, expected'); });
J
}

fail_tests() {
	cat <<'J'
const test = require('node:test');
const assert = require('node:assert');
const { add, div } = require('./calc');
test('adds', () => assert.strictEqual(add(1, 2), 4));
test('divides', () => assert.strictEqual(div(6, 3), 2));
test('later', { skip: 'not yet' }, () => {});
test('rejects', async () => { throw new Error('boom: upstream refused'); });
J
}

for rep in tap spec dot; do
	project node-pass-$rep; ok_tests | lib
	tests=3/3/0/0; [ $rep = dot ] && tests=-
	record $E test-pass-$rep PASS $tests "three tests pass; one logs 'error:' and is named 'timeout handling' (decoys)" -- node --test --test-reporter=$rep
	project node-fail-$rep; fail_tests | lib
	tests=3/1/2/1; [ $rep = dot ] && tests=-
	record $E test-fail-$rep TEST_FAILURE $tests "'adds' asserts a wrong sum; 'rejects' throws" -- node --test --test-reporter=$rep
done
project node-fail-default; fail_tests | lib
record $E test-fail-default TEST_FAILURE 3/1/2/1 "the same failures with the default (TAP) reporter" -- node --test
record $E npm-test-fail TEST_FAILURE 3/1/2/1 "npm test runs node --test; the same failures" -- npm test --silent
project node-pass-npm; ok_tests | lib
record $E npm-test-pass PASS 3/3/0/0 "npm test runs node --test; all pass" -- npm test --silent

project node-describe; lib <<'J'
const { describe, it } = require('node:test');
const assert = require('node:assert');
describe('calc', () => {
  it('adds', () => assert.deepStrictEqual([1, 2], [1, 2]));
  it('sorts', () => assert.deepStrictEqual([3, 1, 2].sort(), [1, 2, 4]));
  describe('nested', () => {
    it('works', () => {});
  });
});
J
record $E describe-fail TEST_FAILURE 3/2/1/0 "a nested describe/it suite with one failing it" -- node --test
record $E describe-fail-spec TEST_FAILURE 3/2/1/0 "the same suite, spec reporter" -- node --test --test-reporter=spec

project node-todo; lib <<'J'
const test = require('node:test');
test('done', () => {});
test('planned', { todo: true }, () => {});
J
record $E todo-pass PASS 1/1/0/1 "a todo test does not fail the run" -- node --test

project node-timeout; lib <<'J'
const test = require('node:test');
test('quick', () => {});
test('slow', { timeout: 200 }, async () => { await new Promise((r) => setTimeout(r, 5000)); });
J
record $E test-timeout-option TIMEOUT 2/1/1/0 "the slow test's own timeout (200 ms) fires" -- node --test
record $E test-timeout-option-spec TIMEOUT 2/1/1/0 "the same, spec reporter" -- node --test --test-reporter=spec
project node-timeout-flag; lib <<'J'
const test = require('node:test');
test('quick', () => {});
test('slow', async () => { await new Promise((r) => setTimeout(r, 5000)); });
J
record $E test-timeout-flag TIMEOUT 1/0/1/0 "--test-timeout=300 fires; node 20 applies it to the whole file and counts one cancelled test" -- node --test --test-timeout=300
record $E test-timeout-wrapper TIMEOUT - "timeout(1) stops node --test after 2 s: exit 124" -- timeout 2 node --test
CASE_LIMIT=2 record $E test-timeout-runner TIMEOUT - "the runner's 2 s deadline kills node --test" -- node --test
project node-mixed-timeout; lib <<'J'
const test = require('node:test');
const assert = require('node:assert');
test('adds', () => assert.strictEqual(1 + 1, 3));
test('slow', { timeout: 200 }, async () => { await new Promise((r) => setTimeout(r, 5000)); });
J
record $E test-assert-and-timeout TEST_FAILURE 2/0/2/0 "one assertion fails and one test times out: the code has a bug to fix" -- node --test

project node-zero; printf '{"name":"x","version":"1.0.0","scripts":{"test":"node --test"}}\n' > package.json
record $E test-no-tests TEST_FAILURE 0/0/0/0 "no test files: exit 0 having run nothing" -- node --test
record $E npm-test-no-tests TEST_FAILURE 0/0/0/0 "npm test finds no test files: exit 0 having run nothing" -- npm test --silent
project node-noscript; printf '{"name":"x","version":"1.0.0","scripts":{}}\n' > package.json
record $E npm-missing-script ENV_ERROR - "package.json has no test script" -- npm test
record $E npm-run-missing-script ENV_ERROR - "npm run lint: no such script" -- npm run lint
project node-nopkg
record $E npm-no-package-json ENV_ERROR - "no package.json in the directory" -- npm test

project node-syntax; ok_tests | lib
printf 'exports.add = (a, b) => { a + b;\n' > calc.js
record $E test-syntax-src CODE_ERROR - "calc.js has a syntax error: the test file fails to load" -- node --test
record $E check-syntax CODE_ERROR - "node --check on the broken file" -- node --check calc.js
record $E run-syntax CODE_ERROR - "running the broken file" -- node calc.js
project node-missing-dep; lib <<'J'
const test = require('node:test');
const _ = require('lodash-not-installed');
test('uses lodash', () => {});
J
record $E test-missing-dep ENV_ERROR - "the test requires a package that is not installed" -- node --test
project node-script
printf 'const cfg = undefined;\nconsole.log(cfg.port);\n' > app.js
record $E run-typeerror CODE_ERROR - "the script reads a property of undefined" -- node app.js
printf 'missingFunction();\n' > app.js
record $E run-referenceerror CODE_ERROR - "the script calls an undefined function" -- node app.js
record $E run-missing-file ENV_ERROR - "the script named does not exist" -- node scripts/check.js
printf 'require("express-not-installed");\n' > app.js
record $E run-missing-module ENV_ERROR - "the script requires a package that is not installed" -- node app.js
printf 'console.log("3 files differ");\nprocess.exit(4);\n' > app.js
record $E run-exit-silent UNKNOWN - "the script exits 4 saying only what it counted" -- node app.js
printf 'console.log("0 errors, 0 failed");\n' > app.js
record $E run-pass PASS - "a script that succeeds printing 'errors' and 'failed'" -- node app.js
printf 'import x from "./nothere.mjs";\n' > app.mjs
record $E run-esm-missing CODE_ERROR - "an ES module imports a file of its own that does not exist (ERR_MODULE_NOT_FOUND); relabelled from ENV_ERROR in the thirteenth session, as gr6-esm-dynamic-import-missing and a relative require are labelled" -- node app.mjs
