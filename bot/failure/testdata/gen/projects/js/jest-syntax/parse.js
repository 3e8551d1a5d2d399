function parse(s) {
  return s.split(",").map((x) => x.trim()
}
module.exports = { parse };
