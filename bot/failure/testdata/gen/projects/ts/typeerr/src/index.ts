interface Order {
  id: number;
  total: number;
}

export function makeOrder(id: number): Order {
  const order: Order = { id, total: "0" };
  return order;
}
