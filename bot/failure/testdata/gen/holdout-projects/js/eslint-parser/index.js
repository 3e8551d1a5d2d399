const x = 1;
module.exports = x;
