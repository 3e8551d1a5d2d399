function capitalize(s) {
  return s.toUpperCase();
}

function reverse(s) {
  return s.split("").reverse().join("");
}

function wordCount(s) {
  return s.split(" ").length;
}

module.exports = { capitalize, reverse, wordCount };
