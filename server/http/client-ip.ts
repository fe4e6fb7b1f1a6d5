import net from "node:net";
import type { Context } from "hono";
import type { TrustProxy } from "../env-schema";

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/** An address as one family spells it: IPv4-mapped IPv6 (::ffff:1.2.3.4) is IPv4; brackets and an IPv4 port go. */
export function normalizeAddress(raw: string): string {
  let a = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  if (mapped) a = mapped[1]!;
  return a.toLowerCase().slice(0, 64);
}

function trusted(address: string, index: number, trust: TrustProxy): boolean {
  if (trust.kind === "hops") return index < trust.hops;
  const family = net.isIP(address);
  return family !== 0 && trust.ranges.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address from the socket's peer and X-Forwarded-For. The hops are read from the right (the peer,
 * then the last address a proxy appended, and so on): the first one that is not a trusted proxy is the client.
 * Whatever the client wrote itself sits further left and is never reached while the proxies are trusted.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string {
  const chain = [peer ? normalizeAddress(peer) : "unknown"];
  if (!(trust.kind === "hops" && trust.hops === 0) && forwardedFor) {
    const hops = forwardedFor.split(",").map(normalizeAddress).filter(Boolean);
    chain.push(...hops.reverse());
  }
  for (let i = 0; i < chain.length; i++) if (!trusted(chain[i]!, i, trust)) return chain[i]!;
  return chain[chain.length - 1]!;
}

/** The visitor's address for this request (see clientAddress), as the rate limits count it (see rateLimitAddress). */
export function clientIp(c: Context, trust: TrustProxy): string {
  const env = c.env as NodeBindings | undefined;
  return rateLimitAddress(clientAddress(env?.incoming?.socket?.remoteAddress, c.req.header("x-forwarded-for"), trust));
}

/**
 * The address every per-client limit counts: an IPv4 address as it is, an IPv6 address as its /64 (one
 * subscriber's network, inside which a client can take a new address at will).
 */
export function rateLimitAddress(raw: string): string {
  const address = normalizeAddress(raw);
  if (net.isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] {
  let a = address.replace(/%.*$/, "");
  // A trailing dotted IPv4 part (::1.2.3.4) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(a);
  if (v4) {
    const [b1, b2, b3, b4] = v4.slice(1).map(Number) as [number, number, number, number];
    a = `${a.slice(0, v4.index)}${((b1 << 8) | b2).toString(16)}:${((b3 << 8) | b4).toString(16)}`;
  }
  const [head = "", tail] = a.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const middle = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((g) => (Number.parseInt(g, 16) || 0).toString(16));
}
