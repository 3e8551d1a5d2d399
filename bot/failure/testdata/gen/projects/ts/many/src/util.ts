export function pad(s: string, n: number): string {
  return s.padStart(n);
}

pad(42, "x");
