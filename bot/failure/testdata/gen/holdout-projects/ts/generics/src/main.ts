import { Repo, User, Status, Entity } from "./repo";

class UserRepo extends Repo<User> {
  validate(u: User) { return u.name.length > 0; }
}

type Named<T extends Entity> = T & { label: string };
const n: Named<string> = "x" as any;

const base = new Repo<User>();
const users = new UserRepo();
users.add({ id: 1, name: "ann", email: "a@x", age: 3 });

const u = users.byId(1)!;
u.email = "b@x";

function check(s: Status) {
  if (s === "deleted") return 0;
  return 1;
}

const counts = { a: 1, b: 2 };
function get(key: string) { return counts[key]; }

export { n, base, check, get };
