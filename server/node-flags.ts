/**
 * V8 heap settings the server process is started with (`node <flags> build/host/index.js`):
 * `npm run serve`, `npm start`, the test harness and the footprint benchmark all use them.
 *
 * Without them V8 lets the heap grow to about four times what is really kept (~50 MB after
 * the load test's 60 s at 200 connections, ~190 MB of heap and 240–330 MB resident). An old
 * space capped at 192 MB makes V8 use its memory-constrained growth factor; an 8 MB semi-space
 * (default 16 MB) keeps the young generation small. Measured in docs/findings.md (F7) and decision 0067: against a
 * 4 MB semi-space, 8 MB costs 5% less CPU per request under the mixed load (1.41 against 1.49 ms) for about 4 MB more
 * resident memory idle and 8 MB more after the load; 16 and 32 MB save 7% and 11% for 13 MB and 60 MB more. The request
 * line (server/http/admission.ts) bounds the work in flight, so the kept heap stays far below
 * the cap; raise it with the same flags if a deployment caches more.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=192"];
