export interface Entity { id: number }

export abstract class Repo<T extends Entity> {
  protected readonly items: T[] = [];
  abstract validate(item: T): boolean;
  add(item: T): void { this.items.push(item); }
  byId(id: number): T | undefined { return this.items.find((i) => i.id === id); }
}

export interface User extends Entity { name: string; readonly email: string }

export type Status = "active" | "banned";
