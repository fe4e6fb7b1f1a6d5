import type { AccountTables, StaffTables } from "./accounts";
import type { AudienceTables, BlogNewsletterTables, StudioPostTables } from "./blog";
import type { BookingTables, OnboardingTables } from "./orders";
import type { ContentTables, FoundationTables, MediaTables } from "./site";
import type { AnalyticsTables, KnowledgeTables, LeadTables } from "./visitors";

export type { AccountTables, AnalyticsTables, AudienceTables, BlogNewsletterTables, BookingTables, ContentTables, FoundationTables, KnowledgeTables, LeadTables, MediaTables, OnboardingTables, StaffTables, StudioPostTables };

/**
 * Every table, as Kysely sees it. Each feature keeps its tables in its own
 * interface (grouped by domain in this folder's files) and this one joins them.
 */
export interface Database
  extends FoundationTables,
    BlogNewsletterTables,
    AccountTables,
    LeadTables,
    KnowledgeTables,
    StaffTables,
    StudioPostTables,
    MediaTables,
    AudienceTables,
    AnalyticsTables,
    ContentTables,
    OnboardingTables,
    BookingTables {}
