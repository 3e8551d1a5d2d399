type Handler = (path: string) => string;

const routes: Record<string, Handler> = {
  "/": (p) => `home ${p}`,
  "/about": (p) => `about ${p}`
  "/help": (p) => `help ${p}`,
};

export function dispatch(path: string): string {
  const h = routes[path];
  if (!h {
    return "404";
  }
  return h(path);
}
