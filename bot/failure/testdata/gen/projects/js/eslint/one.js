"use strict";

function greet(name) {
  const unused = 1;
  return "hello " + name;
}

module.exports = { greet };
