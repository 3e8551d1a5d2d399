const config = {
  host: "localhost",
  port: 8080,
  host: "0.0.0.0",
};

function load() {
  try {
    return require("./local.json");
  } catch (e) {}
}

var load = 3;

module.exports = { config, load };
