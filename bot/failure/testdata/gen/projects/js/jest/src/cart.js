function total(items) {
  return items.reduce((s, i) => s + i.price, 0);
}

function applyCoupon(amount, coupon) {
  if (coupon === "HALF") return amount / 2;
  return amount;
}

function itemNames(items) {
  return items.map((i) => i.name).sort().reverse();
}

module.exports = { total, applyCoupon, itemNames };
