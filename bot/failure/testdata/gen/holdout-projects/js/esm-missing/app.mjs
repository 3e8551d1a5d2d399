import { z } from "zod";

const User = z.object({ name: z.string() });
console.log(User.parse({ name: "ann" }));
