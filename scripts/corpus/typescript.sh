#!/usr/bin/env bash
# TypeScript: tsc (Debian's node-typescript).
. "$(dirname "$0")/lib.sh"
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), node $(node --version)"

tsconfig() { printf '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2020","module":"commonjs"},"include":["src"]}\n' > tsconfig.json; mkdir -p src; }

project ts-ok; tsconfig
printf 'export function add(a: number, b: number): number {\n  return a + b;\n}\n' > src/calc.ts
record $E tsc-pass PASS - "a well-typed project" -- tsc -p .
record $E tsc-noemit-pass PASS - "a well-typed project, --noEmit" -- tsc --noEmit -p .
printf 'export const message = "error TS2322 is only text here";\n' > src/decoy.ts
record $E tsc-decoy-pass PASS - "a string mentioning a TS error code does not fail" -- tsc -p .

project ts-assign; tsconfig
printf 'export function add(a: number, b: number): number {\n  return a + b;\n}\nconst s: string = add(1, 2);\nexport { s };\n' > src/calc.ts
record $E tsc-assign TYPE_ERROR - "a number assigned to a string (TS2322)" -- tsc -p .
record $E tsc-assign-pretty TYPE_ERROR - "the same, --pretty" -- tsc -p . --pretty
record $E tsc-assign-file TYPE_ERROR - "the same, checking the file directly" -- tsc --noEmit --strict src/calc.ts
project ts-args; tsconfig
printf 'export function add(a: number, b: number): number {\n  return a + b;\n}\nadd(1);\nadd("1", 2);\n' > src/calc.ts
record $E tsc-args TYPE_ERROR - "wrong argument count and type (TS2554, TS2345)" -- tsc -p .
project ts-null; tsconfig
printf 'export function len(s: string | undefined): number {\n  return s.length;\n}\n' > src/calc.ts
record $E tsc-strict-null TYPE_ERROR - "a possibly undefined value used (TS18048)" -- tsc -p .
project ts-prop; tsconfig
printf 'interface User { name: string }\nexport const u: User = { name: "a", age: 3 };\n' > src/calc.ts
record $E tsc-excess-property TYPE_ERROR - "an object literal with an unknown property (TS2353)" -- tsc -p .
project ts-syntax; tsconfig
printf 'export function add(a: number, b: number): number {\n  return a + b;\n\n' > src/calc.ts
record $E tsc-syntax CODE_ERROR - "a missing closing brace (TS1005)" -- tsc -p .
printf 'export const x = ;\n' > src/calc.ts
record $E tsc-syntax-expr CODE_ERROR - "an expression is missing (TS1109)" -- tsc -p .
project ts-module; tsconfig
printf 'import _ from "lodash-not-installed";\nexport const x = _;\n' > src/calc.ts
record $E tsc-missing-module ENV_ERROR - "an import of a package that is not installed (TS2307)" -- tsc -p .
project ts-noconfig
record $E tsc-no-tsconfig ENV_ERROR - "tsc in a directory with no tsconfig.json prints its help" -- tsc
record $E tsc-missing-file ENV_ERROR - "the file named does not exist (TS6053)" -- tsc --noEmit src/nothere.ts
record $E tsc-missing-project ENV_ERROR - "-p names a directory with no tsconfig.json (TS5058/TS5057)" -- tsc -p packages/web
project ts-extends; printf '{"extends":"./base-nothere.json","include":["src"]}\n' > tsconfig.json; mkdir -p src; printf 'export const x = 1;\n' > src/a.ts
record $E tsc-missing-extends ENV_ERROR - "tsconfig extends a file that does not exist (TS5083)" -- tsc -p .
project ts-types; printf '{"compilerOptions":{"types":["jest-not-installed"],"noEmit":true},"include":["src"]}\n' > tsconfig.json; mkdir -p src; printf 'export const x = 1;\n' > src/a.ts
record $E tsc-missing-types ENV_ERROR - "compilerOptions.types names type definitions that are not installed (TS2688)" -- tsc -p .
project ts-empty; printf '{"compilerOptions":{"noEmit":true},"include":["src"]}\n' > tsconfig.json
record $E tsc-no-inputs ENV_ERROR - "include matches no file (TS18003)" -- tsc -p .
