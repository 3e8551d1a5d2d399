const config = JSON.parse('{"server": {"port": 8080}}');

function dbUrl(cfg) {
  return `postgres://${cfg.database.host}:${cfg.database.port}`;
}

console.log("starting");
console.log(dbUrl(config));
