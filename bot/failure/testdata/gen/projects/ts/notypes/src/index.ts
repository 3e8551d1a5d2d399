export const home: string = process.env.HOME ?? "/";
