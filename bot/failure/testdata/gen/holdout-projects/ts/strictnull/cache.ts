interface Entry { value: string; expires: number }

const store: Record<string, Entry> = {};

export function get(key: string): string {
  const e = store[key];
  if (e.expires < Date.now()) return "";
  return e.value;
}

export function first(xs: string[]): string {
  return xs[0].trim();
}

export function parse(input: string | null): number {
  return input.length + parseInt(input, 10);
}

let maybe: Entry | undefined;
export const v: Entry = maybe;
