const path = require("path");

function route(req) {
  if (req.method === "GET") {
    console.log("get", req.url);
  } else if (req.method === "POST") {
    console.log("post", req.url);
  }
}

module.exports = { route };
