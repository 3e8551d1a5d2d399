import { formatPrice, formatDate } from "./lib.mjs";

console.log(formatPrice(1999), formatDate(new Date()));
