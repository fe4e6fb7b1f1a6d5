import net from "node:net";

export type ProxyMode = "up" | "down" | "hang";

export type TcpProxy = {
  port: number;
  /**
   * up: forward (connections held while hanging are dropped); down: cut every
   * connection and refuse new ones; hang: accept new connections and never answer.
   */
  set(mode: ProxyMode): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy on 127.0.0.1 in front of a real service (PostgreSQL, SMTP, the
 * CRM, the language model), so a test can cut it or make it hang without
 * touching the service itself.
 */
export async function startTcpProxy(targetPort: number, initial: ProxyMode = "up"): Promise<TcpProxy> {
  let mode = initial;
  const sockets = new Set<net.Socket>();
  // Connections accepted while hanging: a service coming back does not answer them either, it drops them.
  const held = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === "down") {
      client.resetAndDestroy();
      return;
    }
    if (mode === "hang") {
      held.add(client);
      client.on("close", () => held.delete(client));
      return;
    }
    const upstream = net.connect(targetPort, "127.0.0.1");
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", cut);
    upstream.on("close", cut);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    set(next) {
      mode = next;
      if (next !== "up") for (const s of sockets) s.resetAndDestroy();
      else for (const s of held) s.resetAndDestroy();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on yet, for a service that is "not there". */
export async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}
