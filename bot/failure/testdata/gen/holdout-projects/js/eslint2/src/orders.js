let total = 0;

function addOrder(order) {
  let items = order.items;
  if (items.length === 0) return;
  for (const item of items) {
    const total = item.price * item.qty;
    order.sum += total;
  }
  order.status == 'open';
}

module.exports = { addOrder, total };
