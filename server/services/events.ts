import type { Deps } from "../context";

/*
 * The domain's events (decision 0059): what a domain tells the ones above it once a write of its own is committed,
 * without importing them. The blog and the categories publish; a domain that keeps a copy of their data (the
 * assistant's index) subscribes, once at start, from the composition root (server/subscribers.ts). The list of
 * kinds is this one union: a new event is a new member here.
 */

/** A post as those who keep a copy of its text read it (the assistant's index); `published` says whether it may be shown at all. */
export type IndexablePost = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: readonly string[];
  sections: ReadonlyArray<{ title: string; content: readonly string[] }>;
  published: boolean;
};

export type DomainEvent =
  /** A post was created, edited, published, scheduled or unpublished (by the editor, the schedule, the samples). */
  | { kind: "post.written"; post: IndexablePost }
  /** A post was deleted. */
  | { kind: "post.deleted"; id: number }
  /** A category was renamed or removed: these posts now carry `category` (moved in the list's own transaction). */
  | { kind: "posts.recategorized"; ids: readonly number[]; category: string };

export type DomainEventKind = DomainEvent["kind"];
export type DomainEventOf<K extends DomainEventKind> = Extract<DomainEvent, { kind: K }>;
export type DomainEventHandler<K extends DomainEventKind> = (deps: Pick<Deps, "db">, event: DomainEventOf<K>) => Promise<void>;

/** A handler as the list keeps it: it is only ever handed events of the kind it subscribed to. */
type Stored = (deps: Pick<Deps, "db">, event: DomainEvent) => Promise<void>;
type Handlers = Map<DomainEventKind, Map<string, Stored>>;

/**
 * One list per process: the host's bundle and React Router's server bundle each carry a copy of this module (a post
 * saved by a studio action publishes from the second, the host subscribed from the first), and both find it here.
 */
const KEY = Symbol.for("wise-parrot.domain-events");

function handlers(): Handlers {
  const holder = globalThis as unknown as Record<symbol, Handlers | undefined>;
  return (holder[KEY] ??= new Map());
}

/**
 * Has `handler` run after every event of `kind`. A subscriber names itself: subscribing again under the same name
 * replaces the handler (the composition root may run more than once in a process: each app a test builds).
 */
export function subscribe<K extends DomainEventKind>(kind: K, name: string, handler: DomainEventHandler<K>): void {
  const all = handlers();
  let ofKind = all.get(kind);
  if (!ofKind) {
    ofKind = new Map();
    all.set(kind, ofKind);
  }
  ofKind.set(name, handler as Stored);
}

/**
 * Runs the handlers of the event's kind, one after the other in the order they subscribed, each awaited: the write
 * that publishes returns once they are done, and a handler's error is its error (the write itself stays committed).
 * An event nobody subscribed to does nothing.
 */
export async function publish(deps: Pick<Deps, "db">, event: DomainEvent): Promise<void> {
  const ofKind = handlers().get(event.kind);
  if (!ofKind) return;
  for (const handler of [...ofKind.values()]) await handler(deps, event);
}
