import { expect, test } from "vitest";

test("sum", () => {
  expect(1 + 2).toBe(3);
});
