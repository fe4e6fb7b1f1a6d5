import { followPosts } from "./services/chat/knowledge";

/**
 * Every subscriber to the domain's events (server/services/events.ts, decision 0059). Features append theirs here.
 * Run once at start by whatever writes in this process: the app (createApp), the test setup, the scripts that
 * write posts; running it again changes nothing.
 */
export function subscribeDomainEvents(): void {
  followPosts();
}
