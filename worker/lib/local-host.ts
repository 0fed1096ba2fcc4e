const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The request reached a worker on the developer's own machine (wrangler dev, npm start), not the edge. */
export function isLocalHost(url: string): boolean {
  const host = new URL(url).hostname;
  return LOCAL_HOSTS.has(host) || host.endsWith(".localhost");
}
