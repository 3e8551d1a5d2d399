function area(w: number, h: number): number {
  return w * h;
}

const a = area(2);
const b: boolean = area(2, 3);
let maybe: string | undefined;
console.log(maybe.length, a, b);
