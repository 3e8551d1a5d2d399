"use strict";

var count = 0;

function check(x, y) {
  if (x == null) {
    return false;
    count++;
  }
  const tmp = y
  if (x = 3) {
    console.log(undefinedThing);
  }
  debugger;
  return true
}

module.exports = { check };
