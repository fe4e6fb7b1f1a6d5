import type { Kysely } from "kysely";
import type { MigrationDialect } from "../migration-helpers";
import * as m0001 from "./0001-foundation";
import * as m0002 from "./0002-blog-newsletter";
import * as m0003 from "./0003-accounts";
import * as m0004 from "./0004-leads";
import * as m0005 from "./0005-blog-counters-index";
import * as m0006 from "./0006-sign-in-trust";
import * as m0007 from "./0007-knowledge";
import * as m0008 from "./0008-cache-versions";
import * as m0009 from "./0009-staff";
import * as m0010 from "./0010-studio-posts";
import * as m0011 from "./0011-media";
import * as m0012 from "./0012-audience";
import * as m0013 from "./0013-analytics";
import * as m0014 from "./0014-counters-out-of-versions";
import * as m0015 from "./0015-like-function";
import * as m0016 from "./0016-content";
import * as m0017 from "./0017-recovery-codes-scrypt";
import * as m0018 from "./0018-content-drafts";
import * as m0019 from "./0019-audience-labels";
import * as m0020 from "./0020-staff-and-analytics";
import * as m0021 from "./0021-question-log";
import * as m0022 from "./0022-post-seo";
import * as m0023 from "./0023-post-language";
import * as m0024 from "./0024-visitor-locale";
import * as m0025 from "./0025-analytics-country";
import * as m0026 from "./0026-chat-conversations";
import * as m0027 from "./0027-onboarding";
import * as m0028 from "./0028-demo-bookings";
import * as m0032 from "./0032-copy-schedule";

export type MigrationModule = {
  up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void>;
};

/**
 * Every migration, in order. Names never change once released; new ones are
 * appended with the next number.
 */
export const migrations: Record<string, MigrationModule> = {
  "0001-foundation": m0001,
  "0002-blog-newsletter": m0002,
  "0003-accounts": m0003,
  "0004-leads": m0004,
  "0005-blog-counters-index": m0005,
  "0006-sign-in-trust": m0006,
  "0007-knowledge": m0007,
  "0008-cache-versions": m0008,
  "0009-staff": m0009,
  "0010-studio-posts": m0010,
  "0011-media": m0011,
  "0012-audience": m0012,
  "0013-analytics": m0013,
  "0014-counters-out-of-versions": m0014,
  "0015-like-function": m0015,
  "0016-content": m0016,
  "0017-recovery-codes-scrypt": m0017,
  "0018-content-drafts": m0018,
  "0019-audience-labels": m0019,
  "0020-staff-and-analytics": m0020,
  "0021-question-log": m0021,
  "0022-post-seo": m0022,
  "0023-post-language": m0023,
  "0024-visitor-locale": m0024,
  "0025-analytics-country": m0025,
  "0026-chat-conversations": m0026,
  "0027-onboarding": m0027,
  "0028-demo-bookings": m0028,
  "0032-copy-schedule": m0032,
};
