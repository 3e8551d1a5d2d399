// Debian's jest (29.3.1 packaged in bookworm) reads
// process.config.variables.node_relative_path, which only Debian's own nodejs
// build defines. This machine runs nodesource's node 20, so provide the values
// Debian's node would have. Loaded with NODE_OPTIONS=-r for jest cases only.
const c = JSON.parse(JSON.stringify(process.config));
c.variables.node_relative_path = c.variables.node_relative_path || "lib/x86_64-linux-gnu/nodejs:share/nodejs:lib/nodejs";
c.variables.node_prefix = c.variables.node_prefix || "/usr";
Object.defineProperty(process, "config", { value: c, configurable: true, writable: true, enumerable: true });
