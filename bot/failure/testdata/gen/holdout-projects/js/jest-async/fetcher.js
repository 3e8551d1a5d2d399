async function fetchUser(id) {
  if (id <= 0) return null; // bug: should reject
  return { id, name: "user" + id };
}

function parseAge(s) {
  const n = Number(s);
  return n; // bug: no validation
}

module.exports = { fetchUser, parseAge };
