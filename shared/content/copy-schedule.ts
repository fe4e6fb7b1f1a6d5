/**
 * A page's copy published at a chosen time (issue 46, item 4; decision 0057): the copy editor's schedule controls and
 * the answers of the schedule's service. Times are read and shown in the site's time zone (Settings), named. Server
 * strings stay ASCII.
 */

export const COPY_SCHEDULE_LIMITS = {
  /** How far ahead a page's copy may be scheduled (as a newsletter). */
  aheadMs: 366 * 24 * 3600_000,
  /** How often the server looks for copy whose time has come (as scheduled posts). */
  tickMs: 15_000,
  /** Schedules and cancellations one person may make per minute. */
  perMinute: 30,
};

export const COPY_SCHEDULE_MESSAGES = {
  invalid: "Choose a date and time such as 2026-11-01 00:00.",
  inPast: "Choose a time in the future.",
  tooFar: "Choose a time within a year.",
  noDraft: "There is no draft to schedule: save a draft first.",
  tooMany: "Too many schedule changes in a minute. Wait a minute, then try again.",
};

export const COPY_SCHEDULE_LABELS = {
  legend: "Schedule publish",
  field: "Publish at",
  /** The hint under the field: the zone the time is read in. */
  zone: (zone: string) => `In the site's time zone, ${zone} (Settings). The draft as it is then is published.`,
  schedule: "Schedule publish",
  reschedule: "Change the time",
  cancel: "Cancel the schedule",
  /** The notice while a draft waits for its time. */
  pending: (when: string, who: string) => `This draft is scheduled to be published on ${when} (scheduled by ${who}). Visitors see the published copy until then.`,
  done: {
    scheduled: "The draft is scheduled to be published.",
    unscheduled: "The schedule was cancelled: the draft stays a draft.",
  },
  /** The Pages list's section of what is scheduled. */
  listTitle: "Scheduled to publish",
  listed: (when: string) => `Publishes ${when}`,
};
