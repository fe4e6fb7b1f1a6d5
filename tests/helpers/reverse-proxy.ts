/**
 * A real TLS-terminating reverse proxy in front of the site, the shape it is deployed in: nginx or Caddy from
 * Debian's packages, a self-signed certificate made at start, listening on 127.0.0.1 on a free port.
 *
 *   const proxy = await startReverseProxy({ kind: "nginx", upstreams: [server.url] });
 *   // proxy.url is https://127.0.0.1:<port>; start the site with PUBLIC_URL=proxy.url and TRUST_PROXY=true
 *   await proxy.stop();
 *
 * Several upstreams are load-balanced round-robin. Pass `port` when the site must know the proxy's URL before
 * the proxy starts (PUBLIC_URL): pick it with freePort(). The site-facing part of each configuration
 * (`nginxSiteConfig`, `caddySiteConfig`) is what the README's "Behind a reverse proxy" section documents;
 * tests/integration/reverse-proxy-docs.test.ts keeps the two the same in substance.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./built-server";

export type ProxyKind = "nginx" | "caddy";

export type ReverseProxyOptions = {
  kind: ProxyKind;
  /** Base URLs of the site's processes (http://127.0.0.1:PORT); more than one are load-balanced. */
  upstreams: string[];
  /** The port to listen on (default: a free one). */
  port?: number;
};

export type ReverseProxy = {
  kind: ProxyKind;
  /** https://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The PEM certificate the proxy presents (self-signed, for 127.0.0.1 and localhost). */
  certificate: string;
  /** Everything the proxy printed. */
  output(): string;
  stop(): Promise<void>;
};

/** Which proxy the deployment tests use: WP_PROXY=nginx|caddy, nginx by default. */
export function proxyKindFromEnv(): ProxyKind {
  const kind = process.env.WP_PROXY ?? "nginx";
  if (kind !== "nginx" && kind !== "caddy") throw new Error(`WP_PROXY must be nginx or caddy, not ${kind}`);
  return kind;
}

const BINARIES: Record<ProxyKind, string[]> = {
  nginx: ["/usr/sbin/nginx", "/usr/bin/nginx"],
  caddy: ["/usr/bin/caddy", "/usr/local/bin/caddy"],
};

/** The proxy's executable, or undefined when the machine has none (.ci/run installs both from Debian). */
export function findProxyBinary(kind: ProxyKind): string | undefined {
  return BINARIES[kind].find((p) => fs.existsSync(p));
}

function hostPort(upstream: string): string {
  const u = new URL(upstream);
  if (u.protocol !== "http:") throw new Error(`upstream must be an http:// URL: ${upstream}`);
  return u.host;
}

/**
 * The nginx site: what to forward and how. `upstreams` are host:port. The studio's image upload takes a 10 MB body:
 * that one location has its own client_max_body_size, never the whole site.
 */
export function nginxSiteConfig(o: { port: number; upstreams: string[]; certificate: string; key: string }): string {
  return `upstream wise_parrot {
${o.upstreams.map((u) => `    server ${u};`).join("\n")}
    keepalive 16;
    # Below Node's 5 s keep-alive: nginx must drop an idle connection before Node does, or it may send a request
    # down a socket Node is closing and answer 502 (seen in the two-instance load test).
    keepalive_timeout 4s;
}

server {
    listen 127.0.0.1:${o.port} ssl;
    server_name _;
    ssl_certificate     ${o.certificate};
    ssl_certificate_key ${o.key};

    # The app refuses bodies over 64 KiB itself; the proxy stops anything far larger before it reaches Node.
    client_max_body_size 1m;
    proxy_connect_timeout 10s;
    proxy_send_timeout 120s;
    proxy_read_timeout 120s;

    location / {
        proxy_pass http://wise_parrot;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $http_host;
    }

    # The AI help streams its answer (server-sent events): pass each piece on at once.
    location /api/chat {
        proxy_pass http://wise_parrot;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $http_host;
        proxy_buffering off;
        proxy_cache off;
        proxy_read_timeout 300s;
    }

    # The studio's image upload (10 MB, checked by the app too): this one path only.
    location = /api/studio/media {
        client_max_body_size 11m;
        proxy_pass http://wise_parrot;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $http_host;
    }
}
`;
}

/**
 * How Caddy is told to read a request's whole body before passing it on: `request_buffers <size>` since 2.6.3;
 * Debian 12's Caddy (2.6.2) only knows the older pair `buffer_requests` and `max_buffer_size <size>` (removed since).
 */
export function caddyRequestBuffering(version: string | undefined, tabs: string): string {
  const [major = 2, minor = 99, patch = 99] = /(\d+)\.(\d+)\.(\d+)/.exec(version ?? "")?.slice(1).map(Number) ?? [];
  const legacy = major === 2 && (minor < 6 || (minor === 6 && patch < 3));
  return legacy ? `${tabs}buffer_requests\n${tabs}max_buffer_size 1MiB` : `${tabs}request_buffers 1MiB`;
}

