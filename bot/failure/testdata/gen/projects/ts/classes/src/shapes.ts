interface Shape {
  kind: "circle" | "square";
  area(): number;
}

export class Circle implements Shape {
  kind = "circle" as const;
  constructor(private radius: number) {}
  area(): string {
    return (Math.PI * this.radius ** 2).toFixed(2);
  }
}

export const sq: Shape = { kind: "square" };
export const c = new Circle();
export const r = new Circle(2).radus;

export function describe(s: Shape): string {
  switch (s.kind) {
    case "circle":
      return "round";
    case "triangle":
      return "pointy";
  }
}
