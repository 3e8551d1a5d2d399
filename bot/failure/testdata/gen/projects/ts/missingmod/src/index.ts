import leftPad from "left-pad";
import { format } from "date-fns";

export const s: string = leftPad("1", 3) + format(new Date(), "yyyy");
