const { setTimeout: sleep } = require("node:timers/promises");

async function loadUsers() {
  await sleep(10);
  return JSON.parse('{"users": [ {"id": 1}, ]}');
}

async function main() {
  console.log("loading users...");
  const data = await loadUsers();
  console.log(data.users.length);
}

main();
