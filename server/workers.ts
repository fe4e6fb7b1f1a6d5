import type { Deps } from "./context";
import type { Worker } from "./services/interval-worker";
import { mailOutboxWorker } from "./services/mail/outbox";
import { leadDeliveryWorker } from "./services/leads/delivery";
import { accountCleanupWorker } from "./services/auth/sessions";
import { chatQuestionsCleanupWorker } from "./services/chat/questions";
import { postScheduleWorker } from "./services/blog/schedule";
import { analyticsWorker } from "./services/analytics/rollup";
import { newsletterDeliveryWorker } from "./services/newsletter/delivery";
import { scheduledNewsletterWorker } from "./services/newsletter/queue";
import { optinWorker } from "./services/newsletter/import";
import { weeklyReportWorker } from "./services/analytics/weekly";
import { copyScheduleWorker } from "./services/content/copy-schedule";
import { bookingWorker } from "./services/booking/reminders";

export type WorkerFactory = (deps: Deps) => Worker;

/** Every background worker the server runs. Features append theirs here. */
export const WORKER_FACTORIES: WorkerFactory[] = [
  mailOutboxWorker,
  leadDeliveryWorker,
  accountCleanupWorker,
  chatQuestionsCleanupWorker,
  postScheduleWorker,
  analyticsWorker,
  newsletterDeliveryWorker,
  scheduledNewsletterWorker,
  optinWorker,
  weeklyReportWorker,
  copyScheduleWorker,
  bookingWorker,
];

export function startWorkers(deps: Deps, factories: WorkerFactory[] = WORKER_FACTORIES): Worker[] {
  return factories.map((start) => start(deps));
}
