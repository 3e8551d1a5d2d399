// @ts-check

/**
 * @param {number[]} xs
 * @returns {number}
 */
function mean(xs) {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** @type {{ name: string, scores: number[] }} */
const student = { name: "ann", scores: ["90", 85] };

/** @param {string} s */
function shout(s) {
  return s.toUpperCase();
}

console.log(mean(student.scores), shout(42), mean("123"));
student.grade = "A";
module.exports = { mean };
