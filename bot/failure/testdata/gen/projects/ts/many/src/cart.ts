export interface Item {
  sku: string;
  price: number;
}

export function sum(items: Item[]): number {
  return items.reduce((acc, i) => acc + i.price, 0);
}

export function label(item: Item): string {
  return item.name.toUpperCase();
}

export function parse(raw) {
  return JSON.parse(raw);
}

const total: string = sum([{ sku: "a", price: 1 }]);
sum([{ sku: "b", price: "2" }]);
export const first = (xs: Item[]) => xs.find((x) => x.sku === "a").price;