/** The installed Caddy's version ("2.6.2"), or undefined. */
function caddyVersion(binary: string): string | undefined {
  try {
    return execFileSync(binary, ["version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The Caddy site (Caddyfile). Caddy sets X-Forwarded-For/-Proto/-Host itself and passes Host on. `caddyVersion`
 * picks the spelling of request buffering (see caddyRequestBuffering); the README documents today's.
 */
export function caddySiteConfig(o: { port: number; upstreams: string[]; certificate: string; key: string; caddyVersion?: string }): string {
  const to = o.upstreams.join(" ");
  const buffering = caddyRequestBuffering(o.caddyVersion, "\t\t\t");
  return `https://127.0.0.1:${o.port} {
	tls ${o.certificate} ${o.key}

	# The app refuses bodies over 64 KiB itself; the proxy stops anything far larger before it reaches Node,
	# except on the studio's image upload (10 MB, checked by the app too).
	@not_upload not path /api/studio/media
	request_body @not_upload {
		max_size 1MB
	}
	request_body /api/studio/media {
		max_size 11MiB
	}

	# The AI help streams its answer (server-sent events): pass each piece on at once. Request bodies are read whole
	# (up to 1 MiB) before they go to the app, so a client sending one slowly never holds the app's request line.
	handle /api/chat* {
		reverse_proxy ${to} {
			lb_policy round_robin
			flush_interval -1
${buffering}
			transport http {
				dial_timeout 10s
				response_header_timeout 300s
			}
		}
	}

	handle {
		reverse_proxy ${to} {
			lb_policy round_robin
${buffering}
			transport http {
				dial_timeout 10s
				response_header_timeout 120s
			}
		}
	}
}
`;
}

function makeCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "pipe" },
  );
  return { certificate, key };
}

function nginxMainConfig(dir: string, site: string): string {
  // nginx started as root runs its workers as nobody: the temp dirs below are made writable for them.
  const temp = (name: string) => path.join(dir, "temp", name);
  return `worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log stderr warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${temp("body")};
    proxy_temp_path ${temp("proxy")};
    fastcgi_temp_path ${temp("fastcgi")};
    uwsgi_temp_path ${temp("uwsgi")};
    scgi_temp_path ${temp("scgi")};
    keepalive_timeout 65s;

${site.replace(/^/gm, "    ").replace(/^\s+$/gm, "")}
}
`;
}

function caddyMainConfig(site: string): string {
  return `{
	admin off
	auto_https disable_redirects
	skip_install_trust
	servers {
		timeouts {
			read_header 10s
			read_body 30s
			idle 2m
		}
	}
}

${site}`;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the proxy exited with ${child.exitCode}:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`the proxy did not listen on ${port} within ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startReverseProxy(options: ReverseProxyOptions): Promise<ReverseProxy> {
  const { kind } = options;
  if (options.upstreams.length === 0) throw new Error("startReverseProxy needs at least one upstream");
  const binary = findProxyBinary(kind);
  if (!binary) throw new Error(`${kind} is not installed (Debian: apt-get install ${kind}; .ci/run does it)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wp-${kind}-`));
  fs.chmodSync(dir, 0o755);
  const port = options.port ?? (await freePort());
  const { certificate, key } = makeCertificate(dir);
  const upstreams = options.upstreams.map(hostPort);
  const site = { port, upstreams, certificate, key };

  let args: string[];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH };
  if (kind === "nginx") {
    for (const t of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
      fs.mkdirSync(path.join(dir, "temp", t), { recursive: true, mode: 0o777 });
      fs.chmodSync(path.join(dir, "temp", t), 0o777);
    }
    const conf = path.join(dir, "nginx.conf");
    fs.writeFileSync(conf, nginxMainConfig(dir, nginxSiteConfig(site)));
    args = ["-p", dir, "-e", "stderr", "-c", conf, "-g", "daemon off;"];
  } else {
    const conf = path.join(dir, "Caddyfile");
    fs.writeFileSync(conf, caddyMainConfig(caddySiteConfig({ ...site, upstreams, caddyVersion: caddyVersion(binary) })));
    args = ["run", "--config", conf, "--adapter", "caddyfile"];
    // Caddy keeps its state under XDG dirs: keep them in the temp dir, away from the user's.
    Object.assign(env, { HOME: dir, XDG_DATA_HOME: path.join(dir, "data"), XDG_CONFIG_HOME: path.join(dir, "config") });
  }

  const child = spawn(binary, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitForPort(port, child, () => out);
  } catch (error) {
    if (child.exitCode === null) child.kill("SIGKILL");
    throw error;
  }

  return {
    kind,
    url: `https://127.0.0.1:${port}`,
    port,
    certificate: fs.readFileSync(certificate, "utf8"),
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
