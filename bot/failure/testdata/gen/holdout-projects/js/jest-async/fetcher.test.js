const { fetchUser, parseAge } = require("./fetcher");

describe("fetchUser", () => {
  test("resolves a user", async () => {
    await expect(fetchUser(1)).resolves.toEqual({ id: 1, name: "user1" });
  });
  test("rejects bad ids", async () => {
    await expect(fetchUser(0)).rejects.toThrow("invalid id");
  });
  test("times out waiting", (done) => {
    setTimeout(() => done(), 2000);
  }, 200);
});

describe("parseAge", () => {
  test("throws on garbage", () => {
    expect(() => parseAge("abc")).toThrow(TypeError);
  });
  test("parses numbers", () => {
    expect(parseAge("42")).toBe(42);
  });
});
